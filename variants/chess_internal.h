/* Shared between the chess plugin's files. */
#ifndef RATNIK_CHESS_INTERNAL_H
#define RATNIK_CHESS_INTERNAL_H

#include "../engine/variant.h"

void chess_eval_init(void);
int chess_evaluate(const Position *pos);

#endif
