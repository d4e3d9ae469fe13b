/* `ratnik book ...`: the dispatch, `book show` (a position's book moves)
 * and `book epd` (the match runner's opening sets from a book). build and
 * search are in book_build.c and book_search.c (docs/books.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "book_cli.h"
#include "../../book/book.h"
#include "../../engine/fen.h"
#include "../../engine/game.h"
#include "../../search/engine.h"
#include "../../variants/registry.h"

enum { SHOW_MAX = 256 };

const Variant *book_cli_variant(const char *name) {
    const Variant *v = variant_find(name);
    if (!v) fprintf(stderr, "book: unknown variant '%s'\n", name);
    return v;
}

typedef struct {
    const Variant *v;
    const char *fen, *book;
    char **moves;
    int nmoves;
    int count, plies, depth, margin;
    unsigned seed;
} CliArgs;

/* Options shared by show and epd; false on bad usage. */
static bool parse_args(int argc, char **argv, CliArgs *a) {
    const char *vname = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i];
        if (!strcmp(o, "--moves")) {
            a->moves = argv + i + 1;
            while (i + 1 < argc && strncmp(argv[i + 1], "--", 2)) i++, a->nmoves++;
            continue;
        }
        if (i + 1 >= argc) return false;
        const char *val = argv[++i];
        if (!strcmp(o, "--variant")) vname = val;
        else if (!strcmp(o, "--fen")) a->fen = val;
        else if (!strcmp(o, "--book")) a->book = val;
        else if (!strcmp(o, "--count")) a->count = atoi(val);
        else if (!strcmp(o, "--plies")) a->plies = atoi(val);
        else if (!strcmp(o, "--depth")) a->depth = atoi(val);
        else if (!strcmp(o, "--margin")) a->margin = atoi(val);
        else if (!strcmp(o, "--seed")) a->seed = (unsigned)atoi(val);
        else return false;
    }
    if (!vname) return false;
    a->v = variant_find(vname);
    if (!a->v) fprintf(stderr, "book: unknown variant '%s'\n", vname);
    return a->v != NULL;
}

static Book *open_book(const CliArgs *a, char *path, size_t n) {
    char err[512];
    if (a->book) snprintf(path, n, "%s", a->book);
    else if (!engine_find_book(a->v, path, n, err, sizeof err)) {
        fprintf(stderr, "book: %s\n", err);
        return NULL;
    }
    Book *b = book_open(path, a->v, err, sizeof err);
    if (!b) fprintf(stderr, "book: %s\n", err);
    return b;
}

static int show(int argc, char **argv) {
    CliArgs a = {0};
    if (!parse_args(argc, argv, &a) || a.count || a.plies || a.depth) {
        fprintf(stderr, "usage: ratnik book show --variant NAME [--fen FEN] [--book FILE] [--moves M1 M2 ...]\n");
        return 2;
    }
    Position pos;
    char err[256], path[1100];
    if (!fen_parse(&pos, a.v, a.fen ? a.fen : a.v->start_fen, err, sizeof err)) {
        fprintf(stderr, "book show: bad FEN: %s\n", err);
        return 1;
    }
    for (int i = 0; i < a.nmoves; i++)
        if (!play_turn_str(&pos, a.moves[i], err, sizeof err)) {
            fprintf(stderr, "book show: %s\n", err);
            return 1;
        }
    Book *b = open_book(&a, path, sizeof path);
    if (!b) return 1;
    BookMove *m = malloc(SHOW_MAX * sizeof *m);
    int n = book_moves(b, &pos, m, SHOW_MAX);
    unsigned long total = 0;
    for (int i = 0; i < n; i++) total += m[i].weight;
    printf("key %016llx\nbook %s format %s entries %zu\nmoves %d\n", (unsigned long long)book_key(b, &pos), path,
           book_format(b), book_entries(b), n);
    for (int i = 0; i < n; i++)
        printf("%-12s weight %5u %5.1f%% learn %u\n", m[i].turn, m[i].weight, total ? 100.0 * m[i].weight / total : 0.0,
               m[i].learn);
    free(m);
    book_close(b);
    return 0;
}

typedef struct {
    Position *pos; /* candidates: at --plies, then the book's shallower leaves */
    int n, cap, exact;
    uint64_t *seen;
    int nseen, capseen;
} Walk;

static bool seen_before(Walk *w, uint64_t key) {
    for (int i = 0; i < w->nseen; i++)
        if (w->seen[i] == key) return true;
    if (w->nseen == w->capseen) w->capseen = w->capseen ? w->capseen * 2 : 1024, w->seen = realloc(w->seen, (size_t)w->capseen * sizeof *w->seen);
    w->seen[w->nseen++] = key;
    return false;
}

static void add_candidate(Walk *w, const Position *pos) {
    if (variant_game_over(pos)) return;
    if (w->n == w->cap) w->cap = w->cap ? w->cap * 2 : 256, w->pos = realloc(w->pos, (size_t)w->cap * sizeof *w->pos);
    w->pos[w->n++] = *pos;
}

/* Every line of book moves from pos, to `plies` plies (transpositions once). */
static void walk_book(const Book *b, const Position *pos, int ply, int plies, Walk *w, bool leaves) {
    if (seen_before(w, pos->key ^ (uint64_t)ply * 0x9E3779B97F4A7C15ull)) return;
    BookMove m[64];
    int n = ply < plies ? book_moves(b, pos, m, 64) : 0;
    if (ply == plies || (!n && leaves && ply >= plies / 2)) add_candidate(w, pos);
    char err[160];
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        if (play_turn_str(&child, m[i].turn, err, sizeof err)) walk_book(b, &child, ply + 1, plies, w, leaves);
    }
}

/* The score of pos for its side to move, searched to depth; false when
 * memory runs out. */
static bool position_score(const Position *pos, TT *tt, int depth, int *score) {
    Game *g = malloc(sizeof *g);
    if (!g) return false;
    game_reset(g, pos);
    *score = search_score(g, tt, 1, &(SearchLimits){.depth = depth}, NULL);
    free(g);
    return true;
}

/* `book epd`: balanced positions of the book at --plies (its leaves when
 * too few), in the EPD format of `ratnik match -makebook`. */
static int epd(int argc, char **argv) {
    CliArgs a = {.count = 60, .plies = 8, .depth = 4, .margin = 60, .seed = 1};
    if (!parse_args(argc, argv, &a) || a.fen || a.nmoves || a.count < 1 || a.plies < 1 || a.depth < 1) {
        fprintf(stderr, "usage: ratnik book epd --variant NAME [--book FILE] [--count 60] [--plies 8] [--depth 4] "
                        "[--margin 60] [--seed 1]\n");
        return 2;
    }
    char path[1100], err[160];
    Book *b = open_book(&a, path, sizeof path);
    if (!b) return 1;
    Position start;
    fen_parse(&start, a.v, a.v->start_fen, err, sizeof err);
    Walk w = {0};
    walk_book(b, &start, 0, a.plies, &w, false);
    w.exact = w.n;
    if (w.n < a.count * 2) w.nseen = 0, walk_book(b, &start, 0, a.plies, &w, true);
    /* a seeded shuffle of each group: positions at --plies come first */
    unsigned s = a.seed * 2654435761u + 1;
    for (int lo = 0, hi = w.exact; lo < w.n; lo = hi, hi = w.n)
        for (int i = hi - 1; i > lo; i--) {
            s ^= s << 13, s ^= s >> 17, s ^= s << 5;
            int j = lo + (int)(s % (unsigned)(i - lo + 1));
            Position t = w.pos[i];
            w.pos[i] = w.pos[j], w.pos[j] = t;
        }
    TT tt = {0};
    int found = 0, score = 0;
    uint64_t *keys = calloc((size_t)w.n + 1, sizeof *keys);
    bool ok = keys && tt_resize(&tt, 16);
    for (int i = 0; ok && i < w.n && found < a.count; i++) {
        bool dup = false;
        for (int k = 0; k < found; k++) dup |= keys[k] == w.pos[i].key;
        if (dup) continue;
        tt_clear(&tt);
        if (!(ok = position_score(&w.pos[i], &tt, a.depth, &score))) break;
        if (abs(score) > a.margin) continue;
        char fen[FEN_MAX];
        fen_write(&w.pos[i], fen, sizeof fen);
        printf("%s ; c0 \"ratnik depth %d score %d\";\n", fen, a.depth, score);
        fflush(stdout);
        keys[found++] = w.pos[i].key;
    }
    if (!ok) fprintf(stderr, "book epd: out of memory\n");
    fprintf(stderr, "book epd: %d positions (%d candidates at ply %d, %d in all) from %s\n", found, w.exact, a.plies,
            w.n, path);
    tt_free(&tt);
    free(keys), free(w.pos), free(w.seen);
    book_close(b);
    return found == a.count ? 0 : 1;
}

static int usage(void) {
    fprintf(stderr,
            "usage: ratnik book build --variant NAME --pgn FILE [--pgn FILE...] [--out FILE] [--plies N] [--min-games N]\n"
            "                         [--min-score PCT] [--only-winner]\n"
            "       ratnik book search --variant NAME [--out FILE] [--depth N] [--plies P] [--width W] [--margin CP]\n"
            "                          [--positions N] [--movetime MS] [--seed S] [--threads T] [--hash MB]\n"
            "       ratnik book show --variant NAME [--fen FEN] [--book FILE] [--moves M1 M2 ...]\n"
            "       ratnik book epd --variant NAME [--book FILE] [--count N] [--plies N] [--depth N] [--margin CP] [--seed S]\n");
    return 2;
}

int book_cli_main(int argc, char **argv) {
    if (argc < 2) return usage();
    if (!strcmp(argv[1], "build")) return book_build_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "search")) return book_search_main(argc - 1, argv + 1);
    if (!strcmp(argv[1], "show")) return show(argc - 1, argv + 1);
    if (!strcmp(argv[1], "epd")) return epd(argc - 1, argv + 1);
    return usage();
}
