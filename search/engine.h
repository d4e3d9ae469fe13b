/* The engine API: one Engine per session (a stdin/stdout run or one TCP
 * connection). It owns everything a session changes. Engine is opaque
 * outside search/ (its fields are in search/engine_internal.h): the
 * protocol layers call these functions only and receive output lines
 * through a callback.
 *
 * Threads: a session calls these from its command thread. A search runs on
 * a thread of its own and reports through SearchCallbacks on that thread;
 * a callback may print, read the game (the getters below) and play a turn
 * (engine_play: CECP plays the engine's own move from on_bestmove). The
 * game is guarded by a lock inside the Engine, so the getters copy it and
 * are safe while a search runs. Every other setter stops a running search
 * first (its bestmove is reported), except the book and bribe options,
 * which a running search does not read. */
#ifndef RATNIK_ENGINE_H
#define RATNIK_ENGINE_H

#include "../book/book.h"
#include "../engine/game.h"
#include "bribe_decide.h"
#include "search.h"

typedef struct Engine Engine;
typedef void (*EngineOutputFn)(void *ctx, const char *line);

enum { HASH_DEFAULT_MB = 16, HASH_MAX_MB = 65536, BOOK_FILE_MAX = 1023, EVAL_FILE_MAX = 1023 };

/* An engine with a hash table of hash_mb (1..HASH_MAX_MB): made at its
 * final size, since making a table touches all of it. */
Engine *engine_new(EngineOutputFn out, void *ctx, int hash_mb);
void engine_free(Engine *e);
void engine_printf(const Engine *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- the game: read ---------------------------------------------------- */
const Variant *engine_variant(const Engine *e);
void engine_position(const Engine *e, Position *out);       /* the current position */
void engine_start_position(const Engine *e, Position *out); /* where the game began */
/* A copy of the whole game, history included; the caller frees it; NULL
 * when memory runs out. */
Game *engine_game_snapshot(const Engine *e);
void engine_outcome(const Engine *e, Outcome *o);           /* the rules' verdict, history included */
void engine_result_str(const Engine *e, char *buf, size_t n);
void engine_display(const Engine *e);
int engine_move_limit(const Engine *e); /* option MoveLimit; -1: the variant's default */

/* ---- the game: change ---------------------------------------------------- */
/* Each returns false with a message in err and leaves the session unchanged. */
bool engine_set_variant(Engine *e, const char *name, char *err, size_t errlen);
bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int nmoves, char *err, size_t errlen);
void engine_set_move_limit(Engine *e, int limit);
/* Plays a turn on the current game. Does not stop a search, so that an
 * on_bestmove callback may play the engine's own move (CECP). */
bool engine_play(Engine *e, const char *turn, char *err, size_t errlen);
/* Takes back the last `turns` turns; false, changing nothing, if fewer
 * were played. */
bool engine_undo(Engine *e, int turns);
/* Replaces the game with g (of the same variant: a bribe's game). */
void engine_set_game(Engine *e, const Game *g);

/* perft with a line per root turn and the total (`go perft`), on the
 * search thread like a search: it returns at once, and engine_stop ends
 * the count (then reported as incomplete). */
bool engine_perft(Engine *e, int depth, char *err, size_t errlen);
bool engine_is_counting(const Engine *e); /* a perft is running */
/* Whether a perft is still counting, without waiting: for a caller that
 * waits for it while watching something else (the daemon, its client). */
bool engine_count_running(Engine *e);

/* ---- search -------------------------------------------------------------- */
/* go starts a search on its own thread and returns at once; the search
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
int engine_hash_mb(const Engine *e);
/* A veto on the Hash size (the TCP daemon's cap on all sessions' memory):
 * asked before a resize, told with the sizes swapped if the resize then
 * fails. NULL (the default) allows any size. */
void engine_set_hash_reserve(Engine *e, bool (*reserve)(void *ctx, int old_mb, int new_mb), void *ctx);
void engine_clear_hash(Engine *e);
void engine_set_threads(Engine *e, int threads);
int engine_threads(const Engine *e);
void engine_set_multipv(Engine *e, int lines);
/* Playing strength and analysis (search/strength.h, docs/uci.md "Playing
 * strength"): a search that is not `infinite` and not in analysis mode
 * plays below full strength when the Skill Level is below SKILL_MAX or
 * LimitStrength is on with an Elo below ELO_MAX. Values are clamped. */
void engine_set_skill_level(Engine *e, int level);
void engine_set_limit_strength(Engine *e, bool on);
void engine_set_elo(Engine *e, int elo);
void engine_set_skill_seed(Engine *e, uint32_t seed);
/* Analysis mode: no strength limit and no book move. */
void engine_set_analyse_mode(Engine *e, bool on);
bool engine_analyse_mode(const Engine *e);
/* UCI_ShowWDL: whether to print it, and the estimate of a score in the
 * current variant (per mille, win draw loss, for the side to move). */
void engine_set_show_wdl(Engine *e, bool on);
bool engine_show_wdl(const Engine *e);
void engine_wdl(const Engine *e, int score, int mate, int wdl[3]);
/* `debug on`: the strength limit reports its plan and choice. */
void engine_set_debug(Engine *e, bool on);

/* Searches fixed positions of every variant to fixed depths (each its
 * own when depth is 0, else all to depth) and prints the totals the way
 * Stockfish does, last; returns the nodes. */
uint64_t engine_bench(Engine *e, int depth, bool verbose);
/* `bench [HASH [THREADS [DEPTH]]]` as Stockfish takes them: sets the Hash
 * and Threads options (they stay set), then runs engine_bench; false with
 * the reason, running nothing, when a word is not a number in range. */
bool engine_run_bench(Engine *e, int nargs, const char *const *args, char *err, size_t errlen);

/* ---- bribes (protocol/gui/bribes.c, docs/bribes.md) ---------------------------- */
/* The session's bribe options and random state (command thread only). */
BribeSession *engine_bribes(Engine *e);
/* The budget of a bribe decision: the session's hash table and threads,
 * movetime ms. Stops a running search first: the decision searches use the
 * same table. */
void engine_bribe_budget(Engine *e, int movetime, BribeBudget *out);

/* ---- opening book (search/engine_book.c, docs/books.md) ---------------- */
/* Setting an option closes the book; it is opened again when next needed. */
enum { BOOK_DEPTH_DEFAULT = 20, BOOK_DEPTH_MAX = 1000, BOOK_VARIETY_DEFAULT = 50 };
void engine_set_own_book(Engine *e, bool on);
/* "" or "<empty>": automatic. False if longer than BOOK_FILE_MAX. */
bool engine_set_book_file(Engine *e, const char *path);
void engine_set_book_depth(Engine *e, int plies);
void engine_set_book_variety(Engine *e, int variety);
bool engine_own_book(const Engine *e);
const char *engine_book_file(const Engine *e);
int engine_book_depth(const Engine *e);
int engine_book_variety(const Engine *e);
/* The automatic book file of variant v (book/<variant>.bin beside the
 * binary, then in ./book/, then Debian's gnuchess book for chess). */
bool engine_find_book(const Variant *v, char *path, size_t n, char *err, size_t errlen);
/* Confines BookFile to books named relative to dirs (absolute paths with
 * no symbolic links, NULL-terminated, kept by the caller); NULL: any path. */
void engine_set_book_dirs(Engine *e, const char *const *dirs);
/* Whether BookFile may be set to name; false with one message that is the
 * same whatever the reason (missing, outside the directories, `..`). */
bool engine_check_book_file(const Engine *e, const char *name, char *err, size_t errlen);
/* The directory of the running binary (where its data is looked for first). */
bool engine_exe_dir(char *path, size_t n);
/* The i-th default book directory, in the order of the automatic books:
 * book/ beside the binary, ./book, the data directory's book/ (path "" if
 * unknown); false past the last. */
bool engine_default_book_dir(int i, char *path, size_t n);
/* The book move to play now, instead of a search: OwnBook on, the game
 * within BookDepth and not yet out of book, a legal book move. ponder gets
 * the book's best reply or "". False otherwise; err is set (non-empty) only
 * when this call failed to open the book (reported once). */
bool engine_book_move(Engine *e, char *turn, char *ponder, char *err, size_t errlen);
/* The book's moves for the current position (whatever OwnBook says), with
 * the book's path in path; -1 with err when there is no usable book. */
int engine_book_list(Engine *e, BookMove *out, int max, char *path, size_t pathlen, char *err, size_t errlen);

/* ---- evaluation (search/engine_eval.c, docs/evaluation.md) ------------- */
/* UseNNUE (default on): the net of the current variant, else the
 * hand-written evaluation; EvalFile: the net file ("" or "<empty>": the
 * shipped one). Setting either stops a search and clears the hash table. */
void engine_set_use_nnue(Engine *e, bool on);
bool engine_use_nnue(const Engine *e);
/* False with the reason (too long; refused in a server's session). */
bool engine_set_eval_file(Engine *e, const char *path, char *err, size_t errlen);
const char *engine_eval_file(const Engine *e);
/* The shipped net of variant v: search/nets/<variant>.nnue beside the
 * binary, then in the current directory, then nets/ in the data directory. */
bool engine_find_net(const Variant *v, char *path, size_t n, char *err, size_t errlen);
/* The net searches use now, loaded if needed; NULL: the hand-written
 * evaluation (UseNNUE false, or no usable net). */
const struct Net *engine_net(Engine *e);
/* Which evaluation plays, in words; false when a net was wanted and could
 * not be had (buf then says why). */
bool engine_eval_describe(Engine *e, char *buf, size_t n);
/* Whether the user has not yet been told which evaluation plays since it
 * last changed (true once per change). */
bool engine_eval_report_due(Engine *e);

#endif
