/* Reference generator for `belarusian`, written straight from RULES.md
 * section 4 with plain arrays and no cleverness: it exists to be obviously
 * right, not fast. Nothing here comes from the engine (no engine headers).
 *
 * Board: cell[rank][file], rank 0 = rank 1 (White's side). Pieces are the
 * rule book's letters, uppercase White, lowercase Black; '.' is empty:
 * A kniaz, K kniazhych, G hetman, L rook, I harmata, V vierhsnik, R ratnik.
 * The throne is e5 = cell[4][4]; the palace is c3..g7 = ranks/files 2..6. */
#include "ref_belarusian.h"
#include "ref_util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 9
#define TH 4 /* throne rank and file */
#define MAXM 512

typedef struct {
    char cell[N][N];
    int white_to_move;
    int castle[2][2]; /* [0 White, 1 Black][0 a-file rook, 1 i-file rook] */
    int halfmove, fullmove;
} RefPos;

typedef struct {
    int fr, ff, tr, tf;
    char change; /* in-place change: the new letter (lowercase); else 0 */
    int castle;  /* 1 when the kniaz castles */
} RefMove;

static int on_board(int r, int f) { return r >= 0 && r < N && f >= 0 && f < N; }
static int is_throne(int r, int f) { return r == TH && f == TH; }
static int in_palace(int r, int f) { return r >= 2 && r <= 6 && f >= 2 && f <= 6; }
static int owner_white(char c) { return c >= 'A' && c <= 'Z'; }
static int owned_by(char c, int white) { return c != '.' && owner_white(c) == white; }
static char own_letter(char upper, int white) { return white ? upper : (char)tolower((unsigned char)upper); }

static const int dir8[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
static const int leaps[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

/* ---------- FEN ---------- */

static int find_piece(const RefPos *p, char c, int *r, int *f) {
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (p->cell[i][j] == c) {
                *r = i;
                *f = j;
                return 1;
            }
    return 0;
}

static int parse_fen(const char *fen, RefPos *p) {
    memset(p, 0, sizeof *p);
    while (*fen == ' ') fen++;
    const char *s = ref_read_placement(fen, &p->cell[0][0], N, "AKGLIVRakglivr", "");
    if (!s) return 0;
    while (*s == ' ') s++;
    if (*s != 'w' && *s != 'b') return 0;
    p->white_to_move = *s++ == 'w';
    while (*s == ' ') s++;
    if (*s == '-') {
        s++;
    } else {
        while (*s && *s != ' ') {
            switch (*s++) {
            case 'A': p->castle[0][0] = 1; break;
            case 'I': p->castle[0][1] = 1; break;
            case 'a': p->castle[1][0] = 1; break;
            case 'i': p->castle[1][1] = 1; break;
            default: return 0;
            }
        }
    }
    while (*s == ' ') s++;
    if (*s != '-') return 0; /* no en passant in this game */
    s++;
    p->halfmove = 0;
    p->fullmove = 1;
    if (*s && !ref_read_number(&s, &p->halfmove)) return 0;
    if (*s && !ref_read_number(&s, &p->fullmove)) return 0;
    /* A right needs its kniaz and rook on their start squares. */
    for (int c = 0; c < 2; c++) {
        int home = c ? 8 : 0, white = !c;
        for (int side = 0; side < 2; side++)
            if (p->cell[home][4] != own_letter('A', white) || p->cell[home][side ? 8 : 0] != own_letter('L', white))
                p->castle[c][side] = 0;
    }
    return 1;
}

static void write_fen(const RefPos *p, char *out, size_t n) {
    char buf[256];
    size_t len = ref_write_placement(&p->cell[0][0], N, "", buf, sizeof buf);
    buf[len++] = ' ';
    buf[len++] = p->white_to_move ? 'w' : 'b';
    buf[len++] = ' ';
    int any = 0;
    if (p->castle[0][0]) buf[len++] = 'A', any = 1;
    if (p->castle[0][1]) buf[len++] = 'I', any = 1;
    if (p->castle[1][0]) buf[len++] = 'a', any = 1;
    if (p->castle[1][1]) buf[len++] = 'i', any = 1;
    if (!any) buf[len++] = '-';
    buf[len] = 0;
    snprintf(out, n, "%s - %d %d", buf, p->halfmove, p->fullmove);
}

/* ---------- attacks ---------- */

/* Does the side `by_white` attack square (r, f)? Every piece attacks by its
 * normal pattern; sliders never see past the throne. */
static int attacked(const RefPos *p, int r, int f, int by_white) {
    int fwd = by_white ? 1 : -1;
    for (int df = -1; df <= 1; df += 2) {
        int rr = r - fwd, ff = f + df;
        if (on_board(rr, ff) && p->cell[rr][ff] == own_letter('R', by_white)) return 1;
    }
    for (int i = 0; i < 8; i++) {
        int rr = r + leaps[i][0], ff = f + leaps[i][1];
        if (on_board(rr, ff) && p->cell[rr][ff] == own_letter('V', by_white)) return 1;
    }
    for (int d = 0; d < 8; d++) {
        int r1 = r + dir8[d][0], f1 = f + dir8[d][1];
        if (!on_board(r1, f1)) continue;
        char c1 = p->cell[r1][f1];
        if (c1 == own_letter('A', by_white) || c1 == own_letter('K', by_white)) return 1;
        int r2 = r1 + dir8[d][0], f2 = f1 + dir8[d][1];
        if (c1 == '.' && on_board(r2, f2) && p->cell[r2][f2] == own_letter('K', by_white)) return 1;
    }
    for (int d = 0; d < 8; d++) {
        int diag = d >= 4;
        int rr = r, ff = f;
        for (;;) {
            rr += dir8[d][0];
            ff += dir8[d][1];
            if (!on_board(rr, ff)) break;
            char c = p->cell[rr][ff];
            if (c != '.') {
                if (owned_by(c, by_white)) {
                    char u = (char)toupper((unsigned char)c);
                    if (u == 'G' || (diag ? u == 'I' : u == 'L')) return 1;
                }
                break;
            }
            if (is_throne(rr, ff)) break; /* a line stops at the throne */
        }
    }
    return 0;
}

/* ---------- moves ---------- */

static void add(RefMove *list, int *n, int fr, int ff, int tr, int tf, char change, int castle) {
    RefMove m = {fr, ff, tr, tf, change, castle};
    list[(*n)++] = m;
}

static int count_own(const RefPos *p, char upper, int white) {
    int k = 0;
    for (int r = 0; r < N; r++)
        for (int f = 0; f < N; f++)
            if (p->cell[r][f] == own_letter(upper, white)) k++;
    return k;
}

static void gen_ratnik(const RefPos *p, int r, int f, RefMove *list, int *n) {
    int w = p->white_to_move, fwd = w ? 1 : -1, last = w ? 8 : 0, start = w ? 1 : 7;
    if (r == last) {
        /* Promotion in place, only to a type below its start count. */
        static const char types[] = "GLIVK";
        static const int start_count[] = {1, 2, 2, 2, 1};
        for (int i = 0; i < 5; i++)
            if (count_own(p, types[i], w) < start_count[i])
                add(list, n, r, f, r, f, (char)tolower((unsigned char)types[i]), 0);
        return;
    }
    int r1 = r + fwd;
    if (p->cell[r1][f] == '.' && !is_throne(r1, f)) {
        add(list, n, r, f, r1, f, 0, 0);
        int r2 = r1 + fwd;
        if (r == start && p->cell[r2][f] == '.' && !is_throne(r2, f)) add(list, n, r, f, r2, f, 0, 0);
    }
    for (int df = -1; df <= 1; df += 2) {
        int ff = f + df;
        if (on_board(r1, ff) && !is_throne(r1, ff) && owned_by(p->cell[r1][ff], !w)) add(list, n, r, f, r1, ff, 0, 0);
    }
}

static void gen_slider(const RefPos *p, int r, int f, int dfrom, int dto, RefMove *list, int *n) {
    int w = p->white_to_move;
    for (int d = dfrom; d < dto; d++) {
        int rr = r, ff = f;
        for (;;) {
            rr += dir8[d][0];
            ff += dir8[d][1];
            if (!on_board(rr, ff) || is_throne(rr, ff)) break;
            char c = p->cell[rr][ff];
            if (c == '.') {
                add(list, n, r, f, rr, ff, 0, 0);
                continue;
            }
            if (owned_by(c, !w)) add(list, n, r, f, rr, ff, 0, 0);
            break;
        }
    }
}

static void gen_castling(const RefPos *p, RefMove *list, int *n) {
    int w = p->white_to_move, c = !w, home = w ? 0 : 8, opp = !w;
    if (p->cell[home][4] != own_letter('A', w) || attacked(p, home, 4, opp)) return;
    for (int side = 0; side < 2; side++) {
        int rookf = side ? 8 : 0;
        if (!p->castle[c][side] || p->cell[home][rookf] != own_letter('L', w)) continue;
        int lo = side ? 5 : 1, hi = side ? 7 : 3, ok = 1;
        for (int f = lo; f <= hi; f++)
            if (p->cell[home][f] != '.' || attacked(p, home, f, opp)) ok = 0;
        if (!ok) continue;
        add(list, n, home, 4, home, side ? 6 : 2, 0, 1);
        add(list, n, home, 4, home, side ? 7 : 1, 0, 1);
    }
}

/* Steps of the side to move before the "leaves own kniaz/throne-holder
 * attacked" test. */
static int gen_pseudo(const RefPos *p, RefMove *list) {
    int n = 0, w = p->white_to_move, ar = -1, af = -1, kr = -1, kf = -1;
    int has_a = find_piece(p, own_letter('A', w), &ar, &af);
    int has_k = find_piece(p, own_letter('K', w), &kr, &kf);
    if (!has_a && has_k) { /* the kniaz was captured: inauguration only */
        add(list, &n, kr, kf, kr, kf, 'a', 0);
        return n;
    }
    for (int r = 0; r < N; r++)
        for (int f = 0; f < N; f++) {
            char c = p->cell[r][f];
            if (!owned_by(c, w)) continue;
            switch (toupper((unsigned char)c)) {
            case 'R': gen_ratnik(p, r, f, list, &n); break;
            case 'L': gen_slider(p, r, f, 0, 4, list, &n); break;
            case 'I': gen_slider(p, r, f, 4, 8, list, &n); break;
            case 'G': gen_slider(p, r, f, 0, 8, list, &n); break;
            case 'V':
                for (int i = 0; i < 8; i++) {
                    int rr = r + leaps[i][0], ff = f + leaps[i][1];
                    if (on_board(rr, ff) && !is_throne(rr, ff) && !owned_by(p->cell[rr][ff], w))
                        add(list, &n, r, f, rr, ff, 0, 0);
                }
                break;
            case 'A':
                for (int d = 0; d < 8; d++) {
                    int rr = r + dir8[d][0], ff = f + dir8[d][1];
                    if (on_board(rr, ff) && !owned_by(p->cell[rr][ff], w)) add(list, &n, r, f, rr, ff, 0, 0);
                }
                break;
            case 'K':
                for (int d = 0; d < 8; d++)
                    for (int dist = 1; dist <= 2; dist++) {
                        int rr = r + dir8[d][0] * dist, ff = f + dir8[d][1] * dist;
                        if (!on_board(rr, ff)) break;
                        if (dist == 2 && p->cell[r + dir8[d][0]][f + dir8[d][1]] != '.') break;
                        if (owned_by(p->cell[rr][ff], w)) continue;
                        /* The kniazhych takes the throne only with its kniaz in the palace. */
                        if (is_throne(rr, ff) && !(has_a && in_palace(ar, af))) continue;
                        add(list, &n, r, f, rr, ff, 0, 0);
                    }
                break;
            }
        }
    gen_castling(p, list, &n);
    return n;
}

static void make(RefPos *p, const RefMove *m) {
    int w = p->white_to_move;
    int captured = 0;
    if (m->change) {
        p->cell[m->fr][m->ff] = own_letter((char)toupper((unsigned char)m->change), w);
    } else if (m->castle) {
        int home = m->fr, rook_from = m->tf < 4 ? 0 : 8, rook_to = m->tf < 4 ? m->tf + 1 : m->tf - 1;
        p->cell[home][m->tf] = p->cell[home][4];
        p->cell[home][4] = '.';
        p->cell[home][rook_to] = p->cell[home][rook_from];
        p->cell[home][rook_from] = '.';
    } else {
        captured = p->cell[m->tr][m->tf] != '.';
        p->cell[m->tr][m->tf] = p->cell[m->fr][m->ff];
        p->cell[m->fr][m->ff] = '.';
    }
    /* Castling rights die when the kniaz or the rook leaves or is taken. */
    for (int c = 0; c < 2; c++) {
        int home = c ? 8 : 0;
        for (int side = 0; side < 2; side++)
            if (p->cell[home][4] != own_letter('A', !c) || p->cell[home][side ? 8 : 0] != own_letter('L', !c))
                p->castle[c][side] = 0;
    }
    /* A kniaz or rook that left and came back has still lost its right:
     * the loop above only removes rights, and a move from a start square
     * always empties it first, so this matches "has not moved". */
    if ((m->fr == 0 || m->fr == 8) && (m->ff == 0 || m->ff == 4 || m->ff == 8)) {
        int c = m->fr == 0 ? 0 : 1;
        if (m->ff == 4) p->castle[c][0] = p->castle[c][1] = 0;
        else p->castle[c][m->ff == 8] = 0;
    }
    p->halfmove = captured ? 0 : p->halfmove + 1;
    if (!w) p->fullmove++;
    p->white_to_move = !w;
}

/* After the mover's step: its kniaz must not stand attacked while its
 * kniazhych is dead, and its throne-holder must not stand attacked (rokash).
 * The inauguration is exempt: it is the only turn there is. */
static int leaves_legal(const RefPos *before, const RefMove *m) {
    if (m->change == 'a') return 1;
    RefPos q = *before;
    make(&q, m);
    int w = before->white_to_move, r = 0, f = 0, kr = 0, kf = 0;
    if (!find_piece(&q, own_letter('K', w), &kr, &kf) && find_piece(&q, own_letter('A', w), &r, &f) &&
        attacked(&q, r, f, !w))
        return 0;
    if (owned_by(q.cell[TH][TH], w) && attacked(&q, TH, TH, !w)) return 0;
    return 1;
}

static int gen_legal(const RefPos *p, RefMove *out) {
    RefMove pseudo[MAXM];
    int n = gen_pseudo(p, pseudo), k = 0;
    for (int i = 0; i < n; i++)
        if (leaves_legal(p, &pseudo[i])) out[k++] = pseudo[i];
    return k;
}

/* The result at the start of the side to move's turn, in RULES.md's order:
 * throne held, whole family captured, mate or stalemate, 100 half-moves.
 * Returns 0 (game goes on), 1 the side to move wins, -1 it loses, 2 draw. */
static int judge(const RefPos *p, const char **reason, int *nlegal, RefMove *legal) {
    int w = p->white_to_move, r = 0, f = 0;
    if (owned_by(p->cell[TH][TH], w) && !attacked(p, TH, TH, !w)) {
        *reason = "throne held";
        return 1;
    }
    int has_a = find_piece(p, own_letter('A', w), &r, &f);
    int has_k = find_piece(p, own_letter('K', w), &r, &f);
    if (!has_a && !has_k) {
        *reason = "family captured";
        return -1;
    }
    RefMove tmp[MAXM];
    int n = gen_legal(p, legal ? legal : tmp);
    if (nlegal) *nlegal = n;
    if (n == 0) {
        find_piece(p, own_letter('A', w), &r, &f);
        if (!has_k && attacked(p, r, f, !w)) {
            *reason = "checkmate";
            return -1;
        }
        *reason = "stalemate";
        return 2;
    }
    if (p->halfmove >= 100) {
        *reason = "100 half-moves without capture";
        return 2;
    }
    *reason = "";
    return 0;
}

static void move_str(const RefMove *m, char *buf) {
    if (m->change)
        snprintf(buf, 64, "%c%c%c%c%c", 'a' + m->ff, '1' + m->fr, 'a' + m->ff, '1' + m->fr, m->change);
    else
        snprintf(buf, 64, "%c%c%c%c", 'a' + m->ff, '1' + m->fr, 'a' + m->tf, '1' + m->tr);
}

/* ---------- API ---------- */

static int ref_belarusian_result(const char *fen, char *buf, size_t n) {
    RefPos p;
    if (!parse_fen(fen, &p)) return -1;
    const char *reason;
    int j = judge(&p, &reason, NULL, NULL);
    if (j == 0) snprintf(buf, n, "none");
    else if (j == 2) snprintf(buf, n, "1/2-1/2 %s", reason);
    else snprintf(buf, n, "%s %s", (j == 1) == p.white_to_move ? "1-0" : "0-1", reason);
    return 0;
}

/* A finished game has no moves to count. */
static int tree_legal(const void *p, void *legal) {
    const char *reason;
    int n = 0;
    return judge(p, &reason, &n, legal) != 0 ? 0 : n;
}
static void tree_play(void *p, const void *m) { make(p, m); }
static void tree_name(const void *m, char *out) { move_str(m, out); }

static const RefTree tree = {sizeof(RefPos), sizeof(RefMove), MAXM, tree_legal, tree_play};

static int ref_belarusian_moves(const char *fen, char out[][REF_TURN_MAX], int max) {
    RefPos p;
    return parse_fen(fen, &p) ? ref_turn_names(&tree, &p, tree_name, out, max) : -1;
}

static int ref_belarusian_play(const char *fen, const char *turn, char *out_fen, size_t n) {
    RefPos p;
    if (!parse_fen(fen, &p) || ref_play_turn(&tree, &p, tree_name, turn) < 0) return -1;
    write_fen(&p, out_fen, n);
    return 0;
}

static unsigned long long ref_belarusian_perft(const char *fen, int depth) {
    RefPos p;
    return parse_fen(fen, &p) ? ref_perft(&tree, &p, depth) : 0;
}

const RefGen ref_belarusian = {
    "belarusian", false, ref_belarusian_moves, ref_belarusian_result, ref_belarusian_play, ref_belarusian_perft,
};
