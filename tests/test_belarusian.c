/* Tests for `belarusian` (RULES.md section 4): one test per rule and ruling,
 * FEN handling and malformed input, perft against the reference, and the
 * differential test against the independent reference generator in
 * ref_belarusian.c. */
#include <stdio.h>
#include "differential.h"
#include "rules_file.h"
#include "ref_belarusian.h"
#include "test_util.h"
#include "../variants/registry.h"
#include "suites.h"

#define RULES (&ref_belarusian)
RULES_FILE_TEST("belarusian")
#define START "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL w AIai - 0 1"

static const Variant *by(void) { return variant_find("belarusian"); }

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

/* ---------- throne and palace ---------- */

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

/* ---------- perft against the reference ---------- */

START_TEST(test_perft_matches_reference) {
    rules_assert_perft(RULES, START, 4);
    ck_assert_uint_eq(engine_perft(START, 4), 296204);
    for (int i = 0; i < HAND_NB; i++) rules_assert_perft(RULES, HAND[i], 3);
}
END_TEST

Suite *suite_belarusian(void) {
    return suite_of("belarusian",
                    LOOP_CASE("rules", 0, LOOPS(RULES_FILE_LOOP), test_start_position, test_hundred_halfmoves,
                              test_fen_round_trips, test_malformed_fen),
                    SLOW_CASE("reference", 120, test_perft_matches_reference, test_differential_random_play), NULL);
}
