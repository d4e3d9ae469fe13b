/* Shared between the japanese plugin's files: the search hooks of
 * japanese_eval.c, which the Variant of japanese.c points at. */
#ifndef RATNIK_JAPANESE_INTERNAL_H
#define RATNIK_JAPANESE_INTERNAL_H

#include "../engine/variant.h"

int japanese_evaluate(const Position *pos);
bool japanese_is_noisy(const Position *pos, Move m);
extern const EvalParams japanese_eval_params;

#endif
