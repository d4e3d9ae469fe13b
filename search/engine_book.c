/* The Engine's opening book: options, finding and opening the book file
 * lazily, and the probe that `go` makes before searching (docs/books.md). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "engine_internal.h"
#include "../engine/notation.h"

enum { BOOK_LIST_MAX = 256 };

/* Any change closes the book; the next probe opens it again. */
static void book_reset(Engine *e) {
    book_close(e->book);
    e->book = NULL;
    e->book_variant = NULL;
    e->book_failed = false;
    e->book_miss_steps = -1;
}

void engine_set_own_book(Engine *e, bool on) {
    if (on != e->own_book) book_reset(e);
    e->own_book = on;
}

bool engine_set_book_file(Engine *e, const char *path) {
    if (!strcmp(path, "<empty>")) path = ""; /* what some GUIs send for an empty string */
    if (strlen(path) > BOOK_FILE_MAX) return false;
    snprintf(e->book_file, sizeof e->book_file, "%s", path);
    book_reset(e);
    return true;
}

bool engine_own_book(const Engine *e) { return e->own_book; }
const char *engine_book_file(const Engine *e) { return e->book_file; }
int engine_book_depth(const Engine *e) { return e->book_depth; }
int engine_book_variety(const Engine *e) { return e->book_variety; }

void engine_set_book_depth(Engine *e, int plies) {
    e->book_depth = plies < 0 ? 0 : plies > BOOK_DEPTH_MAX ? BOOK_DEPTH_MAX : plies;
}

void engine_set_book_variety(Engine *e, int variety) {
    e->book_variety = variety < 0 ? 0 : variety > 100 ? 100 : variety;
}

static bool readable(const char *path) { return access(path, R_OK) == 0; }

bool engine_exe_dir(char *path, size_t n) {
    ssize_t len = readlink("/proc/self/exe", path, n - 1);
    if (len <= 0) return false;
    path[len] = 0;
    char *slash = strrchr(path, '/');
    if (!slash) return false;
    *slash = 0;
    return true;
}

bool engine_find_shipped(const char *rel, const char *data_rel, char *path, size_t n) {
    char exe[1024];
    if (engine_exe_dir(exe, sizeof exe)) {
        snprintf(path, n, "%s/%s", exe, rel);
        if (readable(path)) return true;
    }
    snprintf(path, n, "%s", rel);
    if (readable(path)) return true;
#ifdef RATNIK_DATADIR
    snprintf(path, n, "%s/%s", RATNIK_DATADIR, data_rel);
    if (readable(path)) return true;
#else
    (void)data_rel;
#endif
    return false;
}

bool engine_default_book_dir(int i, char *path, size_t n) {
    char exe[1024];
    path[0] = 0;
    if (i == 0) {
        if (engine_exe_dir(exe, sizeof exe)) snprintf(path, n, "%s/book", exe);
        return true;
    }
    if (i == 1) {
        snprintf(path, n, "book");
        return true;
    }
#ifdef RATNIK_DATADIR
    if (i == 2) {
        snprintf(path, n, "%s/book", RATNIK_DATADIR);
        return true;
    }
#endif
    return false;
}

void engine_set_book_dirs(Engine *e, const char *const *dirs) {
    e->book_dirs = dirs;
    book_reset(e);
}

static bool has_dotdot(const char *name) {
    for (const char *p = name; (p = strstr(p, "..")); p += 2)
        if ((p == name || p[-1] == '/') && (!p[2] || p[2] == '/')) return true;
    return false;
}

/* The file that BookFile `name` opens. Confined to book directories, only
 * a regular file inside one of them once links are resolved. */
static bool book_file_path(const Engine *e, const char *name, char *path, size_t n) {
    if (!e->book_dirs) return snprintf(path, n, "%s", name) < (int)n;
    if (name[0] == '/' || has_dotdot(name)) return false;
    for (const char *const *dir = e->book_dirs; *dir; dir++) {
        char joined[PATH_MAX], real[PATH_MAX];
        struct stat st;
        size_t len = strlen(*dir);
        if (snprintf(joined, sizeof joined, "%s/%s", *dir, name) >= (int)sizeof joined || !realpath(joined, real))
            continue;
        bool inside = !strncmp(real, *dir, len) && (real[len] == '/' || (len && (*dir)[len - 1] == '/'));
        if (inside && !stat(real, &st) && S_ISREG(st.st_mode)) return snprintf(path, n, "%s", real) < (int)n;
    }
    return false;
}

static void book_refused(const char *name, char *err, size_t errlen) {
    snprintf(err, errlen, "book '%.64s%s' not available (this server opens books only by name from its book directories)",
             name, strlen(name) > 64 ? "..." : "");
}

bool engine_check_book_file(const Engine *e, const char *name, char *err, size_t errlen) {
    char path[PATH_MAX];
    if (!e->book_dirs || !name[0] || !strcmp(name, "<empty>") || book_file_path(e, name, path, sizeof path)) return true;
    book_refused(name, err, errlen);
    return false;
}

/* The automatic book of variant v: book/<variant>.bin beside the binary,
 * then in the current directory and the data directory, then the
 * variant's system book (chess: Debian's gnuchess-book).
 * False with the places looked at in err. */
bool engine_find_book(const Variant *v, char *path, size_t n, char *err, size_t errlen) {
    char rel[256];
    snprintf(rel, sizeof rel, "book/%s.bin", v->name);
    if (engine_find_shipped(rel, rel, path, n)) return true;
    if (v->system_book && readable(v->system_book)) {
        snprintf(path, n, "%s", v->system_book);
        return true;
    }
    snprintf(err, errlen, "no book for variant %s: no book/%s.bin beside the binary, in the current directory or in the data directory%s%s",
             v->name, v->name, v->system_book ? ", and no " : "", v->system_book ? v->system_book : "");
    return false;
}

/* The book for the current variant, opened if needed; NULL when there is
 * none. err is written only by the attempt that fails. */
static Book *current_book(Engine *e, char *path, size_t pathlen, char *err, size_t errlen) {
    if (e->book_variant != e->variant) {
        book_close(e->book);
        e->book = NULL;
        e->book_failed = false;
        e->book_miss_steps = -1;
    }
    if (e->book || e->book_failed) {
        char ignored[256];
        if (!e->book) return NULL;
        if (e->book_file[0]) snprintf(path, pathlen, "%s", e->book_file);
        else if (!engine_find_book(e->variant, path, pathlen, ignored, sizeof ignored)) snprintf(path, pathlen, "(automatic)");
        return e->book;
    }
    e->book_variant = e->variant;
    char file[PATH_MAX];
    if (e->book_file[0]) {
        snprintf(path, pathlen, "%s", e->book_file);
        if (!book_file_path(e, e->book_file, file, sizeof file)) {
            book_refused(e->book_file, err, errlen);
            e->book_failed = true;
            return NULL;
        }
    } else if (!engine_find_book(e->variant, path, pathlen, err, errlen)) {
        e->book_failed = true;
        return NULL;
    } else {
        snprintf(file, sizeof file, "%s", path);
    }
    e->book = book_open(file, e->variant, err, errlen);
    e->book_failed = !e->book;
    return e->book;
}

/* Whether this game already left the book: it continues (same start, same
 * steps up to there) the game in which a probe found nothing. So a GUI that
 * sends the whole game with every `position` keeps the book left, and a new
 * game, another start or a take-back before that point probes again. */
/* What a probe needs of the game, read under game_lock: a CECP search
 * may be playing its move into the game meanwhile. */
typedef struct {
    Position cur;
    int nsteps;
    uint64_t start_key, cur_key, key_at_miss;
} GameView;

static void game_view(const Engine *e, GameView *v) {
    engine_lock_game(e);
    const Game *g = &e->game;
    v->cur = g->cur;
    v->nsteps = g->nsteps;
    v->start_key = g->keys[0];
    v->cur_key = g->keys[g->nsteps];
    int at = e->book_miss_steps;
    v->key_at_miss = at >= 0 && at <= g->nsteps ? g->keys[at] : 0;
    engine_unlock_game(e);
}

static bool left_book(const Engine *e, const GameView *g) {
    int at = e->book_miss_steps;
    return at >= 0 && g->nsteps >= at && g->start_key == e->book_miss_start && g->key_at_miss == e->book_miss_key;
}

static int game_ply(const Position *pos) { return 2 * (pos->fullmove > 0 ? pos->fullmove - 1 : 0) + (pos->side == BLACK); }

bool engine_book_move(Engine *e, char *turn, char *ponder, char *err, size_t errlen) {
    err[0] = 0;
    ponder[0] = 0;
    GameView view;
    game_view(e, &view);
    const Position *pos = &view.cur;
    if (!e->own_book || e->analyse_mode || pos->pending || game_ply(pos) >= e->book_depth || left_book(e, &view)) return false;
    char path[1100];
    Book *b = current_book(e, path, sizeof path, err, errlen);
    if (!b) return false;
    if (!e->book_rng) e->book_rng = (uint64_t)time(NULL) ^ (uint64_t)(uintptr_t)e ^ 0x9E3779B97F4A7C15ull;
    BookMove m;
    if (!book_choose(b, pos, e->book_variety, &e->book_rng, &m)) {
        e->book_miss_steps = view.nsteps;
        e->book_miss_start = view.start_key;
        e->book_miss_key = view.cur_key;
        return false;
    }
    snprintf(turn, TURN_STR_MAX, "%s", m.turn);
    Position next = *pos;
    char why[128];
    BookMove reply[BOOK_LIST_MAX]; /* all of them: the list is sorted only once complete */
    if (play_turn_str(&next, m.turn, why, sizeof why) && book_moves(b, &next, reply, BOOK_LIST_MAX) > 0 && reply[0].weight)
        snprintf(ponder, TURN_STR_MAX, "%s", reply[0].turn);
    return true;
}

int engine_book_list(Engine *e, BookMove *out, int max, char *path, size_t pathlen, char *err, size_t errlen) {
    err[0] = 0;
    path[0] = 0;
    Book *b = current_book(e, path, pathlen, err, errlen);
    if (!b) {
        if (!err[0]) snprintf(err, errlen, "no usable book for variant %s (reported when it was opened)", e->variant->name);
        return -1;
    }
    GameView view;
    game_view(e, &view);
    return book_moves(b, &view.cur, out, max < BOOK_LIST_MAX ? max : BOOK_LIST_MAX);
}
