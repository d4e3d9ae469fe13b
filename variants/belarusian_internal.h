/* Shared between the belarusian plugin's files: the search hooks of
 * belarusian_eval.c, which the Variant of belarusian.c points at. */
#ifndef RATNIK_BELARUSIAN_INTERNAL_H
#define RATNIK_BELARUSIAN_INTERNAL_H

#include "../engine/variant.h"

int belarusian_evaluate(const Position *pos);
bool belarusian_in_check(const Position *pos);
bool belarusian_is_noisy(const Position *pos, Move m);
extern const EvalParams belarusian_eval_params;

#endif
