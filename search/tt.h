/* Transposition table: buckets of four 16-byte entries (one cache line),
 * sized by the Hash option. Shared by a session's search threads without
 * locks: a torn entry can only give a wrong hint, because the search checks
 * a TT move against its legal moves before playing it. */
#ifndef RATNIK_TT_H
#define RATNIK_TT_H

#include "../engine/move.h"

/* Entry layout (16 bytes):
 *   bits   0- 31  key32   upper half of the Zobrist key (the lower half picks the bucket)
 *   bits  32- 63  move    best or refuting step
 *   bits  64- 79  score   int16, mate scores relative to this node
 *   bits  80- 95  eval    int16, static evaluation
 *   bits  96-103  depth   uint8, depth + 1 (0 = empty)
 *   bits 104-105  bound   BOUND_UPPER / LOWER / EXACT
 *   bits 106-111  age     generation of the search that wrote it (6 bits)
 *   bits 112-127  spare */
typedef struct {
    uint32_t key32;
    Move move;
    int16_t score;
    int16_t eval;
    uint8_t depth;
    uint8_t bound_age;
    uint16_t spare;
} TTEntry;
_Static_assert(sizeof(TTEntry) == 16, "TT entries must stay 16 bytes");

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3, TT_BUCKET = 4 };

typedef struct {
    TTEntry *entries;
    uint64_t buckets;
    uint8_t age;
} TT;

bool tt_resize(TT *tt, size_t megabytes);
void tt_free(TT *tt);
void tt_clear(TT *tt);
void tt_new_search(TT *tt);
/* Returns the entry for key, or NULL; *slot is where to store it. */
TTEntry *tt_probe(const TT *tt, uint64_t key, TTEntry **slot);
void tt_store(TT *tt, TTEntry *slot, uint64_t key, Move m, int score, int eval, int depth, int bound);
int tt_hashfull(const TT *tt); /* permille of recent entries in a sample */

/* Starts loading a position's bucket while the caller does other work. */
static inline void tt_prefetch(const TT *tt, uint64_t key) {
    __builtin_prefetch(tt->entries + (key & (tt->buckets - 1)) * TT_BUCKET);
}

static inline int tt_bound(const TTEntry *e) { return e->bound_age & 3; }
static inline int tt_depth(const TTEntry *e) { return e->depth - 1; }

#endif
