/* Search and evaluation tests for `voodoo` (issue 7): positions of
 * tests/tactics/voodoo.epd solved at a fixed depth through search_run, the
 * quiescence hook, the king-threat terms, and a colour-symmetric evaluation. */
#include <check.h>
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "test_search_util.h"

static const struct {
    const char *fen, *bm[2];
} solved[] = {
    /* voodoo.01: possessed knight takes its own king */
    {"4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1", {"xb1,f6e8"}},
    /* voodoo.02: trance king takes the king */
    {"4k3/p6p/8/8/8/8/P7/3QK3[] w - - 0 1", {"xd1,e1e8"}},
    /* voodoo.08: three steps to a bare king */
    {"r7/6k1/8/n7/8/8/3B2P1/1R4K1[] w - - 0 1", {"xb1,a8a5,d2a5"}},
    /* voodoo.14: win in two turns */
    {"1n5k/6pp/8/8/8/p7/P7/2K1R3[] w - - 0 1", {"e1e8", "xa2,a3a2,e1e8"}},
    /* voodoo.17: full board, after 1.Nf3?? */
    {"rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R[] b - - 1 1", {"xb8,f3e1", "xg8,f3e1"}},
};

START_TEST(solves_tactics_at_fixed_depth) {
    char turn[TURN_STR_MAX * 2];
    search_best_turn("voodoo", solved[_i].fen, 4, turn, sizeof turn);
    bool ok = false;
    for (int k = 0; k < 2; k++) ok |= solved[_i].bm[k] && !strcmp(turn, solved[_i].bm[k]);
    ck_assert_msg(ok, "%s: played %s, expected %s", solved[_i].fen, turn, solved[_i].bm[0]);
}
END_TEST

START_TEST(noisy_steps) {
    Move m;
    const Variant *v = variant_find("voodoo");
    ck_assert_ptr_nonnull(v->evaluate);
    ck_assert_ptr_nonnull(v->is_noisy);
    /* a possessed capture of the king, a trance capture: noisy; quiet steps not */
    Position pos = test_pos("voodoo", "4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1");
    ck_assert(find_step(&pos, "xb1,f6e8", &m));
    ck_assert(v->is_noisy(&pos, m));
    ck_assert(find_step(&pos, "xb1,f6g4", &m));
    ck_assert(!v->is_noisy(&pos, m));
    ck_assert(find_step(&pos, "a2a3", &m));
    ck_assert(!v->is_noisy(&pos, m));
    pos = test_pos("voodoo", "4k3/p6p/8/8/8/8/P7/3QK3[] w - - 0 1");
    ck_assert(find_step(&pos, "xd1,e1e8", &m));
    ck_assert(v->is_noisy(&pos, m));
    /* a possessed promotion, and a removal that leaves the mover bare */
    pos = test_pos("voodoo", "K6k/8/8/8/8/8/2Pp3P/8[] w - - 0 1");
    ck_assert(find_step(&pos, "xc2,d2d1n", &m));
    ck_assert(v->is_noisy(&pos, m));
    pos = test_pos("voodoo", "K6k/7p/8/8/8/8/2P5/8[] w - - 0 1");
    ck_assert(find_step(&pos, "xc2", &m));
    ck_assert(v->is_noisy(&pos, m));
}
END_TEST

/* The first-trade exchange test (see_ge): what a sacrifice gains against
 * the piece it removes, and an ordinary capture against a guarded square. */
START_TEST(exchange_test) {
    Move m;
    const Variant *v = variant_find("voodoo");
    ck_assert_ptr_nonnull(v->see_ge);
    /* White removes b1 (N) or g2 (P); Black's e5 knight takes Black's own d7 pawn... */
    Position pos = test_pos("voodoo", "4k3/3pq3/8/4n3/8/8/6P1/1N2K3[] w - - 0 1");
    ck_assert(find_step(&pos, "xb1,e5d7", &m)); /* a knight for a pawn: losing */
    ck_assert(!v->see_ge(&pos, m, 0));
    ck_assert(find_step(&pos, "xb1,e5f7", &m)); /* quiet possession: a knight for nothing */
    ck_assert(!v->see_ge(&pos, m, 0));
    /* ... or takes Black's own queen */
    pos = test_pos("voodoo", "4k3/8/8/4n3/6q1/8/6P1/1N2K3[] w - - 0 1");
    ck_assert(find_step(&pos, "xb1,e5g4", &m)); /* a knight for the queen: winning */
    ck_assert(v->see_ge(&pos, m, 0));
    ck_assert(!v->see_ge(&pos, m, 700));
    /* ordinary captures: a queen takes a guarded pawn (losing), an unguarded one (winning) */
    pos = test_pos("voodoo", "4k3/8/2p5/3p4/8/8/8/3QK3[] w - - 0 1");
    ck_assert(find_step(&pos, "d1d5", &m));
    ck_assert(!v->see_ge(&pos, m, 0));
    pos = test_pos("voodoo", "4k3/8/8/3p4/8/8/8/3QK3[] w - - 0 1");
    ck_assert(find_step(&pos, "d1d5", &m));
    ck_assert(v->see_ge(&pos, m, 0));
    /* the king guards d5, but taking Black's last piece leaves a bare king: a win */
    pos = test_pos("voodoo", "8/8/4k3/3p4/8/8/8/3QK3[] w - - 0 1");
    ck_assert(find_step(&pos, "d1d5", &m));
    ck_assert(v->see_ge(&pos, m, 0));
    pos = test_pos("voodoo", "8/p7/4k3/3p4/8/8/8/3QK3[] w - - 0 1");
    ck_assert(find_step(&pos, "d1d5", &m));
    ck_assert(!v->see_ge(&pos, m, 0));
    /* taking a king always passes; a trance costs nothing lasting */
    pos = test_pos("voodoo", "4k3/p6p/8/8/8/8/P7/3QK3[] w - - 0 1");
    ck_assert(find_step(&pos, "xd1,e1e8", &m));
    ck_assert(v->see_ge(&pos, m, 0));
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
    Position start = test_pos("voodoo", NULL);
    ck_assert_int_eq(start.v->evaluate(&start), 10); /* the tempo only */
    for (size_t i = 0; i < sizeof solved / sizeof solved[0]; i++) {
        Position pos = test_pos("voodoo", solved[i].fen);
        assert_eval_symmetric(&pos);
    }
    /* positions from seeded random play, whole turns only */
    ck_assert_int_gt(check_eval_symmetry_random("voodoo", NULL, 20, 120, 777), 500);
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
    tcase_add_loop_test(tc, solves_tactics_at_fixed_depth, 0, sizeof solved / sizeof solved[0]);
    suite_add_tcase(s, tc);
    return s;
}
