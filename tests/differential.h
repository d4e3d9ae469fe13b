/* The differential test of a variant: random games in which every position
 * reached is put to the engine and to the variant's reference generator
 * (tests/ref.h), which must agree on the FEN (written and read back, key in
 * step), the set of legal turns, the result, and the FEN after the turn
 * played. A suite gives its reference, its start positions and quotas, and
 * optional hooks for its own kinds of turn; it then asserts on the counts
 * that its random play reached what it must. */
#ifndef RATNIK_DIFFERENTIAL_H
#define RATNIK_DIFFERENTIAL_H

#include <stdint.h>
#include "rules_util.h"

typedef struct {
    const RefGen *ref;
    /* Compare the sorted lists every Nth position (0 or 1: always); in the
     * others a count and an order-free hash of the lists, which is enough to
     * find a difference and cheap where lists are long. */
    int full_every;
    /* Which turn to play (NULL: uniform over the list). */
    int (*pick)(void *ctx, const Position *pos, const TurnList *turns, uint64_t *rng);
    /* May play something else instead (bribes), through diff_try_turn;
     * returns true when it did, with the position after it in *next. */
    bool (*detour)(void *ctx, const char *fen, const Position *pos, const TurnList *turns, uint64_t *rng,
                   Position *next);
    /* Told every turn about to be played, and every finished game's result. */
    void (*played)(void *ctx, const Position *pos, const char *turn);
    void (*ended)(void *ctx, const char *result);
    void *ctx;
} DiffSpec;

typedef struct {
    long positions, games, finished;
} DiffStats;

/* xorshift64: the random games' only source of chance, seeded per suite. */
uint64_t test_rng_next(uint64_t *s);

/* Random games from `start` (each at most max_plies long) until `positions`
 * more positions have been compared. */
void diff_play(const DiffSpec *spec, const char *start, long positions, int max_plies, uint64_t *rng,
               DiffStats *st);

/* Tries `turn` in pos (whose FEN is fen) in engine and reference: both
 * must accept or both refuse it; when accepted, the key must be in step
 * and the FENs after it equal. Returns whether it was accepted. */
bool diff_try_turn(const RefGen *ref, const char *fen, const Position *pos, const char *turn, Position *next);

#endif
