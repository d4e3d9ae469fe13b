/* Shared between the chess plugin's files: the rules (chess.c) and the
 * evaluation (chess_eval.c) number the pieces the same way. */
#ifndef RATNIK_CHESS_INTERNAL_H
#define RATNIK_CHESS_INTERNAL_H

#include "../engine/variant.h"

/* The plugin's piece types, in the order of its PieceDef table. */
enum { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING };

void chess_eval_init(void);
int chess_evaluate(const Position *pos);

#endif
