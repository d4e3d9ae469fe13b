/* Protocol input through the real binary: `go searchmoves` in every
 * variant, the answers to out-of-range and malformed `go` parameters,
 * non-finite CECP numbers, and the messages and timing of odd input
 * (brackets in a FEN, moves after the end, NUL bytes, perft and EOF). */
#include <fcntl.h>
#include "script_check.h"
#include "../variants/registry.h"
#include "../engine/clock.h"
#include "suites.h"

enum { OUT_MAX = 1 << 20 };

/* The text after "bestmove " up to the end of its word. */
static void bestmove_of(const char *out, char *move, size_t n) {
    const char *b = strstr(out, "bestmove ");
    ck_assert_msg(b != NULL, "no bestmove in:\n%s", out);
    b += 9;
    snprintf(move, n, "%.*s", (int)strcspn(b, " \n"), b);
}

/* ---- go searchmoves ---------------------------------------------------- */

START_TEST(searchmoves_restricts_the_root) {
    /* a1a8 mates at once: searchmoves must keep the engine from it */
    static const struct { const char *go, *expect; } cases[] = {
        {"go depth 3 searchmoves g1f1", "g1f1"},
        {"go searchmoves g1f1 a1a2 depth 3", "g1f1 a1a2"},
        {"go searchmoves g1h1 movetime 200", "g1h1"},
        {"go depth 4 searchmoves a1b1 a1a8", "a1a8"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char input[256], move[64];
        snprintf(input, sizeof input, "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\n%s\n", cases[i].go);
        char *out = uci_session(input);
        ck_assert_int_eq(count_substr(out, "bestmove "), 1);
        bestmove_of(out, move, sizeof move);
        ck_assert_msg(strstr(cases[i].expect, move), "%s: bestmove %s", cases[i].go, move);
        HASNT(out, "error");
        free(out);
    }
    char move[64];
    char *out = uci_session("position startpos\ngo depth 3 searchmoves e2e4\n");
    bestmove_of(out, move, sizeof move);
    ck_assert_str_eq(move, "e2e4");
    free(out);
}
END_TEST

/* The parameters after searchmoves apply: the clocks end this search. */
START_TEST(searchmoves_then_clocks) {
    double t0 = clock_now_ms();
    char move[64];
    char *out = uci_session("position startpos\ngo searchmoves e2e4 d2d4 wtime 1000 btime 1000\n");
    double ms = clock_now_ms() - t0;
    bestmove_of(out, move, sizeof move);
    ck_assert_msg(!strcmp(move, "e2e4") || !strcmp(move, "d2d4"), "bestmove %s", move);
    ck_assert_msg(ms < 5000, "a search with a 1 s clock took %.0f ms", ms);
    free(out);
}
END_TEST

/* One turn of each kind: a variant's last legal turn at the start, and the
 * multi-step forms (a Voodoo sacrifice, a Buratia displacement, a
 * Belarusian change). */
START_TEST(searchmoves_every_variant) {
    static char list[4096][TURN_STR_MAX];
    for (int i = 0; i < variant_count(); i++) {
        const Variant *v = variant_at(i);
        Position pos = test_pos(v->name, NULL);
        int n = legal_turn_strings(&pos, list, 4096);
        ck_assert_int_gt(n, 1);
        char input[512], move[64];
        snprintf(input, sizeof input, "setoption name UCI_Variant value %s\nposition startpos\ngo depth 2 searchmoves %s\n",
                 v->name, list[n - 1]);
        char *out = uci_session(input);
        bestmove_of(out, move, sizeof move);
        ck_assert_msg(!strcmp(move, list[n - 1]), "%s: asked %s, got %s", v->name, list[n - 1], move);
        free(out);
    }
    static const struct { const char *setup, *turns, *expect; } forms[] = {
        {"voodoo\nposition startpos moves e2e4 d7d5", "xa2,d5d4,a1a3 xd1,e1e2", "xa2,d5d4,a1a3 xd1,e1e2"},
        {"voodoo\nposition startpos moves e2e4 d7d5", "xa2,d5d4,a1a3", "xa2,d5d4,a1a3"},
        {"buratia\nposition startpos", "b1d2,d2c3", "b1d2,d2c3"},
        {"belarusian\nposition fen 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1", "c9c9v", "c9c9v"},
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        char input[512], move[64];
        snprintf(input, sizeof input, "setoption name UCI_Variant value %s\ngo depth 3 searchmoves %s\n", forms[i].setup,
                 forms[i].turns);
        char *out = uci_session(input);
        HASNT(out, "error");
        bestmove_of(out, move, sizeof move);
        ck_assert_msg(strstr(forms[i].expect, move), "searchmoves %s: got %s", forms[i].turns, move);
        free(out);
    }
}
END_TEST

/* Bribe tokens are turns only with Corruption on; a take-back payment,
 * which leaves the same side to move, is never one. */
START_TEST(searchmoves_bribes) {
    static const char *fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[N] w - - 0 1";
    char input[512], move[64];
    snprintf(input, sizeof input, "setoption name UCI_Variant value buratia\nposition fen %s\ngo depth 2 searchmoves N@b1 g1f3\n",
             fen);
    char *out = uci_session(input);
    HAS(out, "info string error: go searchmoves: 'N@b1' is a bribe: it needs the option Corruption\n");
    bestmove_of(out, move, sizeof move);
    ck_assert_str_eq(move, "g1f3");
    free(out);
    static const char *tokens[] = {"N@b1", "N@b1,e2e4"};
    for (int i = 0; i < 2; i++) {
        snprintf(input, sizeof input,
                 "setoption name UCI_Variant value buratia\nsetoption name Corruption value true\nposition fen %s\n"
                 "go depth 3 searchmoves %s\n",
                 fen, tokens[i]);
        out = uci_session(input);
        HASNT(out, "error");
        bestmove_of(out, move, sizeof move);
        ck_assert_str_eq(move, tokens[i]);
        free(out);
    }
    out = uci_session("setoption name UCI_Variant value buratia\nsetoption name Corruption value true\n"
              "position fen r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[n] w - - 0 1\ngo depth 2 searchmoves +N@b8 e2e4\n");
    HAS(out, "info string error: go searchmoves: '+N@b8' does not end the turn");
    bestmove_of(out, move, sizeof move);
    ck_assert_str_eq(move, "e2e4");
    free(out);
}
END_TEST

/* Each bad turn is named; with none left the search takes every move. */
START_TEST(searchmoves_illegal_turns) {
    char move[64];
    char *out = uci_session("position startpos\ngo depth 2 searchmoves e2e5 zz e2e4 e7e5\n");
    HAS(out, "info string error: go searchmoves: illegal move 'e2e5'\n");
    HAS(out, "info string error: go searchmoves: illegal move 'zz'\n");
    HAS(out, "info string error: go searchmoves: illegal move 'e7e5'\n");
    ck_assert_int_eq(count_substr(out, "error"), 3);
    bestmove_of(out, move, sizeof move);
    ck_assert_str_eq(move, "e2e4");
    free(out);
    out = uci_session("position startpos\ngo depth 2 searchmoves e2e5\n");
    HAS(out, "info string go searchmoves: no legal turn given, searching all\n");
    ck_assert_int_eq(count_substr(out, "bestmove "), 1);
    HASNT(out, "bestmove (none)");
    free(out);
}
END_TEST

/* ---- every go answers -------------------------------------------------- */

/* A malformed go gets its error and then, at once, the move of a depth-1
 * search: stdin stays open, so only that answer can end the wait. */
START_TEST(go_malformed_still_answers) {
    static const char *gos[] = {"go depth abc", "go depth", "go foo", "go wtime 1000 btime x", "go nodes 1.5",
                                "go movetime 100 depth"};
    for (size_t i = 0; i < sizeof gos / sizeof *gos; i++) {
        char input[256];
        snprintf(input, sizeof input, "position startpos\n%s\n", gos[i]);
        double t0 = clock_now_ms();
        char *out = uci_session(input);
        ck_assert_msg(count_substr(out, "bestmove ") == 1, "%s:\n%s", gos[i], out);
        ck_assert_msg(count_substr(out, "info string error: go: ") == 1, "%s:\n%s", gos[i], out);
        ck_assert_msg(clock_now_ms() - t0 < 5000, "%s: answered after %.0f ms", gos[i], clock_now_ms() - t0);
        HASNT(out, "bestmove (none)");
        free(out);
    }
    char *out = uci_session("go depth abc\n");
    HAS(out, "info string error: go: 'depth' needs an integer, not 'abc'\n");
    free(out);
}
END_TEST

/* ---- CECP numbers and setboard ------------------------------------------ */

START_TEST(cecp_nonfinite_numbers_refused) {
    static const char *lines[] = {"st nan",     "sd nan",         "time nan",       "otim nan",   "memory nan",
                                  "cores nan",  "level 0 nan 0",  "level 0 1 nan",  "st inf",     "sd -inf",
                                  "level 0 1:nan 0", "level 0 5 2x"};
    for (size_t i = 0; i < sizeof lines / sizeof *lines; i++) {
        char body[256];
        /* the engine then moves by the settings before the refused line */
        snprintf(body, sizeof body, "new\nsd 1\n%s\nusermove e2e4\nping 1\n", lines[i]);
        char *out = cecp_session(body);
        ck_assert_msg(count_substr(out, "Error (") == 1, "%s:\n%s", lines[i], out);
        ck_assert_msg(strstr(out, "\nmove "), "%s: no move:\n%s", lines[i], out);
        free(out);
    }
}
END_TEST

/* ---- messages ----------------------------------------------------------- */

/* A NUL would cut the line into a different command: it is refused. */
START_TEST(nul_byte_refused) {
    static const char uci_in[] = "position startpos moves e2e4\0 e7e5\nd\n";
    char *out = malloc(OUT_MAX);
    run_ratnik(NULL, uci_in, sizeof uci_in - 1, out, OUT_MAX);
    HAS(out, "info string error: NUL byte in the line, discarded\n");
    HAS(out, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    static const char cecp_in[] = "xboard\nprotover 2\nnew\nforce\nusermove e2e4\0x\nping 1\n";
    run_ratnik(NULL, cecp_in, sizeof cecp_in - 1, out, OUT_MAX);
    HAS(out, "Error (NUL byte in the line): input discarded\n");
    HAS(out, "pong 1\n");
    free(out);
}
END_TEST

/* ---- perft and EOF, on a live pipe -------------------------------------- */

START_TEST(isready_during_perft) {
    EnginePipe *p = pipe_start();
    pipe_send(p, "position startpos\ngo perft 7\nisready\n");
    ck_assert_msg(pipe_wait_line(p, "readyok", 1000, NULL, 0), "no readyok during perft 7");
    pipe_send(p, "state\n");
    ck_assert_msg(pipe_wait_line(p, "info string state end", 1000, NULL, 0), "no state during perft 7");
    pipe_send(p, "stop\n");
    ck_assert_msg(pipe_wait_line(p, "Perft stopped", 2000, NULL, 0), "perft 7 not stopped");
    pipe_send(p, "go perft 3\n");
    ck_assert_msg(pipe_wait_line(p, "Nodes searched: 8902", 5000, NULL, 0), "perft 3 after a stopped perft");
    pipe_send(p, "go perft 7\nstop\nquit\n");
    ck_assert_msg(pipe_end(p, 2000), "stop and quit during perft 7");
}
END_TEST

/* Input's end stops a search, which answers and exits; a perft, which has
 * no answer before its end, is finished. */
START_TEST(eof_stops_a_deep_search) {
    static const char *scripts[] = {"go depth 1000\n", "go nodes 3000000000\n", "go movetime 100000000\n",
                                    "setoption name UCI_Variant value voodoo\ngo depth 60\n"};
    for (size_t i = 0; i < sizeof scripts / sizeof *scripts; i++) {
        EnginePipe *p = pipe_start();
        pipe_send(p, scripts[i]);
        usleep(200000);
        close(p->in);
        p->in = -1;
        ck_assert_msg(pipe_wait_line(p, "bestmove ", 2000, NULL, 0), "no bestmove at EOF: %s", scripts[i]);
        ck_assert_msg(pipe_end(p, 2000), "no exit after EOF: %s", scripts[i]);
    }
    char *out = uci_session("go perft 4\n");
    HAS(out, "Nodes searched: 197281\n");
    free(out);
}
END_TEST

/* Scripts and what their output must hold. */
static const ScriptCheck input_scripts[] = {
    /* Numbers beyond the limits are clamped: the search starts and answers. */
#define HUGE_GO(go) \
    {.input = "position startpos\n" go "\nstop\n", .hasnt = {"bestmove (none)", "error"}, .counts = {{"bestmove ", 1}}}
    HUGE_GO("go nodes 3000000000"), HUGE_GO("go movetime 3000000000"), HUGE_GO("go depth 99999999999999"),
    HUGE_GO("go wtime 99999999999999999999999 btime 5"), HUGE_GO("go mate 1000000"),
    HUGE_GO("go movestogo 99999999999"),
#undef HUGE_GO
    {.name = "cecp_setboard_trailing_junk", .cecp = true,
     .input = "new\nforce\nsetboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 junk\nusermove e2e4\nping 1\n",
     .has = {"tellusererror Illegal position: extra text after the FEN: 'junk'\n",
             "Illegal move (no valid position): e2e4\n", "pong 1"}},
#define BRACKETS(fen, msg)                                                                     \
    {.input = "setoption name UCI_Variant value buratia\nposition fen " fen "\n", .has = {msg}, \
     .hasnt = {"extra text"}, .counts = {{"info string error: ", 1}}}
    BRACKETS("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[]] w - - 0 1", "stray ']' after the board"),
    BRACKETS("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR [N] w - - 0 1", "holdings '[N]' must follow the board"),
    BRACKETS("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR] w - - 0 1", "stray ']' on rank 1"),
    BRACKETS("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[[N] w - - 0 1", "holdings: a second '['"),
    BRACKETS("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1 ]", "stray ']' after the board"),
#undef BRACKETS
    /* After the end, a move of the side to move is refused for the end; text
     * that is no such move is simply illegal. */
#define AFTER_MATE(move, msg) {.input = "position startpos moves f2f3 e7e5 g2g4 d8h4 " move "\n", .has = {msg}}
    AFTER_MATE("e2e4", "illegal move 'e2e4': the game is over\n"),
    AFTER_MATE("zz", "illegal move 'zz'\n"),
    AFTER_MATE("e7e6", "illegal move 'e7e6'\n"),
#undef AFTER_MATE
    {.name = "debug_accepted", .input = "debug on\ndebug off\ndebug maybe\nisready\n",
     .has = {"info string error: usage: debug on|off\n", "readyok\n"},
     .counts = {{"info string error: ", 1}}},
    /* Scripts send their next command right after a perft: it waits for the
     * count (only isready and stop do not). */
    {.name = "perft_then_commands",
     .input = "go perft 3\nposition startpos moves e2e4\ngo perft 2\nd\ngo perft 1\nquit\n",
     .has = {"Nodes searched: 8902\n", "Nodes searched: 600\n",
             "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n", "Nodes searched: 20\n"},
     .hasnt = {"stopped"}},
};

SCRIPT_LOOP_TEST(input_scripted, input_scripts)

Suite *suite_input(void) {
    return suite_of("input",
                    LOOP_CASE("pipes", 120, LOOPS({input_scripted, SCRIPT_COUNT(input_scripts)}),
                              searchmoves_restricts_the_root, searchmoves_then_clocks, searchmoves_every_variant,
                              searchmoves_bribes, searchmoves_illegal_turns, go_malformed_still_answers,
                              cecp_nonfinite_numbers_refused, nul_byte_refused, isready_during_perft,
                              eof_stops_a_deep_search),
                    NULL);
}
