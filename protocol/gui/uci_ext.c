#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "uci_ext.h"
#include "../../engine/fen.h"
#include "../../engine/pgn.h"
#include "../../engine/turn_info.h"

/* Lists (legal turns, a game's moves) can be longer than one output line
 * may be: they go out in lines of at most this many bytes, each with the
 * same prefix. */
enum { LIST_LINE_MAX = 1800 };

typedef struct {
    const Engine *e;
    const char *prefix; /* "legal", "state moves" */
    char line[LIST_LINE_MAX + TURN_STR_MAX + 64];
    size_t len;
    bool printed;
} WordLine;

static void words_flush(WordLine *w) {
    engine_printf(w->e, "info string %s%s", w->prefix, w->line);
    w->len = 0, w->line[0] = 0, w->printed = true;
}

static void words_add(WordLine *w, const char *word) {
    if (w->len && w->len + strlen(word) + 1 > LIST_LINE_MAX) words_flush(w);
    w->len += (size_t)snprintf(w->line + w->len, sizeof w->line - w->len, " %.*s", TURN_STR_MAX, word);
}

/* The last line; a list with no words still gets its (empty) line. */
static void words_end(WordLine *w) {
    if (w->len || !w->printed) words_flush(w);
}

static void end_block(const Engine *e, const char *cmd) { engine_printf(e, "info string %s end", cmd); }

static const char *color_word(int side) { return side == WHITE ? "white" : side == BLACK ? "black" : "both"; }

static void piece_fen_letter(const PieceDef *d, char *buf) { snprintf(buf, 3, "%s%c", d->promoted ? "+" : "", d->letter); }

static void region_line(const Engine *e, const Position *pos, const Region *r) {
    bb_t squares;
    char list[SQ_MAX * 3 + 1] = "", sq[3];
    size_t len = 0;
    int s;
    if (!squares_parse(pos->geo, r->squares, &squares)) return; /* the variant tests keep the tables valid */
    BB_FOREACH(s, squares) {
        square_to_str(pos->geo, s, sq);
        len += (size_t)snprintf(list + len, sizeof list - len, " %s", sq);
    }
    engine_printf(e, "info string variantinfo region %s %s%s label %s", r->id, color_word(r->side), list, r->label);
}

static void cmd_variantinfo(const Engine *e, const Game *g) {
    const Variant *v = g->cur.v;
    engine_printf(e, "info string variantinfo name %s files %d ranks %d holdings %s san %s bribes %s", v->name, v->files,
                  v->ranks, v->holding_order ? "yes" : "no", v->san ? "yes" : "no", v->bribes ? "yes" : "no");
    engine_printf(e, "info string variantinfo startfen %s", v->start_fen);
    for (int t = 1; t < PT_NB; t++) {
        const PieceDef *d = &v->pieces[t];
        char letter[3];
        if (!d->letter) continue;
        piece_fen_letter(d, letter);
        engine_printf(e, "info string variantinfo piece %s %c %s", letter, d->glyph ? d->glyph : d->letter,
                      d->name ? d->name : "piece");
    }
    for (int i = 0; i < MAX_REGIONS && v->regions[i].id; i++) region_line(e, &g->cur, &v->regions[i]);
}

static void cmd_legal(const Engine *e, const Game *g) {
    WordLine w = {.e = e, .prefix = "legal"};
    Outcome o;
    game_outcome(g, &o);
    int n = o.code == RES_NONE ? legal_turn_strings(&g->cur, NULL, 0) : 0;
    char (*turns)[TURN_STR_MAX] = n ? malloc((size_t)n * sizeof *turns) : NULL;
    if (n && !turns) {
        engine_printf(e, "info string error: legal: out of memory");
        return;
    }
    if (n) legal_turn_strings(&g->cur, turns, n);
    for (int i = 0; i < n; i++) words_add(&w, turns[i]);
    if (n) words_end(&w);
    free(turns);
}

static const char *points_word(double p) { return p >= 1 ? "1" : p > 0 ? "1/2" : "0"; }

/* The points of the result, by the variant's scoring where it has one
 * (Buratia: a win on advantage is worth half a point, a draw with both
 * directors on the board none; RULES.md), so they equal the match's. */
static void result_token(const Game *g, const Outcome *o, char *buf, size_t n) {
    const GameScoring *s = g->cur.v->scoring;
    double p[COLOR_NB];
    if (o->code == RES_NONE || !s) {
        snprintf(buf, n, "%s", o->code == RES_NONE ? "none" : pgn_result_str(o->code));
        return;
    }
    s->score(&g->cur, o->code, o->advantage, p);
    snprintf(buf, n, "%s-%s", points_word(p[WHITE]), points_word(p[BLACK]));
}

typedef struct {
    WordLine moves, san;
} TurnLines;

static void add_turn_words(void *ctx, const GameTurn *t) {
    TurnLines *l = ctx;
    words_add(&l->moves, t->text);
    words_add(&l->san, t->san);
}

static void cmd_state(const Engine *e, const Game *g) {
    char fen[FEN_MAX], last[1024], points[16];
    Outcome o;
    fen_write(&g->cur, fen, sizeof fen);
    engine_printf(e, "info string state fen %s", fen);
    engine_printf(e, "info string state side %s", color_word(g->cur.side));
    game_outcome(g, &o);
    result_token(g, &o, points, sizeof points);
    engine_printf(e, "info string state result %s%s%s", points, o.code != RES_NONE ? " " : "",
                  o.code != RES_NONE ? o.reason : "");
    fen_write(&g->start, fen, sizeof fen);
    engine_printf(e, "info string state startfen %s", fen);
    TurnLines *l = calloc(1, sizeof *l);
    if (!l) {
        engine_printf(e, "info string error: state: out of memory");
        return;
    }
    l->moves.e = l->san.e = e;
    l->moves.prefix = "state moves", l->san.prefix = "state san";
    game_each_turn(g, add_turn_words, l);
    words_end(&l->moves);
    if (g->cur.v->san) words_end(&l->san);
    free(l);
    if (game_last_turn_str(g, last, sizeof last)) engine_printf(e, "info string state last %s", last);
}

static void cmd_pgn(const Engine *e, const Game *g) {
    char *text = game_pgn(g, "ratnik game");
    if (!text) {
        engine_printf(e, "info string error: pgn: out of memory");
        return;
    }
    /* strsep keeps the empty lines that separate tags from moves */
    for (char *s = text, *line; (line = strsep(&s, "\n"));) {
        if (!s && !*line) break; /* after the final newline */
        if (*line) engine_printf(e, "info string pgn %s", line);
        else engine_printf(e, "info string pgn");
    }
    free(text);
}

typedef void (*ExtFn)(const Engine *e, const Game *g);

static const struct {
    const char *name;
    ExtFn fn;
} commands[] = {{"variantinfo", cmd_variantinfo}, {"legal", cmd_legal}, {"state", cmd_state}, {"pgn", cmd_pgn}};

bool uci_ext_command(const Engine *e, int argc, char **argv) {
    for (size_t i = 0; i < sizeof commands / sizeof *commands; i++) {
        if (argc < 1 || strcmp(argv[0], commands[i].name)) continue;
        if (argc > 1) {
            engine_printf(e, "info string error: %s takes no arguments", commands[i].name);
        } else {
            Game *g = engine_game_snapshot(e);
            if (g) commands[i].fn(e, g);
            else engine_printf(e, "info string error: %s: out of memory", commands[i].name);
            free(g);
        }
        end_block(e, commands[i].name);
        return true;
    }
    return false;
}
