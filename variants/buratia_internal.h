/* Shared between the Buratia plugin files only (buratia.c, buratia_bribe.c). */
#ifndef RATNIK_BURATIA_INTERNAL_H
#define RATNIK_BURATIA_INTERNAL_H

#include "buratia.h"
#include "chess_attacks.h"

/* The board is 8x8: the low 64 bits of the position's bitboards are all of it. */
#define BUR_BB(pos, t) ((bb64)(pos)->by_type[t])
#define BUR_US(pos, c) ((bb64)(pos)->by_color[c])
#define BUR_OCC(pos) ((bb64)((pos)->by_color[WHITE] | (pos)->by_color[BLACK]))

/* Every move of the side to move, without asking whether the game is over. */
int buratia_generate_all(const Position *pos, Move *moves);
/* A slave, director, boss... moving from->to, capturing what stands on `to`
 * (or the slave behind it, en passant); passes the turn. */
void buratia_play_move(Position *pos, int from, int to, bool en_passant);
/* Takes a piece of colour `color` out of the holdings onto sq. */
void buratia_place(Position *pos, int color, int type, int sq);
/* Reads the bribe tokens of a move list, and explains other illegal moves. */
bool buratia_parse_special(const Position *pos, const char *text, Move *m, char *err, size_t errlen);
/* The bribe hooks (Variant.bribes), in buratia_bribe.c. */
extern const BribeRules buratia_bribe_rules;
/* Search hooks (buratia_eval.c). */
int buratia_evaluate(const Position *pos);
int buratia_net_knowledge(const Position *pos);
bool buratia_is_noisy(const Position *pos, Move m);
extern const EvalParams buratia_eval_params;

#endif
