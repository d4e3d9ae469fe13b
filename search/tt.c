#include <stdlib.h>
#include <string.h>
#include "tt.h"

bool tt_resize(TT *tt, size_t megabytes) {
    if (megabytes < 1) megabytes = 1;
    uint64_t buckets = 1;
    while ((buckets * 2) * TT_BUCKET * sizeof(TTEntry) <= megabytes * 1024 * 1024) buckets *= 2;
    TTEntry *e = calloc(buckets * TT_BUCKET, sizeof *e);
    if (!e) return false;
    free(tt->entries);
    tt->entries = e;
    tt->buckets = buckets;
    tt->age = 0;
    return true;
}

void tt_free(TT *tt) {
    free(tt->entries);
    memset(tt, 0, sizeof *tt);
}

void tt_clear(TT *tt) {
    memset(tt->entries, 0, tt->buckets * TT_BUCKET * sizeof(TTEntry));
    tt->age = 0;
}

void tt_new_search(TT *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }

static inline int entry_age(const TTEntry *e) { return e->bound_age >> 2; }

TTEntry *tt_probe(const TT *tt, uint64_t key, TTEntry **slot) {
    TTEntry *bucket = tt->entries + (key & (tt->buckets - 1)) * TT_BUCKET;
    uint32_t k = (uint32_t)(key >> 32);
    TTEntry *worst = bucket;
    int worst_value = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        TTEntry *e = &bucket[i];
        if (e->key32 == k && e->depth) {
            *slot = e;
            return e;
        }
        /* Replace the shallowest entry, counting old searches' entries as shallower. */
        int age_gap = (tt->age - entry_age(e)) & 63;
        int value = e->depth - 8 * age_gap;
        if (value < worst_value) worst_value = value, worst = e;
    }
    *slot = worst;
    return NULL;
}

void tt_store(TT *tt, TTEntry *e, uint64_t key, Move m, int score, int eval, int depth, int bound) {
    uint32_t k = (uint32_t)(key >> 32);
    /* Keep a deeper exact result of this search for the same position. */
    if (e->key32 == k && depth + 3 < tt_depth(e) && entry_age(e) == tt->age) return;
    if (m || e->key32 != k) e->move = m;
    e->key32 = k;
    e->score = (int16_t)score;
    e->eval = (int16_t)eval;
    e->depth = (uint8_t)(depth < 0 ? 1 : depth + 1);
    e->bound_age = (uint8_t)(bound | tt->age << 2);
}

int tt_hashfull(const TT *tt) {
    int used = 0;
    for (int i = 0; i < 1000 && (uint64_t)i < tt->buckets * TT_BUCKET; i++) {
        const TTEntry *e = &tt->entries[i];
        used += e->depth && entry_age(e) == tt->age;
    }
    return used;
}
