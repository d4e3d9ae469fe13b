/* XBoard 4.9's view of the variants: setup/piece lines and move texts.
 *
 * What XBoard 4.9.1 does with a move text was measured, not guessed
 * (docs/xboard.md, "What XBoard does with each move"): it parses every move
 * into from, to, one "kill" square and a promotion letter, redraws its own
 * board from that, and re-writes the text for the other engine. A move out
 * of a square its board shows empty forfeits the mover, even with -xlegal.
 * So each variant's pieces sit on XBoard types whose built-in rules never
 * fire behind our backs (XBoard promotes its pawn type itself on the last
 * rank), and changes of a piece are promotion suffixes XBoard has a letter
 * for. Each plugin's XboardView (engine/variant.h) says which types. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cecp_xboard.h"
#include "../../engine/fen.h"
#include "../../engine/notation.h"
#include "../../engine/turn_info.h"

/* XBoard's letter (uppercase) for one of our piece types. */
static char xb_letter(const XboardView *x, const PieceDef *d) {
    for (int k = 0; x && x->letters[k].ours; k++)
        if (x->letters[k].ours == d->letter && x->letters[k].promoted == d->promoted) return x->letters[k].xboard;
    return d->letter;
}

/* A FEN as XBoard reads it: no holdings group (the board has none; the
 * engine keeps them), `+X` written in XBoard's letter where it has one. */
static void fen_for_xboard(const XboardView *x, const char *fen, char *out, size_t n) {
    size_t k = 0;
    bool in = false, board = true;
    for (const char *s = fen; *s && k + 1 < n; s++) {
        if (*s == ' ') board = false;
        if (*s == '[') in = true;
        else if (*s == ']') in = false;
        else if (in) continue;
        else if (board && *s == '+' && s[1]) {
            char u = (char)toupper((unsigned char)s[1]), mapped = u;
            for (int j = 0; x->letters[j].ours; j++)
                if (x->letters[j].promoted && x->letters[j].ours == u) mapped = x->letters[j].xboard;
            if (mapped == u) out[k++] = *s; /* no XBoard letter: keep +X */
            else {
                out[k++] = islower((unsigned char)s[1]) ? (char)tolower((unsigned char)mapped) : mapped;
                s++;
            }
        } else out[k++] = *s;
    }
    out[k] = 0;
}

void cecp_xboard_send_setup(Engine *e) {
    const XboardView *x = engine_variant(e)->xboard;
    if (!x) return;
    char fen[FEN_MAX * 2], xfen[FEN_MAX * 2];
    Position start;
    engine_start_position(e, &start);
    fen_write(&start, fen, sizeof fen);
    fen_for_xboard(x, fen, xfen, sizeof xfen);
    engine_printf(e, "setup (%s) %s %s", x->piece_to_char, x->size_parent, xfen);
    for (int k = 0; x->pieces[k]; k++) engine_printf(e, "piece %s", x->pieces[k]);
}

/* Reads "<sq><sq>" at s; returns characters read or 0. */
static int parse_two_squares(const Geometry *g, const char *s, int *from, int *to) {
    int a = square_parse(g, s, from);
    int b = a ? square_parse(g, s + a, to) : 0;
    return a && b ? a + b : 0;
}

char cecp_xboard_letter(const Variant *v, Piece p) {
    return xb_letter(v->xboard, &v->pieces[piece_type(p)]);
}

/* An empty square next to sq, or -1. */
static int empty_neighbour(const Position *pos, int sq) {
    const Geometry *g = pos->geo;
    int f = sq % g->files, r = sq / g->files;
    static const int d[8][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
    for (int k = 0; k < 8; k++) {
        int nf = f + d[k][0], nr = r + d[k][1];
        if (nf < 0 || nr < 0 || nf >= g->files || nr >= g->ranks) continue;
        if (!pos->board[nr * g->files + nf]) return nr * g->files + nf;
    }
    return -1;
}

/* The Betza text of XBoard's piece `letter` in this view ("" if none). */
static const char *xb_betza(const XboardView *x, char letter) {
    for (int k = 0; x && x->pieces[k]; k++) {
        const char *line = x->pieces[k], *space = strchr(line, ' ');
        if (line[0] == letter && (line[1] == '&' || line[1] == ' ') && space) return space + 1;
    }
    return "";
}

bool cecp_xboard_click_form(const Position *pos, Move m, ClickForm *f) {
    Position next = *pos;
    pos->v->make(&next, m);
    if (next.pending) return false; /* a turn of several steps: no clicks make it */
    TurnLeg legs[MAX_TURN_LEGS];
    int n = turn_legs(pos, &m, 1, legs);
    const TurnLeg *a = &legs[0], *b = &legs[1];
    *f = (ClickForm){SQ_NONE, SQ_NONE, SQ_NONE, SQ_NONE, false, PIECE_NONE};
    bool walk = n && (a->role == LEG_MOVE || a->role == LEG_CAPTURE);
    if (walk && (n == 1 || (n == 2 && b->role == LEG_PROMOTE))) {
        f->from = a->from, f->to = a->to, f->capture = a->role == LEG_CAPTURE;
        if (f->capture && a->sq != a->to) f->victim = a->sq;
        if (n == 2) f->promo = b->piece;
        return true;
    }
    if (n == 1 && a->role == LEG_CASTLE) {
        f->from = a->from, f->to = a->to;
        return true;
    }
    if (n == 1 && a->role == LEG_CHANGE) {
        f->from = f->to = a->from, f->via = empty_neighbour(pos, a->from), f->promo = next.board[a->from];
        return f->via >= 0;
    }
    /* One own piece removed, then one own piece moves: the removed square is
     * XBoard's kill square (Voodoo's trance). */
    if (n == 2 && a->role == LEG_REMOVE && piece_color(a->piece) == pos->side
        && (b->role == LEG_MOVE || b->role == LEG_CAPTURE)) {
        f->via = a->from, f->from = b->from, f->to = b->to, f->capture = b->role == LEG_CAPTURE;
        return true;
    }
    return false;
}

/* Where XBoard 4.9.1 puts an own piece that a move with a kill square on its
 * landing square tramples, when the mover's Betza has castling (`O`): next
 * to the landing square, on the side the mover came from. */
static int castling_push_square(const Geometry *g, int from, int to) {
    int files = g->files, df = to % files < from % files ? 1 : -1;
    return geo_offset(g, to, df, 0);
}

/* The forms of one-step turns of two legs XBoard can draw (docs/xboard.md):
 * a removal and an own move (`xd1,e1e5` as `e1e5,d1e5`, d1 the kill square),
 * and a lawyer's push of an own piece sideways (`b1d2,d2c2` as
 * `b1d2,d2d2`, which XBoard draws as castling). */
static bool two_leg_text(const Position *before, const char *turn, char *out, size_t n) {
    Position pos = *before;
    Move steps[MAX_TURN_STEPS];
    int nsteps;
    char err[128], a[3], b[3], c[3];
    if (!play_turn_steps(&pos, turn, steps, &nsteps, err, sizeof err) || nsteps != 1) return false;
    const Geometry *g = before->geo;
    ClickForm f;
    if (cecp_xboard_click_form(before, steps[0], &f) && f.via != SQ_NONE && f.from != f.to) {
        square_to_str(g, f.from, a), square_to_str(g, f.to, b), square_to_str(g, f.via, c);
        snprintf(out, n, "%s%s,%s%s", a, b, c, b);
        return true;
    }
    TurnLeg legs[MAX_TURN_LEGS];
    if (turn_legs(before, steps, 1, legs) != 2 || legs[0].role != LEG_MOVE || legs[1].role != LEG_PUSH) return false;
    int from = legs[0].from, to = legs[0].to;
    Piece mover = before->board[from], pushed = before->board[to];
    if (!pushed || piece_color(pushed) != piece_color(mover) || legs[1].to != castling_push_square(g, from, to)) return false;
    if (!strchr(xb_betza(before->v->xboard, cecp_xboard_letter(before->v, mover)), 'O')) return false;
    square_to_str(g, from, a), square_to_str(g, to, b);
    snprintf(out, n, "%s%s,%s%s", a, b, b, b);
    return true;
}

void cecp_xboard_move_text(const Position *before, const Position *after, const char *turn, char *out, size_t n) {
    snprintf(out, n, "%s", turn);
    const Geometry *g = before->geo;
    const XboardView *x = before->v->xboard;
    int from, to, len = parse_two_squares(g, turn, &from, &to);
    if (!len) {
        two_leg_text(before, turn, out, n);
        return;
    }
    if (from == to && isalpha((unsigned char)turn[len]) && !turn[len + 1]) {
        /* In place: XBoard forfeits a move to its own square, but draws and
         * relays a leg out to an empty square and back. */
        int via = empty_neighbour(before, from);
        Piece q = after->board[to];
        if (via < 0 || !q) return;
        char s[4], v[4];
        square_to_str(g, from, s);
        square_to_str(g, via, v);
        char letter = (char)tolower((unsigned char)xb_letter(x, &before->v->pieces[piece_type(q)]));
        snprintf(out, n, "%s%s,%s%s%c", s, v, v, s, letter);
        return;
    }
    if (turn[len] == ',') two_leg_text(before, turn, out, n);
    if (turn[len] || from == to) return;
    Piece p = before->board[from], q = after->board[to];
    if (!p || !q || p == q || piece_color(p) != piece_color(q)) return;
    snprintf(out, n, "%s%c", turn, (char)tolower((unsigned char)xb_letter(x, &before->v->pieces[piece_type(q)])));
}

bool cecp_xboard_read_engine_move(const Position *pos, const char *text, char *turn, size_t n) {
    int count = legal_turn_strings(pos, NULL, 0);
    char (*turns)[TURN_STR_MAX] = count ? malloc((size_t)count * sizeof *turns) : NULL;
    bool found = false;
    if (!turns) return false;
    legal_turn_strings(pos, turns, count);
    for (int i = 0; i < count && !found; i++) {
        Position after = *pos;
        char err[64], xb[TURN_STR_MAX + 8];
        if (!play_turn_str(&after, turns[i], err, sizeof err)) continue;
        cecp_xboard_move_text(pos, &after, turns[i], xb, sizeof xb);
        if (!strcmp(xb, text)) found = true, snprintf(turn, n, "%s", turns[i]);
    }
    free(turns);
    return found;
}

/* A suffix on a simple move (`c6c7g`, `e7e8s`, `e7e8q`): accepted where the
 * rules change the piece anyway; they, not the suffix, choose the piece. */
static bool play_with_suffix(Engine *e, const char *text, char *err, size_t errlen) {
    size_t n = strlen(text);
    int from, to;
    Position cur;
    engine_position(e, &cur);
    if (n < 5 || n >= TURN_STR_MAX || strchr(text, ',')) return false;
    if ((size_t)parse_two_squares(cur.geo, text, &from, &to) != n - 1 || from == to) return false;
    char last = text[n - 1];
    if (!(last == '+' || last == '=' || isalpha((unsigned char)last))) return false;
    char plain[TURN_STR_MAX];
    memcpy(plain, text, n - 1);
    plain[n - 1] = 0;
    Position after = cur;
    if (!play_turn_str(&after, plain, err, errlen)) return false;
    Piece p = cur.board[from], q = after.board[to];
    if (p == q || piece_color(p) != piece_color(q)) return false;
    return engine_play(e, plain, err, errlen);
}

/* `A B,C D` at the start of text, read on the engine's position (in cur):
 * the four squares in sq4 and what follows them, or NULL when text does
 * not start so. */
static const char *read_two_legs(Engine *e, const char *text, Position *cur, int sq4[4]) {
    engine_position(e, cur);
    int l1 = parse_two_squares(cur->geo, text, &sq4[0], &sq4[1]);
    if (!l1 || text[l1] != ',') return NULL;
    int l2 = parse_two_squares(cur->geo, text + l1 + 1, &sq4[2], &sq4[3]);
    return l2 ? text + l1 + 1 + l2 : NULL;
}

/* Plays `A B,B C`: the piece on A to B, and the one that was on B on to C. */
static bool play_displacement(Engine *e, const Geometry *g, int a, int b, int c, char *err, size_t errlen) {
    char sa[4], sb[4], sc[4], turn[TURN_STR_MAX];
    square_to_str(g, a, sa), square_to_str(g, b, sb), square_to_str(g, c, sc);
    snprintf(turn, sizeof turn, "%s%s,%s%s", sa, sb, sb, sc);
    return engine_play(e, turn, err, errlen);
}

/* A two-leg in-place change as XBoard relays it: `c9c8,c8c9g` (ours, unchanged)
 * or `f6f6,e6g6` (XBoard's rewrite of `f6e6,e6f6a`, its suffix lost). It is
 * the in-place turn on that square: the one with the suffix, else the only one. */
static bool play_in_place(Engine *e, const char *text, char *err, size_t errlen) {
    Position cur;
    int sq4[4];
    const char *tail = read_two_legs(e, text, &cur, sq4);
    if (!tail || (tail[0] && (!isalpha((unsigned char)tail[0]) || tail[1]))) return false;
    const Geometry *g = cur.geo;
    int a = sq4[0], b = sq4[1], c = sq4[2], d = sq4[3];
    if (!(b == c && d == a) && a != b) return false;
    char sq[4], cand[TURN_STR_MAX], found[TURN_STR_MAX] = "";
    square_to_str(g, a, sq);
    if (tail[0]) {
        snprintf(cand, sizeof cand, "%s%s%c", sq, sq, tolower((unsigned char)tail[0]));
        if (engine_play(e, cand, err, errlen)) return true;
    }
    int count = 0;
    const Variant *v = cur.v;
    for (int t = 1; t < PT_NB; t++) {
        if (!v->pieces[t].letter || v->pieces[t].promoted) continue;
        Position p = cur;
        char perr[64];
        snprintf(cand, sizeof cand, "%s%s%c", sq, sq, tolower((unsigned char)v->pieces[t].letter));
        if (play_turn_str(&p, cand, perr, sizeof perr)) {
            count++;
            snprintf(found, sizeof found, "%s", cand);
        }
    }
    return count == 1 && engine_play(e, found, err, errlen);
}

/* Buratia's displacement `b1d2,d2d3` (lawyer to d2, the piece there to d3)
 * reaches the other engine as XBoard's rewrite `b1d3,d2c3`: first square,
 * last square, then the landing square and a square of XBoard's own. The
 * three squares that matter survive, so the turn is the displacement
 * `A B, B C` read back from `A C, B x`. */
static bool play_rewritten_legs(Engine *e, const char *text, char *err, size_t errlen) {
    Position cur;
    int sq4[4]; /* A C, B x */
    const char *tail = read_two_legs(e, text, &cur, sq4);
    return tail && !*tail && play_displacement(e, cur.geo, sq4[0], sq4[2], sq4[1], err, errlen);
}

/* The two-leg forms of two_leg_text as XBoard relays them or the engine
 * sent them: `A B,C X` with an own piece on C is the removal of C and the
 * move A B (`e1e5,d1f5`: XBoard writes a kill square of the mover's colour
 * as castling); `A B,B B` is the sideways push of the own piece on B. */
static bool play_kill_legs(Engine *e, const char *text, char *err, size_t errlen) {
    Position cur;
    int sq4[4];
    const char *tail = read_two_legs(e, text, &cur, sq4);
    if (!tail || *tail) return false;
    const Geometry *g = cur.geo;
    int a = sq4[0], b = sq4[1], c = sq4[2], x = sq4[3];
    if (!cur.board[c] || piece_color(cur.board[c]) != cur.side) return false;
    if (c == b && x == b) {
        int push = castling_push_square(g, a, b);
        return push >= 0 && play_displacement(e, g, a, b, push, err, errlen);
    }
    char sa[4], sb[4], sc[4], turn[TURN_STR_MAX];
    square_to_str(g, a, sa), square_to_str(g, b, sb), square_to_str(g, c, sc);
    snprintf(turn, sizeof turn, "x%s,%s%s", sc, sa, sb);
    return engine_play(e, turn, err, errlen);
}

bool cecp_xboard_play_user_turn(Engine *e, const char *text, char *err, size_t errlen) {
    if (engine_play(e, text, err, errlen)) return true;
    char err2[256];
    return play_with_suffix(e, text, err2, sizeof err2) || play_in_place(e, text, err2, sizeof err2)
           || play_rewritten_legs(e, text, err2, sizeof err2) || play_kill_legs(e, text, err2, sizeof err2);
}
