/* The Engine's fields, private to search/ (engine.c, engine_search.c,
 * engine_book.c): everyone else has the functions of search/engine.h. */
#ifndef RATNIK_ENGINE_INTERNAL_H
#define RATNIK_ENGINE_INTERNAL_H

#include <pthread.h>
#include "engine.h"
#include "search_job.h"
#include "strength.h"

struct Engine {
    const Variant *variant;
    /* game_lock guards game against its one writer off the command thread:
     * a CECP search plays its own move from on_bestmove (engine_play). A
     * leaf lock: nothing is printed or joined while it is held. */
    pthread_mutex_t game_lock;
    Game game;
    Game scratch;    /* where a new position is built before it replaces game */
    int move_limit;  /* option MoveLimit, for variants that have a move limit */
    int hash_mb, threads, multipv;
    /* Playing for people (docs/uci.md): the strength limit, analysis mode
     * (no limit, no book), and `debug on` (the strength limit's choices
     * are reported), set by the protocol thread and copied by a search
     * when it starts; UCI_ShowWDL, which the UCI layer reads on the search
     * thread as it prints, hence atomic. */
    StrengthOptions strength;
    bool analyse_mode, debug;
    atomic_bool show_wdl;
    TT tt;
    EngineOutputFn out;
    void *out_ctx;
    pthread_mutex_t out_lock; /* search threads and the protocol both print */
    SearchJob *job;           /* the running or last search; owns a copy of the game */
    pthread_t search_thread;
    bool searching;           /* search_thread is started and not yet joined */
    /* Optional veto on the Hash size (the TCP daemon's cap on all sessions'
     * memory): asked before a resize, told with the sizes swapped if the
     * resize then fails. NULL allows any size. */
    bool (*hash_reserve)(void *ctx, int old_mb, int new_mb);
    void *hash_reserve_ctx;
    BribeSession bribes;      /* the bribe options (protocol/gui/bribes.c), whatever the variant */
    /* Opening book (search/engine_book.c, docs/books.md): the options
     * OwnBook, BookFile (empty: automatic), BookDepth (plies), BookVariety
     * (0-100); the book, opened lazily for book_variant (NULL: open again
     * at the next probe); where this game left the book (book_miss_steps
     * -1: it has not). Touched by the protocol thread only. */
    bool own_book;
    char book_file[BOOK_FILE_MAX + 1];
    const char *const *book_dirs; /* NULL: BookFile is any path; else a name in one of these (a daemon's session) */
    int book_depth, book_variety;
    Book *book;
    const Variant *book_variant;
    bool book_failed;        /* opening failed: no retry until an option or the variant changes */
    uint64_t book_rng;
    int book_miss_steps;
    uint64_t book_miss_start, book_miss_key;
    /* Evaluation (search/engine_eval.c): the options UseNNUE and EvalFile
     * (empty: the shipped net); the net loaded for net_variant (NULL with
     * net_failed: none, the reason in net_error); whether the protocol has
     * told the user which evaluation plays since it last changed. */
    bool use_nnue;
    char eval_file[EVAL_FILE_MAX + 1];
    struct Net *net;
    const Variant *net_variant;
    bool net_failed, net_missing, eval_reported; /* net_missing: no shipped net (not an error) */
    char net_path[1100];
    char net_error[1400];
};

void engine_eval_free(Engine *e);

/* A file shipped with the engine: rel beside the binary, then rel in the
 * current directory, then data_rel in the data directory (when built with
 * one); the first readable one in path. */
bool engine_find_shipped(const char *rel, const char *data_rel, char *path, size_t n);

/* The game under game_lock (a search callback may be playing into it). */
void engine_lock_game(const Engine *e);
void engine_unlock_game(const Engine *e);

#endif
