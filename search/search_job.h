/* The state of one search, private to search/: the engine
 * (engine_search.c) runs one on its thread for `go`; everyone else asks
 * search_blocking (search.h). */
#ifndef RATNIK_SEARCH_JOB_H
#define RATNIK_SEARCH_JOB_H

#include <pthread.h>
#include <stdatomic.h>
#include "search.h"

typedef struct SearchJob {
    const Game *game;    /* the position to search and its history (read-only) */
    SearchLimits limits;
    TT *tt;
    int threads;
    int multipv;         /* lines to report (MultiPV), 0 or 1: just the best */
    SearchCallbacks cb;  /* NULL functions: silent */
    const struct Net *net; /* the neural evaluation; NULL: the hand-written one */

    atomic_bool stop;
    atomic_bool pondering;   /* cleared by ponderhit: limits start to apply */
    _Atomic double start_ms; /* ponderhit restarts the clock from the command thread */
    double soft_ms, hard_ms;
    atomic_ullong nodes;
    int seldepth;

    /* The deepest completed iteration, whichever thread finished it: under
     * Lazy SMP a helper one ply ahead often completes a depth first. */
    pthread_mutex_t result_lock;
    Move pv[MAX_PLY + 1];
    int pv_len;
    atomic_int best_score;   /* read by threads that skip a completed depth */
    atomic_int completed_depth;
} SearchJob;

/* Runs the whole search on the calling thread (helpers are started inside)
 * and reports the best move through cb.on_bestmove, if set. The calling
 * thread needs SEARCH_STACK bytes of stack. */
void search_run(SearchJob *job);

#endif
