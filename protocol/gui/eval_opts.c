/* Evaluation options for UCI and CECP (eval_opts.h). */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include "eval_opts.h"
#include "../../engine/number.h"

static bool eval_opts_set(Engine *e, const char *name, const char *value, char *err, size_t errlen) {
    if (!strcasecmp(name, "EvalFile")) return engine_set_eval_file(e, value, err, errlen);
    bool on;
    if (!read_boolean("UseNNUE", value, &on, err, errlen)) return false;
    engine_set_use_nnue(e, on);
    return true;
}

static void eval_opts_uci_options(const Engine *e) {
    engine_printf(e, "option name UseNNUE type check default true");
    engine_printf(e, "option name EvalFile type string default <empty>");
}

static void eval_opts_cecp_features(const Engine *e) {
    engine_printf(e, "feature option=\"UseNNUE -check %d\"", engine_use_nnue(e));
    engine_printf(e, "feature option=\"EvalFile -file %s\"", engine_eval_file(e));
}

static const char *const names[] = {"UseNNUE", "EvalFile", NULL};
const OptionGroup eval_options = {names, eval_opts_set, eval_opts_uci_options, eval_opts_cecp_features, true};

void eval_opts_report(Engine *e, bool uci) {
    if (!engine_eval_report_due(e)) return;
    char what[2600];
    bool ok = engine_eval_describe(e, what, sizeof what);
    if (uci) engine_printf(e, ok ? "info string %s" : "info string error: %s", what);
    else engine_printf(e, ok ? "# %s" : "# error: %s", what);
}
