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
#include <string.h>
#include "cecp_xboard.h"
#include "../../engine/fen.h"
#include "../../engine/notation.h"

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

void cecp_xboard_move_text(const Position *before, const Position *after, const char *turn, char *out, size_t n) {
    snprintf(out, n, "%s", turn);
    const Geometry *g = before->geo;
    const XboardView *x = before->v->xboard;
    int from, to, len = parse_two_squares(g, turn, &from, &to);
    if (!len) return;
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
    if (turn[len] || from == to) return;
    Piece p = before->board[from], q = after->board[to];
    if (!p || !q || p == q || piece_color(p) != piece_color(q)) return;
    snprintf(out, n, "%s%c", turn, (char)tolower((unsigned char)xb_letter(x, &before->v->pieces[piece_type(q)])));
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

/* A two-leg in-place change as XBoard relays it: `c9c8,c8c9g` (ours, unchanged)
 * or `f6f6,e6g6` (XBoard's rewrite of `f6e6,e6f6a`, its suffix lost). It is
 * the in-place turn on that square: the one with the suffix, else the only one. */
static bool play_in_place(Engine *e, const char *text, char *err, size_t errlen) {
    Position cur;
    engine_position(e, &cur);
    const Geometry *g = cur.geo;
    int a, b, c, d;
    int l1 = parse_two_squares(g, text, &a, &b);
    if (!l1 || text[l1] != ',') return false;
    int l2 = parse_two_squares(g, text + l1 + 1, &c, &d);
    const char *tail = l2 ? text + l1 + 1 + l2 : "";
    if (!l2 || (tail[0] && (!isalpha((unsigned char)tail[0]) || tail[1]))) return false;
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
    engine_position(e, &cur);
    const Geometry *g = cur.geo;
    int a, c, b, x;
    int l1 = parse_two_squares(g, text, &a, &c);
    if (!l1 || text[l1] != ',') return false;
    int l2 = parse_two_squares(g, text + l1 + 1, &b, &x);
    if (!l2 || text[l1 + 1 + l2]) return false;
    char sa[4], sb[4], sc[4], turn[TURN_STR_MAX];
    square_to_str(g, a, sa);
    square_to_str(g, b, sb);
    square_to_str(g, c, sc);
    snprintf(turn, sizeof turn, "%s%s,%s%s", sa, sb, sb, sc);
    return engine_play(e, turn, err, errlen);
}

bool cecp_xboard_play_user_turn(Engine *e, const char *text, char *err, size_t errlen) {
    if (engine_play(e, text, err, errlen)) return true;
    char err2[256];
    return play_with_suffix(e, text, err2, sizeof err2) || play_in_place(e, text, err2, sizeof err2)
           || play_rewritten_legs(e, text, err2, sizeof err2);
}
