/* The shallow prunings' depths and margins for each PruneStyle a game
 * names (engine/variant.h): search policy, kept in the search layer. */
#ifndef RATNIK_PRUNE_H
#define RATNIK_PRUNE_H

#include <stdbool.h>
#include "../engine/variant.h"

typedef struct {
    int rfp_depth, rfp_margin;  /* reverse futility: eval - margin x depth >= beta */
    bool rfp_improving;         /* ... one depth fewer when the eval is rising */
    int futility_depth;         /* quiet steps far below alpha */
    int lmp_depth;              /* late quiet steps */
    bool lmp_improving;         /* ... half as many tried first when not rising */
    int see_depth;              /* steps that lose material; 0: never */
    bool check_needs_see;       /* extend only the checks that keep material */
    bool lmr_not_improving;     /* reduce late quiet steps a ply more when not rising */
    bool null_by_eval;          /* the null move's reduction grows with eval - beta */
    bool correct_eval;          /* learn the static eval's error per structure (history.c) */
    bool capture_history;       /* order captures by how they did, not only by victim */
    bool own_step_before_last;  /* a third continuation history: after the side's step before its last */
    int history_prune_depth;    /* quiet steps with a bad history; 0: never */
    bool reduce_cut_nodes;      /* expected cut nodes reduce late steps more */
    int probcut_margin;         /* a capture beating beta by this cuts early; 0: never */
    int singular_depth;         /* from here on, a TT move far better than the rest is extended; 0: never */
    int history_bonus;          /* a cut-off moves its step's histories by this x depth^2 ... */
    int history_bonus_max;      /* ... at most this (<= HISTORY_MAX / 2) */
} PruneLimits;

const PruneLimits *prune_limits(PruneStyle style);

/* Whether the static eval at the start of the turn holding the node at
 * `ply` rose since the start of the same side's previous turn.
 * turn_ply[i] is the ply at which the turn holding node i began (i itself
 * for a turn's first node); static_eval[i] is node i's eval, `none` where
 * it has none (in check). Where a turn takes several steps, one node each,
 * the side's previous turn is not two plies back; mid-turn nodes take
 * their turn's verdict, since their own eval already counts a sacrificed
 * piece as gone. */
bool turn_improving(const int *turn_ply, const int *static_eval, int none, int ply);

#endif
