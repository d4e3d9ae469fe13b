/* Tests for `belarusian` (RULES.md section 4): one test per rule and ruling,
 * FEN handling and malformed input, perft against the reference, and the
 * differential test against the independent reference generator in
 * ref_belarusian.c. */
#include <stdio.h>
#include "differential.h"
#include "ref_belarusian.h"
#include "test_util.h"
#include "../variants/registry.h"
#include "suites.h"

#define RULES (&ref_belarusian)
#define START "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL w AIai - 0 1"

static const Variant *by(void) { return variant_find("belarusian"); }

/* A rejected move leaves an error text and the position untouched. */
static void assert_rejected(const char *fen, const char *move) { ASSERT_REJECTED(fen, move, "illegal move"); }

static unsigned long long engine_perft(const char *fen, int depth) {
    Position pos = rules_load(RULES, fen);
    return perft(&pos, depth);
}

/* ---------- hand-made positions (also in tests/perft/belarusian.epd) ---------- */

static const char *const HAND[] = {
    /* throne entry by the d5 kniaz, contested by the c6 vierhsnik */
    "l3a3l/rrr1k1rrr/9/2v6/3A5/9/9/RRR3RRR/L2K4L w - - 0 1",
    /* rokash: the white kniaz on e5 is attacked by the a5 rook */
    "4a4/rrr1k1rrr/9/9/l3A4/9/2V6/RRR3RRR/3K5 w - - 0 1",
    /* palace rule: the kniaz on a1 is outside the palace, e3e5 is illegal */
    "4a4/rrr3rrr/5k3/9/9/9/4K4/RRR3RRR/A8 w - - 0 1",
    /* palace rule: the kniaz on d4 is inside, e3e5 is legal */
    "4a4/rrr3rrr/5k3/9/9/3A5/4K4/RRR3RRR/9 w - - 0 1",
    /* inauguration: the white kniaz is gone, d4d4a is the only turn */
    "4a4/rrr1k1rrr/9/9/9/3K5/9/RRR3RRR/L7L w - - 0 1",
    /* mate with the kniazhych gone: b9b1 mates */
    "1l2a4/9/9/9/9/9/9/l8/4A4 b - - 0 1",
    /* the inauguration onto an attacked square; d9d4 then captures the family */
    "3la4/rrr1k1rrr/9/9/9/3K5/9/RRR3RRR/L7L w - - 0 1",
    /* a middlegame around the palace, both families alive */
    "l1iga1vil/1rrr1rrr1/2v1k4/r3r3r/9/R3R3R/2V1K4/1RRR1RRR1/L1IGA1VIL w - - 0 1",
    /* castling: all four castlings for both sides */
    "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AIai - 0 1",
    /* castling: c1 attacked by the g5 harmata, the long castlings are illegal */
    "l3a3l/rrrrkrrrr/9/9/6i2/9/9/RRR1KRRRR/L3A3L w AIai - 0 1",
    /* promotion in place: e9 may become a hetman, harmata or vierhsnik */
    "a3R3l/5k3/9/9/9/9/9/9/L1VKA1I1L w - - 0 1",
    /* promotion to a kniazhych while in check (no kniazhych: check applies) */
    "2R1a4/9/9/9/9/9/9/9/l3A4 w - - 0 1",
    /* the kniazhych passes the empty throne; sliders stop at e5 */
    "4a4/3k5/9/9/l8/4K4/9/1I7/4A4 w - - 0 1",
    /* 100 half-moves without capture: two half-moves left */
    "l3a3l/rrr1k1rrr/9/9/3r5/4R4/9/RRR1K1RRR/L3A3L w - - 98 80",
};
enum { HAND_NB = sizeof HAND / sizeof HAND[0] };

/* ---------- differential test ---------- */

START_TEST(test_differential_random_play) {
    DiffSpec spec = {.ref = RULES};
    DiffStats st = {0, 0, 0};
    uint64_t seed = 0x9E3779B97F4A7C15ull;
    diff_play(&spec, START, 12000, 200, &seed, &st);
    for (int i = 0; i < HAND_NB; i++) diff_play(&spec, HAND[i], 1000, 120, &seed, &st);
    ck_assert_msg(st.positions >= 20000, "only %ld positions compared", st.positions);
    ck_assert_msg(st.finished > 10, "only %ld finished games compared", st.finished);
    fprintf(stderr, "belarusian differential: %ld positions, %ld finished games\n", st.positions, st.finished);
}
END_TEST

/* Board strings below always list the nine ranks 9..1. */

/* ---------- the start, the letters, the pieces ---------- */

START_TEST(test_start_position) {
    ck_assert_str_eq(by()->start_fen, START);
    ASSERT_MOVES(START, "",
                 "a2a3 a2a4 b2b3 b2b4 c1b3 c1d3 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g2g3 g2g4 h1g3 h1i3 "
                 "h2h3 h2h4 i2i3 i2i4");
    ASSERT_RESULT(START, "none");
    ck_assert_uint_eq(engine_perft(START, 3), 11980);
}
END_TEST

/* The rule book's letters A K G L I V R; nothing else is a piece. */
START_TEST(test_letters) {
    const char *fen = "a1k1g1l1i/v1r6/9/9/9/9/9/R1V6/A1K1G1L1I w - - 0 1";
    ASSERT_ROUND_TRIP(fen, NULL);
    ASSERT_FEN_REJECTED("a3k4/9/9/9/9/9/9/9/A3Q4 w - - 0 1", "");
    ASSERT_FEN_REJECTED("a3k4/9/9/9/9/9/9/9/A3P4 w - - 0 1", "");
    ASSERT_FEN_REJECTED("a3k4/9/9/9/9/9/9/9/A3+L4 w - - 0 1", "");
}
END_TEST

/* The kniazhych: one or two squares in 8 directions, never jumping. */
START_TEST(test_kniazhych_moves) {
    ASSERT_MOVES("4a4/9/9/9/9/9/2K6/9/8A w - - 0 1", "c3",
                 "c3a1 c3a3 c3a5 c3b2 c3b3 c3b4 c3c1 c3c2 c3c4 c3c5 c3d2 c3d3 c3d4 c3e1 c3e3");
    /* own d4 ratnik blocks d4 and e5; the b3 enemy is captured, not passed */
    ASSERT_MOVES("4a4/9/9/9/9/3R5/1rK6/9/8A w - - 0 1", "c3",
                 "c3a1 c3a5 c3b2 c3b3 c3b4 c3c1 c3c2 c3c4 c3c5 c3d2 c3d3 c3e1 c3e3");
}
END_TEST

/* ... and passes the throne only while it is empty. */
START_TEST(test_kniazhych_through_throne) {
    ASSERT_HAS("4a4/9/9/9/9/4K4/9/9/A8 w - - 0 1", "e4e6");
    ASSERT_HAS("4a4/9/9/9/9/3K5/9/9/A8 w - - 0 1", "d4f6");
    /* White just inaugurated on e5: Black's kniazhych cannot pass it */
    ASSERT_NOT("4a4/9/9/9/4A4/4k4/9/9/9 b - - 0 1", "e4e6");
    ASSERT_HAS("4a4/9/9/9/4A4/4k4/9/9/9 b - - 0 1", "e4e2");
}
END_TEST

START_TEST(test_vierhsnik_is_knight) {
    ASSERT_MOVES("4a4/9/9/9/9/9/9/9/V3A4 w - - 0 1", "a1", "a1b3 a1c2");
    ASSERT_MOVES("4a4/9/9/9/9/3V5/9/9/4A4 w - - 0 1", "d4", "d4b3 d4b5 d4c2 d4c6 d4e2 d4e6 d4f3 d4f5");
    /* it jumps: a ring of own ratniks does not stop it */
    ASSERT_MOVES("4a4/9/9/9/1RRR5/1RVR5/1RRR5/9/4A4 w - - 0 1", "c4", "c4a3 c4a5 c4b2 c4b6 c4d2 c4d6 c4e3");
}
END_TEST

START_TEST(test_kniaz_moves) {
    ASSERT_MOVES("4a4/9/9/9/9/9/9/3K5/4A4 w - - 0 1", "e1", "e1d1 e1e2 e1f1 e1f2");
    ASSERT_MOVES("4a4/9/9/9/9/3A5/9/9/K8 w - - 0 1", "d4", "d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5");
}
END_TEST

/* Ratnik: one step, a double step from its start rank, diagonal captures,
 * no en passant (the FEN field stays '-'). */
START_TEST(test_ratnik_moves) {
    ASSERT_MOVES("4a4/9/9/9/9/9/9/4R4/4A4 w - - 0 1", "e2", "e2e3 e2e4");
    ASSERT_MOVES("4a4/9/9/9/9/9/4R4/9/4A4 w - - 0 1", "e3", "e3e4");
    ASSERT_MOVES("4a4/9/9/9/9/9/4r4/4R4/4A4 w - - 0 1", "e2", "");
    ASSERT_MOVES("4a4/9/9/9/9/4r4/9/4R4/4A4 w - - 0 1", "e2", "e2e3");
    ASSERT_MOVES("4a4/9/9/9/9/9/3rrr3/4R4/4A4 w - - 0 1", "e2", "e2d3 e2f3");
    ASSERT_MOVES("4a4/4r4/9/9/9/9/9/9/4A4 b - - 0 1", "e8", "e8e6 e8e7");
    ASSERT_AFTER("4a4/9/9/9/9/9/9/4R4/4A4 w - - 0 1", "e2e4", "4a4/9/9/9/9/4R4/9/9/4A4 b - - 1 1");
    /* the black f4 ratnik cannot take the double-stepped e4 in passing */
    ASSERT_MOVES("4a4/9/9/9/9/4Rr3/9/9/4A4 b - - 0 1", "f4", "f4f3");
}
END_TEST

/* ---------- throne and palace ---------- */

/* Sliders attack e5 but never enter or pass it. */
START_TEST(test_sliders_stop_at_throne) {
    ASSERT_MOVES("4a4/9/9/9/L8/9/9/9/8A w - - 0 1", "a5", "a5a1 a5a2 a5a3 a5a4 a5a6 a5a7 a5a8 a5a9 a5b5 a5c5 a5d5");
    ASSERT_MOVES("4a4/9/9/9/9/9/9/1I7/8A w - - 0 1", "b2", "b2a1 b2a3 b2c1 b2c3 b2d4");
    ASSERT_MOVES("4a4/9/9/9/9/9/9/9/4G3A w - - 0 1", "e1",
                 "e1a1 e1a5 e1b1 e1b4 e1c1 e1c3 e1d1 e1d2 e1e2 e1e3 e1e4 e1f1 e1f2 e1g1 e1g3 e1h1 e1h4 e1i5");
    /* an enemy kniaz beyond the throne is out of reach */
    ASSERT_NOT("4a4/9/9/9/L7k/9/9/9/4A4 w - - 0 1", "a5i5");
}
END_TEST

/* Only a kniaz or kniazhych stands on the throne: no vierhsnik, ratnik or
 * slider moves or captures onto it. */
START_TEST(test_only_family_on_throne) {
    ASSERT_NOT("8a/9/9/9/9/9/3V5/9/KA7 w - - 0 1", "d3e5");
    ASSERT_HAS("8a/9/9/9/9/9/3V5/9/KA7 w - - 0 1", "d3f4");
    ASSERT_MOVES("8a/9/9/9/9/4R4/9/9/KA7 w - - 0 1", "e4", "");
    /* Black just inaugurated on e5: only a kniaz or kniazhych may take it */
    ASSERT_NOT("9/9/9/9/4a4/3R5/9/9/KA2L4 w - - 0 1", "d4e5");
    ASSERT_NOT("9/9/9/9/4a4/3R5/9/9/KA2L4 w - - 0 1", "e1e5");
    ASSERT_MOVES("9/9/9/9/4a4/3R5/9/9/KA2L4 w - - 0 1", "e1",
                 "e1c1 e1d1 e1e2 e1e3 e1e4 e1f1 e1g1 e1h1 e1i1");
    ASSERT_HAS("9/9/9/9/4a4/3A5/9/9/K8 w - - 0 1", "d4e5");
}
END_TEST

/* Entering is illegal while the opponent attacks e5 after the move, whatever
 * attacks it: every piece attacks e5 by its pattern. */
START_TEST(test_throne_entry_needs_safety) {
    ASSERT_HAS("8a/9/9/9/9/3A5/9/9/K8 w - - 0 1", "d4e5");
    ASSERT_NOT("8a/9/9/2v6/9/3A5/9/9/K8 w - - 0 1", "d4e5"); /* vierhsnik c6      */
    ASSERT_NOT("8a/9/9/5r3/9/3A5/9/9/K8 w - - 0 1", "d4e5"); /* ratnik f6         */
    ASSERT_NOT("8a/4l4/9/9/9/3A5/9/9/K8 w - - 0 1", "d4e5"); /* rook e8           */
    ASSERT_NOT("8a/9/9/9/9/3A5/9/1i7/K8 w - - 0 1", "d4e5"); /* harmata b2, line opened by the move */
    ASSERT_NOT("9/9/9/5a3/9/3A5/9/9/K8 w - - 0 1", "d4e5");  /* kniaz f6          */
    ASSERT_NOT("8a/9/4k4/9/9/3A5/9/9/K8 w - - 0 1", "d4e5"); /* kniazhych e7      */
    ASSERT_HAS("8a/9/4k4/4r4/9/3A5/9/9/K8 w - - 0 1", "d4e5"); /* ...blocked on e6 */
    ASSERT_NOT("8a/4l4/9/9/9/3A5/4K4/9/9 w - - 0 1", "e3e5"); /* the kniazhych too */
}
END_TEST

/* [official] The kniazhych takes the throne only while its kniaz is in the
 * palace c3..g7. */
START_TEST(test_palace_rule) {
    ASSERT_NOT("4a4/9/9/9/9/9/4K4/9/A8 w - - 0 1", "e3e5");
    ASSERT_HAS("4a4/9/9/9/9/3A5/4K4/9/9 w - - 0 1", "e3e5");
    ASSERT_HAS("4a4/9/9/9/9/9/2A1K4/9/9 w - - 0 1", "e3e5");
    ASSERT_NOT("4a4/9/9/9/9/9/1A2K4/9/9 w - - 0 1", "e3e5");
    ASSERT_HAS("4a4/9/6A2/9/9/9/4K4/9/9 w - - 0 1", "e3e5");
    ASSERT_NOT("4a4/9/7A1/9/9/9/4K4/9/9 w - - 0 1", "e3e5");
    ASSERT_HAS("9/9/4k4/3a5/9/9/9/9/4A4 b - - 0 1", "e7e5");
    ASSERT_NOT("3a5/9/4k4/9/9/9/9/9/4A4 b - - 0 1", "e7e5");
}
END_TEST

/* [official] Rokash: an attacked throne-holder must be answered by stepping
 * down, blocking or capturing; nothing else is legal. */
START_TEST(test_rokash_must_be_answered) {
    const char *fen = "4a4/rrr1k1rrr/9/9/l3A4/9/2V6/RRR3RRR/3K5 w - - 0 1";
    ASSERT_MOVES(fen, "", "c3b5 c3d5 e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6");
    ASSERT_RESULT(fen, "none");
    /* capturing the attacker also answers it */
    ASSERT_HAS("4a4/9/9/9/l3A4/9/9/L8/3K5 w - - 0 1", "a2a5");
    ASSERT_NOT("4a4/9/9/9/l3A4/9/9/L8/3K5 w - - 0 1", "a2a3");
}
END_TEST

/* [official] A step that leaves one's own throne-holder attacked is illegal:
 * the e7 vierhsnik may not unblock the e-file to block the a5 rook. */
START_TEST(test_rokash_no_exposure) {
    ASSERT_MOVES("a3l4/9/4V4/9/l3A4/9/9/9/3K5 w - - 0 1", "", "e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6");
}
END_TEST

/* A player whose kniaz or kniazhych sits on the throne, unattacked, at the
 * start of his turn wins; an attacked holder (rokash) does not. */
START_TEST(test_throne_win) {
    ASSERT_RESULT("4a4/9/9/9/4A4/9/9/9/3K5 w - - 0 1", "1-0 throne held");
    ASSERT_MOVES("4a4/9/9/9/4A4/9/9/9/3K5 w - - 0 1", "", "");
    ASSERT_RESULT("4a4/9/9/9/4A4/9/9/9/3K5 b - - 0 1", "none");
    ASSERT_RESULT("4k4/9/9/9/4a4/9/9/9/3KA4 b - - 0 1", "0-1 throne held");
    ASSERT_RESULT("4a4/9/9/9/4K4/3A5/9/9/9 w - - 0 1", "1-0 throne held");
    ASSERT_RESULT("4a4/9/9/9/l3A4/9/9/9/3K5 w - - 0 1", "none");
    /* the throne is checked first: before the inauguration and the clock */
    ASSERT_RESULT("4a4/9/9/9/4K4/9/9/9/9 w - - 0 1", "1-0 throne held");
    ASSERT_RESULT("4a4/9/9/9/4A4/9/9/9/3K5 w - - 100 80", "1-0 throne held");
    /* reached by play: White enters, Black cannot dislodge, White wins */
    ASSERT_AFTER("4a4/9/9/9/9/3A5/9/9/3K5 w - - 0 1", "d4e5", "4a4/9/9/9/4A4/9/9/9/3K5 b - - 1 1");
}
END_TEST

/* While the kniazhych lives there is no check: the kniaz may stand attacked,
 * step into attack, and be captured. */
START_TEST(test_no_check_while_kniazhych_lives) {
    ASSERT_HAS("4a4/9/9/9/9/9/9/l8/4A3K w - - 0 1", "e1e2");
    ASSERT_HAS("4a4/9/9/9/9/9/9/9/l3A3K w - - 0 1", "i1h2");
    ASSERT_HAS("4a4/9/9/9/9/9/9/9/l3A3K b - - 0 1", "a1e1");
    ASSERT_AFTER("4a4/9/9/9/9/9/9/9/l3A3K b - - 7 1", "a1e1", "4a4/9/9/9/9/9/9/9/4l3K w - - 0 2");
}
END_TEST

/* With the kniaz captured, the owner's next turn is the inauguration, the
 * only legal turn; the castling rights die with the kniaz. */
START_TEST(test_inauguration) {
    const char *fen = "4a4/rrr1k1rrr/9/9/9/3K5/9/RRR3RRR/L7L w - - 0 1";
    ASSERT_MOVES(fen, "", "d4d4a");
    ASSERT_AFTER(fen, "d4d4a", "4a4/rrr1k1rrr/9/9/9/3A5/9/RRR3RRR/L7L b - - 1 1");
    ASSERT_AFTER("l3a3l/9/9/9/9/9/3K5/9/L3A2lL b AIai - 0 1", "h1e1", "l3a3l/9/9/9/9/9/3K5/9/L3l3L w ai - 0 2");
    ASSERT_MOVES("l3a3l/9/9/9/9/9/3K5/9/L3l3L w ai - 0 2", "", "d3d3a");
    ASSERT_AFTER("l3a3l/9/9/9/9/9/3K5/9/L3l3L w ai - 0 2", "d3d3a", "l3a3l/9/9/9/9/9/3A5/9/L3l3L b ai - 1 2");
    assert_rejected(fen, "d4d5");
    assert_rejected(fen, "d4d4k");
}
END_TEST

/* The inauguration is legal even onto an attacked square; capturing the new
 * kniaz then captures the whole family and wins. */
START_TEST(test_family_captured) {
    const char *fen = "3la4/rrr1k1rrr/9/9/9/3K5/9/RRR3RRR/L7L w - - 0 1";
    ASSERT_MOVES(fen, "", "d4d4a");
    ASSERT_AFTER(fen, "d4d4a", "3la4/rrr1k1rrr/9/9/9/3A5/9/RRR3RRR/L7L b - - 1 1");
    ASSERT_HAS("3la4/rrr1k1rrr/9/9/9/3A5/9/RRR3RRR/L7L b - - 1 1", "d9d4");
    ASSERT_AFTER("3la4/rrr1k1rrr/9/9/9/3A5/9/RRR3RRR/L7L b - - 1 1", "d9d4",
                 "4a4/rrr1k1rrr/9/9/9/3l5/9/RRR3RRR/L7L w - - 0 2");
    ASSERT_RESULT("4a4/rrr1k1rrr/9/9/9/3l5/9/RRR3RRR/L7L w - - 0 2", "0-1 family captured");
    ASSERT_MOVES("4a4/rrr1k1rrr/9/9/9/3l5/9/RRR3RRR/L7L w - - 0 2", "", "");
}
END_TEST

/* With the kniazhych dead, chess check holds for the kniaz: no step into
 * attack (x-rays included), pins, checks must be answered. */
START_TEST(test_check_when_kniazhych_dead) {
    ASSERT_MOVES("4a4/9/9/9/9/9/9/l8/4A4 w - - 0 1", "e1", "e1d1 e1f1");
    ASSERT_MOVES("4a4/9/9/9/9/9/9/9/l1L1A4 w - - 0 1", "c1", "c1a1 c1b1 c1d1");
    ASSERT_MOVES("4a4/9/9/9/9/9/9/9/l3A4 w - - 0 1", "", "e1d2 e1e2 e1f2");
    /* a line through the throne gives no check */
    ASSERT_HAS("4l4/9/9/9/9/9/9/9/a3A4 w - - 0 1", "e1e2");
}
END_TEST

START_TEST(test_checkmate) {
    const char *fen = "1l2a4/9/9/9/9/9/9/l8/4A4 b - - 0 1";
    ASSERT_AFTER(fen, "b9b1", "4a4/9/9/9/9/9/9/l8/1l2A4 w - - 1 2");
    ASSERT_RESULT("4a4/9/9/9/9/9/9/l8/1l2A4 w - - 1 2", "0-1 checkmate");
    ASSERT_MOVES("4a4/9/9/9/9/9/9/l8/1l2A4 w - - 1 2", "", "");
    ASSERT_RESULT(fen, "none");
}
END_TEST

/* [ruling] No legal move and not attacked: stalemate, a draw; with the
 * kniazhych alive, no legal move is a draw too (here a rokash nothing can
 * answer). */
START_TEST(test_stalemate) {
    ASSERT_RESULT("4a4/9/9/9/9/9/9/2g6/A8 w - - 0 1", "1/2-1/2 stalemate");
    ASSERT_RESULT("a8/9/9/2vILR3/3VAR3/3RRK3/9/9/9 w - - 0 1", "1/2-1/2 stalemate");
    ASSERT_MOVES("a8/9/9/2vILR3/3VAR3/3RRK3/9/9/9 w - - 0 1", "", "");
}
END_TEST

/* [official] Castling two or three squares either way, the rook jumping to
 * the square beside the kniaz: e1c1, e1b1, e1g1, e1h1 (and on rank 9). */
START_TEST(test_castling_all_four) {
    const char *w = "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AIai - 0 1";
    const char *b = "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L b AIai - 0 1";
    ASSERT_MOVES(w, "e1", "e1b1 e1c1 e1d1 e1f1 e1g1 e1h1");
    ASSERT_AFTER(w, "e1c1", "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/2AL4L b ai - 1 1");
    ASSERT_AFTER(w, "e1b1", "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/1AL5L b ai - 1 1");
    ASSERT_AFTER(w, "e1g1", "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L4LA2 b ai - 1 1");
    ASSERT_AFTER(w, "e1h1", "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L5LA1 b ai - 1 1");
    ASSERT_MOVES(b, "e9", "e9b9 e9c9 e9d9 e9f9 e9g9 e9h9");
    ASSERT_AFTER(b, "e9c9", "2al4l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AI - 1 2");
    ASSERT_AFTER(b, "e9h9", "l5la1/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AI - 1 2");
}
END_TEST

/* Castling needs: the right, every square between kniaz and rook empty, the
 * kniaz not attacked, no square between them attacked. */
START_TEST(test_castling_conditions) {
    /* c1 attacked by the g5 harmata: neither long castling */
    ASSERT_MOVES("l3a3l/rrrrkrrrr/9/9/6i2/9/9/RRR1KRRRR/L3A3L w AIai - 0 1", "e1", "e1d1 e1d2 e1f1 e1g1 e1h1");
    /* only b1 attacked (a3 vierhsnik): e1c1 is out too, b1 lies between */
    ASSERT_MOVES("l3a3l/rrrrkrrrr/9/9/9/9/v8/RRRRKRRRR/L3A3L w AIai - 0 1", "e1", "e1d1 e1f1 e1g1 e1h1");
    /* the kniaz attacked (a5 harmata), even with the kniazhych alive */
    ASSERT_MOVES("l3a3l/rrrrkrrrr/9/9/i8/9/9/RRR1KRRRR/L3A3L w AIai - 0 1", "e1", "e1d1 e1d2 e1f1");
    /* a piece between */
    ASSERT_MOVES("l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/LV2A3L w AIai - 0 1", "e1", "e1d1 e1f1 e1g1 e1h1");
    /* no right */
    ASSERT_MOVES("l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w Ai - 0 1", "e1", "e1b1 e1c1 e1d1 e1f1");
    /* rights end when the rook or the kniaz moves */
    ASSERT_AFTER("l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AIai - 0 1", "a1b1",
                 "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/1L2A3L b Iai - 1 1");
    ASSERT_AFTER("l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AIai - 0 1", "e1f1",
                 "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L4A2L b ai - 1 1");
    /* ... and when the rook is captured */
    ASSERT_AFTER("l3a3l/rrrrkrrr1/9/9/9/9/9/RRRRKRRR1/L3A3L b AIai - 0 1", "i9i1",
                 "l3a4/rrrrkrrr1/9/9/9/9/9/RRRRKRRR1/L3A3l w Aa - 0 2");
}
END_TEST

/* The FEN castling field names the rooks' files (AIai); rights whose kniaz or
 * rook is not at home are dropped on reading. */
START_TEST(test_castling_fen) {
    ASSERT_ROUND_TRIP("l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L2A4L w IAia - 0 1",
                      "l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L2A4L w ai - 0 1");
    ASSERT_ROUND_TRIP("1l2a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AIai - 0 1",
                      "1l2a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AIi - 0 1");
    ASSERT_FEN_REJECTED("l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w KQkq - 0 1", "");
    ASSERT_FEN_REJECTED("l3a3l/rrrrkrrrr/9/9/9/9/9/RRRRKRRRR/L3A3L w AB - 0 1", "");
}
END_TEST

/* [official] A ratnik that reaches the last rank stays a ratnik. */
START_TEST(test_promotion_waits) {
    ASSERT_MOVES("a8/4R4/9/9/9/9/9/9/L1VKA1I1L w - - 0 1", "e8", "e8e9");
    ASSERT_AFTER("a8/4R4/9/9/9/9/9/9/L1VKA1I1L w - - 0 1", "e8e9", "a3R4/9/9/9/9/9/9/9/L1VKA1I1L b - - 1 1");
    /* with nothing lost it waits: no move at all */
    ASSERT_MOVES("a3R4/9/9/9/9/9/9/9/LIVKAGIVL w - - 0 1", "e9", "");
}
END_TEST

/* [official] On a later turn it may change in place into a lost piece type
 * (count below its start count), and only such a type. */
START_TEST(test_promotion_in_place) {
    const char *fen = "a3R4/9/9/9/9/9/9/9/L1VKA1I1L w - - 2 2";
    ASSERT_MOVES(fen, "e9", "e9e9g e9e9i e9e9v");
    ASSERT_AFTER(fen, "e9e9g", "a3G4/9/9/9/9/9/9/9/L1VKA1I1L b - - 3 2");
    ASSERT_AFTER(fen, "e9e9v", "a3V4/9/9/9/9/9/9/9/L1VKA1I1L b - - 3 2");
    ASSERT_MOVES("a3R4/9/9/9/9/9/9/9/2VKA1I1L w - - 0 1", "e9", "e9e9g e9e9i e9e9l e9e9v");
    /* Black, everything lost */
    ASSERT_MOVES("9/9/9/9/9/9/9/9/1K2Ara2 b - - 0 1", "f1", "f1f1g f1f1i f1f1k f1f1l f1f1v");
    ASSERT_AFTER("9/9/9/9/9/9/9/9/1K2Ara2 b - - 0 1", "f1f1k", "9/9/9/9/9/9/9/9/1K2Aka2 w - - 1 2");
    /* after an inauguration the kniazhych counts as lost */
    ASSERT_MOVES("a1R6/9/9/9/9/9/9/9/LIV1AGIVL w - - 0 1", "c9", "c9c9k");
    assert_rejected(fen, "e9e9l");
    assert_rejected(fen, "e9e9k");
}
END_TEST

/* [official] Turning a ratnik into a kniazhych is legal in check: check
 * stops applying; the other types do not answer the check. */
START_TEST(test_promotion_kniazhych_in_check) {
    ASSERT_MOVES("1R2a4/9/9/9/9/9/9/9/l3A4 w - - 0 1", "", "b9b9k e1d2 e1e2 e1f2");
    ASSERT_AFTER("1R2a4/9/9/9/9/9/9/9/l3A4 w - - 0 1", "b9b9k", "1K2a4/9/9/9/9/9/9/9/l3A4 b - - 1 1");
    /* ... and with a kniazhych again, the kniaz may be captured */
    ASSERT_HAS("1K2a4/9/9/9/9/9/9/9/l3A4 b - - 1 1", "a1e1");
}
END_TEST

/* The clock counts half-moves since the last capture (ratnik moves do not
 * reset it); at 100 the game is drawn, after the other checks. */
START_TEST(test_hundred_halfmoves) {
    ASSERT_AFTER("4a4/9/9/9/9/9/9/4R4/4A3K w - - 10 5", "e2e3", "4a4/9/9/9/9/9/4R4/9/4A3K b - - 11 5");
    ASSERT_AFTER("4a4/9/9/9/9/9/3r5/4R4/4A3K w - - 10 5", "e2d3", "4a4/9/9/9/9/9/3R5/9/4A3K b - - 0 5");
    ASSERT_RESULT("4a4/9/9/9/9/9/9/4R4/4A3K w - - 99 80", "none");
    ASSERT_RESULT("4a4/9/9/9/9/9/9/4R4/4A3K w - - 100 80", "1/2-1/2 100 half-moves without capture");
    ASSERT_MOVES("4a4/9/9/9/9/9/9/4R4/4A3K w - - 100 80", "", "");
    ASSERT_RESULT("4a4/9/9/9/9/9/9/l8/1l2A4 w - - 100 80", "0-1 checkmate");
    ck_assert(by()->repetition_draw);
    ck_assert(!by()->has_ep);
}
END_TEST

/* ---------- FEN and input ---------- */

START_TEST(test_fen_round_trips) {
    ASSERT_ROUND_TRIP(START, NULL);
    for (int i = 0; i < HAND_NB; i++) ASSERT_ROUND_TRIP(HAND[i], NULL);
}
END_TEST

START_TEST(test_malformed_fen) {
    static const char *const bad[] = {
        "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR w AIai - 0 1",            /* 8 ranks          */
        "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIV w AIai - 0 1",   /* 8 files          */
        "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVLL w AIai - 0 1", /* 10 files         */
        "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL x AIai - 0 1",  /* side             */
        "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL w AIai e3 0 1", /* en passant       */
        "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL w AIai - x 1",  /* clock            */
        "4a4/9/9/9/9/9/9/9/A3A4 w - - 0 1",                                /* two kniaz        */
        "4a4/9/9/9/9/9/9/9/AK2K4 w - - 0 1",                               /* two kniazhych    */
        "4a4/9/9/9/9/9/9/9/R3A4 w - - 0 1",                                /* ratnik on rank 1 */
        "r3a4/9/9/9/9/9/9/9/4A4 w - - 0 1",                                /* ratnik on rank 9 */
        "4a4/9/9/9/4G4/9/9/9/4A4 w - - 0 1",                               /* hetman on e5     */
        "4a4/9/9/9/4v4/9/9/9/4A4 w - - 0 1",                               /* vierhsnik on e5  */
        "4k4/9/9/9/9/9/9/9/4A4 w - - 0 1",    /* Black's inauguration was due            */
        "9/9/9/9/9/9/9/9/4A4 w - - 0 1",      /* Black lost before White's turn          */
        "9/9/9/9/9/9/9/9/9 w - - 0 1",        /* no families                            */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) ASSERT_FEN_REJECTED(bad[i], "");
}
END_TEST

/* Every kind of illegal turn the rules name, each rejected with its own
 * message, the position untouched. */
START_TEST(test_illegal_moves_rejected) {
    ASSERT_REJECTED("4a4/9/9/9/L7k/9/9/9/4A3K w - - 0 1", "a5i5", "passes through the throne");
    ASSERT_REJECTED("4a4/9/9/9/L8/9/9/9/4A3K w - - 0 1", "a5e5", "only a kniaz or kniazhych");
    ASSERT_REJECTED("l3a3l/rrrrkrrrr/9/9/6i2/9/9/RRR1KRRRR/L3A3L w AIai - 0 1", "e1c1", "castling needs");
    ASSERT_REJECTED("a3R4/9/9/9/9/9/9/9/L1VKA1I1L w - - 2 2", "e9e9l", "has lost");
    ASSERT_REJECTED("4a4/9/9/9/9/9/4K4/9/A8 w - - 0 1", "e3e5", "palace");
    ASSERT_REJECTED("8a/9/9/2v6/9/3A5/9/9/K8 w - - 0 1", "d4e5", "attacks it");
    ASSERT_REJECTED("4a4/rrr1k1rrr/9/9/9/3K5/9/RRR3RRR/L7L w - - 0 1", "d4d5", "inauguration");
    assert_rejected("4a4/9/9/9/L7k/9/9/9/4A3K w - - 0 1", "a5i5"); /* slider through e5 */
    assert_rejected("4a4/9/9/9/L7k/9/9/9/4A3K w - - 0 1", "a5f5");
    assert_rejected("4a4/9/9/9/L8/9/9/9/4A3K w - - 0 1", "a5e5"); /* rook onto e5 */
    assert_rejected("l3a3l/rrrrkrrrr/9/9/6i2/9/9/RRR1KRRRR/L3A3L w AIai - 0 1", "e1c1"); /* through attack */
    assert_rejected("l3a3l/rrrrkrrrr/9/9/6i2/9/9/RRR1KRRRR/L3A3L w AIai - 0 1", "e1b1");
    assert_rejected("a3R4/9/9/9/9/9/9/9/L1VKA1I1L w - - 2 2", "e9e9l"); /* never lost */
    assert_rejected(START, "e2e5");
    assert_rejected(START, "e1e1a");
    assert_rejected(START, "e2e4q");
}
END_TEST

/* ---------- perft against the reference ---------- */

START_TEST(test_perft_matches_reference) {
    rules_assert_perft(RULES, START, 4);
    ck_assert_uint_eq(engine_perft(START, 4), 296204);
    for (int i = 0; i < HAND_NB; i++) rules_assert_perft(RULES, HAND[i], 3);
}
END_TEST

Suite *suite_belarusian(void) {
    Suite *s = suite_create("belarusian");
    TCase *tc = tcase_create("rules");
    tcase_add_test(tc, test_start_position);
    tcase_add_test(tc, test_letters);
    tcase_add_test(tc, test_kniazhych_moves);
    tcase_add_test(tc, test_kniazhych_through_throne);
    tcase_add_test(tc, test_vierhsnik_is_knight);
    tcase_add_test(tc, test_kniaz_moves);
    tcase_add_test(tc, test_ratnik_moves);
    tcase_add_test(tc, test_sliders_stop_at_throne);
    tcase_add_test(tc, test_only_family_on_throne);
    tcase_add_test(tc, test_throne_entry_needs_safety);
    tcase_add_test(tc, test_palace_rule);
    tcase_add_test(tc, test_rokash_must_be_answered);
    tcase_add_test(tc, test_rokash_no_exposure);
    tcase_add_test(tc, test_throne_win);
    tcase_add_test(tc, test_no_check_while_kniazhych_lives);
    tcase_add_test(tc, test_inauguration);
    tcase_add_test(tc, test_family_captured);
    tcase_add_test(tc, test_check_when_kniazhych_dead);
    tcase_add_test(tc, test_checkmate);
    tcase_add_test(tc, test_stalemate);
    tcase_add_test(tc, test_castling_all_four);
    tcase_add_test(tc, test_castling_conditions);
    tcase_add_test(tc, test_castling_fen);
    tcase_add_test(tc, test_promotion_waits);
    tcase_add_test(tc, test_promotion_in_place);
    tcase_add_test(tc, test_promotion_kniazhych_in_check);
    tcase_add_test(tc, test_hundred_halfmoves);
    tcase_add_test(tc, test_fen_round_trips);
    tcase_add_test(tc, test_malformed_fen);
    tcase_add_test(tc, test_illegal_moves_rejected);
    suite_add_tcase(s, tc);
    TCase *slow = tcase_create("reference");
    tcase_set_timeout(slow, 120);
    tcase_set_tags(slow, "slow"); /* the differential test: CK_EXCLUDE_TAGS=slow skips it (make valgrind) */
    tcase_add_test(slow, test_perft_matches_reference);
    tcase_add_test(slow, test_differential_random_play);
    suite_add_tcase(s, slow);
    return s;
}
