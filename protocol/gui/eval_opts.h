/* The evaluation options of UCI and CECP (docs/evaluation.md): UseNNUE and
 * EvalFile, and the line saying which evaluation plays, printed before
 * the first search after it changes. */
#ifndef RATNIK_EVAL_OPTS_H
#define RATNIK_EVAL_OPTS_H

#include "../../search/engine.h"

bool eval_opts_is_option(const char *name);
/* false: bad value, with the reason in err. UseNNUE takes true/false or 1/0. */
bool eval_opts_set(Engine *e, const char *name, const char *value, char *err, size_t errlen);
void eval_opts_uci_options(const Engine *e);
void eval_opts_cecp_features(const Engine *e);
/* `info string evaluation: ...` (UCI) or `# evaluation: ...` (CECP) when
 * not yet said since the evaluation changed; a wanted net that cannot be
 * loaded is said as an error (`info string error: ...`, CECP `# error: ...`). */
void eval_opts_report(Engine *e, bool uci);

#endif
