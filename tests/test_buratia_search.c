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

static int eval_of(const char *fen) {
    Position pos = test_pos("buratia", fen);
    return pos.v->evaluate(&pos);
}

/* A director one step from its goal that the side to move can neither
 * capture, push away, nor shut out (a secretary, or one of its own pieces
 * pushed in by a lawyer) wins next move: the evaluation says so by about
 * the term's 900, and not when a stop exists. */
START_TEST(test_unstoppable_director) {
    static const struct { const char *stopped, *open, *why; } pairs[] = {
        {"k7/4K3/8/8/8/8/8/4r3[] b - - 0 1", "k7/4K3/8/8/8/8/8/7r[] b - - 0 1",
         "Black's boss on e1 can take the director on e7; on h1 it cannot"},
        {"k5q1/7K/8/4q3/8/8/8/8[] b - - 0 1", "k5q1/7K/8/8/4q3/8/8/8[] b - - 0 1",
         "one way in (h8; g8 holds a secretary): a secretary on e5 can fill it, one on e4 cannot"},
        {"k7/4K3/8/3n4/8/8/8/8[] b - - 0 1", "k7/4K3/8/8/3n4/8/8/8[] b - - 0 1",
         "a black lawyer on d5 can push the director back, one on d4 cannot"},
        {"k2R1R2/1n2K3/8/8/8/8/8/8[] b - - 0 1", "k2R1R2/4K3/n7/8/8/8/8/8[] b - - 0 1",
         "one way in (e8; White's bosses on d8, f8): a lawyer on b7 can push the d8 boss into e8, one on a6 cannot"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        int gap = eval_of(pairs[i].stopped) - eval_of(pairs[i].open);
        ck_assert_msg(gap > 800, "%s: the evaluations differ by %d, not by the term's 900", pairs[i].why, gap);
    }
}
END_TEST

/* A net is told the same fact: the knowledge the search adds to a net's
 * evaluation is the term, against the side to move, exactly where the
 * hand-written evaluation gives it, and nothing where the director can be
 * stopped or where it is the side to move's own. */
START_TEST(test_net_knowledge_is_the_unstoppable_director) {
    Position open = test_pos("buratia", "k7/4K3/8/8/8/8/8/7r[] b - - 0 1");
    Position stopped = test_pos("buratia", "k7/4K3/8/8/8/8/8/4r3[] b - - 0 1");
    Position own = test_pos("buratia", "k7/4K3/8/8/8/8/8/7r[] w - - 0 1");
    ck_assert_ptr_nonnull(open.v->net_knowledge);
    ck_assert_int_eq(open.v->net_knowledge(&open), -900);
    ck_assert_int_eq(stopped.v->net_knowledge(&stopped), 0);
    ck_assert_int_eq(own.v->net_knowledge(&own), 0);
    Position black = test_pos("buratia", "7r/8/8/8/8/8/4k3/K7[] w - - 0 1");
    ck_assert_int_eq(black.v->net_knowledge(&black), -900);
}
END_TEST

Suite *suite_buratia_search(void) {
    return suite_of("buratia_search",
                    LOOP_CASE("search", 60, LOOPS({test_tactics_fixed_depth, fixed_depth_count("buratia")}),
                              test_eval_symmetric, test_noisy_steps, test_unstoppable_director,
                              test_net_knowledge_is_the_unstoppable_director),
                    NULL);
}
