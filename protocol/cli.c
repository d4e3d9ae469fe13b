/* The command-line tools: perft (one position or an EPD suite) and bench. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "../engine/fen.h"
#include "../engine/perft.h"
#include "../search/engine.h"
#include "selfplay.h"
#include "tactics.h"

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void print_divide(void *ctx, const char *turn, uint64_t nodes) {
    (void)ctx;
    printf("%s: %llu\n", turn, (unsigned long long)nodes);
}

typedef struct {
    const char *variant, *fen, *epd;
    int depth;
    bool divide;
} PerftArgs;

static int usage(void) {
    fprintf(stderr, "usage: ratnik perft [--variant NAME] [--fen FEN] [--divide] DEPTH\n"
                    "       ratnik perft --epd FILE [--variant NAME] [--depth N]\n"
                    "       ratnik bench [threads] [hash MB]\n"
                    "       ratnik tactics FILE [--movetime MS] [--variant NAME]\n"
                    "       ratnik selfplay [--variant NAME] [--games N] [--a SPEC] [--b SPEC]\n");
    return 2;
}

static bool parse_perft_args(int argc, char **argv, PerftArgs *a) {
    memset(a, 0, sizeof *a);
    a->depth = -1;
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        bool has_value = i + 1 < argc;
        if (!strcmp(s, "--variant") && has_value) a->variant = argv[++i];
        else if (!strcmp(s, "--fen") && has_value) a->fen = argv[++i];
        else if (!strcmp(s, "--epd") && has_value) a->epd = argv[++i];
        else if (!strcmp(s, "--depth") && has_value) a->depth = atoi(argv[++i]);
        else if (!strcmp(s, "--divide")) a->divide = true;
        else if (isdigit((unsigned char)s[0])) a->depth = atoi(s);
        else return false;
    }
    return a->epd || a->depth >= 0;
}

static const Variant *variant_or_die(const char *name) {
    const Variant *v = name ? variant_find(name) : variant_default();
    if (!v) fprintf(stderr, "error: unknown variant '%s'\n", name);
    return v;
}

static int perft_one(const PerftArgs *a) {
    const Variant *v = variant_or_die(a->variant);
    Position pos;
    char err[256];
    if (!v) return 2;
    if (!fen_parse(&pos, v, a->fen ? a->fen : v->start_fen, err, sizeof err)) {
        fprintf(stderr, "error: bad FEN: %s\n", err);
        return 2;
    }
    double t0 = now_ms();
    uint64_t n = a->divide ? perft_divide(&pos, a->depth, print_divide, NULL) : perft(&pos, a->depth);
    double ms = now_ms() - t0;
    if (a->divide) printf("\n");
    printf("Nodes searched: %llu\n", (unsigned long long)n);
    fprintf(stderr, "time %.0f ms, %.0f nodes/second\n", ms, ms > 0 ? n / ms * 1e3 : 0.0);
    return 0;
}

/* One EPD line: "<fen> ;D1 20 ;D2 400 [;variant NAME]". Returns failures. */
static int perft_epd_line(char *line, int lineno, const Variant *forced, int max_depth, uint64_t *nodes, double *ms) {
    char *ops = strchr(line, ';');
    if (!ops) { fprintf(stderr, "line %d: no ';D<n> <count>' operations\n", lineno); return 1; }
    *ops++ = 0;
    const Variant *v = forced;
    uint64_t expect[32] = {0};
    bool have[32] = {false};
    for (char *op = strtok(ops, ";"); op; op = strtok(NULL, ";")) {
        char name[32], arg[64];
        if (sscanf(op, " %31s %63s", name, arg) != 2) continue;
        if (!strcmp(name, "variant") && !forced) v = variant_find(arg);
        else if ((name[0] == 'D' || name[0] == 'd') && isdigit((unsigned char)name[1])) {
            int d = atoi(name + 1);
            if (d > 0 && d < 32) expect[d] = strtoull(arg, NULL, 10), have[d] = true;
        }
    }
    if (!v) v = variant_default();
    Position pos;
    char err[256];
    if (!fen_parse(&pos, v, line, err, sizeof err)) {
        printf("FAIL line %d: bad FEN (%s): %s\n", lineno, err, line);
        return 1;
    }
    int failures = 0;
    for (int d = 1; d < 32; d++) {
        if (!have[d] || (max_depth > 0 && d > max_depth)) continue;
        double t0 = now_ms();
        uint64_t n = perft(&pos, d);
        double t = now_ms() - t0;
        *nodes += n, *ms += t;
        bool ok = n == expect[d];
        failures += !ok;
        printf("%s line %d %s D%d %llu%s%s %.0f ms %.0f nps  %s\n", ok ? "ok  " : "FAIL", lineno, v->name, d,
               (unsigned long long)n, ok ? "" : " expected ", ok ? "" : "", t, t > 0 ? n / t * 1e3 : 0.0, line);
        if (!ok) printf("     expected %llu\n", (unsigned long long)expect[d]);
        fflush(stdout);
    }
    return failures;
}

static int perft_epd(const PerftArgs *a) {
    FILE *f = fopen(a->epd, "r");
    if (!f) { fprintf(stderr, "error: cannot open '%s'\n", a->epd); return 2; }
    const Variant *forced = NULL;
    if (a->variant && !(forced = variant_or_die(a->variant))) { fclose(f); return 2; }
    char line[1024];
    int lineno = 0, positions = 0, failures = 0;
    uint64_t nodes = 0;
    double ms = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        if (!*s || *s == '#') continue;
        positions++;
        failures += perft_epd_line(s, lineno, forced, a->depth, &nodes, &ms);
    }
    fclose(f);
    printf("%s: %d positions, %d failures, %llu nodes, %.0f ms, %.0f nps\n", a->epd, positions, failures,
           (unsigned long long)nodes, ms, ms > 0 ? nodes / ms * 1e3 : 0.0);
    return failures ? 1 : 0;
}

static int perft_bench(void) {
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    static const int depths[] = {5, 4, 5};
    uint64_t nodes = 0;
    double t0 = now_ms();
    for (int i = 0; i < 3; i++) {
        Position pos;
        char err[128];
        fen_parse(&pos, variant_default(), fens[i], err, sizeof err);
        nodes += perft(&pos, depths[i]);
    }
    double ms = now_ms() - t0;
    printf("Nodes searched: %llu\nNodes/second: %.0f\n", (unsigned long long)nodes, ms > 0 ? nodes / ms * 1e3 : 0.0);
    return 0;
}

static void print_line(void *ctx, const char *line) {
    (void)ctx;
    puts(line);
    fflush(stdout);
}

/* `ratnik bench [threads] [hash]`: the search bench and its signature. */
static int bench(int argc, char **argv) {
    Engine *e = engine_new(print_line, NULL);
    char err[128];
    if (argc > 1) engine_set_threads(e, atoi(argv[1]));
    if (argc > 2 && !engine_set_hash(e, atoi(argv[2]), err, sizeof err)) fprintf(stderr, "%s\n", err);
    engine_bench(e, true);
    engine_free(e);
    return 0;
}

int cli_main(int argc, char **argv) {
    if (!strcmp(argv[0], "perft")) {
        PerftArgs a;
        if (!parse_perft_args(argc, argv, &a)) return usage();
        return a.epd ? perft_epd(&a) : perft_one(&a);
    }
    if (!strcmp(argv[0], "bench")) return bench(argc, argv);
    if (!strcmp(argv[0], "perftbench")) return perft_bench();
    if (!strcmp(argv[0], "tactics")) return tactics_main(argc, argv);
    if (!strcmp(argv[0], "selfplay")) return selfplay_main(argc, argv);
    return usage();
}
