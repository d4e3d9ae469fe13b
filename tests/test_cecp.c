/* Scripted CECP (XBoard protocol 2) sessions through the real binary.
 * Input that must arrive after the engine has had time to act (analyze,
 * a move made while later commands wait) goes through a shell pipeline
 * with sleeps; everything else is piped at once, followed by a ping whose
 * pong (sent after the engine's move) closes the input: its end would
 * stop a search. */
#include <stdlib.h>
#include "test_util.h"
#include "suites.h"

enum { OUT_MAX = 1 << 20 };

static const char *HELLO = "xboard\nprotover 2\n";

static const char *LAST_PING = "ping 987654\n";

static char *session(const char *body) {
    char *in = malloc(strlen(HELLO) + strlen(body) + strlen(LAST_PING) + 1), *out = malloc(OUT_MAX);
    strcpy(in, HELLO);
    strcat(in, body);
    strcat(in, LAST_PING);
    run_ratnik_until(NULL, in, strlen(in), "pong 987654", 1, out, OUT_MAX);
    free(in);
    return out;
}

/* Runs `sh -c "<script> | ./ratnik"`; the script prints the input. */
static char *scripted(const char *script) {
    char cmd[4096], *out = malloc(OUT_MAX);
    snprintf(cmd, sizeof cmd, "(%s) | %s 2>/dev/null", script, ratnik_bin());
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t len = fread(out, 1, OUT_MAX - 1, p);
    out[len] = 0;
    pclose(p);
    return out;
}

#define HAS(out, s) ck_assert_msg(strstr((out), (s)) != NULL, "missing '%s' in:\n%s", (s), (out))
#define HASNT(out, s) ck_assert_msg(strstr((out), (s)) == NULL, "unexpected '%s' in:\n%s", (s), (out))

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

START_TEST(cecp_handshake) {
    char *out = session("quit\n");
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

START_TEST(cecp_force_mode_game) {
    /* Fool's mate in force mode, moves with and without `usermove`. */
    char *out = session("new\nforce\nusermove f2f3\ne7e5\nusermove g2g4\nd8h4\nping 1\n");
    HAS(out, "0-1 {Black wins: checkmate}\n");
    HAS(out, "pong 1\n");
    HASNT(out, "move ");
    HASNT(out, "Illegal");
    free(out);
}
END_TEST

START_TEST(cecp_engine_moves_chess) {
    char *out = session("new\nsd 3\npost\nusermove e2e4\n");
    HAS(out, "\nmove ");
    /* Thinking output: ply score time nodes pv. */
    int ply, score, cs;
    unsigned long long nodes;
    char pv[64];
    const char *s = strstr(out, "\n1 ");
    ck_assert_ptr_nonnull(s);
    ck_assert_int_eq(sscanf(s + 1, "%d %d %d %llu %63s", &ply, &score, &cs, &nodes, pv), 5);
    free(out);
    /* `go` makes the engine play the side to move; a mate in one is found and claimed. */
    out = session("new\nforce\nsetboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1\nsd 3\ngo\n");
    HAS(out, "move a1a8\n1-0 {White wins: checkmate}\n");
    free(out);
    /* Time controls are accepted and a move comes in time. */
    out = session("new\nlevel 40 0:05 0\ntime 500\notim 500\nusermove d2d4\n");
    HAS(out, "\nmove ");
    HASNT(out, "Error");
    free(out);
    out = session("new\nst 0.2\nusermove d2d4\n");
    HAS(out, "\nmove ");
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
        char *out = session(body);
        HAS(out, v[i].setup);
        ck_assert_int_eq(count_substr(out, "\npiece "), v[i].pieces);
        /* setup and pieces come before the pong. */
        ck_assert_int_lt(line_index(out, "setup "), line_index(out, "pong 4"));
        ck_assert_int_lt(line_index(out, "piece "), line_index(out, "pong 4"));
        HAS(out, "\nmove ");
        HASNT(out, "Error");
        free(out);
    }
    char *out = session("new\nvariant normal\nping 1\n");
    HASNT(out, "setup");
    HAS(out, "pong 1");
    free(out);
    out = session("variant crazyhouse\n");
    HAS(out, "Error (unsupported variant): variant crazyhouse\n");
    free(out);
}
END_TEST

/* The engine also answers a black move in each variant (playing Black). */
START_TEST(cecp_variant_user_moves) {
    static const struct { const char *name, *move; } v[] = {
        {"buratia", "b1c3"}, {"japanese", "c3c4"}, {"belarusian", "e2e3"}, {"voodoo", "e2e4"}};
    for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
        char body[256];
        snprintf(body, sizeof body, "new\nvariant %s\nsd 2\nusermove %s\n", v[i].name, v[i].move);
        char *out = session(body);
        HAS(out, "\nmove ");
        HASNT(out, "Illegal");
        free(out);
    }
}
END_TEST

START_TEST(cecp_variant_claims) {
    char *out = session("variant buratia\nforce\nsetboard 7k/3K4/8/8/8/8/8/8 w - - 0 1\nusermove d7d8\n");
    HAS(out, "1-0 {White wins: director on the last rank}\n");
    free(out);
    out = session("variant japanese\nforce\nsetboard 4k4/9/9/9/9/9/9/4R4/4K4 w - - 0 1\nusermove e2e9\n");
    HAS(out, "1-0 {White wins: annihilation}\n");
    free(out);
    out = session("variant belarusian\nforce\nsetboard a8/9/9/9/9/4A4/9/9/9 w - - 0 1\nusermove e4e5\nusermove a9a8\n");
    HAS(out, "1-0 {White wins: throne held}\n");
    free(out);
    out = session("variant voodoo\nforce\nsetboard 4k3/4R3/8/8/8/8/p7/4K3 w - - 0 1\nusermove e7e8\n");
    HAS(out, "1-0 {White wins: king captured}\n");
    free(out);
}
END_TEST

/* The move texts XBoard 4.9.1 draws and relays (docs/xboard.md), both ways:
 * the engine's own moves, and what XBoard sends back. */
START_TEST(cecp_xboard_move_forms) {
    /* Japanese: promotions carry XBoard's letter (gold g, dragon king d). */
    char *out = session("variant japanese\nforce\nsetboard 4k4/9/9/2S6/R8/9/9/9/4K4 w - - 0 1\nsd 1\n"
                        "usermove c6c7g\nusermove e9d9\nusermove a5a7d\nusermove d9e9\nusermove a7a8\n");
    HASNT(out, "Illegal");
    free(out);
    out = session("variant japanese\nforce\nsetboard 4k4/9/9/2S6/9/9/9/9/4K4 w - - 0 1\nsd 1\nusermove c6c5g\n");
    HAS(out, "Illegal move: c6c5g"); /* a suffix where the rules promote nothing */
    free(out);
    out = session("variant japanese\nsetboard 4k4/9/9/2S6/9/9/9/9/4K4 w - - 0 1\nsd 1\ngo\n");
    HAS(out, "\nmove ");
    free(out);
    /* The engine's own promotion: the lone silver must promote to win quickest;
     * whatever it plays, a promotion carries `g`, never `+`. */
    out = session("variant japanese\nsetboard 8k/9/2S6/9/9/9/9/9/K8 w - - 0 1\nsd 2\ngo\n");
    HASNT(out, "+\n");
    free(out);
    /* Buratia: the shnyr is XBoard's `s`; a displacement comes back rewritten. */
    out = session("variant buratia\nforce\nsetboard 4k3/P7/8/8/8/8/8/4K3 w - - 0 1\nusermove a7a8s\n");
    HASNT(out, "Illegal");
    free(out);
    out = session("variant buratia\nforce\nusermove b1d3,d2c3\nusermove b8d6,d7c6\nusermove d3d4\n");
    HASNT(out, "Illegal"); /* b1d2,d2d3 and b8d7,d7d6; then the pushed pawn */
    free(out);
    out = session("variant buratia\nforce\nusermove b1d3,d2c3\nusermove d2f3\n");
    HASNT(out, "Illegal move: b1d3"); /* the lawyer stands on d2, not d3 */
    free(out);
    /* Belarusian: in-place turns go out as a leg to an empty square and back,
     * and come back unchanged or as XBoard's rewrite. */
    out = session("variant belarusian\nforce\nsetboard 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1\nusermove c9c8,c8c9g\n");
    HASNT(out, "Illegal");
    free(out);
    out = session("variant belarusian\nforce\nsetboard 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1\nusermove c9c9,c8d8\n");
    HAS(out, "Illegal move: c9c9,c8d8"); /* five pieces to choose: ambiguous */
    free(out);
    /* Inauguration: out as e9e8,e8e9a; back unchanged or as XBoard's rewrite
     * (suffix lost: the only in-place turn on e9). */
    out = session("variant belarusian\nsetboard 4k4/9/9/9/9/9/9/9/4A4 b - - 0 1\nsd 1\ngo\n");
    HAS(out, "\nmove e9e8,e8e9a\n");
    free(out);
    out = session("variant belarusian\nforce\nsetboard 4k4/9/9/9/9/9/9/9/4A4 b - - 0 1\nusermove e9e9,e8f8\n");
    HASNT(out, "Illegal");
    free(out);
    out = session("variant belarusian\nsetboard 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1\nsd 1\ngo\n");
    HAS(out, "\nmove c9c8,c8c9g\n"); /* in-place promotion to the lost hetman */
    free(out);
}
END_TEST

START_TEST(cecp_undo_remove) {
    /* undo takes back one turn, remove two: the taken-back moves are legal again. */
    char *out = session("new\nforce\ne2e4\ne7e5\nundo\nusermove e7e5\nremove\nusermove e2e4\nusermove e7e6\nping 2\n");
    HASNT(out, "Illegal");
    HASNT(out, "Error");
    HAS(out, "pong 2");
    free(out);
    /* After remove, e7e5 was taken back: black's pawn is on e7 again, white to move. */
    out = session("new\nforce\ne2e4\ne7e5\ng1f3\nb8c6\nremove\nusermove e7e5\n");
    HAS(out, "Illegal move: e7e5\n");
    free(out);
    /* Nothing to undo. */
    out = session("new\nforce\nundo\n");
    HAS(out, "Error (command not legal now): undo\n");
    free(out);
    /* A compound Voodoo turn is taken back whole. */
    out = session("variant voodoo\nforce\nusermove e2e4\nusermove d7d5\nusermove xb1,g8f6,e4d5\nundo\n"
                  "usermove xb1,g8f6,e4d5\nping 3\n");
    HASNT(out, "Illegal");
    HAS(out, "pong 3");
    free(out);
}
END_TEST

START_TEST(cecp_setboard) {
    char *out = session("new\nforce\nsetboard 4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\nusermove e2e4\nusermove e8d7\nping 1\n");
    HASNT(out, "Illegal");
    HASNT(out, "tellusererror");
    free(out);
    /* A bad FEN: an error to the user, then every move is illegal until a new position. */
    out = session("new\nforce\nsetboard garbage\nusermove e2e4\nnew\nforce\nusermove e2e4\nping 1\n");
    HAS(out, "tellusererror Illegal position");
    ck_assert_int_eq(count_substr(out, "Illegal move"), 1);
    HAS(out, "pong 1");
    free(out);
    out = session("new\nforce\nsetboard rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    HAS(out, "tellusererror Illegal position");
    free(out);
}
END_TEST

START_TEST(cecp_errors) {
    char *out = session("new\nforce\nusermove e2e5\ne7e5\nfoobar\nusermove\nlevel 1 2\nping x\noption Nope=3\n"
                        "option MoveLimit=abc\nsd\nedit\n#\nPa4\n.\nping 5\n");
    HAS(out, "Illegal move: e2e5\n");
    HAS(out, "Illegal move: e7e5\n");
    HAS(out, "Error (unknown command): foobar\n");
    HAS(out, "Error (missing move): usermove\n");
    HAS(out, "Error (too few parameters): level 1 2\n");
    HAS(out, "Error (bad parameter): ping x\n");
    HAS(out, "Error (unknown option): option Nope=3\n");
    HAS(out, "Error (MoveLimit must be an integer 0..10000): option MoveLimit=abc\n");
    HAS(out, "Error (bad parameter): sd\n");
    /* edit is refused once; its sub-commands are swallowed up to ".". */
    ck_assert_int_eq(count_substr(out, "Error (command not supported, use setboard): edit\n"), 1);
    ck_assert_int_eq(count_substr(out, "Error"), 8);
    HAS(out, "pong 5\n");
    free(out);
    /* Garbage and huge words neither crash nor hang the session. */
    char *big = malloc(70000);
    strcpy(big, "usermove ");
    memset(big + 9, 'a', 5000);
    strcpy(big + 5009, "\nsetboard ");
    memset(big + strlen(big), 'k', 20000);
    strcpy(big + 25019, "\n\x01\x02\xff\nlevel x y z\noption =\nmemory 0\ncores 999\nping 6\n");
    out = session(big);
    HAS(out, "pong 6\n");
    free(out);
    free(big);
}
END_TEST

START_TEST(cecp_options) {
    char *out = session("memory 32\ncores 2\noption MoveLimit=40\noption Clear Hash\nnew\nsd 2\ngo\n");
    HASNT(out, "Error");
    HAS(out, "\nmove ");
    free(out);
}
END_TEST

START_TEST(cecp_ping_during_search) {
    /* A ping while the engine thinks on its move is answered after the move. */
    char *out = session("new\nsd 5\ngo\nping 9\n");
    int mv = line_index(out, "move "), pong = line_index(out, "pong 9");
    ck_assert_int_ge(mv, 0);
    ck_assert_int_gt(pong, mv);
    free(out);
    /* `?` moves at once; the ping after it comes after the move. */
    out = scripted("printf 'xboard\\nprotover 2\\nnew\\nlevel 0 60 0\\ngo\\n'; sleep 0.5; printf '?\\nping 3\\n'; sleep 0.5");
    mv = line_index(out, "move ");
    pong = line_index(out, "pong 3");
    ck_assert_int_ge(mv, 0);
    ck_assert_int_gt(pong, mv);
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
    char *out = session("new\nforce\nplayother\nsd 3\nusermove e2e4\n");
    HAS(out, "\nmove ");
    free(out);
    char *o2 = scripted("printf 'xboard\\nprotover 2\\nnew\\nsd 4\\nusermove e2e4\\n'; sleep 1; printf 'hint\\nquit\\n'");
    HAS(o2, "\nmove ");
    HAS(o2, "Hint: ");
    free(o2);
}
END_TEST

Suite *suite_cecp(void) {
    return suite_of("cecp",
                    CASE("pipes", 120, cecp_handshake, cecp_force_mode_game, cecp_engine_moves_chess,
                         cecp_variants_setup_and_move, cecp_variant_user_moves, cecp_variant_claims, cecp_undo_remove,
                         cecp_setboard, cecp_errors, cecp_options, cecp_ping_during_search, cecp_analyze,
                         cecp_hint_playother, cecp_xboard_move_forms),
                    NULL);
}
