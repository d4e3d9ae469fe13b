/* Alpha-beta search: iterative deepening, PVS with aspiration windows,
 * quiescence, transposition table, lazy SMP. One SearchJob per `go`. */
#ifndef RATNIK_SEARCH_H
#define RATNIK_SEARCH_H

#include <pthread.h>
#include <stdatomic.h>
#include "../engine/game.h"
#include "root_turns.h"
#include "tt.h"

enum {
    MAX_PLY = 128,
    SCORE_INF = 32500,
    SCORE_MATE = 32000,
    SCORE_MATE_BOUND = SCORE_MATE - 1000, /* beyond: a forced win or loss */
    SCORE_ADVANTAGE = 16000,              /* Buratia's win on advantage: half a win */
    MAX_THREADS = 64,
    MAX_MULTIPV = 16,
};

typedef struct {
    int depth;          /* 0: no limit */
    uint64_t nodes;     /* 0: no limit */
    int movetime;       /* ms, 0: none */
    int time[COLOR_NB], inc[COLOR_NB], movestogo;
    bool infinite, ponder;
    const RootTurns *root; /* NULL: every legal turn (engine_go copies it) */
} SearchLimits;

/* One progress report of the search, for the protocol to format. */
typedef struct {
    int depth, seldepth;
    int multipv;        /* 1 for the best line, 2 for the second, ... */
    int score;          /* centipawns, or a win/loss-distance score */
    int mate;           /* nonzero: forced win (+) or loss (-) in this many turns */
    int bound;          /* BOUND_EXACT, BOUND_LOWER (fail high), BOUND_UPPER */
    uint64_t nodes, nps;
    double time_ms;
    int hashfull;
    char pv[1024];      /* turns in RULES.md notation, separated by spaces */
} SearchInfo;

/* How a search talks back: the protocol layer formats, the search decides.
 * on_bestmove gets NULL when the game is already over; ponder may be NULL.
 * Both are called on the search thread. */
typedef struct {
    void (*on_info)(void *ctx, const SearchInfo *info);
    void (*on_bestmove)(void *ctx, const char *best, const char *ponder);
    void *ctx;
} SearchCallbacks;

typedef struct SearchJob {
    Game *game;          /* the position to search and its history (read-only) */
    SearchLimits limits;
    TT *tt;
    int threads;
    int multipv;         /* lines to report (MultiPV), 0 or 1: just the best */
    SearchCallbacks cb;  /* NULL functions: silent (bench) */

    atomic_bool stop;
    atomic_bool pondering; /* cleared by ponderhit: limits start to apply */
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
 * and prints `bestmove` unless quiet. */
void search_run(SearchJob *job);
double search_now_ms(void);
/* The root turn of a best line as text ("e2e4", "xb1,g8f6,e2e4"). */
void search_turn_text(const Position *root, const Move *pv, int len, char *buf, size_t n, int *used);

#endif
