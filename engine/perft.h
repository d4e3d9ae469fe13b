#ifndef RATNIK_PERFT_H
#define RATNIK_PERFT_H

#include <stdatomic.h>
#include "variant.h"

/* Counts complete legal turns to `depth` (RULES.md "Perft"). */
uint64_t perft(const Position *pos, int depth);

/* Per root turn: its string and count; returns the total. */
typedef void (*PerftDivideFn)(void *ctx, const char *turn, uint64_t nodes);
uint64_t perft_divide(const Position *pos, int depth, PerftDivideFn fn, void *ctx);
/* The same, giving up once *stop is set (stop may be NULL): the turns
 * counted before that are reported, the total is then incomplete. */
uint64_t perft_divide_until(const Position *pos, int depth, PerftDivideFn fn, void *ctx, const atomic_bool *stop);

/* perft with subtree counts shared through a hash table (perft_tt.h); NULL
 * is plain perft. */
struct PerftTT;
uint64_t perft_hashed(const Position *pos, int depth, struct PerftTT *tt);

/* How far a long run has got: root work items done of total, nodes so far. */
typedef struct {
    int done, total;
    uint64_t nodes;
    double ms;
} PerftProgress;
typedef void (*PerftProgressFn)(void *ctx, const PerftProgress *p);

typedef struct {
    int threads;                 /* root work items are shared by this many threads */
    struct PerftTT *tt;          /* NULL: no hash */
    PerftDivideFn divide;        /* each root turn, in generation order, at the end */
    void *divide_ctx;
    PerftProgressFn progress;    /* called at most every progress_ms, from a worker */
    void *progress_ctx;
    int progress_ms;
    bool split_small;            /* use the threads even on trees too small to gain (tests) */
} PerftOptions;

/* perft_divide with threads, hash and progress (perft_run.c). Returns false
 * only when memory for the work items is not there. */
bool perft_run(const Position *pos, int depth, const PerftOptions *o, uint64_t *nodes);

/* Every step made and sorted (perft_breakdown.c), indexed by ply - 1. */
enum { PERFT_MAX_PLY = 8, PERFT_MAX_SUBPLY = 4 };
typedef struct {
    uint64_t turns[PERFT_MAX_PLY];
    uint64_t steps[PERFT_MAX_PLY][PERFT_MAX_SUBPLY]; /* steps made at each sub-ply of a turn */
    uint64_t by_kind[PERFT_MAX_PLY][MK_KIND_NB];     /* turns by their first step's MoveKind */
    uint64_t removed[PERFT_MAX_PLY][PT_NB];          /* MK_REMOVE turns by the type removed  */
    uint64_t generates;                              /* generate calls */
} PerftBreakdown;
void perft_breakdown(const Position *pos, int depth, PerftBreakdown *b);

#endif
