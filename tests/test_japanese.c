/* Tests for `japanese` (RULES.md section 3): one test per rule and ruling,
 * FEN handling, and the differential test against the independent reference
 * generator in ref_japanese.c. */
#include <stdlib.h>
#include "differential.h"
#include "rules_file.h"
#include "ref_japanese.h"
#include "test_util.h"
#include "../variants/registry.h"
#include "suites.h"

#define RULES (&ref_japanese)
RULES_FILE_TEST("japanese")
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

/* ---------- end of the game ---------- */

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
    return suite_of("japanese",
                    LOOP_CASE("rules", 0, LOOPS(RULES_FILE_LOOP), test_start_position, test_nothing_jumps_but_unicorn,
                              test_threefold_is_a_rule, test_no_drops),
                    CASE("fen", 0, test_fen_round_trip, test_malformed_fens, test_setup_rejects_impossible,
                         test_variant_data, test_illegal_move_leaves_position, test_uci_rejects_malformed_fens),
                    SLOW_CASE("reference", 60, test_perft_matches_reference, test_differential_random_play), NULL);
}
