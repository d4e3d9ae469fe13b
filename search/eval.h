#ifndef RATNIK_EVAL_H
#define RATNIK_EVAL_H

#include "../engine/variant.h"

/* Centipawns from the side to move's view: the plugin's own evaluation, or
 * the generic one (material plus placement) when it has none. */
int evaluate(const Position *pos);
int evaluate_generic(const Position *pos);

#endif
