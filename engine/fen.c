#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "fen.h"
#include "notation.h"
#include "number.h"

static bool fail(char *err, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return false;
}

/* The piece type the variant writes with this (uppercase) letter. */
static int type_of_letter(const Variant *v, char letter, bool promoted) {
    for (int t = 1; t < PT_NB; t++)
        if (v->pieces[t].letter == letter && v->pieces[t].promoted == promoted) return t;
    return 0;
}

static const char *parse_board(Position *pos, const char *s, char *err, size_t n) {
    const Geometry *g = pos->geo;
    int rank = g->ranks - 1, file = 0;
    for (;; s++) {
        char c = *s;
        if (c == '/' || c == ' ' || c == '[' || c == '\0') {
            if (file != g->files)
                return fail(err, n, "rank %d has %d squares, expected %d", rank + 1, file, g->files), NULL;
            if (c != '/') break;
            if (--rank < 0) return fail(err, n, "more than %d ranks", g->ranks), NULL;
            file = 0;
        } else if (c == ']') {
            return fail(err, n, "stray ']' on rank %d: holdings are written '[...]' right after the board", rank + 1), NULL;
        } else if (c >= '1' && c <= '9') {
            file += c - '0';
            if (file > g->files) return fail(err, n, "rank %d has more than %d squares", rank + 1, g->files), NULL;
        } else {
            bool promoted = c == '+';
            if (promoted) c = *++s;
            int type = isalpha((unsigned char)c) ? type_of_letter(pos->v, (char)toupper((unsigned char)c), promoted) : 0;
            if (!type) return fail(err, n, "unknown piece '%s%c' for %s", promoted ? "+" : "", c ? c : '?', pos->v->name), NULL;
            if (file >= g->files) return fail(err, n, "rank %d has more than %d squares", rank + 1, g->files), NULL;
            pos_put(pos, sq_make(g, file++, rank), make_piece(isupper((unsigned char)c) ? WHITE : BLACK, type));
        }
    }
    if (rank != 0) return fail(err, n, "board has %d ranks, expected %d", g->ranks - rank, g->ranks), NULL;
    return s;
}

static const char *parse_holdings(Position *pos, const char *s, char *err, size_t n) {
    if (*s != '[') return s;
    const char *order = pos->v->holding_order;
    if (!order) return fail(err, n, "%s has no holdings", pos->v->name), NULL;
    for (s++; *s != ']'; s++) {
        char c = *s;
        char up = (char)toupper((unsigned char)c);
        if (!c || c == ' ') return fail(err, n, "holdings: missing ']'"), NULL;
        if (c == '[') return fail(err, n, "holdings: a second '['"), NULL;
        if (!isalpha((unsigned char)c) || !strchr(order, up))
            return fail(err, n, "holdings: '%c' is not a piece %s can hold", c, pos->v->name), NULL;
        int color = isupper((unsigned char)c) ? WHITE : BLACK;
        int type = type_of_letter(pos->v, up, false);
        if (pos->hold[color][type] >= HOLD_MAX) return fail(err, n, "holdings: too many '%c'", c), NULL;
        pos_hold_add(pos, color, type, 1);
    }
    return s + 1;
}

static bool parse_castling(Position *pos, const char *tok, char *err, size_t n) {
    if (!strcmp(tok, "-")) return true;
    int rights = 0;
    for (const char *c = tok; *c; c++) {
        int color = isupper((unsigned char)*c) ? WHITE : BLACK;
        int bit = 0;
        char up = (char)toupper((unsigned char)*c);
        if (pos->v->castle_style == CASTLE_STYLE_KQ) {
            if (up == 'K') bit = CASTLE_WHITE_SHORT;
            else if (up == 'Q') bit = CASTLE_WHITE_LONG;
        } else if (pos->v->castle_style == CASTLE_STYLE_FILES) {
            if (up == 'A') bit = CASTLE_WHITE_LONG;
            else if (up == 'A' + pos->geo->files - 1) bit = CASTLE_WHITE_SHORT;
        } else {
            return fail(err, n, "%s has no castling: the field must be '-'", pos->v->name);
        }
        if (!bit) return fail(err, n, "bad castling field '%s'", tok);
        if (color == BLACK) bit <<= 2;
        if (rights & bit) return fail(err, n, "castling field '%s' repeats a right", tok);
        rights |= bit;
    }
    pos_set_castling(pos, rights);
    return true;
}

static bool parse_ep(Position *pos, const char *tok, char *err, size_t n) {
    if (!strcmp(tok, "-")) return true;
    int sq;
    if (!pos->v->has_ep) return fail(err, n, "%s has no en passant: the field must be '-'", pos->v->name);
    if (square_parse(pos->geo, tok, &sq) != 2 || tok[2])
        return fail(err, n, "bad en passant square '%s'", tok);
    int want = pos->side == WHITE ? pos->geo->ranks - 3 : 2;
    if (sq_rank(pos->geo, sq) != want) return fail(err, n, "en passant square '%s' is on the wrong rank", tok);
    pos_set_ep(pos, sq);
    return true;
}

/* A move counter: digits only (no sign), lo..65535. */
static bool parse_counter(const char *tok, int lo, long *out) {
    long long v;
    if (!isdigit((unsigned char)*tok) || !parse_integer(tok, lo, 65535, &v)) return false;
    *out = (long)v;
    return true;
}

/* A field after the board holding a bracket: holdings out of place. */
static bool misplaced_bracket(const Variant *v, const char *field, int len, char *err, size_t n) {
    if (!v->holding_order) return fail(err, n, "'%.*s': %s has no holdings", len > 20 ? 20 : len, field, v->name);
    if (field[0] == '[')
        return fail(err, n, "holdings '%.*s' must follow the board with no space between", len > 20 ? 20 : len, field);
    return fail(err, n, "stray '%c' after the board: holdings are written once, as '[...]' right after the board",
                field[strcspn(field, "[]")]);
}

bool fen_parse(Position *pos, const Variant *v, const char *fen, char *err, size_t n) {
    pos_clear(pos, v);
    while (*fen == ' ') fen++;
    if (strlen(fen) > FEN_MAX) return fail(err, n, "FEN too long");
    const char *s = parse_board(pos, fen, err, n);
    if (!s || !(s = parse_holdings(pos, s, err, n))) return false;

    char fields[5][32] = {{0}};
    int nf = 0;
    while (*s) {
        while (*s == ' ') s++;
        if (!*s) break;
        int len = 0;
        while (s[len] && s[len] != ' ') len++;
        if (memchr(s, '[', (size_t)len) || memchr(s, ']', (size_t)len)) return misplaced_bracket(pos->v, s, len, err, n);
        if (nf == 5) return fail(err, n, "extra text after the FEN: '%.20s'", s);
        if (len >= 32) return fail(err, n, "FEN field too long");
        memcpy(fields[nf++], s, (size_t)len);
        s += len;
    }
    if (nf < 1) return fail(err, n, "FEN has no side to move");
    if (strcmp(fields[0], "w") && strcmp(fields[0], "b")) return fail(err, n, "side to move must be 'w' or 'b'");
    if (fields[0][0] == 'b') pos_flip_side(pos);
    if (nf > 1 && !parse_castling(pos, fields[1], err, n)) return false;
    if (nf > 2 && !parse_ep(pos, fields[2], err, n)) return false;
    long half = 0, full = 1;
    if (nf > 3 && !parse_counter(fields[3], 0, &half)) return fail(err, n, "bad halfmove clock '%s'", fields[3]);
    if (nf > 4 && !parse_counter(fields[4], 0, &full)) return fail(err, n, "bad fullmove number '%s'", fields[4]);
    pos->halfmove = (uint16_t)half;
    pos->fullmove = (uint16_t)(full ? full : 1);
    if (v->setup && !v->setup(pos, err, n)) return false;
    pos->key = pos_compute_key(pos);
    return true;
}

static void write_castling(const Position *pos, char *out) {
    static const struct { int bit; char kq; bool short_side; } order[] = {
        {CASTLE_WHITE_SHORT, 'K', true}, {CASTLE_WHITE_LONG, 'Q', false},
        {CASTLE_BLACK_SHORT, 'k', true}, {CASTLE_BLACK_LONG, 'q', false}};
    /* Shredder letters list each side's rooks from the a-file upward (AIai). */
    static const int files_order[] = {1, 0, 3, 2};
    int len = 0;
    for (int i = 0; i < 4; i++) {
        int j = pos->v->castle_style == CASTLE_STYLE_FILES ? files_order[i] : i;
        if (!(pos->castling & order[j].bit)) continue;
        char c = order[j].kq;
        if (pos->v->castle_style == CASTLE_STYLE_FILES) {
            c = order[j].short_side ? (char)('a' + pos->geo->files - 1) : 'a';
            if (j < 2) c = (char)toupper((unsigned char)c);
        }
        out[len++] = c;
    }
    if (!len) out[len++] = '-';
    out[len] = 0;
}

void fen_write(const Position *pos, char *buf, size_t n) {
    const Geometry *g = pos->geo;
    char out[FEN_MAX * 2];
    int len = 0;
    for (int r = g->ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < g->files; f++) {
            Piece p = pos->board[sq_make(g, f, r)];
            if (!p) { empty++; continue; }
            if (empty) out[len++] = (char)('0' + empty), empty = 0;
            const PieceDef *d = &pos->v->pieces[piece_type(p)];
            if (d->promoted) out[len++] = '+';
            out[len++] = piece_color(p) == WHITE ? d->letter : (char)tolower((unsigned char)d->letter);
        }
        if (empty) out[len++] = (char)('0' + empty);
        if (r) out[len++] = '/';
    }
    if (pos->v->holding_order) {
        out[len++] = '[';
        for (int c = 0; c < COLOR_NB; c++)
            for (const char *l = pos->v->holding_order; *l; l++) {
                int t = type_of_letter(pos->v, *l, false);
                for (int k = 0; k < pos->hold[c][t]; k++)
                    out[len++] = c == WHITE ? *l : (char)tolower((unsigned char)*l);
            }
        out[len++] = ']';
    }
    char castle[8], ep[4] = "-";
    write_castling(pos, castle);
    if (pos->ep != SQ_NONE) square_to_str(g, pos->ep, ep);
    snprintf(out + len, sizeof out - (size_t)len, " %c %s %s %d %d", pos->side == WHITE ? 'w' : 'b', castle, ep,
             pos->halfmove, pos->fullmove);
    snprintf(buf, n, "%s", out);
}
