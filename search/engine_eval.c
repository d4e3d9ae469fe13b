/* The Engine's evaluation: the options UseNNUE and EvalFile, finding and
 * loading the net of the current variant lazily (like books), and the
 * line that tells the user which evaluation plays (docs/evaluation.md). */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "engine_internal.h"
#include "nnue/nnue.h"

/* Any change drops the net; the next search or report loads it again. */
static void net_reset(Engine *e) {
    engine_stop(e);
    nnue_free(e->net);
    e->net = NULL;
    e->net_variant = NULL;
    e->net_failed = e->net_missing = false;
    e->eval_reported = false;
    tt_clear(&e->tt); /* its stored evaluations are the other evaluation's */
}

void engine_eval_free(Engine *e) {
    nnue_free(e->net);
    e->net = NULL;
}

void engine_set_use_nnue(Engine *e, bool on) {
    if (on != e->use_nnue) net_reset(e);
    e->use_nnue = on;
}

bool engine_use_nnue(const Engine *e) { return e->use_nnue; }
const char *engine_eval_file(const Engine *e) { return e->eval_file; }

bool engine_set_eval_file(Engine *e, const char *path, char *err, size_t errlen) {
    if (!strcmp(path, "<empty>")) path = "";
    if (strlen(path) > EVAL_FILE_MAX) {
        snprintf(err, errlen, "EvalFile path longer than %d characters", EVAL_FILE_MAX);
        return false;
    }
    /* A server's session reads no file a client names: only shipped nets. */
    if (e->book_dirs && path[0]) {
        snprintf(err, errlen, "EvalFile not available (this server loads only its shipped nets)");
        return false;
    }
    net_reset(e);
    snprintf(e->eval_file, sizeof e->eval_file, "%s", path);
    return true;
}

bool engine_find_net(const Variant *v, char *path, size_t n, char *err, size_t errlen) {
    char rel[256], data_rel[256];
    snprintf(rel, sizeof rel, "search/nets/%s.nnue", v->name);
    snprintf(data_rel, sizeof data_rel, "nets/%s.nnue", v->name);
    if (engine_find_shipped(rel, data_rel, path, n)) return true;
    snprintf(err, errlen, "no net for variant %s: no search/nets/%s.nnue beside the binary or in the current directory, no nets/%s.nnue in the data directory",
             v->name, v->name, v->name);
    return false;
}

const struct Net *engine_net(Engine *e) {
    if (!e->use_nnue) return NULL;
    if (e->net_variant == e->variant) return e->net;
    nnue_free(e->net);
    e->net = NULL;
    e->net_variant = e->variant;
    e->eval_reported = false;
    char path[1100];
    if (e->eval_file[0]) snprintf(path, sizeof path, "%s", e->eval_file);
    else if (!engine_find_net(e->variant, path, sizeof path, e->net_error, sizeof e->net_error)) {
        e->net_failed = e->net_missing = true;
        return NULL;
    }
    e->net_missing = false;
    e->net = nnue_load(path, e->variant, e->net_error, sizeof e->net_error);
    e->net_failed = !e->net;
    if (e->net) snprintf(e->net_path, sizeof e->net_path, "%s", path);
    tt_clear(&e->tt);
    return e->net;
}

bool engine_eval_describe(Engine *e, char *buf, size_t n) {
    const struct Net *net = engine_net(e);
    if (net)
        snprintf(buf, n, "evaluation: NNUE %s (%s, %d inputs, %dx2-%d-1, checksum %08x)", e->net_path, net->variant,
                 net->shape.inputs, net->hidden, net->l2, (unsigned)net->checksum);
    else if (!e->use_nnue) snprintf(buf, n, "evaluation: hand-written (UseNNUE false)");
    else snprintf(buf, n, "evaluation: hand-written, %s", e->net_error);
    /* Only a net that is there and unusable is an error; a variant
     * without a shipped net simply plays the hand-written evaluation. */
    return net || !e->use_nnue || e->net_missing;
}

bool engine_eval_report_due(Engine *e) {
    engine_net(e);
    bool due = !e->eval_reported;
    e->eval_reported = true;
    return due;
}
