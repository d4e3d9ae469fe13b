/* Shared between the voodoo plugin's files: the rules (voodoo.c) and the
 * search hooks (voodoo_eval.c) number the pieces the same way. */
#ifndef RATNIK_VOODOO_INTERNAL_H
#define RATNIK_VOODOO_INTERNAL_H

#include "../engine/variant.h"

/* The plugin's piece types, in the order of its PieceDef table. */
enum { PAWN = 1, KNIGHT, BISHOP, ROOK, QUEEN, KING };

int voodoo_evaluate(const Position *pos);
int voodoo_net_knowledge(const Position *pos);
bool voodoo_is_noisy(const Position *pos, Move m);
bool voodoo_see_ge(const Position *pos, Move m, int threshold);
extern const EvalParams voodoo_eval_params;

#endif
