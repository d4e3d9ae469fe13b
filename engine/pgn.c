#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "pgn.h"
#include "fen.h"
#include "turn_info.h"

void pgn_init(PgnText *p) {
    memset(p, 0, sizeof *p);
    p->last_mover = -1;
}

static void put(PgnText *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(PgnText *p, const char *fmt, ...) {
    if (p->failed) return;
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (need < 0) return;
    if (p->len + (size_t)need + 1 > p->cap) {
        size_t cap = (p->len + (size_t)need + 1) * 2;
        char *s = realloc(p->s, cap);
        if (!s) {
            free(p->s);
            p->s = NULL, p->failed = true;
            return;
        }
        p->s = s, p->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(p->s + p->len, p->cap - p->len, fmt, ap);
    va_end(ap);
    p->len += (size_t)need;
}

void pgn_tag(PgnText *p, const char *name, const char *fmt, ...) {
    char value[512], escaped[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(value, sizeof value, fmt, ap);
    va_end(ap);
    size_t k = 0;
    for (const char *s = value; *s && k + 2 < sizeof escaped; s++) {
        if (*s == '"' || *s == '\\') escaped[k++] = '\\';
        escaped[k++] = *s;
    }
    escaped[k] = 0;
    put(p, "[%s \"%s\"]\n", name, escaped);
}

void pgn_begin_moves(PgnText *p) {
    put(p, "\n");
    p->col = 0;
}

/* A movetext token, on a new line when the current one would pass 79 columns. */
static void token(PgnText *p, const char *t) {
    size_t n = strlen(t);
    if (p->col && p->col + 1 + n > 79) put(p, "\n"), p->col = 0;
    else if (p->col) put(p, " "), p->col++;
    put(p, "%s", t);
    p->col += n;
}

void pgn_turn(PgnText *p, int mover, const char *move, const char *comment) {
    char t[TURN_STR_MAX + 64];
    int side = mover & 1, number = mover >> 1;
    bool follows_white = p->last_mover >= 0 && p->last_mover == mover - 1;
    if (side == WHITE) snprintf(t, sizeof t, "%d.", number), token(p, t);
    else if (!follows_white) snprintf(t, sizeof t, "%d...", number), token(p, t);
    token(p, move);
    if (comment && comment[0]) snprintf(t, sizeof t, "{%.*s}", TURN_STR_MAX, comment), token(p, t);
    p->last_mover = mover;
}

void pgn_end(PgnText *p, const char *reason, const char *result) {
    if (reason && reason[0]) {
        char t[128];
        snprintf(t, sizeof t, "{%.80s}", reason);
        token(p, t);
    }
    token(p, result);
    put(p, "\n\n");
}

char *pgn_take(PgnText *p) {
    char *s = p->failed ? NULL : p->s;
    p->s = NULL;
    return s;
}

const char *pgn_result_str(ResultCode r) {
    return r == RES_WHITE_WINS ? "1-0" : r == RES_BLACK_WINS ? "0-1" : r == RES_DRAW ? "1/2-1/2" : "*";
}

static void add_turn(void *ctx, const GameTurn *t) {
    pgn_turn(ctx, t->before->fullmove * 2 + t->before->side, t->san, NULL);
}

char *game_pgn(const Game *g, const char *event) {
    PgnText p;
    Outcome o;
    char fen[FEN_MAX], start_fen[FEN_MAX], date[16] = "????.??.??";
    struct tm tm;
    time_t now = time(NULL);
    if (localtime_r(&now, &tm)) strftime(date, sizeof date, "%Y.%m.%d", &tm);
    game_outcome(g, &o);
    const char *result = pgn_result_str(o.code);
    pgn_init(&p);
    pgn_tag(&p, "Event", "%s", event);
    pgn_tag(&p, "Site", "?");
    pgn_tag(&p, "Date", "%s", date);
    pgn_tag(&p, "Round", "-");
    pgn_tag(&p, "White", "?");
    pgn_tag(&p, "Black", "?");
    pgn_tag(&p, "Result", "%s", result);
    pgn_tag(&p, "Variant", "%s", g->start.v->name);
    fen_write(&g->start, fen, sizeof fen);
    Position start;
    char err[128];
    bool standard = fen_parse(&start, g->start.v, g->start.v->start_fen, err, sizeof err) &&
                    (fen_write(&start, start_fen, sizeof start_fen), !strcmp(fen, start_fen));
    if (!standard) pgn_tag(&p, "SetUp", "1"), pgn_tag(&p, "FEN", "%s", fen);
    pgn_tag(&p, "PlyCount", "%d", game_each_turn(g, NULL, NULL));
    pgn_tag(&p, "Termination", "%s", o.code == RES_NONE ? "unterminated" : o.advantage ? "advantage" : "normal");
    pgn_begin_moves(&p);
    game_each_turn(g, add_turn, &p);
    char reason[128] = "";
    if (o.code != RES_NONE) {
        const char *who = o.code == RES_DRAW ? "Draw" : o.code == RES_WHITE_WINS ? "White wins" : "Black wins";
        snprintf(reason, sizeof reason, "%s: %s", who, o.reason);
    }
    pgn_end(&p, reason, result);
    return pgn_take(&p);
}
