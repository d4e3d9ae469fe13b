/* Search and evaluation tests for `voodoo`: positions of
 * tests/tactics/voodoo.epd solved at a fixed depth through search_blocking, the
 * quiescence hook, the king-threat terms, and a colour-symmetric evaluation. */
#include "test_search_util.h"
#include "../variants/registry.h"

#define V "voodoo"

static const struct {
    const char *fen, *bm;
} solved[] = {
    /* voodoo.01: possessed knight takes its own king */
    {"4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1", "xb1,f6e8"},
    /* voodoo.02: trance king takes the king */
    {"4k3/p6p/8/8/8/8/P7/3QK3[] w - - 0 1", "xd1,e1e8"},
    /* voodoo.08: three steps to a bare king */
    {"r7/6k1/8/n7/8/8/3B2P1/1R4K1[] w - - 0 1", "xb1,a8a5,d2a5"},
    /* voodoo.14: win in two turns */
    {"1n5k/6pp/8/8/8/p7/P7/2K1R3[] w - - 0 1", "e1e8 xa2,a3a2,e1e8"},
    /* voodoo.17: full board, after 1.Nf3?? */
    {"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[] b - - 1 1", "xb8,f3e1 xg8,f3e1"},
};
enum { SOLVED_NB = sizeof solved / sizeof solved[0] };

START_TEST(solves_tactics_at_fixed_depth) { assert_finds(V, solved[_i].fen, 4, solved[_i].bm); }
END_TEST

START_TEST(noisy_steps) {
    const Variant *v = variant_find(V);
    ck_assert_ptr_nonnull(v->evaluate);
    ck_assert_ptr_nonnull(v->is_noisy);
    /* a possessed capture of the king, a trance capture: noisy; quiet steps not */
    assert_step_noisy(V, "4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1", "xb1,f6e8", true);
    assert_step_noisy(V, "4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1", "xb1,f6g4", false);
    assert_step_noisy(V, "4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1", "a2a3", false);
    assert_step_noisy(V, "4k3/p6p/8/8/8/8/P7/3QK3[] w - - 0 1", "xd1,e1e8", true);
    /* a possessed promotion, and a removal that leaves the mover bare */
    assert_step_noisy(V, "K6k/8/8/8/8/8/2Pp3P/8[] w - - 0 1", "xc2,d2d1n", true);
    assert_step_noisy(V, "K6k/7p/8/8/8/8/2P5/8[] w - - 0 1", "xc2", true);
}
END_TEST

/* The first-trade exchange test (see_ge): what a sacrifice gains against
 * the piece it removes, and an ordinary capture against a guarded square. */
START_TEST(exchange_test) {
    ck_assert_ptr_nonnull(variant_find(V)->see_ge);
    /* White removes b1 (N); Black's e5 knight takes Black's own d7 pawn:
     * a knight for a pawn, losing; a quiet possession, a knight for nothing */
    assert_see_ge(V, "4k3/3pq3/8/4n3/8/8/6P1/1N2K3[] w - - 0 1", "xb1,e5d7", 0, false);
    assert_see_ge(V, "4k3/3pq3/8/4n3/8/8/6P1/1N2K3[] w - - 0 1", "xb1,e5f7", 0, false);
    /* ... or takes Black's own queen: a knight for the queen, winning */
    assert_see_ge(V, "4k3/8/8/4n3/6q1/8/6P1/1N2K3[] w - - 0 1", "xb1,e5g4", 0, true);
    assert_see_ge(V, "4k3/8/8/4n3/6q1/8/6P1/1N2K3[] w - - 0 1", "xb1,e5g4", 700, false);
    /* ordinary captures: a queen takes a guarded pawn (losing), an unguarded one (winning) */
    assert_see_ge(V, "4k3/8/2p5/3p4/8/8/8/3QK3[] w - - 0 1", "d1d5", 0, false);
    assert_see_ge(V, "4k3/8/8/3p4/8/8/8/3QK3[] w - - 0 1", "d1d5", 0, true);
    /* the king guards d5, but taking Black's last piece leaves a bare king: a win */
    assert_see_ge(V, "8/8/4k3/3p4/8/8/8/3QK3[] w - - 0 1", "d1d5", 0, true);
    assert_see_ge(V, "8/p7/4k3/3p4/8/8/8/3QK3[] w - - 0 1", "d1d5", 0, false);
    /* taking a king always passes; a trance costs nothing lasting */
    assert_see_ge(V, "4k3/p6p/8/8/8/8/P7/3QK3[] w - - 0 1", "xd1,e1e8", 0, true);
}
END_TEST

START_TEST(king_threats_dominate) {
    /* side to move can take the king (possession): a near-win */
    Position pos = test_pos("voodoo", "4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1");
    ck_assert_int_ge(pos.v->evaluate(&pos), 5000);
    /* the same with Black to move: Black faces the threat, and has no knight to answer in kind */
    pos = test_pos("voodoo", "4k3/7p/5n2/8/8/8/P7/1N2K3[] b - - 0 1");
    int threatened = pos.v->evaluate(&pos);
    Position calm = test_pos("voodoo", "4k3/7p/8/8/8/5n2/P7/1N2K3[] b - - 0 1");
    ck_assert_int_lt(threatened, calm.v->evaluate(&calm) - 100);
    /* a queen in trance must return first: no capture this turn */
    pos = test_pos("voodoo", "4k3/p6p/8/8/8/8/P7/4K3[Q] w - - 0 1");
    ck_assert_int_lt(pos.v->evaluate(&pos), 5000);
}
END_TEST

START_TEST(evaluation_is_colour_symmetric) {
    /* the start position is worth the tempo only, whoever is to move */
    Position start = test_pos(V, NULL), black = start;
    black.side = BLACK;
    ck_assert_int_eq(start.v->evaluate(&start), black.v->evaluate(&black));
    const char *fens[SOLVED_NB];
    for (int i = 0; i < SOLVED_NB; i++) fens[i] = solved[i].fen;
    /* and positions from seeded random play, whole turns only */
    ck_assert_int_gt(assert_eval_symmetric_all(V, fens, SOLVED_NB, 20, 120, 777), 500);
}
END_TEST

Suite *suite_voodoo_search(void) {
    Suite *s = suite_create("voodoo_search");
    TCase *tc = tcase_create("search");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, noisy_steps);
    tcase_add_test(tc, exchange_test);
    tcase_add_test(tc, king_threats_dominate);
    tcase_add_test(tc, evaluation_is_colour_symmetric);
    tcase_add_loop_test(tc, solves_tactics_at_fixed_depth, 0, SOLVED_NB);
    suite_add_tcase(s, tc);
    return s;
}
