#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "san.h"
#include "notation.h"

static bool is_pawn(const Position *pos, int type) { return pos->v->pieces[type].letter == 'P' && !pos->v->pieces[type].promoted; }

void move_to_san(const Position *pos, Move m, char *buf, size_t n) {
    const Geometry *g = pos->geo;
    int from = move_from(m), to = move_to(m);
    char tos[3], froms[3];
    if (from == SQ_NONE || to == SQ_NONE || move_kind(m) > MK_CASTLE) {
        move_to_str(pos, m, buf); /* no SAN for placements and compound steps */
        return;
    }
    square_to_str(g, to, tos);
    square_to_str(g, from, froms);
    if (move_kind(m) == MK_CASTLE) {
        snprintf(buf, n, "%s", to > from ? "O-O" : "O-O-O");
        return;
    }
    int type = piece_type(pos->board[from]);
    bool capture = move_kind(m) == MK_EP || (pos->board[to] && piece_color(pos->board[to]) != pos->side);
    char promo[4] = "";
    if (move_kind(m) == MK_PROMO) snprintf(promo, sizeof promo, "=%c", pos->v->pieces[move_piece(m)].letter);
    if (is_pawn(pos, type)) {
        if (capture) snprintf(buf, n, "%cx%s%s", froms[0], tos, promo);
        else snprintf(buf, n, "%s%s", tos, promo);
        return;
    }
    /* Disambiguate by file, then rank, then both. */
    Move moves[MAX_MOVES];
    int k = pos->v->generate(pos, moves);
    bool clash = false, same_file = false, same_rank = false;
    for (int i = 0; i < k; i++) {
        int f2 = move_from(moves[i]);
        if (moves[i] == m || move_to(moves[i]) != to || f2 == SQ_NONE || f2 == from) continue;
        if (piece_type(pos->board[f2]) != type || move_kind(moves[i]) > MK_CASTLE) continue;
        clash = true;
        same_file |= sq_file(g, f2) == sq_file(g, from);
        same_rank |= sq_rank(g, f2) == sq_rank(g, from);
    }
    char dis[3] = "";
    if (clash) {
        if (!same_file) dis[0] = froms[0];
        else if (!same_rank) dis[0] = froms[1];
        else dis[0] = froms[0], dis[1] = froms[1];
    }
    const PieceDef *d = &pos->v->pieces[type];
    snprintf(buf, n, "%s%c%s%s%s%s", d->promoted ? "+" : "", d->letter, dis, capture ? "x" : "", tos, promo);
}

void move_to_san_marked(const Position *pos, Move m, char *buf, size_t n) {
    move_to_san(pos, m, buf, n);
    Position after = *pos;
    after.v->make(&after, m);
    if (!after.v->in_check || !after.v->in_check(&after)) return;
    Move moves[MAX_MOVES];
    size_t len = strlen(buf);
    if (len + 2 <= n) buf[len] = after.v->generate(&after, moves) ? '+' : '#', buf[len + 1] = 0;
}

bool san_matches(const Position *pos, Move m, const char *san) {
    char want[32], got[32];
    size_t len = 0;
    for (const char *s = san; *s && len < sizeof want - 1; s++)
        if (!strchr("+#!?", *s)) want[len++] = *s == '0' ? 'O' : *s;
    want[len] = 0;
    move_to_san(pos, m, got, sizeof got);
    if (!strcmp(want, got)) return true;
    /* Suites sometimes write promotions without '=' ("e8Q"). */
    char *eq = strchr(got, '=');
    if (eq) memmove(eq, eq + 1, strlen(eq));
    return !strcmp(want, got);
}
