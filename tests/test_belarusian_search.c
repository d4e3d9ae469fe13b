/* Search and evaluation tests for `belarusian`: positions of
 * tests/tactics/belarusian.epd solved at a fixed depth through search_blocking,
 * the quiescence/check hooks, and a colour-symmetric evaluation. */
#include "test_search_util.h"
#include "../variants/registry.h"

#define V "belarusian"

static const struct {
    const char *fen, *bm;
} solved[] = {
    /* belarusian.01: the kniaz enters a throne Black cannot attack in time */
    {"a8/1r7/9/9/9/3A1R3/8R/9/K7k w - - 0 1", "d4e5"},
    /* belarusian.04: inauguration trap */
    {"9/5k3/5a1rr/9/9/9/9/RR3L3/AK7 w - - 0 1", "f2f7"},
    /* belarusian.08: promotion in place into the lost hetman mates */
    {"a2R5/9/7r1/2I6/9/9/9/7R1/1LK1A2L1 w - - 0 1", "d9d9g"},
    /* belarusian.12: mate in two against a lone kniaz */
    {"4a4/9/8r/9/9/9/1L7/L6R1/K3A4 w - - 0 1", "a2a8 b3b8"},
    /* belarusian.13: Black mates in one */
    {"k8/a6l1/9/9/9/9/9/RR4l2/4A4 b - - 0 1", "h8h1"},
};
enum { SOLVED_NB = sizeof solved / sizeof solved[0] };

START_TEST(solves_tactics_at_fixed_depth) { assert_finds(V, solved[_i].fen, 8, solved[_i].bm); }
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
    /* the start position is worth the tempo only, whoever is to move */
    Position start = test_pos(V, NULL), black = start;
    black.side = BLACK;
    ck_assert_int_eq(start.v->evaluate(&start), black.v->evaluate(&black));
    const char *fens[SOLVED_NB];
    for (int i = 0; i < SOLVED_NB; i++) fens[i] = solved[i].fen;
    /* and positions from seeded random play */
    ck_assert_int_gt(assert_eval_symmetric_all(V, fens, SOLVED_NB, 20, 80, 12345), 500);
}
END_TEST

Suite *suite_belarusian_search(void) {
    Suite *s = suite_create("belarusian_search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, hooks_are_set);
    tcase_add_test(tc, noisy_and_check);
    tcase_add_test(tc, evaluation_is_colour_symmetric);
    tcase_add_loop_test(tc, solves_tactics_at_fixed_depth, 0, SOLVED_NB);
    suite_add_tcase(s, tc);
    return s;
}
