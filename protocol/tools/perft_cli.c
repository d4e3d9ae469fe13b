/* `ratnik perft`: one position (optionally divided) or EPD suites, with
 * threads, a hash table, JSON output and progress on stderr. docs/perft.md
 * is the user's guide. Exit codes: 0 all counts right, 1 a mismatch or a bad
 * suite line, 2 bad usage, an unreadable file or results that cannot be
 * written (protocol/tools/cli.c checks stdout). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "perft_cli.h"
#include "../../engine/fen.h"
#include "../../engine/fileio.h"
#include "../../engine/perft.h"
#include "../../engine/perft_tt.h"
#include "../../variants/registry.h"
#include "../../engine/clock.h"
#include "../../engine/number.h"

enum { MAX_SUITES = 32, MAX_EPD_DEPTH = 32 };

typedef struct {
    const char *variant, *fen, *epd[MAX_SUITES];
    int suites, depth, threads, hash_mb;
    bool divide, json, progress, breakdown;
} PerftArgs;

/* What one run (a position or a list of suites) carries between functions. */
typedef struct {
    const PerftArgs *a;
    PerftTT *tt;
    bool tty, progress_shown, first_json;
    double cpu_ms; /* process CPU time of the last run: robust on a busy machine */
} PerftCtx;

typedef struct {
    int positions, failures;
    uint64_t nodes;
    double ms;
} Totals;

static double cpu_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static double nps(uint64_t nodes, double ms) { return ms > 0 ? nodes / ms * 1e3 : 0.0; }

static int usage(void) {
    fprintf(stderr, "usage: ratnik perft [--variant NAME] [--fen FEN] [--divide] [OPTIONS] DEPTH\n"
                    "       ratnik perft --epd FILE [--epd FILE...] [--variant NAME] [--depth N] [OPTIONS]\n"
                    "options: --threads N (1-256)  --hash MB (0-%d)  --json  --no-progress  --breakdown (depth <= 8)\n",
            PERFT_TT_MAX_MB);
    return 2;
}

/* A flag's integer value, lo..hi, into an int. */
static bool parse_int_arg(const char *s, int lo, int hi, int *out) {
    long long v;
    if (!parse_integer(s, lo, hi, &v)) return false;
    *out = (int)v;
    return true;
}

static bool parse_args(int argc, char **argv, PerftArgs *a) {
    *a = (PerftArgs){.depth = -1, .threads = 1, .progress = true};
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        bool ok = true;
        if (!strcmp(s, "--divide")) a->divide = true;
        else if (!strcmp(s, "--json")) a->json = true;
        else if (!strcmp(s, "--no-progress")) a->progress = false;
        else if (!strcmp(s, "--breakdown")) a->breakdown = true;
        else if (!val) ok = isdigit((unsigned char)s[0]) && parse_int_arg(s, 0, 60, &a->depth);
        else if (!strcmp(s, "--variant")) a->variant = val, i++;
        else if (!strcmp(s, "--fen")) a->fen = val, i++;
        else if (!strcmp(s, "--epd")) {
            if ((ok = a->suites < MAX_SUITES)) a->epd[a->suites++] = val;
            i++;
        }
        else if (!strcmp(s, "--depth")) ok = parse_int_arg(val, 1, MAX_EPD_DEPTH - 1, &a->depth), i++;
        else if (!strcmp(s, "--threads")) ok = parse_int_arg(val, 1, 256, &a->threads), i++;
        else if (!strcmp(s, "--hash")) ok = parse_int_arg(val, 0, PERFT_TT_MAX_MB, &a->hash_mb), i++;
        else ok = isdigit((unsigned char)s[0]) && parse_int_arg(s, 0, 60, &a->depth);
        if (!ok) return false;
    }
    if (a->suites) return !a->fen && !a->divide && !a->breakdown;
    if (a->breakdown && (a->json || a->depth > PERFT_MAX_PLY)) return false;
    return a->depth >= 0;
}

static void json_str(const char *s) {
    putchar('"');
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') printf("\\%c", c);
        else if (c < 0x20) printf("\\u%04x", c);
        else putchar(c);
    }
    putchar('"');
}

/* Progress lines: rewritten in place on a terminal, one a line otherwise. */
static void on_progress(void *ctx, const PerftProgress *p) {
    PerftCtx *c = ctx;
    double left = p->done ? p->ms * (p->total - p->done) / p->done / 1e3 : 0;
    fprintf(stderr, "%sperft: %d/%d root items, %llu nodes, %.1f s, %.0f nps, about %.0f s left%s",
            c->tty ? "\r" : "", p->done, p->total, (unsigned long long)p->nodes, p->ms / 1e3, nps(p->nodes, p->ms), left,
            c->tty ? "\033[K" : "\n");
    c->progress_shown = true;
}

static bool run(PerftCtx *c, const Position *pos, int depth, PerftDivideFn fn, void *fn_ctx, uint64_t *nodes,
                double *ms) {
    PerftOptions o = {.threads = c->a->threads, .tt = c->tt, .divide = fn, .divide_ctx = fn_ctx, .progress_ctx = c,
                      .progress_ms = c->tty ? 2000 : 10000};
    if (c->a->progress) o.progress = on_progress;
    double t0 = clock_now_ms(), c0 = cpu_ms();
    bool ok = perft_run(pos, depth, &o, nodes);
    *ms = clock_now_ms() - t0;
    c->cpu_ms = cpu_ms() - c0;
    if (c->progress_shown && c->tty) fprintf(stderr, "\r\033[K");
    c->progress_shown = false;
    if (!ok) fprintf(stderr, "error: out of memory\n");
    return ok;
}

static void divide_text(void *ctx, const char *turn, uint64_t nodes) {
    (void)ctx;
    printf("%s: %llu\n", turn, (unsigned long long)nodes);
}

static void divide_json(void *ctx, const char *turn, uint64_t nodes) {
    PerftCtx *c = ctx;
    printf("%s\n    {\"move\": ", c->first_json ? "" : ",");
    json_str(turn);
    printf(", \"nodes\": %llu}", (unsigned long long)nodes);
    c->first_json = false;
}

/* One ply of --breakdown: steps per sub-ply, turns by first step. */
static uint64_t print_breakdown_ply(const Position *pos, const PerftBreakdown *b, int p) {
    static const char *kinds[MK_KIND_NB] = {"normal", "promotion", "en-passant", "castling",
                                            "placement", "displacement", "change", "removal",
                                            "purchase", "takeback", "purchase-push"};
    uint64_t steps = 0;
    printf("ply %d: %llu turns; steps by sub-ply:", p + 1, (unsigned long long)b->turns[p]);
    for (int k = 0; k < PERFT_MAX_SUBPLY; k++) {
        printf(" %llu", (unsigned long long)b->steps[p][k]);
        steps += b->steps[p][k];
    }
    printf("\n  turns by first step:");
    for (int k = 0; k < MK_KIND_NB; k++)
        if (b->by_kind[p][k]) printf(" %s %llu", kinds[k], (unsigned long long)b->by_kind[p][k]);
    const char *sep = "; removing";
    for (int t = 1; t < PT_NB; t++) {
        if (!b->removed[p][t]) continue;
        printf("%s x%c %llu", sep, pos->v->pieces[t].letter, (unsigned long long)b->removed[p][t]);
        sep = ",";
    }
    printf("\n");
    return steps;
}

/* --breakdown: every step made, by ply, sub-ply and kind (one thread). */
static void print_breakdown(const Position *pos, int depth) {
    PerftBreakdown b;
    double t0 = clock_now_ms();
    perft_breakdown(pos, depth, &b);
    double ms = clock_now_ms() - t0;
    uint64_t steps = 0;
    printf("\nbreakdown (every step made, no bulk counting): %.0f ms, %llu generate calls\n", ms,
           (unsigned long long)b.generates);
    for (int p = 0; p < depth; p++) steps += print_breakdown_ply(pos, &b, p);
    printf("turns/second %.0f, steps/second %.0f\n", nps(b.turns[depth - 1], ms), nps(steps, ms));
}

static int perft_one(PerftCtx *c, const Variant *v) {
    const PerftArgs *a = c->a;
    Position pos;
    char err[256];
    const char *fen = a->fen ? a->fen : v->start_fen;
    if (!fen_parse(&pos, v, fen, err, sizeof err)) {
        fprintf(stderr, "error: bad FEN: %s\n", err);
        return 2;
    }
    uint64_t n;
    double ms;
    PerftDivideFn fn = !a->divide ? NULL : a->json ? divide_json : divide_text;
    if (a->json) printf("{\"variant\": \"%s\", \"position\": ", v->name), json_str(fen);
    if (a->json && a->divide) printf(", \"divide\": ["), c->first_json = true;
    if (!run(c, &pos, a->depth, fn, c, &n, &ms)) return 2;
    if (a->json) {
        printf("%s, \"depth\": %d, \"nodes\": %llu, \"ms\": %.3f, \"nps\": %.0f, \"cpu_ms\": %.3f, \"threads\": %d, "
               "\"hash_mb\": %d}\n", a->divide ? "\n  ]" : "", a->depth, (unsigned long long)n, ms, nps(n, ms), c->cpu_ms,
               a->threads, a->hash_mb);
        return 0;
    }
    if (a->divide) printf("\n");
    printf("Nodes searched: %llu\n", (unsigned long long)n);
    fprintf(stderr, "time %.0f ms, %.0f nodes/second (CPU time %.0f ms)\n", ms, nps(n, ms), c->cpu_ms);
    if (a->breakdown) print_breakdown(&pos, a->depth);
    return 0;
}

/* One result of a suite: a text line or a JSON object. */
static void epd_result(PerftCtx *c, const char *suite, int lineno, const char *vname, const char *fen, int d,
                       uint64_t n, uint64_t expect, double ms) {
    bool ok = n == expect;
    if (!c->a->json) {
        printf("%s line %d %s D%d %llu", ok ? "ok  " : "FAIL", lineno, vname, d, (unsigned long long)n);
        if (!ok) printf(" expected %llu", (unsigned long long)expect);
        printf(" %.0f ms %.0f nps  %s\n", ms, nps(n, ms), fen);
        fflush(stdout);
        return;
    }
    printf("%s\n    {\"suite\": ", c->first_json ? "" : ",");
    json_str(suite);
    printf(", \"line\": %d, \"variant\": \"%s\", \"position\": ", lineno, vname);
    json_str(fen);
    printf(", \"depth\": %d, \"nodes\": %llu, \"expected\": %llu, \"ok\": %s, \"ms\": %.3f, \"nps\": %.0f}", d,
           (unsigned long long)n, (unsigned long long)expect, ok ? "true" : "false", ms, nps(n, ms));
    c->first_json = false;
}

/* A line that could not be checked: named file:line, counted as a failure. */
static int epd_error(PerftCtx *c, const char *suite, int lineno, const char *msg, const char *text) {
    if (!c->a->json) {
        printf("FAIL %s:%d: %s: %s\n", suite, lineno, msg, text);
        return 1;
    }
    fprintf(stderr, "error: %s:%d: %s\n", suite, lineno, msg);
    printf("%s\n    {\"suite\": ", c->first_json ? "" : ",");
    json_str(suite);
    printf(", \"line\": %d, \"ok\": false, \"error\": ", lineno);
    json_str(msg);
    printf("}");
    c->first_json = false;
    return 1;
}

/* A node count: decimal digits only (no sign, no spaces), no overflow. */
static bool parse_count(const char *s, uint64_t *out) {
    uint64_t v = 0;
    if (!*s) return false;
    for (; *s; s++) {
        if (!isdigit((unsigned char)*s) || v > (UINT64_MAX - (uint64_t)(*s - '0')) / 10) return false;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
}

/* What a line asks: the expected count of each depth, and its variant. */
typedef struct {
    const Variant *v;
    uint64_t expect[MAX_EPD_DEPTH];
    bool have[MAX_EPD_DEPTH];
    int depths;
} EpdOps;

/* One operation: "D<n> <count>", "variant <name>", or the annotations
 * "id ..." and "c0".."c9" (ignored). NULL when it is good, else the reason
 * (written into why). */
static const char *epd_op(char *op, const Variant *forced, EpdOps *o, char *why, size_t n) {
    while (isspace((unsigned char)*op)) op++;
    size_t len = strlen(op);
    while (len && isspace((unsigned char)op[len - 1])) op[--len] = 0;
    if (!*op) return NULL; /* ";;" or a trailing ';' */
    char *arg = op + strcspn(op, " \t");
    if (*arg) *arg++ = 0;
    while (isspace((unsigned char)*arg)) arg++;
    bool annotation = !strcmp(op, "id") || (op[0] == 'c' && isdigit((unsigned char)op[1]) && !op[2]);
    if (annotation) return NULL;
    if (!strcmp(op, "variant")) {
        if (!*arg || arg[strcspn(arg, " \t")]) return snprintf(why, n, "variant needs one name%s%s", *arg ? ", not " : "", arg), why;
        if (!forced && !(o->v = variant_find(arg))) return snprintf(why, n, "unknown variant '%s'", arg), why;
        return NULL;
    }
    if (op[0] != 'D' && op[0] != 'd') return snprintf(why, n, "unknown operation '%s'", op), why;
    uint64_t d;
    if (!parse_count(op + 1, &d) || d < 1 || d >= MAX_EPD_DEPTH)
        return snprintf(why, n, "bad depth '%s' (D1 to D%d)", op, MAX_EPD_DEPTH - 1), why;
    uint64_t count;
    if (!*arg) return snprintf(why, n, "%s has no count", op), why;
    if (!parse_count(arg, &count)) return snprintf(why, n, "bad count '%s' for %s (a number of nodes)", arg, op), why;
    if (o->have[d]) return snprintf(why, n, "%s given twice", op), why;
    o->expect[d] = count, o->have[d] = true, o->depths++;
    return NULL;
}

/* Cuts the operation at *s (up to a ';' outside double quotes, so that a
 * comment may hold one) and moves *s past it; NULL at the end. */
static char *next_op(char **s) {
    if (!*s) return NULL;
    char *op = *s, *p = op;
    for (bool quoted = false; *p && (quoted || *p != ';'); p++) quoted ^= *p == '"';
    *s = *p ? p + 1 : NULL;
    *p = 0;
    return op;
}

/* One EPD line: "<fen> ;D1 20 ;D2 400 [;variant NAME]". Returns failures. */
static int epd_line(PerftCtx *c, const char *suite, char *line, int lineno, const Variant *forced, Totals *t) {
    char *ops = strchr(line, ';'), why[160];
    if (ops) *ops++ = 0;
    size_t len = strlen(line);
    while (len && isspace((unsigned char)line[len - 1])) line[--len] = 0;
    EpdOps o = {.v = forced ? forced : variant_default()};
    for (char *op; (op = next_op(&ops));) {
        const char *bad = epd_op(op, forced, &o, why, sizeof why);
        if (bad) return epd_error(c, suite, lineno, bad, line);
    }
    if (!o.depths) return epd_error(c, suite, lineno, "no ';D<n> <count>' operations", line);
    Position pos;
    char err[256];
    if (!fen_parse(&pos, o.v, line, err, sizeof err)) return epd_error(c, suite, lineno, err, line);
    int failures = 0;
    for (int d = 1; d < MAX_EPD_DEPTH; d++) {
        if (!o.have[d] || (c->a->depth > 0 && d > c->a->depth)) continue;
        uint64_t n;
        double ms;
        if (!run(c, &pos, d, NULL, NULL, &n, &ms)) return failures + 1;
        t->nodes += n, t->ms += ms;
        failures += n != o.expect[d];
        epd_result(c, suite, lineno, o.v->name, line, d, n, o.expect[d], ms);
    }
    return failures;
}

/* Every line of one suite; false (with the reason in err) when the file
 * cannot be opened or read. Lines may be of any length. */
static bool epd_file(PerftCtx *c, const char *path, const Variant *forced, Totals *t, char *err, size_t errlen) {
    FILE *f = file_open_read(path, NULL, err, errlen);
    if (!f) return false;
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int lineno = 0;
    while ((got = getline(&line, &cap, f)) >= 0) {
        lineno++;
        bool nul = strlen(line) != (size_t)got;
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        if (!*s || *s == '#') continue;
        t->positions++;
        if (nul) t->failures += epd_error(c, path, lineno, "a NUL byte in the line", s);
        else t->failures += epd_line(c, path, s, lineno, forced, t);
    }
    bool ok = !ferror(f);
    if (!ok) snprintf(err, errlen, "read error after line %d", lineno);
    free(line);
    fclose(f);
    return ok;
}

static void table_row(const char *name, const Totals *t) {
    printf("%-32s %9d %8d %14llu %10.0f %12.0f\n", name, t->positions, t->failures, (unsigned long long)t->nodes,
           t->ms, nps(t->nodes, t->ms));
}

static void json_totals(const Totals *t) {
    printf("\"positions\": %d, \"failures\": %d, \"nodes\": %llu, \"ms\": %.3f, \"nps\": %.0f", t->positions, t->failures,
           (unsigned long long)t->nodes, t->ms, nps(t->nodes, t->ms));
}

static int perft_suites(PerftCtx *c, const Variant *forced) {
    const PerftArgs *a = c->a;
    Totals per[MAX_SUITES] = {{0}}, all = {0};
    if (a->json) printf("{\"results\": ["), c->first_json = true;
    for (int i = 0; i < a->suites; i++) {
        char err[160];
        if (!epd_file(c, a->epd[i], forced, &per[i], err, sizeof err)) {
            fprintf(stderr, "error: cannot read '%s': %s\n", a->epd[i], err);
            if (a->json) printf("\n]}\n");
            return 2;
        }
        all.positions += per[i].positions, all.failures += per[i].failures;
        all.nodes += per[i].nodes, all.ms += per[i].ms;
    }
    if (a->json) {
        printf("\n  ],\n  \"suites\": [");
        for (int i = 0; i < a->suites; i++) {
            printf("%s\n    {\"suite\": ", i ? "," : "");
            json_str(a->epd[i]);
            printf(", "), json_totals(&per[i]), printf("}");
        }
        printf("\n  ],\n  "), json_totals(&all), printf("\n}\n");
    } else {
        printf("\n%-32s %9s %8s %14s %10s %12s\n", "suite", "positions", "failures", "nodes", "ms", "nps");
        for (int i = 0; i < a->suites; i++) table_row(a->epd[i], &per[i]);
        if (a->suites > 1) table_row("total", &all);
    }
    return all.failures ? 1 : 0;
}

int perft_cli_main(int argc, char **argv) {
    PerftArgs a;
    if (!parse_args(argc, argv, &a)) return usage();
    const Variant *v = a.variant ? variant_find(a.variant) : variant_default();
    if (!v) {
        fprintf(stderr, "error: unknown variant '%s'\n", a.variant);
        return 2;
    }
    PerftCtx c = {.a = &a, .tty = isatty(STDERR_FILENO)};
    if (a.hash_mb && !(c.tt = perft_tt_new((size_t)a.hash_mb))) {
        fprintf(stderr, "error: cannot allocate %d MB of hash\n", a.hash_mb);
        return 2;
    }
    int rc = a.suites ? perft_suites(&c, a.variant ? v : NULL) : perft_one(&c, v);
    perft_tt_free(c.tt);
    return rc;
}
