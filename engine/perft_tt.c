#include <stdint.h>
#include <stdlib.h>
#include "perft_tt.h"

PerftTT *perft_tt_new(size_t mb) {
    if (mb > PERFT_TT_MAX_MB) return NULL;
    size_t bytes = mb << 20, buckets = 1;
    while (buckets * 2 * PERFT_BUCKET * sizeof(PerftEntry) <= bytes) buckets *= 2;
    PerftTT *tt = malloc(sizeof *tt);
    if (!tt) return NULL;
    /* calloc: all-zero entries hold depth 0, which is never stored, so they
     * never match a probe. */
    tt->entries = calloc(buckets * PERFT_BUCKET, sizeof(PerftEntry));
    if (!tt->entries) {
        free(tt);
        return NULL;
    }
    tt->buckets = buckets;
    return tt;
}

void perft_tt_free(PerftTT *tt) {
    if (!tt) return;
    free(tt->entries);
    free(tt);
}

size_t perft_tt_bytes(const PerftTT *tt) { return tt ? tt->buckets * PERFT_BUCKET * sizeof(PerftEntry) : 0; }

static uint64_t mix64(uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdull;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ull;
    return x ^ (x >> 33);
}

/* The Zobrist key leaves out the counters. The fullmove number decides
 * Buratia's move limit; it is the same for every position at one depth below
 * a root, so keying on it costs no transpositions. The halfmove clock ends
 * some games, but keying on it always would lose most transpositions (a pawn
 * move and a knight move leave different clocks), so it enters the key only
 * when the variant has not declared that the clock is harmless this far from
 * its limit. A step raises the clock by at most one; a turn has at most
 * MAX_TURN_STEPS_BOUND steps. */
enum { MAX_TURN_STEPS_BOUND = 8 };

static bool clock_matters(const Position *pos, int depth) {
    int limit = pos->v->clock_limit;
    if (limit == 0) return true;
    if (limit == CLOCK_LIMIT_NONE) return false;
    return pos->halfmove + (long)depth * MAX_TURN_STEPS_BOUND >= limit;
}

uint64_t perft_tt_key(const Position *pos, int depth) {
    uint64_t extra = (uint64_t)pos->fullmove | (uint64_t)pos->move_limit << 16 | (uint64_t)pos->vstate << 32
                   | (uint64_t)depth << 48;
    if (clock_matters(pos, depth)) extra ^= mix64((uint64_t)pos->halfmove + 0x1000);
    return pos->key ^ mix64(extra ^ (uint64_t)(uintptr_t)pos->v);
}

static PerftEntry *bucket_of(const PerftTT *tt, uint64_t key) {
    return tt->entries + (size_t)(key & (tt->buckets - 1)) * PERFT_BUCKET;
}

bool perft_tt_probe(const PerftTT *tt, uint64_t key, uint64_t *count) {
    PerftEntry *b = bucket_of(tt, key);
    for (int i = 0; i < PERFT_BUCKET; i++) {
        uint64_t data = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        uint64_t check = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        if ((check ^ data) == key && (data & 63)) {
            *count = data >> 6;
            return true;
        }
    }
    return false;
}

/* Replaces the shallowest entry of the bucket: deep subtrees cost the most
 * to recount. */
void perft_tt_store(PerftTT *tt, uint64_t key, int depth, uint64_t count) {
    PerftEntry *b = bucket_of(tt, key), *victim = b;
    int victim_depth = 64;
    for (int i = 0; i < PERFT_BUCKET; i++) {
        int d = (int)(atomic_load_explicit(&b[i].data, memory_order_relaxed) & 63);
        if (d < victim_depth) victim = b + i, victim_depth = d;
    }
    uint64_t data = count << 6 | (uint64_t)(depth & 63);
    atomic_store_explicit(&victim->data, data, memory_order_relaxed);
    atomic_store_explicit(&victim->check, key ^ data, memory_order_relaxed);
}
