/* Tests for `japanese` (RULES.md section 3): one test per rule and ruling,
 * FEN handling, and the differential test against the independent reference
 * generator in ref_japanese.c. */
#include <stdlib.h>
#include "differential.h"
#include "ref_japanese.h"
#include "test_util.h"
#include "../variants/registry.h"
#include "suites.h"

#define RULES (&ref_japanese)
#define START "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1"

static const Variant *jp(void) { return variant_find("japanese"); }

/* ---------- the start and the pieces ---------- */

START_TEST(test_start_position) {
    ASSERT_MOVES(START, "",
                 "a1a2 a3a4 b3b4 c1c2 c1d2 c3c4 d3d4 e1d2 e1e2 e1f2 e3e4 f3f4 g1f2 g1g2 g3g4 h2c2 h2d2 "
                 "h2e2 h2f2 h2g2 h2i2 h3h4 i1i2 i3i4");
    ck_assert_str_eq(jp()->start_fen, START);
    ASSERT_RESULT(START, "none");
}
END_TEST

START_TEST(test_king_moves) {
    ASSERT_MOVES("4k4/9/9/9/4K4/9/9/9/9 w - - 0 1", "e5", "e5d4 e5d5 e5d6 e5e4 e5e6 e5f4 e5f5 e5f6");
}
END_TEST

/* The seed's gold officer: forward exactly 2 or 3, back 1, diagonally forward
 * exactly 2 or 3 (7 moves); never one step forward, sideways or back diagonally. */
START_TEST(test_gold_moves_white) {
    ASSERT_MOVES("4k4/9/9/9/4G4/9/9/9/4K4 w - - 0 1", "e5", "e5b8 e5c7 e5e4 e5e7 e5e8 e5g7 e5h8");
}
END_TEST

START_TEST(test_gold_moves_black) {
    ASSERT_MOVES("4k4/9/9/9/4g4/9/9/9/4K4 b - - 0 1", "e5", "e5b2 e5c3 e5e2 e5e3 e5e6 e5g3 e5h2");
}
END_TEST

/* Gold lines are blocked by any piece on the way; the first piece may be
 * taken only if it stands on a square 2 or 3 away. */
START_TEST(test_gold_blocked) {
    /* own soldier e6 blocks e7/e8; d6 empty so c7 (enemy) is taken, b8 not
     * reached; enemy on f6 blocks g7/h8 and cannot be taken (one step). */
    ASSERT_MOVES("4k4/9/2p6/4Pp3/4G4/9/9/9/4K4 w - - 0 1", "e5", "e5c7 e5e4");
    /* enemy on e7 is taken, e8 behind it is not reached; own g7 blocks h8 */
    ASSERT_MOVES("4k4/9/4p1P2/9/4G4/9/9/9/4K4 w - - 0 1", "e5", "e5b8 e5c7 e5e4 e5e7");
}
END_TEST

START_TEST(test_gold_near_edge) {
    /* b7: forward 3 and left lines run off the board; a8 blocks nothing
     * that exists */
    ASSERT_MOVES("4k4/P8/1G7/9/9/9/9/9/4K4 w - - 0 1", "b7", "b7b6 b7b9 b7d9");
    /* a gold on its last rank can only step back */
    ASSERT_MOVES("G3k4/9/9/9/9/9/9/9/4K4 w - - 0 1", "a9", "a9a8");
}
END_TEST

START_TEST(test_silver_moves) {
    ASSERT_MOVES("4k4/9/9/9/4S4/9/9/9/4K4 w - - 0 1", "e5", "e5d4 e5d6 e5e6 e5f4 e5f6");
    ASSERT_MOVES("4k4/9/9/9/4s4/9/9/9/4K4 b - - 0 1", "e5", "e5d4 e5d6 e5e4 e5f4 e5f6");
}
END_TEST

/* Forward-only knight that jumps over anything. */
START_TEST(test_unicorn_moves) {
    ASSERT_MOVES("4k4/9/9/3PPP3/3PNP3/3PPP3/9/9/4K4 w - - 0 1", "e5", "e5d7 e5f7");
    ASSERT_MOVES("4k4/9/9/9/4n4/9/9/9/4K4 b - - 0 1", "e5", "e5d3 e5f3");
    /* own piece on a landing square: that jump does not exist */
    ASSERT_MOVES("4k4/9/9/9/9/9/3P5/9/4N3K w - - 0 1", "e1", "e1f3");
}
END_TEST

START_TEST(test_lance_moves) {
    ASSERT_MOVES("4k4/9/4p4/9/9/9/9/4L4/K8 w - - 0 1", "e2", "e2e3 e2e4 e2e5 e2e6 e2e7");
    ASSERT_MOVES("4k4/4l4/9/9/9/9/4P4/9/K8 b - - 0 1", "e8", "e8e3 e8e4 e8e5 e8e6 e8e7");
}
END_TEST

START_TEST(test_rook_moves) {
    ASSERT_MOVES("4k4/9/9/4p4/2P1R4/9/9/9/K8 w - - 0 1", "e5",
                 "e5d5 e5e1 e5e2 e5e3 e5e4 e5e6 e5f5 e5g5 e5h5 e5i5");
}
END_TEST

START_TEST(test_bishop_moves) {
    ASSERT_MOVES("4k4/9/6p2/9/4B4/3P5/9/9/K8 w - - 0 1", "e5", "e5a9 e5b8 e5c7 e5d6 e5f4 e5f6 e5g3 e5g7 e5h2 e5i1");
}
END_TEST

START_TEST(test_soldier_moves) {
    /* one step forward, captures forward, never diagonally */
    ASSERT_MOVES("4k4/9/9/3ppp3/4P4/9/9/9/K8 w - - 0 1", "e5", "e5e6");
    ASSERT_MOVES("4k4/9/9/4p4/3P1P3/9/9/9/K8 b - - 0 1", "e6", "e6e5");
    ASSERT_MOVES("4k4/9/9/4P4/4P4/9/9/9/K8 w - - 0 1", "e5", "");
}
END_TEST

START_TEST(test_dragon_king_moves) {
    ASSERT_MOVES("4k4/9/9/9/4+R4/9/9/9/K8 w - - 0 1", "e5",
                 "e5a5 e5b5 e5c5 e5d4 e5d5 e5d6 e5e1 e5e2 e5e3 e5e4 e5e6 e5e7 e5e8 e5e9 e5f4 e5f5 e5f6 e5g5 "
                 "e5h5 e5i5");
}
END_TEST

/* Dragon-horse: bishop + the gold's straight moves (forward exactly 2 or 3,
 * back 1); no single step forward, no sideways step. */
START_TEST(test_dragon_horse_moves) {
    ASSERT_MOVES("4k4/9/9/9/4+B4/9/9/9/K8 w - - 0 1", "e5",
                 "e5a9 e5b2 e5b8 e5c3 e5c7 e5d4 e5d6 e5e4 e5e7 e5e8 e5f4 e5f6 e5g3 e5g7 e5h2 e5h8 e5i1 "
                 "e5i9");
    /* blocked forward line */
    ASSERT_MOVES("4k4/9/9/4P4/4+B4/9/9/9/K8 w - - 0 1", "e5",
                 "e5a9 e5b2 e5b8 e5c3 e5c7 e5d4 e5d6 e5e4 e5f4 e5f6 e5g3 e5g7 e5h2 e5h8 e5i1 e5i9");
    /* Black's forward is down */
    ASSERT_MOVES("4k4/9/9/9/4+b4/9/9/9/K8 b - - 0 1", "e5",
                 "e5a1 e5a9 e5b2 e5b8 e5c3 e5c7 e5d4 e5d6 e5e2 e5e3 e5e6 e5f4 e5f6 e5g3 e5g7 e5h2 e5h8 e5i1 "
                 "e5i9");
}
END_TEST

START_TEST(test_nothing_jumps_but_unicorn) {
    /* every piece on e5 hemmed in by own soldiers on the 8 neighbours */
    const char *ring = "4k4/9/9/3PPP3/3P%sP3/3PPP3/9/9/9 w - - 0 1";
    const char *pieces[] = {"K", "G", "S", "L", "R", "B", "+R", "+B"};
    for (size_t i = 0; i < sizeof pieces / sizeof *pieces; i++) {
        char fen[128];
        snprintf(fen, sizeof fen, ring, pieces[i]);
        ASSERT_MOVES(fen, "e5", "");
    }
    char fen[128];
    snprintf(fen, sizeof fen, ring, "N");
    ASSERT_MOVES(fen, "e5", "e5d7 e5f7");
}
END_TEST

/* ---------- promotion ---------- */

START_TEST(test_promotion_rank7_silver) {
    ASSERT_AFTER("4k4/9/9/2S6/9/9/9/9/4K4 w - - 0 1", "c6c7", "4k4/9/2G6/9/9/9/9/9/4K4 b - - 1 1");
}
END_TEST

START_TEST(test_promotion_b8_h8_not_c8) {
    ASSERT_AFTER("4k4/9/2S3S2/9/9/9/9/9/4K4 w - - 0 1", "c7b8", "4k4/1G7/6S2/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/2S3S2/9/9/9/9/9/4K4 w - - 0 1", "g7h8", "4k4/7G1/2S6/9/9/9/9/9/4K4 b - - 1 1");
    /* c8 and d8 were empty at the start: nothing promotes there */
    ASSERT_AFTER("4k4/9/2S3S2/9/9/9/9/9/4K4 w - - 0 1", "c7c8", "4k4/2S6/6S2/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/2S3S2/9/9/9/9/9/4K4 w - - 0 1", "c7d8", "4k4/3S5/6S2/9/9/9/9/9/4K4 b - - 1 1");
}
END_TEST

START_TEST(test_promotion_rank9) {
    ASSERT_AFTER("4k4/3S5/9/9/9/9/9/9/4K4 w - - 0 1", "d8c9", "2G1k4/9/9/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/9/9/9/9/9/L8/4K4 w - - 0 1", "a2a9", "G3k4/9/9/9/9/9/9/9/4K4 b - - 1 1");
}
END_TEST

START_TEST(test_promotion_unicorn_lance) {
    ASSERT_AFTER("4k4/9/9/9/2N6/9/9/9/4K4 w - - 0 1", "c5b7", "4k4/9/1G7/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/9/2N6/9/9/9/9/4K4 w - - 0 1", "c6b8", "4k4/1G7/9/9/9/9/9/9/4K4 b - - 1 1");
    /* d8 is no promotion square: the unicorn stays a unicorn (and is stuck) */
    ASSERT_AFTER("4k4/9/9/2N6/9/9/9/9/4K4 w - - 0 1", "c6d8", "4k4/3N5/9/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/9/9/9/9/9/L8/4K4 w - - 0 1", "a2a7", "4k4/9/G8/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/9/9/9/9/9/L8/4K4 w - - 0 1", "a2a6", "4k4/9/9/L8/9/9/9/9/4K4 b - - 1 1");
}
END_TEST

START_TEST(test_promotion_rook_bishop) {
    ASSERT_AFTER("4k4/9/9/9/9/9/9/R8/4K4 w - - 0 1", "a2a7", "4k4/9/+R8/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/9/9/9/9/9/1B7/4K4 w - - 0 1", "b2g7", "4k4/9/6+B2/9/9/9/9/9/4K4 b - - 1 1");
    /* a capture on a promotion square promotes too */
    ASSERT_AFTER("4k4/1s7/9/9/9/9/9/1R7/4K4 w - - 5 1", "b2b8", "4k4/1+R7/9/9/9/9/9/9/4K4 b - - 0 1");
}
END_TEST

START_TEST(test_promotion_black) {
    ASSERT_AFTER("4k4/9/9/9/9/6s2/9/9/4K4 b - - 0 1", "g4g3", "4k4/9/9/9/9/9/6g2/9/4K4 w - - 1 2");
    ASSERT_AFTER("4k4/9/9/9/9/9/6s2/9/4K4 b - - 0 1", "g3h2", "4k4/9/9/9/9/9/9/7g1/4K4 w - - 1 2");
    ASSERT_AFTER("4k4/9/9/9/9/9/6s2/9/4K4 b - - 0 1", "g3g2", "4k4/9/9/9/9/9/9/6s2/4K4 w - - 1 2");
    ASSERT_AFTER("4k4/7r1/9/9/9/9/9/9/K8 b - - 0 1", "h8h1", "4k4/9/9/9/9/9/9/9/K6+r1 w - - 1 2");
    ASSERT_AFTER("4k4/7b1/9/9/9/9/9/9/K8 b - - 0 1", "h8b2", "4k4/9/9/9/9/9/9/1+b7/K8 w - - 1 2");
    ASSERT_AFTER("4k4/9/9/9/4n4/9/9/9/K8 b - - 0 1", "e5d3", "4k4/9/9/9/9/9/3g5/9/K8 w - - 1 2");
    /* White's promotion squares mean nothing to Black */
    ASSERT_AFTER("4k4/7s1/9/9/9/9/9/9/K8 b - - 0 1", "h8h7", "4k4/9/7s1/9/9/9/9/9/K8 w - - 1 2");
}
END_TEST

/* Only the landing square counts: sliding over rank 7 onto a8 promotes nothing. */
START_TEST(test_promotion_pass_through) {
    ASSERT_AFTER("4k4/9/9/9/9/9/9/L8/4K4 w - - 0 1", "a2a8", "4k4/L8/9/9/9/9/9/9/4K4 b - - 1 1");
    ASSERT_AFTER("4k4/9/9/9/9/9/9/R8/4K4 w - - 0 1", "a2a8", "4k4/R8/9/9/9/9/9/9/4K4 b - - 1 1");
    /* leaving a promotion square does not promote either */
    ASSERT_AFTER("4k4/9/R8/9/9/9/9/9/4K4 w - - 0 1", "a7a5", "4k4/9/9/9/R8/9/9/9/4K4 b - - 1 1");
    /* the lance on a8 promotes when it next lands on a9 */
    ASSERT_AFTER("4k4/L8/9/9/9/9/9/9/4K4 w - - 0 1", "a8a9", "G3k4/9/9/9/9/9/9/9/4K4 b - - 1 1");
}
END_TEST

/* Dragon, gold and soldier never promote. */
START_TEST(test_no_promotion_king_gold_soldier) {
    ASSERT_AFTER("9/9/9/2K6/9/9/9/9/8k w - - 0 1", "c6c7", "9/9/2K6/9/9/9/9/9/8k b - - 1 1");
    ASSERT_AFTER("9/9/9/2G6/9/9/9/9/8k w - - 0 1", "c6c9", "2G6/9/9/9/9/9/9/9/8k b - - 1 1");
    ASSERT_AFTER("9/9/9/4P4/9/9/9/9/8k w - - 0 1", "e6e7", "9/9/4P4/9/9/9/9/9/8k b - - 1 1");
    ASSERT_AFTER("8K/9/9/9/9/4p4/9/9/9 b - - 0 1", "e4e3", "8K/9/9/9/9/9/4p4/9/9 w - - 1 2");
    /* promoted pieces stay promoted when they leave the zone */
    ASSERT_AFTER("4k4/9/+R8/9/9/9/9/9/4K4 w - - 0 1", "a7a3", "4k4/9/9/9/9/9/+R8/9/4K4 b - - 1 1");
}
END_TEST

/* Mandatory single-outcome promotion: no suffix is written or accepted. */
START_TEST(test_promotion_no_suffix) {
    const char *fen = "4k4/9/9/2N6/9/9/9/9/4K4 w - - 0 1";
    ASSERT_HAS(fen, "c6b8");
    ASSERT_NOT(fen, "c6b8g");
    ASSERT_REJECTED(fen, "c6b8g", "");
}
END_TEST

/* A piece with no move left stays where it is. */
START_TEST(test_stuck_pieces_stay) {
    const char *fen = "P3k4/3N5/9/9/9/9/9/5n3/4K3p w - - 0 1";
    ASSERT_MOVES(fen, "a9", "");
    ASSERT_MOVES(fen, "d8", "");
    ASSERT_AFTER(fen, "e1d1", "P3k4/3N5/9/9/9/9/9/5n3/3K4p b - - 1 1");
    const char *black = "P3k4/3N5/9/9/9/9/9/5n3/4K3p b - - 0 1";
    ASSERT_MOVES(black, "i1", "");
    ASSERT_MOVES(black, "f2", "");
    ASSERT_RESULT(fen, "none");
}
END_TEST

/* ---------- end of the game ---------- */

START_TEST(test_annihilation) {
    const char *fen = "9/9/9/R3p4/9/9/9/9/4K4 w - - 7 9";
    ASSERT_AFTER(fen, "a6e6", "9/9/9/4R4/9/9/9/9/4K4 b - - 0 9");
    ASSERT_RESULT("9/9/9/4R4/9/9/9/9/4K4 b - - 0 9", "1-0 annihilation");
    ASSERT_MOVES("9/9/9/4R4/9/9/9/9/4K4 b - - 0 9", "", "");
    ASSERT_RESULT("4k4/9/9/9/9/9/9/9/9 w - - 0 1", "0-1 annihilation");
    ASSERT_RESULT("4k4/9/9/9/9/9/9/9/9 b - - 0 1", "0-1 annihilation");
}
END_TEST

START_TEST(test_dragon_capture_does_not_end) {
    const char *fen = "4k4/4+R4/9/9/9/9/ppp6/9/4K4 w - - 0 1";
    ASSERT_AFTER(fen, "e8e9", "4+R4/9/9/9/9/9/ppp6/9/4K4 b - - 0 1");
    ASSERT_RESULT("4+R4/9/9/9/9/9/ppp6/9/4K4 b - - 0 1", "none");
    ASSERT_MOVES("4+R4/9/9/9/9/9/ppp6/9/4K4 b - - 0 1", "", "a3a2 b3b2 c3c2");
    /* a side whose dragon is gone plays on with its other pieces */
    ASSERT_RESULT("9/9/9/9/9/9/ppp6/9/4K4 w - - 0 1", "none");
}
END_TEST

START_TEST(test_no_legal_move_loses) {
    ASSERT_RESULT("P3k4/3N5/9/9/9/9/9/9/9 w - - 0 1", "0-1 no legal move");
    ASSERT_RESULT("9/9/9/9/9/9/9/3n5/p3K4 b - - 0 1", "1-0 no legal move");
    /* blocked, not only stuck: the e8 soldier stands behind its own e9 */
    ASSERT_RESULT("4P4/4P4/9/9/9/9/9/9/k8 w - - 0 1", "0-1 no legal move");
    ASSERT_MOVES("P3k4/3N5/9/9/9/9/9/9/9 w - - 0 1", "", "");
    /* and the stuck side to move still has pieces: not annihilation */
    ASSERT_RESULT("P3k4/3N5/9/9/9/9/9/9/9 b - - 0 1", "none");
}
END_TEST

/* "Checked before the draw rules." */
START_TEST(test_no_legal_move_before_draw) {
    ASSERT_RESULT("P3k4/3N5/9/9/9/9/9/9/9 w - - 200 120", "0-1 no legal move");
}
END_TEST

/* 200 half-moves without a capture draw; the clock counts captures only. */
START_TEST(test_halfmove_draw) {
    ASSERT_RESULT("4k4/9/9/9/9/9/9/9/4K4 w - - 200 120", "1/2-1/2 200 half-moves without capture");
    ASSERT_MOVES("4k4/9/9/9/9/9/9/9/4K4 w - - 200 120", "", "");
    ASSERT_RESULT("4k4/9/9/9/9/9/9/9/4K4 w - - 199 100", "none");
    ASSERT_AFTER("4k4/9/9/9/9/9/9/9/4K4 w - - 199 100", "e1e2", "4k4/9/9/9/9/9/9/4K4/9 b - - 200 100");
    ASSERT_RESULT("4k4/9/9/9/9/9/9/4K4/9 b - - 200 100", "1/2-1/2 200 half-moves without capture");
    /* a capture on the 200th half-move resets the clock instead */
    ASSERT_AFTER("4k4/9/9/9/9/9/9/4p4/4K4 w - - 199 100", "e1e2", "4k4/9/9/9/9/9/9/4K4/9 b - - 0 100");
    ASSERT_RESULT("4k4/9/9/9/9/9/9/4K4/9 b - - 0 100", "none");
}
END_TEST

START_TEST(test_halfmove_counts_captures_only) {
    /* a soldier move does not reset it (unlike chess) */
    ASSERT_AFTER("4k4/9/9/9/9/9/4P4/9/4K4 w - - 17 30", "e3e4", "4k4/9/9/9/9/4P4/9/9/4K4 b - - 18 30");
    ASSERT_AFTER("4k4/9/9/9/9/4p4/4P4/9/4K4 w - - 17 30", "e3e4", "4k4/9/9/9/9/4P4/9/9/4K4 b - - 0 30");
    ASSERT_AFTER(START, "e3e4", "lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPPP1PPPP/1B5R1/LNSGKGSNL b - - 1 1");
}
END_TEST

START_TEST(test_threefold_is_a_rule) {
    /* the game layer applies it when the variant asks for it */
    ck_assert(jp()->repetition_draw);
}
END_TEST

/* Captured pieces leave the game: no holdings, no placements. */
START_TEST(test_no_drops) {
    ASSERT_AFTER("4k4/9/9/9/9/9/4p4/4R4/4K4 w - - 0 1", "e2e3", "4k4/9/9/9/9/9/4R4/9/4K4 b - - 0 1");
    const char *after = "4k4/9/9/9/9/9/4R4/9/4K4 b - - 0 1";
    ASSERT_REJECTED(after, "P@e5", "");
    ASSERT_REJECTED(after, "p@e5", "");
    char all[RULES_LIST_TEXT];
    rules_moves_from(RULES, after, "", all, sizeof all);
    ck_assert_ptr_null(strchr(all, '@'));
    ASSERT_FEN_REJECTED("4k4/9/9/9/9/9/4R4/9/4K4[p] b - - 0 1", "");
    ck_assert_ptr_null(jp()->holding_order);
}
END_TEST

/* ---------- FEN ---------- */

START_TEST(test_fen_round_trip) {
    const char *fens[] = {
        START,
        "4k4/1+r7/9/3+B5/9/5+b3/9/7+R1/4K4 w - - 0 1",
        "P2P3k1/3N5/9/9/4g4/9/9/5n3/2K2p2p b - - 13 57",
        "ln1g1g1nl/1r1s1s1b1/p1pp1pp1p/1p2p2p1/9/2P1P1P2/PP1P1P1PP/1BS3SR1/LN1GKG1NL w - - 198 40",
        "9/9/9/9/9/9/9/9/G8 w - - 0 1",
    };
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) ASSERT_ROUND_TRIP(fens[i], NULL);
}
END_TEST

START_TEST(test_malformed_fens) {
    const char *bad[] = {
        "lnsgkgsnl1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1", /* 10 files */
        "lnsgkgsnlp/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1", /* 10 files */
        "lnsgkgsnl/1r5b1/ppppppppp/91/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1", /* 10 files */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGQGSNL w - - 0 1",  /* unknown Q */
        "lnsgkgsnl/1r5b1/ppppppppp/9/4x4/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1", /* unknown x */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL w - - 0 1", /* +K */
        "4k4/9/9/9/4+G4/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/4+S4/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/4+N4/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/4+l4/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/4+p4/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/9/4+4/9/9/9/4K4 w - - 0 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1", /* 8 ranks */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1", /* 10 ranks */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1",    /* 8 files */
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - - 0 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w KQkq - 0 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - e3 0 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - x 1",
        "",
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) ASSERT_FEN_REJECTED(bad[i], "");
}
END_TEST

/* Positions no game can reach and the rules cannot judge. */
START_TEST(test_setup_rejects_impossible) {
    const char *bad[] = {
        "4k4/9/9/9/9/9/9/9/3KK4 w - - 0 1",         /* two white dragons */
        "3kk4/9/9/9/9/9/9/9/4K4 w - - 0 1",         /* two black dragons */
        "4k4/9/9/9/9/9/9/4P4/4K4 w - - 0 1",        /* white soldier on rank 2 */
        "4k4/9/9/9/9/9/9/9/3PK4 w - - 0 1",         /* white soldier on rank 1 */
        "4k4/4p4/9/9/9/9/9/9/4K4 w - - 0 1",        /* black soldier on rank 8 */
        "3pk4/9/9/9/9/9/9/9/4K4 w - - 0 1",         /* black soldier on rank 9 */
        "9/9/9/9/9/9/9/9/9 w - - 0 1",              /* nobody */
        "4k4/9/9/9/9/PPPPP4/PPPPP4/9/4K4 w - - 0 1", /* 10 white soldiers */
        "4k4/9/9/9/GGGGGGGGG/GGGGGGGGG/GGG6/9/9 w - - 0 1", /* 21 white pieces */
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) ASSERT_FEN_REJECTED(bad[i], "");
    /* kept: no dragon at all, stuck or unpromoted pieces deep in the camp */
    rules_load(RULES, "9/9/9/9/9/9/9/9/G7g w - - 0 1");
    rules_load(RULES, "P2N3k1/2S6/9/9/9/9/9/9/4K4 w - - 0 1");
}
END_TEST

START_TEST(test_variant_data) {
    const Variant *v = jp();
    ck_assert_int_eq(v->files, 9);
    ck_assert_int_eq(v->ranks, 9);
    ck_assert(!v->has_ep);
    ck_assert(!v->multi_step);
    ck_assert_int_eq(v->castle_style, CASTLE_STYLE_NONE);
    ck_assert_int_eq(v->default_move_limit, 0);
}
END_TEST

START_TEST(test_illegal_move_leaves_position) {
    const char *bad[] = {"e1e3", "b2c3", "a1a1", "e3e4q", "h2h9", "b1a3", "i9i8", "zz", ""};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) ASSERT_REJECTED(START, bad[i], "");
}
END_TEST

/* Malformed 9x9 FENs (10 files, an unknown letter, a promoted dragon)
 * through the real binary's UCI loop: each refused with an error, and the
 * next position command still works. */
START_TEST(test_uci_rejects_malformed_fens) {
    const char *input =
        "uci\nsetoption name UCI_Variant value japanese\n"
        "position fen lnsgkgsnl1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1\n"
        "position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGQGSNL w - - 0 1\n"
        "position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSG+KGSNL w - - 0 1\n"
        "position startpos moves c3c4 a7a6\ngo perft 2\nquit\n"; /* 781: ref_japanese_perft */
    static char out[1 << 16];
    run_ratnik("", input, strlen(input), out, sizeof out);
    ck_assert_int_eq(count_substr(out, "info string error:"), 3);
    ck_assert_ptr_nonnull(strstr(out, "Nodes searched: 781"));
}
END_TEST

/* ---------- against the reference generator ---------- */

/* The hand-made positions of tests/perft/japanese.epd (see the comments there). */
static const char *const handmade[] = {
    "l3k3l/1g5s1/p1p3p1p/2S6/6N2/4L4/PB5RP/9/4K4 w - - 0 1",
    "4k4/9/pr5bp/4l4/2n6/6s2/P1P3P1P/1S5G1/L3K3L b - - 0 1",
    "4k4/9/1p1P1p3/2p1P4/3G3G1/5g3/9/4g4/4K4 w - - 0 1",
    "4k4/9/1p1P1p3/2p1P4/3G3G1/5g3/9/4g4/4K4 b - - 0 1",
    "P2P3k1/3N5/9/9/4g4/9/9/5n3/2K2p2p w - - 0 1",
    "9/9/9/R3p4/9/9/9/9/4K4 b - - 0 1",
    "4k4/9/4G4/9/9/9/9/9/R3K4 b - - 0 1",
    "4k4/1+r7/9/3+B5/9/5+b3/9/7+R1/4K4 w - - 0 1",
    "9/3N5/P8/9/4k4/9/9/9/9 w - - 0 1",
    "4k4/2S3S2/3p5/9/9/9/9/9/4K4 w - - 0 1",
    "ln1g1g1nl/1r1s1s1b1/p1pp1pp1p/1p2p2p1/9/2P1P1P2/PP1P1P1PP/1BS3SR1/LN1GKG1NL w - - 198 40",
    "l1sg1g1nl/1r5b1/p1ppp1p1p/5p3/1pN6/2P1P1P2/PP1P1P1PP/1B5R1/L1SG1GSNL w - - 6 12",
    "2L3L2/9/9/1N5N1/1p5p1/2N3N2/9/L7L/9 w - - 0 1",
};
enum { HANDMADE_NB = sizeof handmade / sizeof *handmade };

START_TEST(test_perft_matches_reference) {
    rules_assert_perft(RULES, START, 4);
    Position start = rules_load(RULES, START);
    ck_assert_uint_eq(perft(&start, 4), 320366);
    for (int i = 0; i < HANDMADE_NB; i++) rules_assert_perft(RULES, handmade[i], 3);
}
END_TEST

/* How many finished games of each kind the random play reached. */
typedef struct {
    int annihilation, no_move, draw;
} EndCounts;

static void count_end(void *ctx, const char *result) {
    EndCounts *ends = ctx;
    ends->annihilation += strstr(result, "annihilation") != NULL;
    ends->no_move += strstr(result, "no legal move") != NULL;
    ends->draw += strstr(result, "1/2-1/2") != NULL;
}

START_TEST(test_differential_random_play) {
    uint64_t seed = 0x6a6170616e657365ull; /* "japanese" */
    EndCounts ends = {0, 0, 0};
    DiffSpec spec = {.ref = RULES, .ended = count_end, .ctx = &ends};
    DiffStats st = {0, 0, 0};
    diff_play(&spec, START, 6000, 160, &seed, &st);
    for (int i = 0; i < HANDMADE_NB; i++) diff_play(&spec, handmade[i], 1100, 120, &seed, &st);
    ck_assert_int_ge(st.positions, 20000);
    /* finished games of every kind were reached and compared too */
    ck_assert_int_gt(st.finished, 0);
    ck_assert_int_gt(ends.annihilation, 0);
    ck_assert_int_gt(ends.no_move, 0);
    ck_assert_int_gt(ends.draw, 0);
}
END_TEST

Suite *suite_japanese(void) {
    Suite *s = suite_create("japanese");
    TCase *rules = tcase_create("rules");
    tcase_add_test(rules, test_start_position);
    tcase_add_test(rules, test_king_moves);
    tcase_add_test(rules, test_gold_moves_white);
    tcase_add_test(rules, test_gold_moves_black);
    tcase_add_test(rules, test_gold_blocked);
    tcase_add_test(rules, test_gold_near_edge);
    tcase_add_test(rules, test_silver_moves);
    tcase_add_test(rules, test_unicorn_moves);
    tcase_add_test(rules, test_lance_moves);
    tcase_add_test(rules, test_rook_moves);
    tcase_add_test(rules, test_bishop_moves);
    tcase_add_test(rules, test_soldier_moves);
    tcase_add_test(rules, test_dragon_king_moves);
    tcase_add_test(rules, test_dragon_horse_moves);
    tcase_add_test(rules, test_nothing_jumps_but_unicorn);
    tcase_add_test(rules, test_promotion_rank7_silver);
    tcase_add_test(rules, test_promotion_b8_h8_not_c8);
    tcase_add_test(rules, test_promotion_rank9);
    tcase_add_test(rules, test_promotion_unicorn_lance);
    tcase_add_test(rules, test_promotion_rook_bishop);
    tcase_add_test(rules, test_promotion_black);
    tcase_add_test(rules, test_promotion_pass_through);
    tcase_add_test(rules, test_no_promotion_king_gold_soldier);
    tcase_add_test(rules, test_promotion_no_suffix);
    tcase_add_test(rules, test_stuck_pieces_stay);
    tcase_add_test(rules, test_annihilation);
    tcase_add_test(rules, test_dragon_capture_does_not_end);
    tcase_add_test(rules, test_no_legal_move_loses);
    tcase_add_test(rules, test_no_legal_move_before_draw);
    tcase_add_test(rules, test_halfmove_draw);
    tcase_add_test(rules, test_halfmove_counts_captures_only);
    tcase_add_test(rules, test_threefold_is_a_rule);
    tcase_add_test(rules, test_no_drops);
    suite_add_tcase(s, rules);

    TCase *fen = tcase_create("fen");
    tcase_add_test(fen, test_fen_round_trip);
    tcase_add_test(fen, test_malformed_fens);
    tcase_add_test(fen, test_setup_rejects_impossible);
    tcase_add_test(fen, test_variant_data);
    tcase_add_test(fen, test_illegal_move_leaves_position);
    tcase_add_test(fen, test_uci_rejects_malformed_fens);
    suite_add_tcase(s, fen);

    TCase *ref = tcase_create("reference");
    tcase_set_timeout(ref, 60);
    tcase_set_tags(ref, "slow"); /* the differential test: CK_EXCLUDE_TAGS=slow skips it (make valgrind) */
    tcase_add_test(ref, test_perft_matches_reference);
    tcase_add_test(ref, test_differential_random_play);
    suite_add_tcase(s, ref);
    return s;
}
