/* The PGN of a finished game: the seven-tag roster, the variant, the start
 * FEN, time controls, the termination (and Buratia's seed points), then the
 * moves (SAN for chess, RULES.md notation otherwise) wrapped at 80 columns. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "match.h"

typedef struct {
    char *s;
    size_t len, cap, col;
} Buf;

static void put(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int need = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (b->len + (size_t)need + 1 > b->cap) {
        b->cap = (b->len + (size_t)need + 1) * 2;
        b->s = realloc(b->s, b->cap);
    }
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
    va_end(ap);
    b->len += (size_t)need;
}

/* A movetext token, on a new line when the current one would pass 79 columns. */
static void token(Buf *b, const char *t) {
    size_t n = strlen(t);
    if (b->col && b->col + 1 + n > 79) put(b, "\n"), b->col = 0;
    else if (b->col) put(b, " "), b->col++;
    put(b, "%s", t);
    b->col += n;
}

static void tc_text(const EngineSpec *s, char *buf, size_t n) {
    if (s->tc.set && s->tc.infinite) snprintf(buf, n, "inf");
    else if (s->tc.set) {
        int len = s->tc.moves ? snprintf(buf, n, "%d/", s->tc.moves) : 0;
        snprintf(buf + len, n - (size_t)len, "%g+%g", s->tc.base_ms / 1000.0, s->tc.inc_ms / 1000.0);
    } else if (s->st) snprintf(buf, n, "%g/move", s->st);
    else snprintf(buf, n, "-");
}

static void tags(Buf *b, const MatchConfig *cfg, const MatchGame *mg) {
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    const char *res = match_result_str(mg->result);
    put(b, "[Event \"ratnik match\"]\n[Site \"?\"]\n[Date \"%04d.%02d.%02d\"]\n", tm.tm_year + 1900, tm.tm_mon + 1,
        tm.tm_mday);
    put(b, "[Round \"%d\"]\n[White \"%s\"]\n[Black \"%s\"]\n[Result \"%s\"]\n", mg->round, mg->names[WHITE],
        mg->names[BLACK], res);
    if (strcmp(cfg->variant->name, "chess")) put(b, "[Variant \"%s\"]\n", cfg->variant->name);
    if (!mg->from_startpos) put(b, "[SetUp \"1\"]\n[FEN \"%s\"]\n", mg->start_fen);
    char tw[48], tb[48];
    tc_text(&cfg->eng[mg->white], tw, sizeof tw);
    tc_text(&cfg->eng[1 - mg->white], tb, sizeof tb);
    if (!strcmp(tw, tb)) put(b, "[TimeControl \"%s\"]\n", tw);
    else put(b, "[WhiteTimeControl \"%s\"]\n[BlackTimeControl \"%s\"]\n", tw, tb);
    put(b, "[PlyCount \"%d\"]\n[Termination \"%s\"]\n", mg->nturns, mg->termination);
    if (!strcmp(cfg->variant->name, "buratia"))
        put(b, "[Points \"%g-%g\"]\n", mg->points[WHITE], mg->points[BLACK]);
}

char *match_game_pgn(const MatchConfig *cfg, const MatchGame *mg) {
    Buf b = {0};
    put(&b, "%s", "");
    tags(&b, cfg, mg);
    put(&b, "\n");
    /* Numbers come from each turn's own position: a take-back bribe lets
     * a side move twice in a row. */
    char t[TURN_STR_MAX + 64];
    for (int i = 0; i < mg->nturns; i++) {
        int side = mg->mover[i] & 1, number = mg->mover[i] >> 1;
        bool follows_white = i > 0 && mg->mover[i - 1] == mg->mover[i] - 1;
        if (side == WHITE) snprintf(t, sizeof t, "%d.", number), token(&b, t);
        else if (!follows_white) snprintf(t, sizeof t, "%d...", number), token(&b, t);
        token(&b, mg->pgn_moves[i]);
        if (!cfg->pgn_min && mg->comments[i][0]) snprintf(t, sizeof t, "{%s}", mg->comments[i]), token(&b, t);
    }
    /* the reason as one comment */
    if (mg->reason[0]) {
        snprintf(t, sizeof t, "{%.80s}", mg->reason);
        token(&b, t);
    }
    token(&b, match_result_str(mg->result));
    put(&b, "\n\n");
    return b.s;
}
