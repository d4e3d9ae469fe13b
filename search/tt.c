#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include "tt.h"

/* The table is an anonymous mapping aligned to 2 MB and offered to the
 * kernel for transparent huge pages, since nearly every probe misses the
 * cache and a 4 KB page's TLB miss adds to each one (where THP is
 * "madvise", as on Debian, nothing else gets them). Every page is touched
 * when the table is made: a first touch of a huge page can make the kernel
 * compact memory for tens or hundreds of milliseconds, which belongs to
 * start-up or `setoption Hash` (before `readyok`), not to a timed search. */
enum { TT_HUGE = 2 * 1024 * 1024 };

static void *map_table(size_t bytes, size_t *mapped, TTCell **cells) {
    bool huge = bytes >= TT_HUGE;
    uintptr_t align = huge ? TT_HUGE : TT_ALIGN;
    size_t size = bytes + align;
    void *block = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (block == MAP_FAILED) return NULL;
    *cells = (TTCell *)(((uintptr_t)block + align - 1) & ~(align - 1));
#ifdef MADV_HUGEPAGE
    if (huge) madvise(*cells, bytes, MADV_HUGEPAGE); /* advice only: a refusal costs speed, nothing else */
#endif
    *mapped = size;
    return block;
}

bool tt_resize(TT *tt, size_t megabytes) {
    if (megabytes < 1) megabytes = 1;
    uint64_t buckets = 1;
    while ((buckets * 2) * TT_BUCKET * sizeof(TTCell) <= megabytes * 1024 * 1024) buckets *= 2;
    size_t mapped;
    TTCell *cells;
    void *block = map_table(buckets * TT_BUCKET * sizeof(TTCell), &mapped, &cells);
    if (!block) return false;
    memset(cells, 0, buckets * TT_BUCKET * sizeof(TTCell));
    if (tt->block) munmap(tt->block, tt->mapped);
    tt->block = block;
    tt->mapped = mapped;
    tt->cells = cells;
    tt->buckets = buckets;
    tt->age = 0;
    return true;
}

void tt_free(TT *tt) {
    if (tt->block) munmap(tt->block, tt->mapped);
    memset(tt, 0, sizeof *tt);
}

/* Only between searches: no other thread uses the table then. */
void tt_clear(TT *tt) {
    memset(tt->cells, 0, tt->buckets * TT_BUCKET * sizeof(TTCell));
    tt->age = 0;
}

void tt_new_search(TT *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }

static inline int entry_age(const TTEntry *e) { return e->bound_age >> 2; }

static TTEntry cell_load(const TTCell *c) {
    uint64_t w[2] = {atomic_load_explicit(&c->word[0], memory_order_relaxed),
                     atomic_load_explicit(&c->word[1], memory_order_relaxed)};
    w[0] ^= w[1];
    TTEntry e;
    memcpy(&e, w, sizeof e);
    return e;
}

static void cell_save(TTCell *c, const TTEntry *e) {
    uint64_t w[2];
    memcpy(w, e, sizeof w);
    atomic_store_explicit(&c->word[0], w[0] ^ w[1], memory_order_relaxed);
    atomic_store_explicit(&c->word[1], w[1], memory_order_relaxed);
}

bool tt_probe(const TT *tt, uint64_t key, TTEntry *hit, TTCell **slot) {
    TTCell *bucket = tt->cells + (key & (tt->buckets - 1)) * TT_BUCKET;
    uint32_t k = (uint32_t)(key >> 32);
    TTCell *worst = bucket;
    int worst_value = 1 << 30;
    for (int i = 0; i < TT_BUCKET; i++) {
        TTEntry e = cell_load(&bucket[i]);
        if (e.key32 == k && e.depth) {
            *slot = &bucket[i];
            *hit = e;
            return true;
        }
        /* Replace the shallowest entry, counting old searches' entries as shallower. */
        int age_gap = (tt->age - entry_age(&e)) & 63;
        int value = e.depth - 8 * age_gap;
        if (value < worst_value) worst_value = value, worst = &bucket[i];
    }
    *slot = worst;
    return false;
}

void tt_store(TT *tt, TTCell *slot, uint64_t key, Move m, int score, int eval, int depth, int bound) {
    uint32_t k = (uint32_t)(key >> 32);
    TTEntry e = cell_load(slot);
    /* Keep a deeper exact result of this search for the same position. */
    if (e.key32 == k && depth + 3 < tt_depth(&e) && entry_age(&e) == tt->age) return;
    if (m || e.key32 != k) e.move = m;
    e.key32 = k;
    e.score = (int16_t)score;
    e.eval = (int16_t)eval;
    e.depth = (uint8_t)(depth < 0 ? 1 : depth + 1);
    e.bound_age = (uint8_t)(bound | tt->age << 2);
    cell_save(slot, &e);
}

int tt_hashfull(const TT *tt) {
    int used = 0;
    for (int i = 0; i < 1000 && (uint64_t)i < tt->buckets * TT_BUCKET; i++) {
        TTEntry e = cell_load(&tt->cells[i]);
        used += e.depth && entry_age(&e) == tt->age;
    }
    return used;
}
