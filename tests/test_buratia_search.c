/* Buratia search and evaluation: positions of tests/tactics/buratia.epd
 * searched at a fixed depth through search_blocking must give the winning turn;
 * the evaluation must be colour-symmetric. */
#include "test_search_util.h"
#include "suites.h"

static const struct {
    const char *fen, *bm;
    int depth;
} cases[] = {
    {"k1q1q3/3K4/1N6/8/8/8/8/8[] w - - 0 1", "b6d7,d7d8 d7d8", 2},            /* lawyer push onto the goal */
    {"k7/8/4K3/6Nb/b7/8/8/4r3[] w - - 0 1", "g5e6,e6e7", 4},                 /* push as a shield, win in 2 */
    {"4R3/8/8/B7/6nB/4k3/8/K7[] b - - 0 1", "g4e3,e3e2", 4},                 /* the same for Black */
    {"3R4/7p/4K3/8/8/8/3k4/8[] w - - 0 1", "d8d2", 6},                       /* stop the enemy director */
    {"k7/3q1q2/4K3/8/8/8/8/4r3[] w - - 0 1", "e6f6", 6},                     /* around a secretary blockade */
    {"1k6/8/8/8/2K5/8/8/8[] w - - 0 1", "c4d5", 8},                          /* director race, win in 4 */
};

START_TEST(test_tactics_fixed_depth) { assert_finds("buratia", cases[_i].fen, cases[_i].depth, cases[_i].bm); }
END_TEST

START_TEST(test_eval_symmetric) { assert_eval_symmetric_in_play("buratia", "k7/3q1q2/4K3/6N1/8/8/8/4r3[] w - - 0 1"); }
END_TEST

/* A director step onto the last rank and a lawyer push that puts a director
 * there are noisy (quiescence searches them); a quiet step is not. */
START_TEST(test_noisy_steps) {
    assert_noisy_steps("buratia", "k1q1q3/3K4/1N6/8/8/8/8/8[] w - - 0 1", "d7d8 b6d7,d7d8");
}
END_TEST

Suite *suite_buratia_search(void) {
    Suite *s = suite_create("buratia_search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_tactics_fixed_depth, 0, (int)(sizeof cases / sizeof cases[0]));
    tcase_add_test(tc, test_eval_symmetric);
    tcase_add_test(tc, test_noisy_steps);
    suite_add_tcase(s, tc);
    return s;
}
