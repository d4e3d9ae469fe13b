/* Search and evaluation tests for `voodoo`: the positions of
 * tests/tactics/fixed_depth.txt solved at a fixed depth through search_blocking, the
 * quiescence hook, the king-threat terms, and a colour-symmetric evaluation. */
#include "test_search_util.h"
#include "fixed_depth.h"
#include "../variants/registry.h"
#include "../search/prune.h"
#include "suites.h"

#define V "voodoo"

START_TEST(solves_tactics_at_fixed_depth) { fixed_depth_solve(V, _i); }
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

/* What a net gets on top of its own output: the same king facts. */
START_TEST(net_knowledge_is_the_king_threats) {
    Position pos = test_pos("voodoo", "4k3/7p/5n2/8/8/8/P7/1N2K3[] w - - 0 1");
    ck_assert_ptr_nonnull(pos.v->net_knowledge);
    ck_assert_int_ge(pos.v->net_knowledge(&pos), 5000);
    pos = test_pos("voodoo", "4k3/7p/5n2/8/8/8/P7/1N2K3[] b - - 0 1");
    ck_assert_int_lt(pos.v->net_knowledge(&pos), -100);
    pos = test_pos("voodoo", "4k3/7p/8/5n2/8/8/P7/1N2K3[] b - - 0 1"); /* no way to a king */
    ck_assert_int_eq(pos.v->net_knowledge(&pos), 0);
    pos = test_pos("voodoo", "4k3/p6p/8/8/8/8/P7/4K3[Q] w - - 0 1");
    ck_assert_int_lt(pos.v->net_knowledge(&pos), 5000);
}
END_TEST

START_TEST(evaluation_is_colour_symmetric) {
    /* the start scores the same whoever is to move; the fixed-depth positions and those of
     * seeded random play, whole turns only, mirror to the same score */
    ck_assert_int_gt(fixed_depth_eval_symmetric(V, 20, 120, 777), 500);
}
END_TEST

static bool same_limits(const PruneLimits *a, const PruneLimits *b) {
    return a->rfp_depth == b->rfp_depth && a->rfp_margin == b->rfp_margin && a->rfp_improving == b->rfp_improving
        && a->futility_depth == b->futility_depth && a->lmp_depth == b->lmp_depth
        && a->lmp_improving == b->lmp_improving && a->see_depth == b->see_depth
        && a->check_needs_see == b->check_needs_see && a->lmr_not_improving == b->lmr_not_improving
        && a->null_by_eval == b->null_by_eval;
}

/* Nodes of a fixed-depth search of fen in the game v (which may be a
 * modified copy of a registered one). */
static uint64_t nodes_at_depth(const Variant *v, const char *fen, int depth) {
    Position pos;
    char err[256];
    ck_assert_msg(fen_parse(&pos, v, fen, err, sizeof err), "%s", err);
    SearchResult *res = malloc(sizeof *res);
    ck_assert(res);
    search_to_depth(&pos, depth, res);
    uint64_t nodes = res->nodes;
    free(res);
    return nodes;
}

/* Voodoo's scores swing by a piece between depths, so its search keeps the
 * narrow prunings (the wide ones lost most games); chess has the wide ones
 * with reductions that do not read the eval (mates behind sacrifices);
 * every other game has the wide ones. The search reads them: Voodoo
 * searched with the wide limits visits other nodes, and so does chess with
 * the eval-driven reductions. */
START_TEST(prune_limits_are_the_games_data) {
    const PruneLimits *narrow = prune_limits(PRUNE_NARROW), *wide = prune_limits(PRUNE_WIDE);
    const PruneLimits *tactical = prune_limits(PRUNE_TACTICAL);
    ck_assert_int_eq(variant_find(V)->prune, PRUNE_NARROW);
    ck_assert_int_eq(narrow->see_depth, 0);
    ck_assert(!narrow->check_needs_see);
    ck_assert_int_lt(narrow->rfp_depth, wide->rfp_depth);
    ck_assert_int_eq(variant_find("chess")->prune, PRUNE_TACTICAL);
    ck_assert(!tactical->lmr_not_improving && !tactical->null_by_eval);
    ck_assert(wide->lmr_not_improving && wide->null_by_eval);
    /* What the search learns as it goes (history.c) is chess's alone: the
     * other games were not measured with it. */
    ck_assert(tactical->correct_eval && tactical->capture_history && tactical->history_prune_depth > 0
              && tactical->reduce_cut_nodes);
    for (const PruneLimits *l = wide; l; l = l == wide ? narrow : NULL)
        ck_assert(!l->correct_eval && !l->capture_history && !l->history_prune_depth && !l->reduce_cut_nodes);
    static const char *const others[] = {"buratia", "japanese", "belarusian"};
    for (int i = 0; i < 3; i++) ck_assert_msg(variant_find(others[i])->prune == PRUNE_WIDE, "%s", others[i]);
    ck_assert(same_limits(prune_limits((PruneStyle)PRUNE_STYLE_NB), wide));
    Variant chess_wide = *variant_find("chess");
    chess_wide.prune = PRUNE_WIDE;
    const char *wac283 = "3q1rk1/4bp1p/1n2P2Q/3p1p2/6r1/Pp2R2N/1B4PP/7K w - - 0 1";
    ck_assert_uint_ne(nodes_at_depth(variant_find("chess"), wac283, 8), nodes_at_depth(&chess_wide, wac283, 8));
    Variant widened = *variant_find(V);
    widened.prune = PRUNE_WIDE;
    /* Depth 6 (0.8M nodes against 0.2M): at depth 8 the shipped search
     * took 25M nodes here, 40 s in the release build, and outlasted its
     * timeout under ThreadSanitizer. */
    const char *fen = "rn1qkbnr/ppp1pp1b/7p/3p4/P2P1PP1/8/1PP4P/RNBQKBNR[] w - - 1 5";
    uint64_t as_shipped = nodes_at_depth(variant_find(V), fen, 6), with_wide = nodes_at_depth(&widened, fen, 6);
    ck_assert_uint_gt(as_shipped, 0);
    ck_assert_msg(as_shipped != with_wide, "%llu nodes either way", (unsigned long long)as_shipped);
}
END_TEST

/* Whether a side's eval is rising compares the starts of its own turns.
 * With one step a turn that is two plies back; a Voodoo sacrifice takes
 * two steps, one node each, and two plies back is then the opponent's
 * node or a mid-turn one (which already counts the sacrificed piece as
 * gone). Each row: the turn start of plies 0..5, their evals, and the
 * verdict at each ply. */
START_TEST(improving_compares_own_turn_starts) {
    enum { NONE = -32001 };
    static const struct {
        int turn_ply[6], eval[6];
        bool improving[6];
    } rows[] = {
        /* one step a turn: ply p against ply p - 2 */
        {{0, 1, 2, 3, 4, 5}, {10, 0, 20, 0, 5, 1}, {0, 0, 1, 0, 0, 1}},
        /* Black sacrifices at ply 1 (mid-turn node 2): White's ply 3 looks
         * back to ply 0, not to Black's node 2; Black's ply 4 to ply 1 */
        {{0, 1, 1, 3, 4, 5}, {10, 50, -900, 20, 60, 0}, {0, 0, 0, 1, 1, 0}},
        /* ... and against a falling eval the verdict is no */
        {{0, 1, 1, 3, 4, 5}, {10, 50, 900, 5, 40, 0}, {0, 0, 0, 0, 0, 0}},
        /* White sacrifices at 0 and 3: the mid-turn nodes 1 and 4 take
         * the verdict of their turn's start */
        {{0, 0, 2, 3, 3, 5}, {10, -500, 0, 30, -400, 1}, {0, 0, 0, 1, 1, 1}},
        /* a turn start in check has no eval: no verdict */
        {{0, 1, 2, 3, 4, 5}, {NONE, 0, 20, 0, NONE, 1}, {0, 0, 0, 0, 0, 1}},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++)
        for (int ply = 0; ply < 6; ply++)
            ck_assert_msg(turn_improving(rows[r].turn_ply, rows[r].eval, NONE, ply) == rows[r].improving[ply],
                          "row %zu ply %d", r, ply);
}
END_TEST

/* A Voodoo game is usually decided within twenty turns a side, so without
 * movestogo it spends its clock over a shorter horizon than a game that
 * names none (30): a larger share a move at the same clock; chess spends
 * a little less early than Voodoo; movestogo, when sent, wins. */
START_TEST(clock_spends_over_the_games_horizon) {
    const Variant *voodoo = variant_find(V), *chess = variant_find("chess"), *japanese = variant_find("japanese");
    ck_assert_int_gt(voodoo->time_horizon, 0);
    ck_assert_int_lt(voodoo->time_horizon, 30);
    ck_assert_int_eq(japanese->time_horizon, 0);
    SearchLimits l = {.time = {10000, 10000}, .inc = {100, 100}};
    TimeBudget v = search_time_budget(&l, WHITE, voodoo->time_horizon);
    TimeBudget c = search_time_budget(&l, WHITE, chess->time_horizon);
    TimeBudget j = search_time_budget(&l, WHITE, japanese->time_horizon);
    TimeBudget thirty = search_time_budget(&l, WHITE, 30);
    ck_assert(j.soft_ms == thirty.soft_ms && j.hard_ms == thirty.hard_ms);
    ck_assert(v.soft_ms > j.soft_ms * 1.5 && v.hard_ms > j.hard_ms * 1.5);
    ck_assert(c.soft_ms > j.soft_ms * 1.3 && c.soft_ms < v.soft_ms);
    ck_assert(v.soft_ms < v.hard_ms && v.hard_ms < 10000 / 3);
    l.movestogo = 40;
    v = search_time_budget(&l, WHITE, voodoo->time_horizon);
    c = search_time_budget(&l, WHITE, chess->time_horizon);
    ck_assert(v.soft_ms == c.soft_ms && v.hard_ms == c.hard_ms);
    /* movetime is exact whatever the game */
    SearchLimits mt = {.movetime = 500};
    v = search_time_budget(&mt, BLACK, voodoo->time_horizon);
    ck_assert(v.soft_ms == 470 && v.hard_ms == 470);
}
END_TEST

/* The soft limit's second opinion, shared by every game (it sits beside
 * the budget it scales): a best move that just changed, that took little
 * of the effort or whose score fell asks for more time; a settled one for
 * less; and the factor stays within its bounds. */
START_TEST(clock_scale_follows_the_search) {
    double settled = search_time_scale(6, 0.95, 0), fresh = search_time_scale(0, 0.3, 0);
    ck_assert(settled < 1 && fresh > 1.5);
    for (int k = 0; k < 6; k++) ck_assert(search_time_scale(k + 1, 0.6, 0) < search_time_scale(k, 0.6, 0));
    ck_assert(search_time_scale(8, 0.6, 0) == search_time_scale(6, 0.6, 0));
    ck_assert(search_time_scale(2, 0.9, 0) < search_time_scale(2, 0.5, 0));
    ck_assert(search_time_scale(2, 0.6, 60) > search_time_scale(2, 0.6, 0));
    ck_assert(search_time_scale(2, 0.6, -60) == search_time_scale(2, 0.6, 0));
    ck_assert(search_time_scale(2, 0.6, 500) == search_time_scale(2, 0.6, 120));
    ck_assert(search_time_scale(0, -1, 1000) <= 2.5 && search_time_scale(0, -1, 1000) >= 2.4);
    ck_assert(search_time_scale(99, 2, 0) >= 0.35 && search_time_scale(99, 1, 0) < 0.6);
}
END_TEST

Suite *suite_voodoo_search(void) {
    return suite_of("voodoo_search",
                    LOOP_CASE("search", 120, LOOPS({solves_tactics_at_fixed_depth, fixed_depth_count(V)}), noisy_steps,
                              exchange_test, king_threats_dominate, net_knowledge_is_the_king_threats, evaluation_is_colour_symmetric,
                              prune_limits_are_the_games_data, improving_compares_own_turn_starts,
                              clock_spends_over_the_games_horizon, clock_scale_follows_the_search),
                    NULL);
}
