/* `ratnik tune`: Texel tuning. The positions of `ratnik datagen` are first
 * resolved by a quiescence search (with the values the engine plays), so
 * that what is tuned is the evaluation of quiet positions; then
 *   E = mean over positions of (target - sigmoid(K * eval))^2,
 *   target = lambda * result + (1 - lambda) * sigmoid(K * score)
 * (result and score from the data, eval the variant's evaluation of the
 * resolved position with the candidate values, all from White's view) is
 * minimised: first over K alone, then by local search over every
 * parameter the variant's EvalParams declares (a step up, a step down,
 * keep what lowers E; the step halves when a pass finds nothing). */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tune.h"
#include "tune_data.h"
#include "../../variants/registry.h"
#include "../../engine/number.h"

typedef struct {
    const char *variant, *data, *write, *freeze;
    int passes, threads, step, max_positions;
    double lambda, k; /* k 0: fitted */
} TuneArgs;

typedef struct {
    const TuneData *d;
    const EvalParams *ep;
    const int *params;
    double k;
    int from, to;
    double sum;
} ErrorJob;

static double sigmoid(double k, double s) { return 1.0 / (1.0 + exp(-k * s / 400.0)); }

static void *error_part(void *arg) {
    ErrorJob *j = arg;
    double sum = 0;
    for (int i = j->from; i < j->to; i++) {
        const TunePosition *p = &j->d->pos[i];
        int e = j->ep->evaluate(&p->leaf, j->params);
        if (p->leaf.side != WHITE) e = -e;
        double diff = p->target - sigmoid(j->k, e);
        sum += diff * diff;
    }
    j->sum = sum;
    return NULL;
}

/* E for the given values, the positions split between threads. */
static double total_error(const TuneData *d, const EvalParams *ep, const int *params, double k, int threads) {
    ErrorJob jobs[MAX_TUNE_THREADS];
    pthread_t ids[MAX_TUNE_THREADS];
    bool started[MAX_TUNE_THREADS];
    int per = (d->n + threads - 1) / threads;
    double sum = 0;
    for (int t = 0; t < threads; t++) {
        jobs[t] = (ErrorJob){d, ep, params, k, t * per, (t + 1) * per < d->n ? (t + 1) * per : d->n, 0};
        started[t] = t > 0 && !pthread_create(&ids[t], NULL, error_part, &jobs[t]);
        if (!started[t]) error_part(&jobs[t]);
    }
    for (int t = 0; t < threads; t++) {
        if (started[t]) pthread_join(ids[t], NULL);
        sum += jobs[t].sum;
    }
    return d->n ? sum / d->n : 0;
}

/* The K that best maps evaluations to results: golden-section search. */
static double fit_k(TuneData *d, const EvalParams *ep, const int *params, double lambda, int threads) {
    double lo = 0.05, hi = 10, g = (sqrt(5.0) - 1) / 2;
    for (int it = 0; it < 40; it++) {
        double a = hi - g * (hi - lo), b = lo + g * (hi - lo);
        tune_data_targets(d, a, lambda);
        double ea = total_error(d, ep, params, a, threads);
        tune_data_targets(d, b, lambda);
        double eb = total_error(d, ep, params, b, threads);
        if (ea < eb) hi = b;
        else lo = a;
    }
    double k = (lo + hi) / 2;
    tune_data_targets(d, k, lambda);
    return k;
}

/* Parameters no position's evaluation depends on (the pawn's entries for
 * the first and last ranks, a type the variant lacks) are left alone. */
static const char *param_name(const EvalParams *ep, int i, int *index) {
    for (const EvalParamGroup *g = ep->groups; g->name; g++)
        if (i >= g->offset && i < g->offset + g->count) return *index = i - g->offset, g->name;
    return *index = 0, "?";
}

/* Whether entry idx of group g is frozen by the comma-separated list
 * (--freeze): an item is a group's name, alone (the whole group) or with
 * an index or an index range, "rank_mg[40-47]". */
static bool frozen(const char *list, const char *g, int idx) {
    size_t n = strlen(g);
    for (const char *at = list; at && (at = strstr(at, g)); at += n) {
        if (at != list && at[-1] != ',') continue;
        if (at[n] == ',' || !at[n]) return true;
        int lo, hi, used = 0;
        if (at[n] != '[') continue;
        if (sscanf(at + n, "[%d-%d]%n", &lo, &hi, &used) == 2 && used) {
            if (idx >= lo && idx <= hi) return true;
        } else if (sscanf(at + n, "[%d]%n", &lo, &used) == 1 && used && idx == lo) {
            return true;
        }
    }
    return false;
}

static void find_live(const TuneData *d, const EvalParams *ep, int *params, bool *live, const char *freeze) {
    int sample = d->n < 2000 ? d->n : 2000;
    for (int i = 0; i < ep->count; i++) {
        live[i] = false;
        int idx;
        const char *name = param_name(ep, i, &idx);
        if (freeze && frozen(freeze, name, idx)) continue;
        int old = params[i];
        for (int j = 0; j < sample && !live[i]; j++) {
            const Position *p = &d->pos[(long)j * d->n / sample].leaf;
            int e0 = ep->evaluate(p, params);
            params[i] = old + 64;
            live[i] = ep->evaluate(p, params) != e0;
            params[i] = old;
        }
    }
}

static double local_search(const TuneData *d, const EvalParams *ep, int *params, double k, const TuneArgs *a) {
    bool *live = calloc((size_t)ep->count, sizeof *live);
    if (!live) return -1;
    find_live(d, ep, params, live, a->freeze);
    int nlive = 0;
    for (int i = 0; i < ep->count; i++) nlive += live[i];
    double best = total_error(d, ep, params, k, a->threads);
    fprintf(stderr, "tune: %d of %d parameters matter; error %.7f\n", nlive, ep->count, best);
    int step = a->step;
    for (int pass = 1; pass <= a->passes && step > 0; pass++) {
        int changed = 0;
        for (int i = 0; i < ep->count; i++) {
            if (!live[i]) continue;
            int old = params[i];
            for (int dir = 1; dir >= -1; dir -= 2) {
                params[i] = old + dir * step;
                double e = total_error(d, ep, params, k, a->threads);
                if (e < best) {
                    best = e, changed++;
                    break;
                }
                params[i] = old;
            }
        }
        fprintf(stderr, "tune: pass %d, step %d: %d changed, error %.7f\n", pass, step, changed, best);
        if (!changed) step /= 2;
    }
    free(live);
    return best;
}

/* The values as C initialisers, one field a line. */
static void print_values(FILE *f, const EvalParams *ep, const int *params) {
    for (const EvalParamGroup *g = ep->groups; g->name; g++) {
        fprintf(f, "    .%s = ", g->name);
        if (g->count > 1) fputc('{', f);
        for (int i = 0; i < g->count; i++)
            fprintf(f, "%s%d", !i ? "" : i % 12 ? ", " : ",\n        ", params[g->offset + i]);
        fprintf(f, "%s,\n", g->count > 1 ? "}" : "");
    }
}

/* Replaces the lines between the source's markers with the values. */
static bool write_source(const char *path, const EvalParams *ep, const int *params) {
    FILE *f = fopen(path, "r");
    if (!f) return fprintf(stderr, "tune: cannot read %s\n", path), false;
    char *text = NULL;
    size_t cap = 0, len = 0;
    char buf[4096];
    for (size_t n; (n = fread(buf, 1, sizeof buf, f)) > 0; len += n) {
        if (len + n + 1 > cap && !(text = realloc(text, cap = (len + n + 1) * 2))) break;
        memcpy(text + len, buf, n);
    }
    fclose(f);
    if (!text) return false;
    text[len] = 0;
    char *begin = strstr(text, "tuned values: begin"), *end = begin ? strstr(begin, "tuned values: end") : NULL;
    if (!begin || !end) return fprintf(stderr, "tune: %s has no tuned-values markers\n", path), free(text), false;
    begin = strchr(begin, '\n');
    while (end > text && end[-1] != '\n') end--;
    f = fopen(path, "w");
    if (!f) return free(text), false;
    fwrite(text, 1, (size_t)(begin + 1 - text), f);
    print_values(f, ep, params);
    fputs(end, f);
    free(text);
    return fclose(f) == 0;
}

static int usage(void) {
    fprintf(stderr, "usage: ratnik tune --variant NAME --data FILE [--passes N] [--step S] [--lambda L]\n"
                    "                   [--k K] [--threads T] [--max-positions N] [--freeze GROUP[I-J],...] [--write]\n"
                    "       defaults: 20 passes, step 4, lambda 0.5 (result weight), K fitted (--k fixes it),\n"
                    "       1 thread, every position;\n"
                    "       --write puts the values into the variant's source, else they go to stdout\n");
    return 2;
}

/* The flag's int field when it takes a count, else NULL. */
static int *count_field(TuneArgs *a, const char *k) {
    if (!strcmp(k, "--passes")) return &a->passes;
    if (!strcmp(k, "--step")) return &a->step;
    if (!strcmp(k, "--threads")) return &a->threads;
    if (!strcmp(k, "--max-positions")) return &a->max_positions;
    return NULL;
}

/* A real number from lo to hi with nothing after it, in *out; false with
 * a message, so that a mistyped value is not read as 0. */
static bool parse_real(const char *flag, const char *v, double lo, double hi, double *out) {
    char *end;
    double x = strtod(v, &end);
    if (end == v || *end || !(x >= lo && x <= hi))
        return fprintf(stderr, "tune: %s needs a number from %g to %g, not '%s'\n", flag, lo, hi, v), false;
    *out = x;
    return true;
}

static bool parse_args(int argc, char **argv, TuneArgs *a) {
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i];
        if (!strcmp(k, "--write")) {
            a->write = "yes";
            continue;
        }
        if (i + 1 >= argc) return false;
        const char *v = argv[++i];
        int *count = count_field(a, k);
        long long x;
        if (count && !parse_integer(v, 0, 1000000000, &x))
            return fprintf(stderr, "tune: %s needs a number from 0 to 10^9, not '%s'\n", k, v), false;
        if (count) *count = (int)x;
        else if (!strcmp(k, "--variant")) a->variant = v;
        else if (!strcmp(k, "--data")) a->data = v;
        else if (!strcmp(k, "--lambda")) {
            if (!parse_real(k, v, 0, 1, &a->lambda)) return false;
        } else if (!strcmp(k, "--k")) {
            if (!parse_real(k, v, 0, 10, &a->k)) return false;
        }
        else if (!strcmp(k, "--freeze")) a->freeze = v;
        else return false;
    }
    if (a->threads < 1) a->threads = 1;
    if (a->threads > MAX_TUNE_THREADS) a->threads = MAX_TUNE_THREADS;
    return a->variant && a->data && a->step > 0;
}

int tune_main(int argc, char **argv) {
    TuneArgs a = {.passes = 20, .threads = 1, .step = 4, .lambda = 0.5};
    if (!parse_args(argc, argv, &a)) return usage();
    const Variant *v = variant_find(a.variant);
    if (!v) return fprintf(stderr, "tune: unknown variant '%s'\n", a.variant), 2;
    const EvalParams *ep = v->eval_params;
    if (!ep) return fprintf(stderr, "tune: %s declares no evaluation parameters\n", v->name), 2;
    int *params = malloc(sizeof *params * (size_t)ep->count);
    TuneData d = {0};
    if (!params || !tune_data_load(&d, v, a.data, a.max_positions)) return free(params), tune_data_free(&d), 2;
    memcpy(params, ep->values, sizeof *params * (size_t)ep->count);
    tune_data_resolve(&d, ep, params);
    /* A fixed K is for targets that are mostly scores: fitting K to them
     * would shrink it until every sigmoid is near 1/2 and the fit is flat. */
    double k = a.k > 0 ? a.k : fit_k(&d, ep, params, a.lambda, a.threads);
    if (a.k > 0) tune_data_targets(&d, k, a.lambda);
    fprintf(stderr, "tune: %s, %d positions, K %.4f\n", v->name, d.n, k);
    double e = local_search(&d, ep, params, k, &a);
    int rc = e < 0 ? 2 : 0;
    if (!rc && a.write) rc = write_source(ep->source, ep, params) ? 0 : 2;
    if (!rc && a.write) fprintf(stderr, "tune: wrote %s\n", ep->source);
    if (!rc && !a.write) print_values(stdout, ep, params);
    for (int i = 0; !rc && i < ep->count; i++) {
        int idx;
        const char *name = param_name(ep, i, &idx);
        if (params[i] != ep->values[i]) fprintf(stderr, "tune: %s[%d] %d -> %d\n", name, idx, ep->values[i], params[i]);
    }
    free(params);
    tune_data_free(&d);
    return rc;
}
