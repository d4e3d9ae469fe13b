/* Search and evaluation tests for `belarusian`: the positions of
 * tests/tactics/fixed_depth.txt solved at a fixed depth through search_blocking,
 * the quiescence/check hooks, and a colour-symmetric evaluation. */
#include "test_search_util.h"
#include "fixed_depth.h"
#include "../variants/registry.h"
#include "suites.h"

#define V "belarusian"

START_TEST(solves_tactics_at_fixed_depth) { fixed_depth_solve(V, _i); }
END_TEST

START_TEST(hooks_are_set) {
    const Variant *v = variant_find(V);
    ck_assert_ptr_nonnull(v->evaluate);
    ck_assert_ptr_nonnull(v->is_noisy);
    ck_assert_ptr_nonnull(v->in_check);
}
END_TEST

START_TEST(noisy_and_check) {
    /* throne entry, capture and the inauguration are noisy; a quiet step is not */
    assert_step_noisy(V, "a8/1r7/9/9/9/3A1R3/8R/9/K7k w - - 0 1", "d4e5", true);
    assert_step_noisy(V, "a8/1r7/9/9/9/3A1R3/8R/9/K7k w - - 0 1", "a1b1", false);
    assert_step_noisy(V, "9/5k3/5a1rr/9/9/9/9/RR3L3/AK7 w - - 0 1", "f2f7", true);
    assert_step_noisy(V, "9/5k3/5L1rr/9/9/9/9/RR7/AK7 b - - 0 1", "f8f8a", true);
    /* with the kniazhych alive there is no check; without it there is */
    Position pos = test_pos(V, "9/5k3/5L1rr/9/9/9/9/RR7/AK7 b - - 0 1");
    ck_assert(!pos.v->in_check(&pos));
    pos = test_pos(V, "k8/a6l1/9/9/9/9/9/RR4l2/4A2l1 w - - 0 1");
    ck_assert(pos.v->in_check(&pos));
    /* rokash: the holder on e5 is attacked */
    pos = test_pos(V, "ak7/9/9/7L1/4A2l1/9/9/R8/K8 w - - 0 1");
    ck_assert(pos.v->in_check(&pos));
}
END_TEST

START_TEST(evaluation_is_colour_symmetric) {
    /* the start scores the same whoever is to move; the fixed-depth positions and those of
     * seeded random play mirror to the same score */
    ck_assert_int_gt(fixed_depth_eval_symmetric(V, 20, 80, 12345), 500);
}
END_TEST

Suite *suite_belarusian_search(void) {
    return suite_of("belarusian_search",
                    LOOP_CASE("search", 60, LOOPS({solves_tactics_at_fixed_depth, fixed_depth_count(V)}), hooks_are_set,
                              noisy_and_check, evaluation_is_colour_symmetric),
                    NULL);
}
