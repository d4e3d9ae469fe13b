/* Alpha-beta search: iterative deepening, PVS with aspiration windows,
 * quiescence, transposition table, lazy SMP. Each search has a SearchJob
 * (search_job.h, private to search/); the tools call search_blocking. */
#ifndef RATNIK_SEARCH_H
#define RATNIK_SEARCH_H

#include "../engine/game.h"
#include "../engine/notation.h"
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
    SEARCH_STACK = 64 << 20, /* deep recursion with big move lists */
};

typedef struct {
    int depth;          /* 0: no limit */
    uint64_t nodes;     /* 0: no limit */
    int movetime;       /* ms, 0: none */
    int time[COLOR_NB], inc[COLOR_NB], movestogo;
    bool infinite, ponder;
    const RootTurns *root; /* NULL: every legal turn (engine_go copies it) */
} SearchLimits;

/* A move's share of the clock: after soft_ms no new iteration starts, at
 * hard_ms the search stops (0: no clock limit). Without movestogo a side
 * expects `horizon` more turns (the game's time_horizon; <= 0: 30). */
typedef struct {
    double soft_ms, hard_ms;
} TimeBudget;
TimeBudget search_time_budget(const SearchLimits *l, int side, int horizon);

/* How far to stretch or shrink the soft limit after an iteration: longer
 * when the best move just changed, when the other moves took much of the
 * effort (best_fraction: the best move's share of the root's nodes, 0..1)
 * or when the score fell by score_drop centipawns since the previous
 * iteration; shorter when one move has stayed best for `stable`
 * iterations and took nearly all the nodes. */
double search_time_scale(int stable, double best_fraction, int score_drop);

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

/* A blocking search (the command-line tools, bench, bribe decisions,
 * tests): what to search and how far. */
typedef struct {
    const Game *game;    /* the position and its history (read-only) */
    TT *tt;
    SearchLimits limits; /* ponder is ignored; infinite is refused (it would never return) */
    int threads;         /* < 1: one */
    int multipv;         /* lines reported through on_info; 0 or 1: the best */
    const struct Net *net; /* the neural evaluation (search/nnue); NULL: the hand-written one */
    void (*on_info)(void *ctx, const SearchInfo *info); /* NULL: silent */
    void *ctx;
} SearchRequest;

/* What it found: the line of the deepest completed iteration. */
typedef struct {
    Move pv[MAX_PLY + 1];
    int pv_len;                  /* 0: no move (no legal turn, or stopped at once) */
    char best[TURN_STR_MAX * 2]; /* the root turn as text, "" without a move */
    int best_steps;              /* how many steps of pv the root turn takes */
    int score;                   /* for the side to move */
    int depth, seldepth;         /* depth: completed iterations */
    uint64_t nodes;
    double time_ms;
} SearchResult;

/* Runs the search on a thread of its own with SEARCH_STACK bytes of stack
 * (whatever thread asks: the TCP daemon's have less), waits for it and
 * fills *res. False, with *res zeroed, when memory or a thread could not
 * be had, or the limits are infinite. */
bool search_blocking(const SearchRequest *rq, SearchResult *res);
/* The score of g for its side to move (the search's scale): a finished
 * game's result without a search (res->depth MAX_PLY), else a search to
 * the limits. res may be NULL. */
int search_score(const Game *g, TT *tt, int threads, const SearchLimits *limits, SearchResult *res);

/* The root turn of a best line as text ("e2e4", "xb1,g8f6,e2e4"). */
void search_turn_text(const Position *root, const Move *pv, int len, char *buf, size_t n, int *used);

#endif
