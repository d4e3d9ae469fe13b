/* What the two halves of the search share, private to search.c (one
 * node's work) and search_root.c (iterations, threads, the report): one
 * searching thread's state and the calls between them. */
#ifndef RATNIK_SEARCH_THREAD_H
#define RATNIK_SEARCH_THREAD_H

#include "search_job.h"
#include "nnue/nnue.h"

/* A step's continuation key: its piece type and target square. */
enum { CONT_NB = PT_NB * SQ_MAX, CONT_NONE = 0, EVAL_NONE = -32001, CORR_SIZE = 16384 };

typedef struct {
    SearchJob *job;
    int id;
    uint64_t nodes, flushed;
    int seldepth;
    Move killers[MAX_PLY + 1][2];
    int history[COLOR_NB][SQ_MAX][SQ_MAX];
    /* Continuation history: how well a quiet step did after the step one
     * or two plies before it, indexed by (piece type, target square) of
     * both; cont_key[ply] is the key of the step that led into ply. */
    int16_t conthist[CONT_NB][CONT_NB];
    int cont_key[MAX_PLY + 2];
    int16_t capthist[PT_NB][SQ_MAX][PT_NB]; /* mover, target, victim (history.c) */
    int cont_plies;                         /* how many continuations a quiet step reads (history.c) */
    /* The static eval's correction per side to move and structure
     * (history.c), in 1/256 centipawn; corr_type: the structure's pieces. */
    int16_t correction[COLOR_NB][CORR_SIZE];
    int corr_type;
    int static_eval[MAX_PLY + 2]; /* EVAL_NONE in check */
    /* The ply at which the turn containing each node began: where a turn
     * takes several steps (one node each), the side's previous turn is not
     * two plies back. */
    int turn_ply[MAX_PLY + 2];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
    int pv_len[MAX_PLY + 1];
    uint64_t keys[GAME_MAX_STEPS + MAX_PLY + 2];
    int nkeys;
    int root_depth;
    bool after_null[MAX_PLY + 2]; /* the move into this ply was a null move */
    Move skip_move[MAX_PLY + 2];  /* the TT move a singular search at this ply leaves out */
    Move excluded[MAX_MULTIPV]; /* root moves already reported as better lines */
    int n_excluded;
    bool abort_iter; /* another thread completed this iteration's depth */
    /* With root turns given (searchmoves): whether the node at each ply
     * still lies inside the root turn, and the steps that led there. */
    bool in_root_turn[MAX_PLY + 2];
    Move root_path[MAX_TURN_STEPS];
    NnueStack nnue; /* the accumulators along the current line (with a net) */
    /* The nodes spent under each root step in this search: the clock asks
     * what share of the effort the best one took. */
    Move root_move[MAX_MOVES];
    uint64_t root_move_nodes[MAX_MOVES];
    int n_root_moves;
} Thread;

/* Adds nodes spent under root step m to its count. */
static inline void root_nodes_add(Thread *t, Move m, uint64_t nodes) {
    int i = 0;
    while (i < t->n_root_moves && t->root_move[i] != m) i++;
    if (i == t->n_root_moves) {
        if (i == MAX_MOVES) return;
        t->root_move[i] = m, t->root_move_nodes[i] = 0, t->n_root_moves++;
    }
    t->root_move_nodes[i] += nodes;
}

/* Adds the thread's nodes to the job's count, which the node limit and the
 * info lines read. */
static inline void flush_nodes(Thread *t) {
    atomic_fetch_add_explicit(&t->job->nodes, t->nodes - t->flushed, memory_order_relaxed);
    t->flushed = t->nodes;
}

/* The search unwinds without storing anything when the whole search is
 * stopped or when this thread's iteration has become useless. */
static inline bool stopped(const Thread *t) {
    return t->abort_iter || atomic_load_explicit(&t->job->stop, memory_order_relaxed);
}

/* The late-move reduction table, once per process. */
void search_init_tables(void);
/* Alpha-beta (with quiescence below depth 0) of pos from ply, in t. */
/* cut_node: the node is expected to fail high (a zero-window child of a
 * node expected to fail low, or the first child of one expected to). */
int search_node(Thread *t, const Position *pos, int alpha, int beta, int depth, int ply, bool cut_node);
/* The steps this node may take: all legal ones, or inside the root turn of
 * a search restricted to some turns, the next steps of those turns. */
int search_node_moves(const Thread *t, const Position *pos, int ply, Move *moves);

#endif
