/* Buratia search and evaluation: positions of tests/tactics/fixed_depth.txt
 * searched at a fixed depth through search_blocking must give the winning turn;
 * the evaluation must be colour-symmetric. */
#include "test_search_util.h"
#include "fixed_depth.h"
#include "suites.h"

START_TEST(test_tactics_fixed_depth) { fixed_depth_solve("buratia", _i); }
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
    return suite_of("buratia_search",
                    LOOP_CASE("search", 60, LOOPS({test_tactics_fixed_depth, fixed_depth_count("buratia")}),
                              test_eval_symmetric, test_noisy_steps),
                    NULL);
}
