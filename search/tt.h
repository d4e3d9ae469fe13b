/* Transposition table: buckets of four 16-byte entries (one cache line),
 * sized by the Hash option. Shared by a session's search threads without
 * locks: each entry is read and written as two relaxed atomic words, so
 * concurrent threads never race in the C11 sense, and the key word is
 * stored xor the data word, so that an entry torn by two writers (one
 * word from each) fails its key check instead of giving another
 * position's score. A TT move is still checked against the legal moves
 * before it is played. */
#ifndef RATNIK_TT_H
#define RATNIK_TT_H

#include <stdatomic.h>
#include "../engine/move.h"

/* Entry layout (16 bytes), as TTEntry holds it once read:
 *   bits   0- 31  key32   upper half of the Zobrist key (the lower half picks the bucket)
 *   bits  32- 63  move    best or refuting step
 *   bits  64- 79  score   int16, mate scores relative to this node
 *   bits  80- 95  eval    int16, static evaluation
 *   bits  96-103  depth   uint8, depth + 1 (0 = empty)
 *   bits 104-105  bound   BOUND_UPPER / LOWER / EXACT
 *   bits 106-111  age     generation of the search that wrote it (6 bits)
 *   bits 112-127  spare
 * In the table (TTCell) the first word is kept xor the second. */
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

typedef struct {
    _Atomic uint64_t word[2];
} TTCell;
_Static_assert(sizeof(TTCell) == 16, "TT cells must stay 16 bytes");

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3, TT_BUCKET = 4, TT_ALIGN = 64 };

typedef struct {
    TTCell *cells;   /* aligned inside block (to 2 MB where the table is that big) */
    void *block;     /* the mapping, mapped bytes long */
    size_t mapped;
    uint64_t buckets;
    uint8_t age;
} TT;

bool tt_resize(TT *tt, size_t megabytes);
void tt_free(TT *tt);
void tt_clear(TT *tt);
void tt_new_search(TT *tt);
/* Whether key has an entry (copied to *hit); *slot is where to store it. */
bool tt_probe(const TT *tt, uint64_t key, TTEntry *hit, TTCell **slot);
void tt_store(TT *tt, TTCell *slot, uint64_t key, Move m, int score, int eval, int depth, int bound);
int tt_hashfull(const TT *tt); /* permille of recent entries in a sample */

/* Starts loading a position's bucket while the caller does other work. */
static inline void tt_prefetch(const TT *tt, uint64_t key) {
    __builtin_prefetch(tt->cells + (key & (tt->buckets - 1)) * TT_BUCKET);
}

static inline int tt_bound(const TTEntry *e) { return e->bound_age & 3; }
static inline int tt_depth(const TTEntry *e) { return e->depth - 1; }

#endif
