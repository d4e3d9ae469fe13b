/* `ratnik match -corruption` in a variant with bribes (buratia): the runner
 * as the bribe arbiter of BRIBES.md (docs/bribes.md, "Match runner"). */
#ifndef RATNIK_MATCH_BRIBES_H
#define RATNIK_MATCH_BRIBES_H

#include "match.h"

/* The MatchConfig.before_turn hook: asks the side not to move for offers,
 * passes the first legal one to the side to move, and plays an accepted
 * bribe into the game (and its PGN). True when a bribe was played. */
bool match_bribe_turn(void *ctx, MatchGame *mg, MatchPlayer *players[2]);

#endif
