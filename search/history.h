/* What the search learns about steps and positions as it goes, private to
 * the search: the quiet-step histories (butterfly and continuation), the
 * capture history and the static eval's correction. Each lives in the
 * searching Thread (search_thread.h), for one search. */
#ifndef RATNIK_HISTORY_H
#define RATNIK_HISTORY_H

#include "search_thread.h"

enum { HISTORY_MAX = 16384 };

/* The step's piece type (the placed one for a drop) and target square. */
int cont_key_of(const Position *pos, Move m);
/* The quiet-step statistics: the butterfly history and the continuations. */
int quiet_history(Thread *t, const Position *pos, Move m, int ply);
/* How captures of this kind (mover, target square, victim) did before. */
int capture_history(const Thread *t, const Position *pos, Move m);
/* Step m caused a cut-off at this node: it gains, and the steps tried
 * before it lose (quiet ones only against a quiet step; noisy ones
 * always). `quiet` says which kind m is; killers follow a quiet step. */
void history_reward(Thread *t, const Position *pos, Move m, bool quiet, int depth, int ply, const Move *quiets,
                    int nquiets, const Move *noisy, int nnoisy);

/* The piece type whose placement keys the correction (the game's cheapest
 * piece: the pawns in chess), chosen once per thread. */
int correction_type(const struct Variant *v);
/* What the statistics need to know of the game, worked out once per thread
 * rather than at every lookup: the correction's pieces and how many
 * continuation plies the game's search style reads. */
void history_init_thread(Thread *t, const struct Variant *v);
/* The static eval corrected by what deeper searches found for positions
 * with the same structure (the cheapest pieces, both colours). */
int corrected_eval(const Thread *t, const Position *pos, int raw);
/* A node searched at `depth` scored `best` where its raw eval said `raw`:
 * moves the structure's correction toward the difference. */
void correction_update(Thread *t, const Position *pos, int raw, int best, int depth);

#endif
