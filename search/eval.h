#ifndef RATNIK_EVAL_H
#define RATNIK_EVAL_H

#include "../engine/variant.h"

/* Centipawns from the side to move's view: the plugin's own evaluation, or
 * the generic one (material plus placement) when it has none. */
int evaluate(const Position *pos);
/* What the variant adds to a net's evaluation (0 for most). */
int net_knowledge(const Position *pos);
int evaluate_generic(const Position *pos);
/* Whether the search's quiescence looks at step m: the variant's is_noisy,
 * or captures and promotions. */
bool move_is_noisy(const Position *pos, Move m);

#endif
