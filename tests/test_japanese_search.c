/* Japanese search and evaluation: positions of tests/tactics/japanese.epd
 * searched at a fixed depth through search_blocking must give the winning turn;
 * the evaluation must be colour-symmetric. */
#include "test_search_util.h"
#include "suites.h"

static const struct {
    const char *fen, *bm;
    int depth;
} cases[] = {
    {"s8/9/9/9/9/9/9/9/R3p4 w - - 0 1", "a1a9", 2},                 /* leave only a stuck soldier */
    {"9/S8/9/5k3/9/9/8G/p8/9 w - - 0 1", "i3f6", 4},                /* gold's long diagonal, then stuck */
    {"9/1Pn6/5P3/6+b2/9/9/9/9/9 b - - 0 1", "g6f7", 4},             /* the same theme for Black */
    {"9/9/9/9/p3p4/9/9/9/R8 w - - 0 1", "a1a5", 12},                 /* annihilation in 3 */
    {"9/9/1l7/2R6/3S5/9/9/9/9 w - - 0 1", "d5c4", 12},               /* annihilation in 3 */
    {"9/8k/1p7/9/+R8/3Bp4/9/8R/9 w - - 0 1", "i2i8", 12},            /* annihilation in 3 */
};

START_TEST(test_tactics_fixed_depth) { assert_finds("japanese", cases[_i].fen, cases[_i].depth, cases[_i].bm); }
END_TEST

START_TEST(test_eval_symmetric) {
    assert_eval_symmetric_in_play("japanese", "4k4/1r5b1/p1p1p1p1p/9/9/2S3N2/P1P1P1P1P/1B5R1/4K4 w - - 0 1");
}
END_TEST

/* Captures and promotions are noisy; a quiet step is not: of the silver's
 * steps from c7 only c7b8 lands on a promotion square, and none captures. */
START_TEST(test_noisy_steps) { assert_noisy_steps("japanese", "4k4/9/2S1p4/9/9/9/9/9/4K4 w - - 0 1", "c7b8"); }
END_TEST

Suite *suite_japanese_search(void) {
    Suite *s = suite_create("japanese_search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_tactics_fixed_depth, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_eval_symmetric);
    tcase_add_test(tc, test_noisy_steps);
    suite_add_tcase(s, tc);
    return s;
}
