/* Why the styles differ, as measured (docs/evaluation.md):
 * - wide: the seed games other than Voodoo, where the eval is a fair guide
 *   to what a deeper search finds;
 * - tactical (chess): the wide depths and margins, but the two reductions
 *   that also read the eval (one LMR ply more when not improving, a null
 *   move a ply shorter per 200 cp above beta) hid quiet mates behind
 *   sacrifices: WAC at 1 s is 278-284 with them and 291 without, and 100
 *   games showed no loss without them. Chess alone also learns as it
 *   searches (the eval's correction, capture history, history pruning,
 *   more reduction at expected cut nodes, ProbCut, the singular
 *   extension, a continuation history four plies back): measured in
 *   chess only;
 * - narrow (Voodoo): scores swing by a piece between depths, so the eval
 *   says little about a deeper search; no SEE pruning, every check
 *   extended. */
#include "prune.h"

#define WIDE_DEPTHS                                                                                                 \
    .rfp_depth = 6, .rfp_margin = 85, .rfp_improving = true, .futility_depth = 4, .lmp_depth = 5,                 \
    .lmp_improving = true, .see_depth = 7, .check_needs_see = true

static const PruneLimits LIMITS[PRUNE_STYLE_NB] = {
    [PRUNE_WIDE] = {WIDE_DEPTHS, .lmr_not_improving = true, .null_by_eval = true, .history_bonus = 1,
                    .history_bonus_max = 1200},
    [PRUNE_TACTICAL] = {WIDE_DEPTHS, .correct_eval = true, .capture_history = true, .own_step_before_last = true,
                         .history_prune_depth = 3,
                         .reduce_cut_nodes = true, .probcut_margin = 200,
                         .singular_depth = 8, .history_bonus = 32, .history_bonus_max = 4000},
    [PRUNE_NARROW] = {.rfp_depth = 4, .rfp_margin = 90, .futility_depth = 3, .lmp_depth = 3,
                      .lmr_not_improving = true, .null_by_eval = true, .history_bonus = 1,
                      .history_bonus_max = 1200},
};

const PruneLimits *prune_limits(PruneStyle style) {
    return style >= 0 && style < PRUNE_STYLE_NB ? &LIMITS[style] : &LIMITS[PRUNE_WIDE];
}

bool turn_improving(const int *turn_ply, const int *static_eval, int none, int ply) {
    int start = turn_ply[ply];
    if (start < 1) return false;
    int theirs = turn_ply[start - 1];
    if (theirs < 1) return false;
    int before = static_eval[turn_ply[theirs - 1]], now = static_eval[start];
    return before != none && now != none && now > before;
}
