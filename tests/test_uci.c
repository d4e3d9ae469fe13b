/* Scripted UCI sessions through the real binary (./ratnik over pipes). */
#include <stdlib.h>
#include "script_check.h"
#include "../variants/registry.h"
#include "suites.h"

enum { OUT_MAX = 1 << 20 };

START_TEST(cli_perft) {
    char *out = malloc(OUT_MAX);
    run_ratnik("perft 4", "", 0, out, OUT_MAX);
    ck_assert_str_eq(out, "Nodes searched: 197281\n");
    run_ratnik("perft --divide 1 --fen '8/8/8/8/8/8/8/K6k w - - 0 1'", "", 0, out, OUT_MAX);
    ck_assert_ptr_nonnull(strstr(out, "a1b2: 1\n"));
    ck_assert_ptr_nonnull(strstr(out, "Nodes searched: 3\n"));
    free(out);
}
END_TEST

/* Each bad command gets exactly one error line; the position stays. */
static const char *bad_commands[] = {
    "position fen garbage",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "position fen rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "position fen rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -5 1",
    "position fen 8/8/8/8/8/8/8/8 w - - 0 1",
    "position startpos moves e2e5",
    "position startpos moves e2e4 e2e4",
    "position startpos moves e7e5",
    "position startpos moves zz",
    "position",
    "position fen",
    "position startpos junk",
    "foobar",
    "setoption name Foo value 1",
    "setoption name UCI_Variant value nosuch",
    "setoption name MoveLimit value abc",
    "setoption",
    "go perft x",
    "go perft 0",
    "\x01\x02\xff\xfe",
};

START_TEST(uci_bad_input_keeps_state) {
    char input[512];
    snprintf(input, sizeof input, "position startpos moves d2d4\n%s\nd\nisready\n", bad_commands[_i]);
    char *out = uci_session(input);
    ck_assert_msg(count_substr(out, "info string error: ") == 1, "'%s' gave:\n%s", bad_commands[_i], out);
    ck_assert_ptr_nonnull(strstr(out, "Fen: rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"));
    ck_assert_ptr_nonnull(strstr(out, "readyok\n"));
    free(out);
}
END_TEST

START_TEST(uci_megabyte_line) {
    size_t n = 1 << 20;
    char *input = malloc(n + 64);
    memset(input, 'x', n);
    strcpy(input + n, "\nisready\n");
    char *out = malloc(OUT_MAX);
    run_ratnik(NULL, input, strlen(input), out, OUT_MAX);
    ck_assert_int_eq(count_substr(out, "info string error: line too long"), 1);
    ck_assert_ptr_nonnull(strstr(out, "readyok\n"));
    free(input);
    free(out);
}
END_TEST

START_TEST(uci_isready_during_search) {
    char *out = uci_session("go infinite\nisready\nstop\nisready\n");
    char *ready = strstr(out, "readyok"), *best = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(ready);
    ck_assert_ptr_nonnull(best);
    ck_assert(ready < best); /* answered while the search was running */
    ck_assert_int_eq(count_substr(out, "bestmove "), 1);
    ck_assert_int_eq(count_substr(out, "readyok"), 2);
    free(out);
}
END_TEST

/* Lazy SMP: with two threads the depth limit is reached exactly (by
 * whichever thread completes it first), the depths reported only grow, and
 * one bestmove ends the search, in every variant. Depth 3: two threads make
 * the tree size vary from run to run, and under ThreadSanitizer Voodoo's
 * depth 4 once outran the test's wait. */
START_TEST(uci_threads_depth_limit) {
    for (int i = 0; i < variant_count(); i++) {
        char input[256];
        snprintf(input, sizeof input,
                 "setoption name Threads value 2\nsetoption name UCI_Variant value %s\nposition startpos\ngo depth 3\n",
                 variant_at(i)->name);
        char *out = uci_session(input);
        const char *name = variant_at(i)->name;
        ck_assert_msg(count_substr(out, "bestmove ") == 1, "%s: %s", name, out);
        ck_assert_msg(strstr(out, "info depth 3 "), "%s: no depth 3 line: %s", name, out);
        ck_assert_msg(!strstr(out, "info depth 4 "), "%s: went past the depth limit: %s", name, out);
        int last = 0;
        for (const char *p = strstr(out, "info depth "); p; p = strstr(p + 1, "info depth ")) {
            int d = atoi(p + 11);
            ck_assert_msg(d > last, "%s: depth %d reported after %d", name, d, last);
            last = d;
        }
        free(out);
    }
}
END_TEST

START_TEST(uci_every_variant_searches) {
    for (int i = 0; i < variant_count(); i++) {
        char input[256];
        snprintf(input, sizeof input, "setoption name UCI_Variant value %s\nposition startpos\ngo depth 3\n",
                 variant_at(i)->name);
        char *out = uci_session(input);
        ck_assert_msg(count_substr(out, "bestmove ") == 1, "%s: %s", variant_at(i)->name, out);
        ck_assert_msg(!strstr(out, "bestmove (none)"), "%s", variant_at(i)->name);
        free(out);
    }
}
END_TEST

/* Scripts and what their output must hold. */
static const ScriptCheck uci_scripts[] = {
    {.name = "uci_handshake", .input = "uci\nisready\nquit\n",
     .has = {"id name ratnik\n", "option name UCI_Variant type combo default chess var chess", "uciok\n", "readyok\n"}},
    {.name = "uci_position_and_display", .input = "position startpos moves e2e4 e7e5 g1f3\nd\n",
     .has = {"Fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n", "Result: none\n"}},
    {.name = "uci_position_and_display",
     .input = "position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\nd\n", .has = {"Result: 1/2-1/2 stalemate\n"}},
    {.name = "uci_position_and_display",
     .input = "position startpos moves f2f3 e7e5 g2g4 d8h4\nd\n", .has = {"Result: 0-1 checkmate\n"}},
    {.name = "uci_go_perft", .input = "position startpos\ngo perft 3\n",
     .has = {"Nodes searched: 8902\n", "e2e4: 600\n"},
     .counts = {{": ", 21}}}, /* 20 root moves + the total */
    {.name = "uci_go_perft",
     .input = "position fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1\ngo perft 2\n",
     .has = {"Nodes searched: 2039\n"}},
    {.name = "uci_variant_switch", .input = "setoption name UCI_Variant value chess\nd\n",
     .has = {"info string variant chess files 8 ranks 8 startpos"}},
    {.name = "uci_go_depth_one_bestmove", .input = "position startpos moves e2e4\ngo depth 5\n",
     .has = {"info depth 5 seldepth ", " nodes ", " nps ", " hashfull ", " pv "},
     .counts = {{"bestmove ", 1}}},
    {.name = "uci_ponder_and_ponderhit",
     .input = "position startpos\ngo ponder wtime 1000 btime 1000\nponderhit\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_ponder_and_ponderhit",
     .input = "position startpos\ngo ponder movetime 100\nstop\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_time_controls", .input = "position startpos\ngo movetime 100\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_time_controls", .input = "position startpos\ngo nodes 5000\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_time_controls",
     .input = "position startpos\ngo wtime 500 btime 500 winc 10 binc 10\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_time_controls",
     .input = "position startpos\ngo wtime 3000 btime 3000 movestogo 5\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_time_controls", .input = "position startpos\ngo depth 3\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_time_controls", .input = "position startpos\ngo wtime -20 btime 100\n", .counts = {{"bestmove ", 1}}},
    {.name = "uci_mate_score_and_no_move",
     .input = "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\ngo depth 6\n", .has = {"score mate 1 ", "bestmove a1a8"}},
    {.name = "uci_mate_score_and_no_move",
     .input = "position startpos moves f2f3 e7e5 g2g4 d8h4\ngo depth 3\n", .has = {"bestmove (none)"}},
    {.name = "uci_multipv", .input = "setoption name MultiPV value 3\nposition startpos\ngo depth 4\n",
     .has = {"info depth 4 seldepth", " multipv 3 "},
     .counts = {{"info depth 4 ", 3}, {"bestmove ", 1}}},
};

SCRIPT_LOOP_TEST(uci_scripted, uci_scripts)

Suite *suite_uci(void) {
    return suite_of("uci",
                    LOOP_CASE("pipes", 60,
                              LOOPS({uci_bad_input_keeps_state, sizeof bad_commands / sizeof *bad_commands},
                                    {uci_scripted, SCRIPT_COUNT(uci_scripts)}),
                              cli_perft, uci_megabyte_line, uci_isready_during_search, uci_every_variant_searches,
                              uci_threads_depth_limit),
                    NULL);
}
