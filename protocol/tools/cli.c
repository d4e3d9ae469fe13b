/* The command-line tools: bench, perftbench, and the dispatch to perft
 * (perft_cli.c), perftree, tactics, selfplay and match. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "cli.h"
#include "../../engine/fen.h"
#include "../../engine/fileio.h"
#include "../../engine/perft.h"
#include "../../search/engine.h"
#include "book_cli.h"
#include "datagen.h"
#include "../match/match.h"
#include "perft_cli.h"
#include "perftree.h"
#include "../match/selfplay.h"
#include "tactics.h"
#include "tune.h"
#include "net_features.h"
#include "../../variants/registry.h"
#include "../../engine/clock.h"

static int usage(void) {
    fprintf(stderr, "usage: ratnik perft [--variant NAME] [--fen FEN] [--divide] [--threads N] [--hash MB] [--json] DEPTH\n"
                    "       ratnik perft --epd FILE [--variant NAME] [--depth N] [--threads N] [--hash MB] [--json]\n"
                    "       ratnik perftree [--variant NAME] DEPTH FEN [MOVES]   (for perftree; docs/tools.md)\n"
                    "       ratnik bench [HASH [THREADS [DEPTH]]] [--hand]   (as Stockfish's bench; docs/tools.md)\n"
                    "       ratnik tactics FILE [--movetime MS] [--variant NAME]\n"
                    "       ratnik selfplay [--variant NAME] [--games N] [--a SPEC] [--b SPEC]\n"
                    "       ratnik datagen [--variant NAME] [--games N] [--nodes N] [--threads N] ...   (docs/evaluation.md)\n"
                    "       ratnik tune --variant NAME --data FILE [--passes N] [--threads N] ...   (docs/evaluation.md)\n"
                    "       ratnik match -engine cmd=... -engine cmd=... [flags]   (docs/match.md)\n"
                    "       ratnik book build|search|show|epd --variant NAME ...   (docs/books.md)\n"
                    "       ratnik net-features --variant NAME --in DATA --out FEATURES   (docs/evaluation.md)\n");
    return 2;
}

static int perft_bench(void) {
    static const char *fens[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    };
    static const int depths[] = {5, 4, 5};
    uint64_t nodes = 0;
    double t0 = clock_now_ms();
    for (int i = 0; i < 3; i++) {
        Position pos;
        char err[128];
        fen_parse(&pos, variant_default(), fens[i], err, sizeof err);
        nodes += perft(&pos, depths[i]);
    }
    double ms = clock_now_ms() - t0;
    printf("Nodes searched: %llu\nNodes/second: %.0f\n", (unsigned long long)nodes, ms > 0 ? nodes / ms * 1e3 : 0.0);
    return 0;
}

static void print_line(void *ctx, const char *line) {
    (void)ctx;
    puts(line);
    fflush(stdout);
}

/* `ratnik bench [HASH [THREADS [DEPTH]]]`: the search bench and its signature. */
static int bench(int argc, char **argv) {
    Engine *e = engine_new(print_line, NULL, HASH_DEFAULT_MB);
    if (!e) {
        fprintf(stderr, "ratnik bench: out of memory\n");
        return 1;
    }
    /* --hand: the hand-written evaluation (the signature of tests/bench.sig). */
    if (argc > 1 && !strcmp(argv[argc - 1], "--hand")) {
        engine_set_use_nnue(e, false);
        argc--;
    }
    char err[256];
    bool ok = engine_run_bench(e, argc - 1, (const char *const *)argv + 1, err, sizeof err);
    if (!ok) fprintf(stderr, "ratnik %s\n", err);
    engine_free(e);
    return ok ? 0 : 2;
}

static int run_tool(int argc, char **argv) {
    if (!strcmp(argv[0], "perft")) return perft_cli_main(argc, argv);
    if (!strcmp(argv[0], "bench")) return bench(argc, argv);
    if (!strcmp(argv[0], "perftbench")) return perft_bench();
    if (!strcmp(argv[0], "perftree")) return perftree_main(argc, argv);
    if (!strcmp(argv[0], "tactics")) return tactics_main(argc, argv);
    if (!strcmp(argv[0], "selfplay")) return selfplay_main(argc, argv);
    if (!strcmp(argv[0], "match")) return match_main(argc, argv);
    if (!strcmp(argv[0], "datagen")) return datagen_main(argc, argv);
    if (!strcmp(argv[0], "tune")) return tune_main(argc, argv);
    if (!strcmp(argv[0], "book")) return book_cli_main(argc, argv);
    if (!strcmp(argv[0], "net-features")) return net_features_main(argc, argv);
    return usage();
}

/* A tool's results are its stdout: when they could not all be written
 * (a full disk, a closed pipe), the run fails, whatever it found. perft
 * and tactics say 2 for input and output errors, the others 1. */
int cli_main(int argc, char **argv) {
    int rc = run_tool(argc, argv);
    char why[160];
    if (file_flush_ok(stdout, why, sizeof why)) return rc;
    fprintf(stderr, "ratnik %s: cannot write the results to standard output: %s\n", argv[0], why);
    bool io_code_2 = !strcmp(argv[0], "perft") || !strcmp(argv[0], "tactics");
    return rc ? rc : io_code_2 ? 2 : 1;
}
