/* The perft transposition table: subtree counts keyed by the position and
 * the remaining depth, shared by all threads of one perft run without locks.
 * Each entry holds (check, data) with check = key ^ data, so an entry torn by
 * two threads writing at once fails the check and reads as a miss (Hyatt's
 * lockless hashing); a hit can never return a wrong count short of a 64-bit
 * key collision. */
#ifndef RATNIK_PERFT_TT_H
#define RATNIK_PERFT_TT_H

#include <stdatomic.h>
#include "variant.h"

/* 16 bytes: data = count << 6 | depth (counts below 2^58, depths below 64). */
typedef struct {
    _Atomic uint64_t check;
    _Atomic uint64_t data;
} PerftEntry;
_Static_assert(sizeof(PerftEntry) == 16, "four entries per 64-byte bucket");

enum { PERFT_BUCKET = 4, PERFT_TT_MAX_MB = 1 << 16 };

typedef struct PerftTT {
    PerftEntry *entries;
    size_t buckets; /* a power of two */
} PerftTT;

/* A table of at most `mb` megabytes (rounded down to a power of two, at
 * least one bucket); NULL if the memory is not there. */
PerftTT *perft_tt_new(size_t mb);
void perft_tt_free(PerftTT *tt);
size_t perft_tt_bytes(const PerftTT *tt);

/* The key of a subtree: the Zobrist key plus whatever else decides the
 * step lists below it (variant, counters, rule parameters) and the depth. */
uint64_t perft_tt_key(const Position *pos, int depth);
bool perft_tt_probe(const PerftTT *tt, uint64_t key, uint64_t *count);
void perft_tt_store(PerftTT *tt, uint64_t key, int depth, uint64_t count);

#endif
