/* `ratnik book build`: a book from PGN games (the match runner's output, or
 * any PGN whose moves are RULES.md strings or, in chess, SAN). Every
 * (position, turn) of the first --plies plies is counted with the score of
 * the side that played it; the entries that pass the filters get the
 * weight 2 x wins + draws (at least 1) and learn = games (docs/books.md).
 * No entries at all is an error, and no file is written. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "book_cli.h"
#include "../../book/polyglot.h"
#include "../../book/rbook_write.h"
#include "../../engine/fen.h"
#include "../../engine/fileio.h"
#include "../../engine/game.h"
#include "../../engine/san.h"
#include "../../variants/registry.h"

typedef struct {
    const Variant *v;
    const char *pgn[64];
    int npgn;
    const char *out;
    int plies, min_games, min_score;
    bool only_winner;
} BuildArgs;

typedef struct {
    uint64_t key;   /* Polyglot key in chess, ratnik's Zobrist key otherwise */
    char turn[TURN_STR_MAX];
    uint16_t poly;  /* the Polyglot move (chess) */
    uint8_t points; /* half-points of the side that played it: 2, 1 or 0 */
} Record;

typedef struct {
    Record *r;
    size_t n, cap;
    long games, used;
    Game *game;
} Collect;

static void add_record(Collect *c, const Record *r) {
    if (c->n == c->cap) {
        c->cap = c->cap ? c->cap * 2 : 4096;
        c->r = realloc(c->r, c->cap * sizeof *c->r);
    }
    c->r[c->n++] = *r;
}

/* Plays text (RULES.md notation, or SAN in chess) on the game; the
 * canonical turn in canon. */
static bool play_pgn_move(Game *g, const char *text, char *canon) {
    char err[160];
    snprintf(canon, TURN_STR_MAX, "%s", text);
    if (game_play(g, canon, err, sizeof err)) return true;
    if (!g->cur.v->san) return false;
    Move list[MAX_MOVES];
    int n = g->cur.v->generate(&g->cur, list);
    for (int i = 0; i < n; i++)
        if (san_matches(&g->cur, list[i], text)) {
            move_to_str(&g->cur, list[i], canon);
            return game_play(g, canon, err, sizeof err);
        }
    return false;
}

/* Half-points of each side from a Result tag; false when unfinished. */
static bool result_points(const char *res, int pts[2]) {
    if (!strcmp(res, "1-0")) pts[WHITE] = 2, pts[BLACK] = 0;
    else if (!strcmp(res, "0-1")) pts[WHITE] = 0, pts[BLACK] = 2;
    else if (!strcmp(res, "1/2-1/2")) pts[WHITE] = pts[BLACK] = 1;
    else return false;
    return true;
}

/* The next movetext word (comments, variations, NAGs, move numbers and
 * results skipped); NULL at the end. */
static const char *next_word(const char **s, char *word) {
    int depth = 0;
    while (**s) {
        char ch = **s;
        if (ch == '{') {
            const char *e = strchr(*s, '}');
            *s = e ? e + 1 : *s + strlen(*s);
        } else if (ch == ';') {
            const char *e = strchr(*s, '\n');
            *s = e ? e : *s + strlen(*s);
        } else if (ch == '(' || ch == ')') depth += ch == '(' ? 1 : -1, (*s)++;
        else if (isspace((unsigned char)ch)) (*s)++;
        else {
            const char *w = *s, *end = *s + strcspn(*s, " \t\r\n{}();");
            *s = end;
            const char *p = w;
            while (p < end && isdigit((unsigned char)*p)) p++;
            if (p < end && *p == '.') { /* "12." and "12...e5" */
                while (p < end && *p == '.') p++;
                w = p;
            }
            size_t len = (size_t)(end - w);
            if (depth > 0 || !len || *w == '$' || len >= TURN_STR_MAX) continue;
            snprintf(word, TURN_STR_MAX, "%.*s", (int)len, w);
            if (!strcmp(word, "1-0") || !strcmp(word, "0-1") || !strcmp(word, "1/2-1/2") || !strcmp(word, "*")) continue;
            return word;
        }
    }
    return NULL;
}

/* One game: its tags and movetext are complete. */
static void take_game(Collect *c, const BuildArgs *a, const char *variant, const char *fen, const char *result,
                      const char *movetext) {
    int pts[2];
    if (++c->games % 200 == 0) fprintf(stderr, "\rbook build: %ld games read, %zu moves", c->games, c->n);
    if (strcmp(variant[0] ? variant : variant_default()->name, a->v->name) || !result_points(result, pts)) return;
    Position start;
    char err[160], word[TURN_STR_MAX], canon[TURN_STR_MAX];
    if (!fen_parse(&start, a->v, fen[0] ? fen : a->v->start_fen, err, sizeof err)) return;
    game_reset(c->game, &start);
    c->used++;
    const char *s = movetext;
    for (int ply = 0; ply < a->plies && next_word(&s, word); ply++) {
        Position before = c->game->cur;
        if (!play_pgn_move(c->game, word, canon)) break; /* a bribe token or a bad move: the rest is unknown */
        int mover = before.side;
        if (a->only_winner && pts[mover] != 2) continue;
        Record r = {.key = before.key, .points = (uint8_t)pts[mover]};
        snprintf(r.turn, sizeof r.turn, "%s", canon);
        if (a->v->polyglot) {
            r.key = polyglot_key(&before);
            r.poly = polyglot_encode_move(&before, canon);
            if (!r.poly) continue;
        }
        add_record(c, &r);
    }
}

/* Reads one PGN file game by game; false (the reason in err) when it
 * cannot be opened or read. */
static bool read_pgn(Collect *c, const BuildArgs *a, const char *path, char *err, size_t errlen) {
    FILE *f = file_open_read(path, NULL, err, errlen);
    if (!f) return false;
    char *line = NULL, variant[64] = "", fen[FEN_MAX] = "", result[16] = "";
    size_t line_cap = 0, cap = 1 << 16, len = 0;
    char *moves = malloc(cap);
    moves[0] = 0;
    while (getline(&line, &line_cap, f) >= 0) {
        if (line[0] == '[') {
            if (len) take_game(c, a, variant, fen, result, moves), variant[0] = fen[0] = result[0] = 0;
            len = 0, moves[0] = 0;
            char name[32], val[FEN_MAX];
            if (sscanf(line, "[%31s \"%255[^\"]\"", name, val) != 2) continue;
            if (!strcmp(name, "Variant")) snprintf(variant, sizeof variant, "%.63s", val);
            else if (!strcmp(name, "FEN")) snprintf(fen, sizeof fen, "%s", val);
            else if (!strcmp(name, "Result")) snprintf(result, sizeof result, "%.15s", val);
            continue;
        }
        size_t n = strlen(line);
        if (len + n + 1 > cap) cap = (len + n + 1) * 2, moves = realloc(moves, cap);
        memcpy(moves + len, line, n + 1);
        len += n;
    }
    if (len || result[0]) take_game(c, a, variant, fen, result, moves);
    bool ok = !ferror(f);
    if (!ok) snprintf(err, errlen, "read error");
    free(moves);
    free(line);
    fclose(f);
    return ok;
}

static int by_key_turn(const void *x, const void *y) {
    const Record *a = x, *b = y;
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    return strcmp(a->turn, b->turn);
}

/* Counts each (position, turn) and writes the entries that pass. */
static bool write_book(Collect *c, const BuildArgs *a, size_t *entries, size_t *positions, char *err, size_t n) {
    if (c->n) qsort(c->r, c->n, sizeof *c->r, by_key_turn); /* c->r is NULL when nothing was read */
    RBookWriter *w = rbook_writer_new();
    PolyEntry *pe = malloc((c->n ? c->n : 1) * sizeof *pe);
    size_t np = 0;
    *entries = *positions = 0;
    uint64_t last_key = 0;
    for (size_t i = 0, j; i < c->n; i = j) {
        unsigned games = 0, points = 0;
        for (j = i; j < c->n && !by_key_turn(&c->r[i], &c->r[j]); j++) games++, points += c->r[j].points;
        /* score% = points / (2 games) */
        if ((int)games < a->min_games || points * 100 < (unsigned)a->min_score * 2 * games) continue;
        unsigned weight = points ? points : 1;
        if (!*entries || last_key != c->r[i].key) (*positions)++;
        last_key = c->r[i].key, (*entries)++;
        if (a->v->polyglot)
            pe[np++] = (PolyEntry){c->r[i].key, c->r[i].poly, (uint16_t)(weight > 65535 ? 65535 : weight), games};
        else rbook_writer_add(w, c->r[i].key, c->r[i].turn, weight, games);
    }
    /* An empty book is no book: the Polyglot loader refuses a 0-byte file. */
    bool ok = *entries > 0;
    if (!ok && !c->used) snprintf(err, n, "no usable games: none of the %ld read is a finished %s game", c->games, a->v->name);
    else if (!ok && !c->n) snprintf(err, n, "no usable moves in the %ld %s games", c->used, a->v->name);
    else if (!ok) snprintf(err, n, "no move passes the filters (--min-games, --min-score, --only-winner)");
    ok = ok && (a->v->polyglot ? polyglot_save(a->out, pe, np, err, n) : rbook_writer_save(w, a->v, a->out, err, n));
    free(pe);
    rbook_writer_free(w);
    return ok;
}

static int build_usage(void) {
    fprintf(stderr, "usage: ratnik book build --variant NAME --pgn FILE [--pgn FILE...] [--out FILE (NAME.bin)]\n"
                    "       [--plies N (16)] [--min-games N (1)] [--min-score PCT (0)] [--only-winner]\n");
    return 2;
}

int book_build_main(int argc, char **argv) {
    BuildArgs a = {.plies = 16, .min_games = 1};
    const char *vname = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--only-winner")) { a.only_winner = true; continue; }
        if (!val) return build_usage();
        i++;
        if (!strcmp(o, "--variant")) vname = val;
        else if (!strcmp(o, "--pgn") && a.npgn < 64) a.pgn[a.npgn++] = val;
        else if (!strcmp(o, "--out")) a.out = val;
        else if (!strcmp(o, "--plies")) a.plies = atoi(val);
        else if (!strcmp(o, "--min-games")) a.min_games = atoi(val);
        else if (!strcmp(o, "--min-score")) a.min_score = atoi(val);
        else return build_usage();
    }
    char out[256];
    if (vname && !a.out) a.out = (snprintf(out, sizeof out, "%.200s.bin", vname), out); /* default: NAME.bin here */
    if (!vname || !a.npgn || !a.out || a.plies < 1 || a.min_games < 1 || a.min_score < 0 || a.min_score > 100)
        return build_usage();
    if (!(a.v = book_cli_variant(vname))) return 2;
    Collect c = {.game = malloc(sizeof(Game))};
    char err[256];
    for (int i = 0; i < a.npgn; i++)
        if (!read_pgn(&c, &a, a.pgn[i], err, sizeof err)) {
            fprintf(stderr, "book build: cannot read '%s': %s\n", a.pgn[i], err);
            free(c.r), free(c.game);
            return 1;
        }
    size_t entries, positions;
    bool ok = write_book(&c, &a, &entries, &positions, err, sizeof err);
    fprintf(stderr, "\rbook build: %ld games read, %ld used (%s), %zu moves counted\n", c.games, c.used, a.v->name, c.n);
    if (ok) printf("book build: %zu positions, %zu entries, %s book written to %s\n", positions, entries,
                   a.v->polyglot ? "polyglot" : "ratnik", a.out);
    else fprintf(stderr, "book build: %s\n", err);
    free(c.r), free(c.game);
    return ok ? 0 : 1;
}
