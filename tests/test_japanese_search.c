/* Japanese search and evaluation: positions of tests/tactics/fixed_depth.txt
 * searched at a fixed depth through search_blocking must give the winning turn;
 * the evaluation must be colour-symmetric. */
#include "test_search_util.h"
#include "fixed_depth.h"
#include "suites.h"

START_TEST(test_tactics_fixed_depth) { fixed_depth_solve("japanese", _i); }
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
    return suite_of("japanese_search",
                    LOOP_CASE("search", 60, LOOPS({test_tactics_fixed_depth, fixed_depth_count("japanese")}),
                              test_eval_symmetric, test_noisy_steps),
                    NULL);
}
