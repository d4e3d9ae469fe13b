/* The engine API: one Engine per session (a stdin/stdout run or one TCP
 * connection). It owns everything a session changes; the protocol layers
 * only call these functions and receive output lines through a callback. */
#ifndef RATNIK_ENGINE_H
#define RATNIK_ENGINE_H

#include <pthread.h>
#include "../book/book.h"
#include "../engine/game.h"
#include "bribe_decide.h"
#include "search.h"

typedef void (*EngineOutputFn)(void *ctx, const char *line);

typedef struct Engine {
    const Variant *variant;
    Game game;
    Game scratch;    /* where a new position is built before it replaces game */
    int move_limit;  /* option MoveLimit, for variants that have a move limit */
    int hash_mb, threads, multipv;
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
    BribeSession bribes;      /* the bribe options (protocol/bribes.c), whatever the variant */
    /* Opening book (search/engine_book.c, docs/books.md): the options
     * OwnBook, BookFile (empty: automatic), BookDepth (plies), BookVariety
     * (0-100); the book, opened lazily for book_variant (NULL: open again
     * at the next probe); where this game left the book (book_miss_steps
     * -1: it has not). Touched by the protocol thread only. */
    bool own_book;
    char book_file[1024];
    const char *const *book_dirs; /* NULL: BookFile is any path; else a name in one of these (a daemon's session) */
    int book_depth, book_variety;
    Book *book;
    const Variant *book_variant;
    bool book_failed;        /* opening failed: no retry until an option or the variant changes */
    uint64_t book_rng;
    int book_miss_steps;
    uint64_t book_miss_start, book_miss_key;
    /* Held while game changes, so that a query may copy it while a search
     * callback plays the engine's move (engine_game_snapshot). */
    pthread_mutex_t game_lock;
} Engine;

enum { HASH_MAX_MB = 65536 };

Engine *engine_new(EngineOutputFn out, void *ctx);
void engine_free(Engine *e);
void engine_printf(const Engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Each returns false with a message in err and leaves the session unchanged. */
bool engine_set_variant(Engine *e, const char *name, char *err, size_t errlen);
bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int nmoves, char *err, size_t errlen);
void engine_set_move_limit(Engine *e, int limit);
/* Plays a turn on the current game. Does not stop a search, so that an
 * on_bestmove callback may play the engine's own move (CECP). */
bool engine_play(Engine *e, const char *turn, char *err, size_t errlen);

/* perft with a line per root turn and the total (`go perft`), on the
 * search thread like a search: it returns at once, and engine_stop ends
 * the count (then reported as incomplete). */
bool engine_perft(Engine *e, int depth, char *err, size_t errlen);
bool engine_is_counting(const Engine *e); /* a perft is running */
/* Whether a perft is still counting, without waiting: for a caller that
 * waits for it while watching something else (the daemon, its client). */
bool engine_count_running(Engine *e);

/* Search: go starts it on its own thread and returns at once; the search
 * reports progress and exactly one best move through the callbacks. */
bool engine_go(Engine *e, const SearchLimits *limits, const SearchCallbacks *cb, char *err, size_t errlen);
/* Adds a turn of the current position to r, for limits.root (UCI
 * searchmoves); false with the reason if it is not legal here. Bribe
 * tokens count only with the option Corruption on. */
bool engine_root_turn_add(const Engine *e, RootTurns *r, const char *turn, char *err, size_t errlen);
void engine_stop(Engine *e);      /* stops a running search and waits for its bestmove */
void engine_ponderhit(Engine *e);
void engine_wait(Engine *e);      /* waits for a search to end by its own limits */
bool engine_is_searching(const Engine *e);
bool engine_set_hash(Engine *e, int megabytes, char *err, size_t errlen);
void engine_clear_hash(Engine *e);
void engine_set_threads(Engine *e, int threads);
void engine_set_multipv(Engine *e, int lines);
/* Searches fixed positions of every variant to fixed depths; returns nodes. */
uint64_t engine_bench(Engine *e, bool verbose);
void engine_display(const Engine *e);

/* Opening book (search/engine_book.c). Setting an option closes the book;
 * it is opened again when next needed. */
enum { BOOK_DEPTH_DEFAULT = 20, BOOK_DEPTH_MAX = 1000, BOOK_VARIETY_DEFAULT = 50 };
void engine_set_own_book(Engine *e, bool on);
void engine_set_book_file(Engine *e, const char *path); /* "" or "<empty>": automatic */
void engine_set_book_depth(Engine *e, int plies);
void engine_set_book_variety(Engine *e, int variety);
/* Confines BookFile to books named relative to dirs (absolute paths with
 * no symbolic links, NULL-terminated, kept by the caller); NULL: any path. */
void engine_set_book_dirs(Engine *e, const char *const *dirs);
/* Whether BookFile may be set to name; false with one message that is the
 * same whatever the reason (missing, outside the directories, `..`). */
bool engine_check_book_file(const Engine *e, const char *name, char *err, size_t errlen);
/* The i-th default book directory, in the order of the automatic books:
 * book/ beside the binary, ./book, the data directory's book/ (path "" if
 * unknown); false past the last. */
bool engine_default_book_dir(int i, char *path, size_t n);
/* The book move to play now, instead of a search: OwnBook on, the game
 * within BookDepth and not yet out of book, a legal book move. ponder gets
 * the book's best reply or "". False otherwise; err is set (non-empty) only
 * when this call failed to open the book (reported once). */
/* The automatic book file of variant v (book/<variant>.bin beside the
 * binary, then in ./book/, then Debian's gnuchess book for chess). */
bool engine_find_book(const Variant *v, char *path, size_t n, char *err, size_t errlen);
bool engine_book_move(Engine *e, char *turn, char *ponder, char *err, size_t errlen);
/* The book's moves for the current position (whatever OwnBook says), with
 * the book's path in path; -1 with err when there is no usable book. */
int engine_book_list(Engine *e, BookMove *out, int max, char *path, size_t pathlen, char *err, size_t errlen);
void engine_result_str(const Engine *e, char *buf, size_t n);

/* A copy of the session's game, taken under the game lock: a query that
 * reads it is safe while a search runs. The caller frees it; NULL when
 * memory runs out. */
Game *engine_game_snapshot(const Engine *e);

#endif
