/* Scripted CECP (XBoard protocol 2) sessions through the real binary.
 * Input that must arrive after the engine has had time to act (analyze,
 * a move made while later commands wait) goes through a shell pipeline
 * with sleeps; everything else is piped at once, followed by a ping whose
 * pong (sent after the engine's move) closes the input: its end would
 * stop a search. */
#include <stdlib.h>
#include "script_check.h"
#include "suites.h"

enum { OUT_MAX = 1 << 20 };

/* Runs `sh -c "<script> | ./ratnik"`; the script prints the input. */
static char *scripted(const char *script) {
    char cmd[4096], *out = malloc(OUT_MAX);
    snprintf(cmd, sizeof cmd, "(%s) | %s 2>/dev/null", script, ratnik_bin());
    run_shell(cmd, out, OUT_MAX);
    return out;
}

/* The index of the first line starting with prefix, or -1. */
static int line_index(const char *out, const char *prefix) {
    int i = 0;
    size_t n = strlen(prefix);
    for (const char *s = out; *s; i++) {
        if (!strncmp(s, prefix, n)) return i;
        const char *nl = strchr(s, '\n');
        if (!nl) break;
        s = nl + 1;
    }
    return -1;
}

/* A line starting with `first` comes, and before any starting with `then`. */
static void assert_line_before(const char *out, const char *first, const char *then) {
    int a = line_index(out, first), b = line_index(out, then);
    ck_assert_msg(a >= 0 && b > a, "'%s' (line %d) not before '%s' (line %d) in:\n%s", first, a, then, b, out);
}

START_TEST(cecp_handshake) {
    char *out = cecp_session("quit\n");
    HAS(out, "feature done=0\n");
    const char *needed[] = {"ping=1", "setboard=1", "usermove=1", "sigint=0", "sigterm=0", "reuse=1", "analyze=1",
                            "colors=0", "memory=1", "smp=1", "myname=\"ratnik\"",
                            "variants=\"normal,buratia,japanese,belarusian,voodoo\"",
                            "option=\"MoveLimit -spin 100 0 10000\"", "option=\"Clear Hash -button\""};
    for (size_t i = 0; i < sizeof needed / sizeof *needed; i++) HAS(out, needed[i]);
    /* done=1 comes last, after every option. */
    ck_assert_int_gt(line_index(out, "feature done=1"), line_index(out, "feature option=\"Clear Hash"));
    HASNT(out, "Error");
    free(out);
}
END_TEST

START_TEST(cecp_engine_moves_chess) {
    char *out = cecp_session("new\nsd 3\npost\nusermove e2e4\n");
    HAS(out, "\nmove ");
    /* Thinking output: ply score time nodes pv. */
    int ply, score, cs;
    unsigned long long nodes;
    char pv[64];
    const char *s = strstr(out, "\n1 ");
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(sscanf(s + 1, "%d %d %d %llu %63s", &ply, &score, &cs, &nodes, pv), 5);
    free(out);
}
END_TEST

/* Each variant: setup and piece lines on `variant`, then the engine moves. */
START_TEST(cecp_variants_setup_and_move) {
    static const struct { const char *name, *setup; int pieces; } v[] = {
        {"buratia", "setup (PNBRQ.....S.Kpnbrq.....s.k) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n", 7},
        {"japanese", "setup (.NBR.S...G...HD...L.................P......K.nbr.s...g...hd...l.................p......k) 9x9+0_fairy lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1\n", 10},
        {"belarusian", "setup (.VILG.....K.........................R......A.vilg.....k.........................r......a) 9x9+0_fairy lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL w AIai - 0 1\n", 7},
        {"voodoo", "setup (PNBRQKpnbrqk) 8x8+0_fairy rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\n", 6},
    };
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
        char body[256];
        snprintf(body, sizeof body, "new\nvariant %s\nping 4\nsd 3\ngo\n", v[i].name);
        char *out = cecp_session(body);
        HAS(out, v[i].setup);
        ck_assert_int_eq(count_substr(out, "\npiece "), v[i].pieces);
        /* setup and pieces come before the pong. */
        assert_line_before(out, "setup ", "pong 4");
        assert_line_before(out, "piece ", "pong 4");
        HAS(out, "\nmove ");
        HASNT(out, "Error");
        free(out);
    }
}
END_TEST

START_TEST(cecp_errors) {
    /* Garbage and huge words neither crash nor hang the session. */
    char *big = malloc(70000);
    strcpy(big, "usermove ");
    memset(big + 9, 'a', 5000);
    strcpy(big + 5009, "\nsetboard ");
    memset(big + strlen(big), 'k', 20000);
    strcpy(big + 25019, "\n\x01\x02\xff\nlevel x y z\noption =\nmemory 0\ncores 999\nping 6\n");
    char *out = cecp_session(big);
    HAS(out, "pong 6\n");
    free(out);
    free(big);
}
END_TEST

START_TEST(cecp_ping_during_search) {
    /* A ping while the engine thinks on its move is answered after the move. */
    char *out = cecp_session("new\nsd 5\ngo\nping 9\n");
    assert_line_before(out, "move ", "pong 9");
    free(out);
    /* `?` moves at once; the ping after it comes after the move. */
    out = scripted("printf 'xboard\\nprotover 2\\nnew\\nlevel 0 60 0\\ngo\\n'; sleep 0.5; printf '?\\nping 3\\n'; sleep 0.5");
    assert_line_before(out, "move ", "pong 3");
    free(out);
    /* force while thinking: the search is dropped, no move. */
    out = scripted("printf 'xboard\\nprotover 2\\nnew\\nlevel 0 60 0\\ngo\\n'; sleep 0.3; printf 'force\\nping 4\\n'; sleep 0.3");
    HASNT(out, "move ");
    HAS(out, "pong 4\n");
    free(out);
}
END_TEST

START_TEST(cecp_analyze) {
    char *out = scripted("printf 'xboard\\nprotover 2\\nnew\\npost\\nanalyze\\n'; sleep 0.5; printf '.\\nusermove e2e4\\n'; "
                         "sleep 0.5; printf 'exit\\nping 1\\n'; sleep 0.2; printf 'quit\\n'");
    HAS(out, "\n1 ");
    HAS(out, "stat01: ");
    HAS(out, "pong 1\n");
    HASNT(out, "move ");
    HASNT(out, "Illegal");
    /* After e2e4 the analysis starts again (from depth 1) for Black. */
    const char *after = strstr(out, "stat01");
    ck_assert_ptr_nonnull(after);
    HAS(after, "\n1 ");
    free(out);
}
END_TEST

START_TEST(cecp_hint_playother) {
    /* playother: the engine plays the side not on move and answers the user's move. */
    char *out = cecp_session("new\nforce\nplayother\nsd 3\nusermove e2e4\n");
    HAS(out, "\nmove ");
    free(out);
    char *o2 = scripted("printf 'xboard\\nprotover 2\\nnew\\nsd 4\\nusermove e2e4\\n'; sleep 1; printf 'hint\\nquit\\n'");
    HAS(o2, "\nmove ");
    HAS(o2, "Hint: ");
    free(o2);
}
END_TEST

/* Scripts and what their output must hold. */
static const ScriptCheck cecp_scripts[] = {
    /* Fool's mate in force mode, moves with and without `usermove`. */
    {.name = "cecp_force_mode_game", .cecp = true,
     .input = "new\nforce\nusermove f2f3\ne7e5\nusermove g2g4\nd8h4\nping 1\n", .has = {"0-1 {Black wins: checkmate}\n", "pong 1\n"},
     .hasnt = {"move ", "Illegal"}},
    /* `go` makes the engine play the side to move; a mate in one is found and claimed. */
    {.name = "cecp_engine_moves_chess", .cecp = true,
     .input = "new\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nsd 3\ngo\n", .has = {"move a1a8\n1-0 {White wins: checkmate}\n"}},
    /* Time controls are accepted and a move comes in time. */
    {.name = "cecp_engine_moves_chess", .cecp = true,
     .input = "new\nlevel 40 0:05 0\ntime 500\notim 500\nusermove d2d4\n", .has = {"\nmove "}, .hasnt = {"Error"}},
    {.name = "cecp_engine_moves_chess", .cecp = true, .input = "new\nst 0.2\nusermove d2d4\n", .has = {"\nmove "}},
    {.name = "cecp_variants_setup_and_move", .cecp = true,
     .input = "new\nvariant normal\nping 1\n", .has = {"pong 1"}, .hasnt = {"setup"}},
    {.name = "cecp_variants_setup_and_move", .cecp = true,
     .input = "variant crazyhouse\n", .has = {"Error (unsupported variant): variant crazyhouse\n"}},
    /* The engine also answers a black move in each variant (playing Black). */
    {.name = "cecp_variant_user_moves", .cecp = true,
     .input = "new\nvariant buratia\nsd 2\nusermove b1c3\n", .has = {"\nmove "}, .hasnt = {"Illegal"}},
    {.name = "cecp_variant_user_moves", .cecp = true,
     .input = "new\nvariant japanese\nsd 2\nusermove c3c4\n", .has = {"\nmove "}, .hasnt = {"Illegal"}},
    {.name = "cecp_variant_user_moves", .cecp = true,
     .input = "new\nvariant belarusian\nsd 2\nusermove e2e3\n", .has = {"\nmove "}, .hasnt = {"Illegal"}},
    {.name = "cecp_variant_user_moves", .cecp = true,
     .input = "new\nvariant voodoo\nsd 2\nusermove e2e4\n", .has = {"\nmove "}, .hasnt = {"Illegal"}},
    {.name = "cecp_variant_claims", .cecp = true,
     .input = "variant buratia\nforce\nsetboard 7k/3K4/8/8/8/8/8/8 w - - 0 1\nusermove d7d8\n",
     .has = {"1-0 {White wins: director on the last rank}\n"}},
    {.name = "cecp_variant_claims", .cecp = true,
     .input = "variant japanese\nforce\nsetboard 4k4/9/9/9/9/9/9/4R4/4K4 w - - 0 1\nusermove e2e9\n",
     .has = {"1-0 {White wins: annihilation}\n"}},
    {.name = "cecp_variant_claims", .cecp = true,
     .input = "variant belarusian\nforce\nsetboard a8/9/9/9/9/4A4/9/9/9 w - - 0 1\nusermove e4e5\nusermove a9a8\n",
     .has = {"1-0 {White wins: throne held}\n"}},
    {.name = "cecp_variant_claims", .cecp = true,
     .input = "variant voodoo\nforce\nsetboard 4k3/4R3/8/8/8/8/p7/4K3 w - - 0 1\nusermove e7e8\n",
     .has = {"1-0 {White wins: king captured}\n"}},
    /* The move texts XBoard 4.9.1 draws and relays (docs/xboard.md), both ways:
     * the engine's own moves, and what XBoard sends back. */
    /* Japanese: promotions carry XBoard's letter (gold g, dragon king d). */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant japanese\nforce\nsetboard 4k4/9/9/2S6/R8/9/9/9/4K4 w - - 0 1\nsd 1\n"
     "usermove c6c7g\nusermove e9d9\nusermove a5a7d\nusermove d9e9\nusermove a7a8\n", .hasnt = {"Illegal"}},
    /* a suffix where the rules promote nothing */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant japanese\nforce\nsetboard 4k4/9/9/2S6/9/9/9/9/4K4 w - - 0 1\nsd 1\nusermove c6c5g\n",
     .has = {"Illegal move: c6c5g"}},
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant japanese\nsetboard 4k4/9/9/2S6/9/9/9/9/4K4 w - - 0 1\nsd 1\ngo\n", .has = {"\nmove "}},
    /* The engine's own promotion: the lone silver must promote to win quickest;
     * whatever it plays, a promotion carries `g`, never `+`. */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant japanese\nsetboard 8k/9/2S6/9/9/9/9/9/K8 w - - 0 1\nsd 2\ngo\n", .hasnt = {"+\n"}},
    /* Buratia: the shnyr is XBoard's `s`; a displacement comes back rewritten. */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant buratia\nforce\nsetboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\nusermove a7a8s\n", .hasnt = {"Illegal"}},
    /* b1d2,d2d3 and b8d7,d7d6; then the pushed pawn */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant buratia\nforce\nusermove b1d3,d2c3\nusermove b8d6,d7c6\nusermove d3d4\n", .hasnt = {"Illegal"}},
    /* the lawyer stands on d2, not d3 */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant buratia\nforce\nusermove b1d3,d2c3\nusermove d2f3\n", .hasnt = {"Illegal move: b1d3"}},
    /* Belarusian: in-place turns go out as a leg to an empty square and back,
     * and come back unchanged or as XBoard's rewrite. */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant belarusian\nforce\nsetboard 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1\nusermove c9c8,c8c9g\n", .hasnt = {"Illegal"}},
    /* five pieces to choose: ambiguous */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant belarusian\nforce\nsetboard 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1\nusermove c9c9,c8d8\n",
     .has = {"Illegal move: c9c9,c8d8"}},
    /* Inauguration: out as e9e8,e8e9a; back unchanged or as XBoard's rewrite
     * (suffix lost: the only in-place turn on e9). */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant belarusian\nsetboard 4k4/9/9/9/9/9/9/9/4A4 b - - 0 1\nsd 1\ngo\n", .has = {"\nmove e9e8,e8e9a\n"}},
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant belarusian\nforce\nsetboard 4k4/9/9/9/9/9/9/9/4A4 b - - 0 1\nusermove e9e9,e8f8\n", .hasnt = {"Illegal"}},
    /* in-place promotion to the lost hetman */
    {.name = "cecp_xboard_move_forms", .cecp = true,
     .input = "variant belarusian\nsetboard 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1\nsd 1\ngo\n", .has = {"\nmove c9c8,c8c9g\n"}},
    /* undo takes back one turn, remove two: the taken-back moves are legal again. */
    {.name = "cecp_undo_remove", .cecp = true,
     .input = "new\nforce\ne2e4\ne7e5\nundo\nusermove e7e5\nremove\nusermove e2e4\nusermove e7e6\nping 2\n", .has = {"pong 2"},
     .hasnt = {"Illegal", "Error"}},
    /* After remove, e7e5 was taken back: black's pawn is on e7 again, white to move. */
    {.name = "cecp_undo_remove", .cecp = true,
     .input = "new\nforce\ne2e4\ne7e5\ng1f3\nb8c6\nremove\nusermove e7e5\n", .has = {"Illegal move: e7e5\n"}},
    /* Nothing to undo. */
    {.name = "cecp_undo_remove", .cecp = true,
     .input = "new\nforce\nundo\n", .has = {"Error (command not legal now): undo\n"}},
    /* A compound Voodoo turn is taken back whole. */
    {.name = "cecp_undo_remove", .cecp = true,
     .input = "variant voodoo\nforce\nusermove e2e4\nusermove d7d5\nusermove xb1,g8f6,e4d5\nundo\n"
     "usermove xb1,g8f6,e4d5\nping 3\n",
     .has = {"pong 3"}, .hasnt = {"Illegal"}},
    {.name = "cecp_setboard", .cecp = true,
     .input = "new\nforce\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nusermove e2e4\nusermove e8d7\nping 1\n",
     .hasnt = {"Illegal", "tellusererror"}},
    /* A bad FEN: an error to the user, then every move is illegal until a new position. */
    {.name = "cecp_setboard", .cecp = true,
     .input = "new\nforce\nsetboard garbage\nusermove e2e4\nnew\nforce\nusermove e2e4\nping 1\n",
     .has = {"tellusererror Illegal position", "pong 1"}, .counts = {{"Illegal move", 1}}},
    {.name = "cecp_setboard", .cecp = true,
     .input = "new\nforce\nsetboard rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n", .has = {"tellusererror Illegal position"}},
    {.name = "cecp_errors", .cecp = true,
     .input = "new\nforce\nusermove e2e5\ne7e5\nfoobar\nusermove\nlevel 1 2\nping x\noption Nope=3\n"
     "option MoveLimit=abc\nsd\nedit\n#\nPa4\n.\nping 5\n",
     .has = {"Illegal move: e2e5\n", "Illegal move: e7e5\n", "Error (unknown command): foobar\n",
      "Error (missing move): usermove\n", "Error (too few parameters): level 1 2\n", "Error (bad parameter): ping x\n",
      "Error (unknown option): option Nope=3\n", "Error (MoveLimit must be an integer 0..10000): option MoveLimit=abc\n",
      "Error (bad parameter): sd\n", "pong 5\n"},
     /* edit is refused once; its sub-commands are swallowed up to ".". */
     .counts = {{"Error (command not supported, use setboard): edit\n", 1}, {"Error", 8}}},
    {.name = "cecp_options", .cecp = true,
     .input = "memory 32\ncores 2\noption MoveLimit=40\noption Clear Hash\nnew\nsd 2\ngo\n", .has = {"\nmove "}, .hasnt = {"Error"}},
};

SCRIPT_LOOP_TEST(cecp_scripted, cecp_scripts)

Suite *suite_cecp(void) {
    return suite_of("cecp",
                    LOOP_CASE("pipes", 120, LOOPS({cecp_scripted, SCRIPT_COUNT(cecp_scripts)}), cecp_handshake,
                              cecp_engine_moves_chess, cecp_variants_setup_and_move, cecp_errors,
                              cecp_ping_during_search, cecp_analyze, cecp_hint_playother),
                    NULL);
}
