/* Reference move generator for voodoo, written straight from RULES.md
 * section 5 with a char board and no cleverness: every turn is built by
 * copying the whole position and trying each part in turn. It must stay
 * independent of the engine (no engine headers), so that the differential
 * test compares two separate readings of the rules. Speed does not matter. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ref_voodoo.h"
#include "ref_util.h"

typedef struct {
    char b[8][8]; /* b[rank][file], rank 0 = rank 1; '.' empty, "PNBRQK" White, "pnbrqk" Black */
    int held[2];  /* queens in trance (in holdings), per colour */
    int side;     /* 0 White, 1 Black */
    int half, full;
    int plain;    /* 1: magic turns switched off (FIDE moves without check) */
} RPos;

/* Called once per complete turn with its text and the position after it. */
typedef void (*Emit)(void *ctx, const char *turn, const RPos *after);

static int colour(char c) { return c == '.' ? -1 : isupper((unsigned char)c) ? 0 : 1; }
static char kind(char c) { return (char)toupper((unsigned char)c); }
static char piece_of(int col, char up) { return col ? (char)tolower((unsigned char)up) : up; }
static int on_board(int r, int f) { return r >= 0 && r < 8 && f >= 0 && f < 8; }

static void square_name(int r, int f, char *buf) {
    buf[0] = (char)('a' + f);
    buf[1] = (char)('1' + r);
    buf[2] = 0;
}

static int count_kings(const RPos *p, int col) {
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) n += colour(p->b[r][f]) == col && kind(p->b[r][f]) == 'K';
    return n;
}

/* Pieces other than the king on the board (a queen in trance does not count). */
static int count_others(const RPos *p, int col) {
    int n = 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) n += colour(p->b[r][f]) == col && kind(p->b[r][f]) != 'K';
    return n;
}

/* The verdict the board shows by itself: 0 none, 1 White wins, 2 Black wins.
 * A missing king first (it can only have been captured), then a bare king. */
static int board_result(const RPos *p, const char **reason) {
    *reason = "king captured";
    if (!count_kings(p, 0)) return 2;
    if (!count_kings(p, 1)) return 1;
    *reason = "bare king";
    int w = count_others(p, 0), bl = count_others(p, 1);
    if (!w && bl) return 2;
    if (!bl && w) return 1;
    *reason = "";
    return 0;
}

static void end_turn(RPos *q, int reset_clock) {
    if (q->side == 1) q->full++;
    q->side ^= 1;
    q->half = reset_clock ? 0 : q->half + 1;
}

/* Squares the piece on (r,f), belonging to `owner`, can go to; it may take
 * only pieces of colour `prey` (the enemy normally, its own side when
 * possessed). Pawns go in their owner's direction. Returns the count. */
static int destinations(const RPos *p, int r, int f, int owner, int prey, int out[][2]) {
    static const int knight[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int lines[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    char k = kind(p->b[r][f]);
    int n = 0;
    if (k == 'P') {
        int dir = owner == 0 ? 1 : -1, start = owner == 0 ? 1 : 6;
        if (on_board(r + dir, f) && p->b[r + dir][f] == '.') {
            out[n][0] = r + dir, out[n++][1] = f;
            if (r == start && p->b[r + 2 * dir][f] == '.') out[n][0] = r + 2 * dir, out[n++][1] = f;
        }
        for (int df = -1; df <= 1; df += 2)
            if (on_board(r + dir, f + df) && colour(p->b[r + dir][f + df]) == prey)
                out[n][0] = r + dir, out[n++][1] = f + df;
        return n;
    }
    if (k == 'N' || k == 'K') {
        for (int i = 0; i < 8; i++) {
            int tr = r + (k == 'N' ? knight[i][0] : lines[i][0]), tf = f + (k == 'N' ? knight[i][1] : lines[i][1]);
            if (on_board(tr, tf) && (p->b[tr][tf] == '.' || colour(p->b[tr][tf]) == prey))
                out[n][0] = tr, out[n++][1] = tf;
        }
        return n;
    }
    int first = k == 'B' ? 4 : 0, last = k == 'R' ? 4 : 8;
    for (int i = first; i < last; i++) {
        for (int tr = r + lines[i][0], tf = f + lines[i][1]; on_board(tr, tf); tr += lines[i][0], tf += lines[i][1]) {
            if (p->b[tr][tf] != '.') {
                if (colour(p->b[tr][tf]) == prey) out[n][0] = tr, out[n++][1] = tf;
                break;
            }
            out[n][0] = tr, out[n++][1] = tf;
        }
    }
    return n;
}

/* Every ordinary move of the side to move, each ending the turn. `prefix`
 * is the text of the sacrifice parts already played ("" if none). */
static void ordinary_moves(const RPos *p, const char *prefix, int sacrifice, Emit emit, void *ctx) {
    int us = p->side;
    int dest[64][2];
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            if (colour(p->b[r][f]) != us) continue;
            int pawn = kind(p->b[r][f]) == 'P';
            int n = destinations(p, r, f, us, 1 - us, dest);
            for (int i = 0; i < n; i++) {
                int tr = dest[i][0], tf = dest[i][1];
                int promo = pawn && tr == (us == 0 ? 7 : 0);
                for (int c = 0; c < (promo ? 4 : 1); c++) {
                    RPos q = *p;
                    int capture = q.b[tr][tf] != '.';
                    q.b[tr][tf] = promo ? piece_of(us, "QRBN"[c]) : q.b[r][f];
                    q.b[r][f] = '.';
                    end_turn(&q, sacrifice || capture || pawn);
                    char from[3], to[3], turn[160];
                    square_name(r, f, from);
                    square_name(tr, tf, to);
                    char suffix[2] = {promo ? "qrbn"[c] : 0, 0};
                    snprintf(turn, sizeof turn, "%s%s%s%s%s", prefix, *prefix ? "," : "", from, to, suffix);
                    emit(ctx, turn, &q);
                }
            }
        }
}

/* Queen trance: remove a queen, the king moves along queen lines. */
static void trances(const RPos *p, Emit emit, void *ctx) {
    static const int lines[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
    int us = p->side;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            if (p->b[r][f] != piece_of(us, 'Q')) continue;
            RPos q = *p;
            char qsq[3], turn[64];
            square_name(r, f, qsq);
            q.b[r][f] = '.';
            q.held[us]++;
            if (!count_others(&q, us)) { /* the magic left its own player bare: lost at once */
                end_turn(&q, 0);
                snprintf(turn, sizeof turn, "x%s", qsq);
                emit(ctx, turn, &q);
                continue;
            }
            int kr = -1, kf = -1;
            for (int i = 0; i < 64; i++)
                if (q.b[i / 8][i % 8] == piece_of(us, 'K')) kr = i / 8, kf = i % 8;
            for (int d = 0; d < 8; d++)
                for (int tr = kr + lines[d][0], tf = kf + lines[d][1]; on_board(tr, tf);
                     tr += lines[d][0], tf += lines[d][1]) {
                    char t = q.b[tr][tf];
                    if (t != '.' && colour(t) == us) break;
                    RPos s = q;
                    s.b[tr][tf] = s.b[kr][kf];
                    s.b[kr][kf] = '.';
                    end_turn(&s, t != '.');
                    char from[3], to[3];
                    square_name(kr, kf, from);
                    square_name(tr, tf, to);
                    snprintf(turn, sizeof turn, "x%s,%s%s", qsq, from, to);
                    emit(ctx, turn, &s);
                    if (t != '.') break;
                }
        }
}

/* Voodoo sacrifice: remove an own B/N/R/P, move an enemy piece of that type
 * (capturing only its own side), then an ordinary own move. */
static void sacrifices(const RPos *p, Emit emit, void *ctx) {
    int us = p->side, them = 1 - us;
    int dest[64][2];
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            char k = kind(p->b[r][f]);
            if (colour(p->b[r][f]) != us || !strchr("PNBR", k)) continue;
            RPos q = *p;
            char rsq[3], turn[64];
            square_name(r, f, rsq);
            q.b[r][f] = '.';
            if (!count_others(&q, us)) { /* the magic left its own player bare: lost at once */
                end_turn(&q, 1);
                snprintf(turn, sizeof turn, "x%s", rsq);
                emit(ctx, turn, &q);
                continue;
            }
            for (int er = 0; er < 8; er++)
                for (int ef = 0; ef < 8; ef++) {
                    if (q.b[er][ef] != piece_of(them, k)) continue;
                    int n = destinations(&q, er, ef, them, them, dest);
                    for (int i = 0; i < n; i++) {
                        int tr = dest[i][0], tf = dest[i][1];
                        int promo = k == 'P' && tr == (them == 0 ? 7 : 0);
                        for (int c = 0; c < (promo ? 4 : 1); c++) {
                            RPos s = q;
                            s.b[tr][tf] = promo ? piece_of(us, "QRBN"[c]) : s.b[er][ef];
                            s.b[er][ef] = '.';
                            char from[3], to[3];
                            square_name(er, ef, from);
                            square_name(tr, tf, to);
                            char suffix[2] = {promo ? "qrbn"[c] : 0, 0};
                            snprintf(turn, sizeof turn, "x%s,%s%s%s", rsq, from, to, suffix);
                            const char *why;
                            if (board_result(&s, &why)) { /* the game ended part-way */
                                end_turn(&s, 1);
                                emit(ctx, turn, &s);
                            } else {
                                ordinary_moves(&s, turn, 1, emit, ctx);
                            }
                        }
                    }
                }
        }
}

static void all_turns(const RPos *p, Emit emit, void *ctx) {
    const char *why;
    if (board_result(p, &why)) return;
    int us = p->side;
    if (p->held[us]) { /* the queen's return is the whole turn, and the only one */
        for (int r = 0; r < 8; r++)
            for (int f = 0; f < 8; f++) {
                if (p->b[r][f] != '.') continue;
                RPos q = *p;
                q.b[r][f] = piece_of(us, 'Q');
                q.held[us]--;
                end_turn(&q, 0);
                char sq[3], turn[64];
                square_name(r, f, sq);
                snprintf(turn, sizeof turn, "Q@%s", sq);
                emit(ctx, turn, &q);
            }
        return;
    }
    ordinary_moves(p, "", 0, emit, ctx);
    if (p->plain) return;
    trances(p, emit, ctx);
    sacrifices(p, emit, ctx);
}

/* ---- FEN ---- */

static int parse_int(const char *s, int *out) {
    char *end;
    if (!isdigit((unsigned char)*s)) return -1;
    long v = strtol(s, &end, 10);
    if (*end || v > 65535) return -1;
    *out = (int)v;
    return 0;
}

static int parse_fen(const char *fen, RPos *p) {
    memset(p, 0, sizeof *p);
    p->full = 1;
    const char *s = ref_read_placement(fen, &p->b[0][0], 8, "PNBRQKpnbrqk", "");
    if (!s) return -1;
    if (*s == '[') {
        for (s++; *s != ']'; s++) {
            if (*s == 'Q') p->held[0]++;
            else if (*s == 'q') p->held[1]++;
            else return -1;
        }
        s++;
    }
    char field[5][REF_WORD_MAX];
    int nf = ref_split_words(s, field, 5);
    if (nf < 1 || (strcmp(field[0], "w") && strcmp(field[0], "b"))) return -1;
    p->side = field[0][0] == 'b';
    if (nf > 1 && strcmp(field[1], "-")) return -1;
    if (nf > 2 && strcmp(field[2], "-")) return -1;
    if (nf > 3 && parse_int(field[3], &p->half)) return -1;
    if (nf > 4 && parse_int(field[4], &p->full)) return -1;
    if (!p->full) p->full = 1;
    /* Positions the rules cannot reach. */
    if (p->held[0] > 1 || p->held[1] > 1) return -1;
    if (count_kings(p, 0) > 1 || count_kings(p, 1) > 1) return -1;
    if (!count_kings(p, 0) && !count_kings(p, 1)) return -1;
    for (int f = 0; f < 8; f++)
        if (kind(p->b[0][f]) == 'P' || kind(p->b[7][f]) == 'P') return -1;
    return 0;
}

static void write_fen(const RPos *p, char *out, size_t n) {
    char buf[128];
    size_t len = ref_write_placement(&p->b[0][0], 8, "", buf, sizeof buf);
    buf[len++] = '[';
    for (int i = 0; i < p->held[0]; i++) buf[len++] = 'Q';
    for (int i = 0; i < p->held[1]; i++) buf[len++] = 'q';
    buf[len++] = ']';
    buf[len] = 0;
    snprintf(out, n, "%s %c - - %d %d", buf, p->side ? 'b' : 'w', p->half, p->full);
}

/* ---- the API ---- */

typedef struct {
    char (*out)[64];
    int max, count;
} Collect;

static void collect(void *ctx, const char *turn, const RPos *after) {
    Collect *c = ctx;
    (void)after;
    if (c->count < c->max) {
        size_t len = strlen(turn);
        if (len > 63) len = 63;
        memcpy(c->out[c->count], turn, len);
        c->out[c->count][len] = 0;
    }
    c->count++;
}

static int ref_voodoo_moves(const char *fen, char out[][64], int max) {
    RPos p;
    if (parse_fen(fen, &p)) return -1;
    Collect c = {out, max, 0};
    all_turns(&p, collect, &c);
    return c.count;
}

static void count_one(void *ctx, const char *turn, const RPos *after) {
    (void)turn, (void)after;
    ++*(unsigned long long *)ctx;
}

static int ref_voodoo_result(const char *fen, char *buf, size_t n) {
    RPos p;
    if (parse_fen(fen, &p)) return -1;
    const char *why;
    int res = board_result(&p, &why);
    if (!res) {
        unsigned long long turns = 0;
        all_turns(&p, count_one, &turns);
        if (!turns) res = p.side == 0 ? 2 : 1, why = "no legal move";
    }
    if (!res) snprintf(buf, n, "none");
    else snprintf(buf, n, "%s %s", res == 1 ? "1-0" : "0-1", why);
    return 0;
}

typedef struct {
    const char *want;
    RPos after;
    int found;
} Find;

static void find_turn(void *ctx, const char *turn, const RPos *after) {
    Find *fd = ctx;
    if (!strcmp(turn, fd->want)) fd->after = *after, fd->found++;
}

static int ref_voodoo_play(const char *fen, const char *turn, char *out_fen, size_t n) {
    RPos p;
    if (parse_fen(fen, &p)) return -1;
    Find fd = {turn, p, 0};
    all_turns(&p, find_turn, &fd);
    if (fd.found != 1) return -1;
    write_fen(&fd.after, out_fen, n);
    return 0;
}

typedef struct {
    int depth;
    unsigned long long nodes;
} Perft;

static void perft_node(void *ctx, const char *turn, const RPos *after) {
    Perft *pf = ctx;
    (void)turn;
    if (pf->depth <= 1) {
        pf->nodes++;
        return;
    }
    Perft child = {pf->depth - 1, 0};
    all_turns(after, perft_node, &child);
    pf->nodes += child.nodes;
}

static unsigned long long perft_from(const char *fen, int depth, int plain) {
    RPos p;
    if (parse_fen(fen, &p)) return 0;
    if (depth <= 0) return 1;
    p.plain = plain;
    Perft pf = {depth, 0};
    all_turns(&p, perft_node, &pf);
    return pf.nodes;
}

static unsigned long long ref_voodoo_perft(const char *fen, int depth) { return perft_from(fen, depth, 0); }
unsigned long long ref_voodoo_perft_plain(const char *fen, int depth) { return perft_from(fen, depth, 1); }

const RefGen ref_voodoo = {
    "voodoo", true, ref_voodoo_moves, ref_voodoo_result, ref_voodoo_play, ref_voodoo_perft,
};
