/* Buratia (RULES.md section 2): one test per rule and ruling, FEN and move
 * input checks, bribes, and the differential test against the independent
 * reference generator tests/ref_buratia.c. */
#include <stdio.h>
#include "../variants/buratia.h"
#include "differential.h"
#include "rules_file.h"
#include "ref_buratia.h"
#include "test_util.h"
#include "../variants/registry.h"
#include "suites.h"

#define RULES (&ref_buratia)
RULES_FILE_TEST("buratia")
#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"

static const Variant *bur(void) { return variant_find("buratia"); }

/* The result of fen under a move limit, engine and reference alike, and
 * whether the engine calls it a win on advantage. */
static void assert_result_limit(const char *fen, int limit, const char *expect, bool advantage) {
    Position pos = rules_load(RULES, fen);
    pos.move_limit = (uint16_t)limit;
    char got[RULES_RESULT_MAX], ref[RULES_RESULT_MAX];
    rules_result(&pos, got, sizeof got);
    ck_assert_msg(!strcmp(got, expect), "%s (limit %d): engine '%s', expected '%s'", fen, limit, got, expect);
    ref_buratia_result_limit(fen, limit, ref, sizeof ref);
    ck_assert_msg(!strcmp(ref, expect), "%s (limit %d): reference '%s', expected '%s'", fen, limit, ref, expect);
    Outcome o;
    pos.v->outcome(&pos, &o);
    ck_assert_int_eq(o.advantage, advantage);
    Move moves[MAX_MOVES];
    ck_assert_int_eq(pos.v->generate(&pos, moves) == 0, o.code != RES_NONE); /* a finished game has no moves */
}

static void assert_result(const char *fen, const char *expect, bool advantage) {
    ASSERT_RESULT(fen, expect);
    assert_result_limit(fen, REF_BURATIA_DEFAULT_LIMIT, expect, advantage);
}

/* ------------------------------------------------------------ slaves */

START_TEST(test_start_position) {
    ASSERT_MOVES(START, "",
                 "a2a3 a2a4 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h2h3 h2h4 "
                 "b1a3 b1c3 b1d2,d2c3 b1d2,d2d3 b1d2,d2e3 g1f3 g1h3 g1e2,e2d3 g1e2,e2e3 g1e2,e2f3");
    ASSERT_ROUND_TRIP(START, NULL);
    ck_assert_str_eq(bur()->start_fen, START);
    char res[64];
    ck_assert_int_eq(ref_buratia.result(START, res, sizeof res), 0);
}
END_TEST

/* [ruling] the double step depends only on the rank the slave stands on. */
START_TEST(test_double_step_after_displacement) {
    const char *fen = "4k3/8/8/8/8/5P2/8/4K1N1[] w - - 0 1";
    ASSERT_MOVES(fen, "f3", "f3f4");
    ck_assert(rules_has_turn(RULES, fen, "g1f3,f3e2"));
    ASSERT_AFTER(fen, "g1f3,f3e2 e8d8", "3k4/8/8/8/8/5N2/4P3/4K3[] w - - 2 2");
    ASSERT_MOVES("3k4/8/8/8/8/5N2/4P3/4K3[] w - - 2 2", "e2", "e2e3 e2e4");
    /* A white slave pushed back onto rank 1 only steps, it never double-steps. */
    ASSERT_MOVES("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1", "a1", "a1a2");
}
END_TEST

/* ------------------------------------------------------------ shnyr */

/* ------------------------------------------------------------ lawyer */

START_TEST(test_lawyer_never_captures) {
    const char *fen = "4k3/8/8/8/8/2r5/8/1N2K3[] w - - 0 1";
    ck_assert(!rules_has_turn(RULES, fen, "b1c3"));
    ASSERT_REJECTED(fen, "b1c3", "lawyer never captures");
    ASSERT_AFTER(fen, "b1c3,c3c4", "4k3/8/8/8/2r5/2N5/8/4K3[] b - - 1 1"); /* no holdings change */
}
END_TEST

/* ------------------------------------------------------------ secretary */

START_TEST(test_secretary_never_captured) {
    /* Black's secretary on d5 is next to a director, a shnyr, a slave, on a
     * boss's file, a foreman's diagonal and a lawyer's jump: nothing takes it. */
    const char *fen = "B3k3/8/8/R2q4/2KP+P3/4N3/8/8[] w - - 0 1";
    char got[8192];
    rules_moves_from(RULES, fen, "", got, sizeof got);
    ck_assert_msg(!strstr(got, "d5"), "a move touches the secretary: %s", got);
    ASSERT_REJECTED(fen, "a5d5", "secretary");
    ASSERT_REJECTED(fen, "a8d5", "secretary");
    ASSERT_REJECTED(fen, "c4d5", "secretary");
    ASSERT_REJECTED(fen, "e4d5", "secretary");
    ASSERT_REJECTED(fen, "e3d5,d5d6", "secretary");
}
END_TEST

/* ------------------------------------------------------------ director, boss, foreman */

/* No check: a director may stand attacked, walk into attack, and be taken. */
START_TEST(test_no_check) {
    const char *fen = "4k3/8/8/8/8/8/3r4/4K3[] w - - 0 1";
    ASSERT_MOVES(fen, "e1", "e1d1 e1f1 e1d2 e1e2 e1f2");
    ASSERT_PLAYS(fen, "e1f1 d2d1");
    ASSERT_AFTER("4k3/8/8/8/8/8/8/r3K3[] b - - 0 1", "a1e1", "4k3/8/8/8/8/8/8/4r3[K] w - - 0 2");
    /* The game goes on without White's director. */
    assert_result("4k3/8/8/8/8/8/P7/4r3[K] w - - 0 2", "none", false);
    ASSERT_MOVES("4k3/8/8/8/8/8/P7/4r3[K] w - - 0 2", "", "a2a3 a2a4");
}
END_TEST

/* ------------------------------------------------------------ goal */

START_TEST(test_goal_by_own_move) {
    const char *fen = "1r6/2K5/8/8/8/8/5k2/8[] w - - 0 10";
    ck_assert(rules_has_turn(RULES, fen, "c7c8"));
    ASSERT_AFTER(fen, "c7c8", "1rK5/8/8/8/8/8/5k2/8[] b - - 1 10");
    assert_result("1rK5/8/8/8/8/8/5k2/8[] b - - 1 10", "1-0 director on the last rank", false);
    assert_result("1r6/2K5/8/8/8/8/8/4k3[] w - - 0 10", "0-1 director on the last rank", false);
    /* Capturing onto the last rank counts too. */
    ASSERT_AFTER(fen, "c7b8", "1K6/8/8/8/8/8/5k2/8[r] b - - 0 10");
    assert_result("1K6/8/8/8/8/8/5k2/8[r] b - - 0 10", "1-0 director on the last rank", false);
}
END_TEST

/* [ruling] however the director got there: displaced by its own lawyer or by the enemy's. */
START_TEST(test_goal_by_displacement) {
    const char *fen = "8/3K4/1N6/8/8/8/4k3/2n5[] w - - 0 1";
    ASSERT_AFTER(fen, "b6d7,d7d8", "3K4/3N4/8/8/8/8/4k3/2n5[] b - - 1 1");
    assert_result("3K4/3N4/8/8/8/8/4k3/2n5[] b - - 1 1", "1-0 director on the last rank", false);
    /* Black's lawyer pushes White's director onto rank 8: White wins. */
    const char *fen2 = "8/3K4/8/4n3/8/8/4k3/8[] b - - 0 1";
    ASSERT_AFTER(fen2, "e5d7,d7c8", "2K5/3n4/8/8/8/8/4k3/8[] w - - 1 2");
    assert_result("2K5/3n4/8/8/8/8/4k3/8[] w - - 1 2", "1-0 director on the last rank", false);
    /* Black's own lawyer: Black wins. */
    ASSERT_AFTER(fen, "b6c8 c1e2,e2d1", "2N5/3K4/8/8/8/8/4n3/3k4[] w - - 2 2");
    assert_result("2N5/3K4/8/8/8/8/4n3/3k4[] w - - 2 2", "0-1 director on the last rank", false);
}
END_TEST

/* [ruling] both directors on their far ranks: White's is checked first. */
START_TEST(test_goal_white_first) {
    assert_result("4K3/8/8/8/8/8/8/4k3[] w - - 0 5", "1-0 director on the last rank", false);
    assert_result("4K3/8/8/8/8/8/8/4k3[] b - - 0 5", "1-0 director on the last rank", false);
}
END_TEST

/* ------------------------------------------------------------ game length */

START_TEST(test_move_limit) {
    /* Not yet: Black's 100th move has not been played. */
    assert_result("4k3/8/8/8/8/8/8/4K3[] b - - 0 100", "none", false);
    assert_result("4k3/8/8/8/8/8/8/4K3[] w - - 0 101", "1/2-1/2 move limit", false);
    ASSERT_AFTER("4k3/8/8/8/8/8/8/4K3[] b - - 0 100", "e8d8", "3k4/8/8/8/8/8/8/4K3[] w - - 1 101");
    assert_result("3k4/8/8/8/8/8/8/4K3[] w - - 1 101", "1/2-1/2 move limit", false);
    /* Exactly one director left: a win on advantage. */
    assert_result("8/8/8/8/8/8/8/4K3[k] w - - 0 101", "1-0 move limit, advantage", true);
    assert_result("4k3/p7/8/8/8/8/P7/8[K] w - - 0 101", "0-1 move limit, advantage", true);
    assert_result("8/p7/8/8/8/8/P7/8[Kk] w - - 0 101", "1/2-1/2 move limit", false);
    /* The option: any limit, 0 for none. */
    assert_result_limit("4k3/8/8/8/8/8/8/4K3[] w - - 0 11", 10, "1/2-1/2 move limit", false);
    assert_result_limit("4k3/8/8/8/8/8/8/4K3[] w - - 0 10", 10, "none", false);
    assert_result_limit("4k3/8/8/8/8/8/8/4K3[] w - - 0 500", 0, "none", false);
    Position pos = rules_load(RULES, START);
    ck_assert_int_eq(pos.move_limit, 100);
    ck_assert_int_eq(bur()->default_move_limit, 100);
    /* A far-rank director beats the move limit. */
    assert_result("4K3/8/8/8/8/8/8/8[k] w - - 0 101", "1-0 director on the last rank", false);
}
END_TEST

/* [ruling] a side to move without a legal move: the advantage/draw rule. */
START_TEST(test_no_legal_move) {
    assert_result("7k/8/8/8/8/8/rb6/Qn6[K] w - - 0 1", "0-1 no legal move, advantage", true);
    assert_result("8/8/8/8/8/8/rb6/Qn6[Kk] w - - 0 1", "1/2-1/2 no legal move", false);   /* no director */
    assert_result("7k/8/8/8/8/8/rb4qq/Qn4qK[] w - - 0 1", "1/2-1/2 no legal move", false); /* both */
    assert_result("7k/8/8/8/8/8/rb6/Qn6[K] b - - 0 1", "none", false);
}
END_TEST

/* ------------------------------------------------------------ holdings, clock, FEN */

START_TEST(test_fen_round_trips) {
    static const char *const fens[] = {
        START,
        "r3k2r/p1+P3p1/8/3n4/8/8/P1+p3P1/R3K2R[NPn] b - - 0 30",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w - f6 0 3",
    };
    for (int i = 0; i < 3; i++) ASSERT_ROUND_TRIP(fens[i], NULL);
    ASSERT_ROUND_TRIP("8/8/8/8/8/8/8/8[Kk] w - - 3 120", NULL);
    ASSERT_ROUND_TRIP("8/8/8/8/8/8/8/8[] b - - 0 1", NULL);
}
END_TEST

/* Through the real binary: each bad input gets one `info string error:`
 * line, and `d` shows the holdings and the result with its reason. */
START_TEST(test_uci_errors_and_display) {
    static const char input[] =
        "setoption name UCI_Variant value buratia\n"
        "position fen 4k3/8/8/8/8/8/8/4K3[X] w - - 0 1\n"
        "position fen 4k3/8/8/8/2rp4/3P4/1N6/4K3[] w - - 0 1 moves b2d3,d3c4\n"
        "position fen 4k3/8/8/8/8/2p5/8/1N2K3[] w - - 0 1 moves b1c3\n"
        "position fen 4k3/8/8/2r5/3P4/8/8/4K3[] w - - 0 1 moves d4c5\n"
        "position fen 4k3/8/8/8/4q3/8/4R3/4K3[] w - - 0 1 moves e2e4\n"
        "position fen 8/8/8/8/8/8/8/4K3[k] w - - 0 101\n"
        "d\n"
        "quit\n";
    char out[16384];
    run_ratnik("", input, sizeof input - 1, out, sizeof out);
    ck_assert_msg(count_substr(out, "info string error: ") == 5, "%s", out);
    ck_assert_msg(strstr(out, "holdings: 'X'"), "%s", out);
    ck_assert_msg(strstr(out, "c4 is occupied"), "%s", out);
    ck_assert_msg(strstr(out, "lawyer never captures"), "%s", out);
    ck_assert_msg(strstr(out, "slave captures only"), "%s", out);
    ck_assert_msg(strstr(out, "secretary"), "%s", out);
    ck_assert_msg(strstr(out, "Holdings: [k]"), "%s", out);
    ck_assert_msg(strstr(out, "Result: 1-0 move limit, advantage"), "%s", out);
}
END_TEST

/* ------------------------------------------------------------ bribes */

/* After e2e4 d7d5 b1c3 d5e4: Black holds a white slave. */
#define BRIBE_FEN "rnbqkbnr/ppp1pppp/8/8/4p3/2N5/PPPP1PPP/R1BQKBNR[P] w - - 0 3"

static const TurnCase refrain_turns[] = {
    {BRIBE_FEN, "P@b1", "rnbqkbnr/ppp1pppp/8/8/4p3/2N5/PPPP1PPP/RPBQKBNR[] b - - 1 3", NULL},
    {BRIBE_FEN, "N@b1", NULL, "holds no white lawyer"},
    {BRIBE_FEN, "P@c3", NULL, "home rank"},
    {BRIBE_FEN, "P@a1", NULL, "not empty"},
    {BRIBE_FEN, "p@b1", NULL, "illegal"},
    /* A captured director is one of Y's pieces too: it may be paid back. */
    {"4k3/8/8/8/8/8/P7/r7[K] w - - 0 9", "K@e1", "4k3/8/8/8/8/8/P7/r3K3[] b - - 1 9", NULL},
    {"4k3/8/8/8/8/8/P7/r7[K] w - - 0 9", "Q@e1", NULL, "holds no white secretary"},
};

START_TEST(test_bribe_refrain) {
    ASSERT_TURNS(refrain_turns);
    /* The rule-layer function names the move refrained from. */
    Position pos = rules_load(RULES, BRIBE_FEN);
    Move m, named = move_simple(8 * 1 + 3, 8 * 3 + 3); /* d2d4 */
    char err[128] = "";
    ck_assert_msg(buratia_refrain(&pos, named, BUR_SLAVE, 1, &m, err, sizeof err), "%s", err);
    ck_assert_int_eq(move_kind(m), MK_DROP);
    ck_assert(!buratia_refrain(&pos, move_simple(11, 35), BUR_SLAVE, 1, &m, err, sizeof err)); /* d2d5: not legal */
    ck_assert(strstr(err, "not legal"));
    ck_assert(!buratia_refrain(&pos, named, BUR_LAWYER, 1, &m, err, sizeof err));
    ck_assert(buratia_payment_ok(&pos, WHITE, BUR_SLAVE, 1, err, sizeof err));
    ck_assert(!buratia_payment_ok(&pos, BLACK, BUR_SLAVE, 57, err, sizeof err));
}
END_TEST

static const TurnCase purchase_turns[] = {
    {BRIBE_FEN, "P@b1,d2d4", "rnbqkbnr/ppp1pppp/8/8/3Pp3/2N5/PPP2PPP/RPBQKBNR[] b - d3 0 3", NULL},
    {BRIBE_FEN, "P@b1,f1b5", "rnbqkbnr/ppp1pppp/8/1B6/4p3/2N5/PPPP1PPP/RPBQK1NR[] b - - 1 3", NULL},
    {BRIBE_FEN, "P@b1,d2d5", NULL, "not a legal move"},
    /* The named move must stay legal once the piece stands on its square. */
    {BRIBE_FEN, "P@b1,a1b1", NULL, "once the piece is placed"},
    {"4k3/8/8/8/8/8/8/R3K3[P] w - - 0 1", "P@b1,a1c1", NULL, "once the piece is placed"},
    {"4k3/8/8/8/8/8/8/R3K3[P] w - - 0 1", "P@b1,a1a8", "R3k3/8/8/8/8/8/8/1P2K3[] b - - 1 1", NULL},
    /* A purchased lawyer push: payment, then the displacement. */
    {BRIBE_FEN, "P@b1,c3e4,e4e5", "rnbqkbnr/ppp1pppp/8/4p3/4N3/8/PPPP1PPP/RPBQKBNR[] b - - 1 3", NULL},
    {BRIBE_FEN, "P@b1,c3e4,e4d5x", NULL, ""},
    /* A purchased en passant capture still takes the slave behind. */
    {"4k3/8/8/4pP2/8/8/8/4K3[P] w - e6 0 1", "P@a1,f5e6", "4k3/8/4P3/8/8/8/8/P3K3[p] b - - 0 1", NULL},
    {BRIBE_FEN, "N@b1,d2d4", NULL, "holds no"},
};

START_TEST(test_bribe_purchase) {
    ASSERT_TURNS(purchase_turns);
    Position pos = rules_load(RULES, BRIBE_FEN);
    Move m;
    char err[128];
    ck_assert(buratia_purchase(&pos, move_simple(11, 27), BUR_SLAVE, 1, &m, err, sizeof err));
    ck_assert_int_eq(move_kind(m), MK_PURCHASE);
    char str[MOVE_STR_MAX];
    move_to_str(&pos, m, str);
    ck_assert_str_eq(str, "P@b1,d2d4");
}
END_TEST

/* BRIBES.md's example: after e2e4 d7d5 b1c3 d5e4 d2d3 c8g4, Black takes back c8g4. */
START_TEST(test_bribe_takeback) {
    const char *before = "rnbqkbnr/ppp1pppp/8/8/4p3/2NP4/PPP2PPP/R1BQKBNR[P] b - - 0 3";
    ASSERT_AFTER(START, "e2e4 d7d5 b1c3 d5e4 d2d3", before);
    ASSERT_AFTER(before, "+P@b1", "rnbqkbnr/ppp1pppp/8/8/4p3/2NP4/PPP2PPP/RPBQKBNR[] b - - 0 3");
    ASSERT_PLAYS(before, "+P@b1 c8g4");
    ASSERT_REJECTED(before, "+P@c1", "not empty");
    ASSERT_REJECTED(before, "+P@b8", "home rank");
    ASSERT_REJECTED(before, "+N@b1", "holds no");
    /* The payment keeps the en passant square and the counters. */
    ASSERT_AFTER("4k3/3p4/8/8/4P3/8/8/4K3[N] b - e3 3 7", "+N@b1", "4k3/3p4/8/8/4P3/8/8/1N2K3[] b - e3 3 7");
    Position pos = rules_load(RULES, before);
    Move m;
    char err[128];
    ck_assert(buratia_takeback(&pos, BUR_SLAVE, 1, &m, err, sizeof err));
    ck_assert_int_eq(move_kind(m), MK_TAKEBACK);
    /* The piece captured by the taken-back move is no longer held: after
     * undoing d5e4, Black holds nothing to pay with. */
    Position undone = rules_load(RULES, "rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR[] b - - 1 2");
    ck_assert(!buratia_takeback(&undone, BUR_SLAVE, 1, &m, err, sizeof err));
}
END_TEST

START_TEST(test_bribes_never_generated) {
    char got[8192];
    rules_moves_from(RULES, "4k3/8/8/8/8/8/8/4K3[RBNPrbnp] w - - 0 1", "", got, sizeof got);
    ck_assert_msg(!strchr(got, '@'), "%s", got);
    Position pos = rules_load(RULES, "4k3/8/8/8/8/8/8/4K3[RBNPrbnp] w - - 0 1");
    ck_assert_uint_eq(perft(&pos, 1), 5);
    /* A game that is over takes no bribe either. */
    ASSERT_REJECTED("4K3/8/8/8/8/8/8/4k3[p] b - - 0 5", "P@a8", "over");
}
END_TEST

/* ------------------------------------------------------------ perft */

static const char *const PERFT_FENS[] = {
    START,
    "r1bqkb1r/pppppppp/2n2n2/8/3NN3/8/PPPPPPPP/R1BQKB1R[] w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w - f6 0 3",
    "3k4/2P3P1/8/1N6/8/8/5p2/4K3[] w - - 0 1",
    "1r6/2K5/8/8/3n4/8/5k2/1R6[] w - - 0 10",
    "8/3K4/1N6/8/8/8/4k3/2n5[] b - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 100",
    "4k3/1p6/3q4/1r3N2/3Q4/2B5/6P1/4K3[] w - - 0 1",
    "r3k2r/p1+P3p1/8/3n4/8/8/P1+p3P1/R3K2R[PNn] b - - 0 30",
    "4k3/pppppppp/8/8/8/8/8/R6R[K] w - - 0 40",
    "4k3/8/8/2rqb3/3P4/1n6/P1K5/8[] w - - 0 1",
    "4k3/8/1n6/3p4/8/3P4/8/2N1K3[] w - - 0 1",
    "r1b1k2r/ppp2ppp/2n5/3qp3/1b1PP3/2N2N2/PP3PPP/R1BQK2R[Bp] w - - 2 7",
};
enum { PERFT_FEN_NB = sizeof PERFT_FENS / sizeof PERFT_FENS[0] };

START_TEST(test_perft_matches_reference) {
    for (int i = 0; i < PERFT_FEN_NB; i++) rules_assert_perft(RULES, PERFT_FENS[i], 3);
    Position pos = rules_load(RULES, START);
    ck_assert_uint_eq(perft(&pos, 4), 534581);
}
END_TEST

/* ------------------------------------------------------------ differential */

typedef struct {
    long tried, taken;
} BribeCounts;

/* One move in eight, a bribe token made at random (often illegal) is tried
 * on both sides instead; an accepted one is played half the time. */
static bool random_bribe(void *ctx, const char *fen, const Position *pos, const TurnList *moves, uint64_t *rng,
                         Position *next) {
    BribeCounts *bc = ctx;
    if (test_rng_next(rng) % 8) return false;
    static const char letters[] = "KQRBNP";
    char token[TURN_STR_MAX];
    int kind = (int)(test_rng_next(rng) % 3);
    char letter = letters[test_rng_next(rng) % 6];
    int file = (int)(test_rng_next(rng) % 8);
    int home = (kind == 2 ? pos->side ^ 1 : pos->side) == WHITE ? 1 : 8;
    int rank = test_rng_next(rng) % 5 ? home : (int)(test_rng_next(rng) % 8) + 1;
    if (kind == 0) snprintf(token, sizeof token, "%c@%c%d", letter, 'a' + file, rank);
    else if (kind == 1)
        snprintf(token, sizeof token, "%c@%c%d,%s", letter, 'a' + file, rank,
                 moves->turn[test_rng_next(rng) % (uint64_t)moves->n]);
    else snprintf(token, sizeof token, "+%c@%c%d", letter, 'a' + file, rank);
    bc->tried++;
    if (!diff_try_turn(RULES, fen, pos, token, next)) return false;
    bc->taken++;
    return test_rng_next(rng) % 2 == 0;
}

START_TEST(test_differential_random_play) {
    uint64_t rng = 0x6275726174696121ull;
    BribeCounts bribes = {0, 0};
    DiffSpec spec = {.ref = RULES, .detour = random_bribe, .ctx = &bribes};
    DiffStats st = {0, 0, 0};
    diff_play(&spec, START, 12000, 400, &rng, &st);
    for (int i = 1; i < PERFT_FEN_NB; i++) diff_play(&spec, PERFT_FENS[i], 800, 400, &rng, &st);
    printf("buratia differential: %ld positions, %ld finished games, %ld bribes tried, %ld accepted\n", st.positions,
           st.finished, bribes.tried, bribes.taken);
    ck_assert_int_ge(st.positions, 20000);
    ck_assert_int_gt(st.finished, 10);
    ck_assert_int_gt(bribes.taken, 50);
    ck_assert_int_gt(bribes.tried - bribes.taken, 50);
}
END_TEST

Suite *suite_buratia(void) {
    return suite_of(
        "buratia",
        LOOP_CASE("rules", 0, LOOPS(RULES_FILE_LOOP), test_start_position, test_double_step_after_displacement,
                  test_lawyer_never_captures, test_secretary_never_captured, test_no_check, test_goal_by_own_move,
                  test_goal_by_displacement, test_goal_white_first, test_move_limit, test_no_legal_move),
        CASE("input", 0, test_fen_round_trips, test_uci_errors_and_display),
        CASE("bribes", 0, test_bribe_refrain, test_bribe_purchase, test_bribe_takeback, test_bribes_never_generated),
        SLOW_CASE("differential", 120, test_perft_matches_reference, test_differential_random_play), NULL);
}
