/* Reference generator for `japanese`, written straight from RULES.md section 3
 * with plain arrays and no cleverness: it exists to be obviously right, not
 * fast. Nothing here comes from the engine (no engine headers at all).
 *
 * Board: cell[rank][file], rank 0 = rank 1 (White's side). Pieces are letters,
 * uppercase White, lowercase Black; '.' is empty. Internally the dragon-king
 * (+R) is 'D' and the dragon-horse (+B) is 'H'; FEN text uses "+R" / "+B". */
#include "ref_japanese.h"
#include "ref_util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 9
#define MAXM 512

typedef struct {
    char cell[N][N];
    int white_to_move;
    int halfmove, fullmove;
} RefPos;

typedef struct {
    int fr, ff, tr, tf;
} RefMove;

static int is_white(char c) { return c >= 'A' && c <= 'Z'; }
static int is_black(char c) { return c >= 'a' && c <= 'z'; }
static int on_board(int r, int f) { return r >= 0 && r < N && f >= 0 && f < N; }

/* ---------- FEN ---------- */

static int parse_fen(const char *fen, RefPos *p) {
    const char *s = ref_read_placement(fen, &p->cell[0][0], N, "KGSNLRBPkgsnlrbp", "DRHBdrhb");
    if (!s) return 0;
    while (*s == ' ') s++;
    if (*s == 'w') p->white_to_move = 1;
    else if (*s == 'b') p->white_to_move = 0;
    else return 0;
    s++;
    while (*s == ' ') s++;
    if (*s++ != '-') return 0; /* castling */
    while (*s == ' ') s++;
    if (*s++ != '-') return 0; /* en passant */
    p->halfmove = 0;
    p->fullmove = 1;
    while (*s == ' ') s++;
    if (*s && !ref_read_number(&s, &p->halfmove)) return 0;
    while (*s == ' ') s++;
    if (*s && !ref_read_number(&s, &p->fullmove)) return 0;
    return 1;
}

static void write_fen(const RefPos *p, char *out, size_t n) {
    char buf[200];
    ref_write_placement(&p->cell[0][0], N, "DRHBdrhb", buf, sizeof buf);
    snprintf(out, n, "%s %c - - %d %d", buf, p->white_to_move ? 'w' : 'b', p->halfmove, p->fullmove);
}

/* ---------- moves ---------- */

/* Can the side to move land on (r, f)? On the board and not its own piece. */
static int can_land(const RefPos *p, int r, int f) {
    if (!on_board(r, f)) return 0;
    char c = p->cell[r][f];
    if (c == '.') return 1;
    return p->white_to_move ? is_black(c) : is_white(c);
}

static void add(RefMove *ms, int *n, int fr, int ff, int tr, int tf) {
    RefMove m = {fr, ff, tr, tf};
    ms[(*n)++] = m;
}

/* One square step (or a unicorn jump: nothing in between matters). */
static void step(const RefPos *p, RefMove *ms, int *n, int r, int f, int dr, int df) {
    if (can_land(p, r + dr, f + df)) add(ms, n, r, f, r + dr, f + df);
}

/* Any distance along (dr, df) until the first piece (taken if an enemy). */
static void slide(const RefPos *p, RefMove *ms, int *n, int r, int f, int dr, int df) {
    for (int k = 1;; k++) {
        int tr = r + k * dr, tf = f + k * df;
        if (!on_board(tr, tf)) return;
        if (can_land(p, tr, tf)) add(ms, n, r, f, tr, tf);
        if (p->cell[tr][tf] != '.') return;
    }
}

/* Exactly `dist` squares along (dr, df); every square before it must be empty. */
static void exact(const RefPos *p, RefMove *ms, int *n, int r, int f, int dr, int df, int dist) {
    for (int k = 1; k < dist; k++) {
        int tr = r + k * dr, tf = f + k * df;
        if (!on_board(tr, tf) || p->cell[tr][tf] != '.') return;
    }
    if (can_land(p, r + dist * dr, f + dist * df)) add(ms, n, r, f, r + dist * dr, f + dist * df);
}

/* The gold officer's straight moves: forward exactly 2 or 3, back 1. */
static void gold_straight(const RefPos *p, RefMove *ms, int *n, int r, int f, int fw) {
    exact(p, ms, n, r, f, fw, 0, 2);
    exact(p, ms, n, r, f, fw, 0, 3);
    step(p, ms, n, r, f, -fw, 0);
}

static const int STRAIGHT[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int DIAGONAL[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static void slides(const RefPos *p, RefMove *ms, int *n, int r, int f, const int dirs[4][2]) {
    for (int d = 0; d < 4; d++) slide(p, ms, n, r, f, dirs[d][0], dirs[d][1]);
}

static void steps(const RefPos *p, RefMove *ms, int *n, int r, int f, const int dirs[4][2]) {
    for (int d = 0; d < 4; d++) step(p, ms, n, r, f, dirs[d][0], dirs[d][1]);
}

static void piece_moves(const RefPos *p, RefMove *ms, int *n, int r, int f) {
    int fw = p->white_to_move ? 1 : -1;
    switch (toupper((unsigned char)p->cell[r][f])) {
    case 'K':
        steps(p, ms, n, r, f, STRAIGHT);
        steps(p, ms, n, r, f, DIAGONAL);
        break;
    case 'G':
        gold_straight(p, ms, n, r, f, fw);
        for (int side = -1; side <= 1; side += 2) {
            exact(p, ms, n, r, f, fw, side, 2);
            exact(p, ms, n, r, f, fw, side, 3);
        }
        break;
    case 'S':
        step(p, ms, n, r, f, fw, 0);
        steps(p, ms, n, r, f, DIAGONAL);
        break;
    case 'N':
        step(p, ms, n, r, f, 2 * fw, 1);
        step(p, ms, n, r, f, 2 * fw, -1);
        break;
    case 'L':
        slide(p, ms, n, r, f, fw, 0);
        break;
    case 'R':
        slides(p, ms, n, r, f, STRAIGHT);
        break;
    case 'B':
        slides(p, ms, n, r, f, DIAGONAL);
        break;
    case 'P':
        step(p, ms, n, r, f, fw, 0);
        break;
    case 'D': /* dragon-king: rook + one square diagonally */
        slides(p, ms, n, r, f, STRAIGHT);
        steps(p, ms, n, r, f, DIAGONAL);
        break;
    case 'H': /* dragon-horse: bishop + the gold's straight moves */
        slides(p, ms, n, r, f, DIAGONAL);
        gold_straight(p, ms, n, r, f, fw);
        break;
    default:
        break;
    }
}

static void count_pieces(const RefPos *p, int *white, int *black) {
    *white = *black = 0;
    for (int r = 0; r < N; r++)
        for (int f = 0; f < N; f++) {
            if (is_white(p->cell[r][f])) (*white)++;
            if (is_black(p->cell[r][f])) (*black)++;
        }
}

static int all_moves(const RefPos *p, RefMove *ms) {
    int n = 0;
    for (int r = 0; r < N; r++)
        for (int f = 0; f < N; f++) {
            char c = p->cell[r][f];
            if (c != '.' && (p->white_to_move ? is_white(c) : is_black(c))) piece_moves(p, ms, &n, r, f);
        }
    return n;
}

/* 0: game goes on; 1: White wins; 2: Black wins; 3: draw. */
static int result(const RefPos *p, const char **reason) {
    int w, b;
    count_pieces(p, &w, &b);
    if (w == 0 || b == 0) {
        *reason = "annihilation";
        return w == 0 ? 2 : 1;
    }
    RefMove ms[MAXM];
    if (all_moves(p, ms) == 0) {
        *reason = "no legal move";
        return p->white_to_move ? 2 : 1;
    }
    if (p->halfmove >= 200) {
        *reason = "200 half-moves without capture";
        return 3;
    }
    *reason = "";
    return 0;
}

static int legal_moves(const RefPos *p, RefMove *ms) {
    const char *reason;
    if (result(p, &reason) != 0) return 0;
    return all_moves(p, ms);
}

/* The squares each side's pieces occupied at the start: rank 9, b8, h8 and
 * rank 7 for White's promotions; mirrored for Black's. */
static int promotes_here(int white, int r, int f) {
    int rel = white ? r : N - 1 - r; /* 0 = own first rank */
    return rel == 8 || rel == 6 || (rel == 7 && (f == 1 || f == 7));
}

static void play(RefPos *p, RefMove m) {
    char c = p->cell[m.fr][m.ff];
    int capture = p->cell[m.tr][m.tf] != '.';
    if (promotes_here(p->white_to_move, m.tr, m.tf)) {
        char up = (char)toupper((unsigned char)c);
        char to = up;
        if (up == 'S' || up == 'N' || up == 'L') to = 'G';
        else if (up == 'R') to = 'D';
        else if (up == 'B') to = 'H';
        c = p->white_to_move ? to : (char)tolower((unsigned char)to);
    }
    p->cell[m.fr][m.ff] = '.';
    p->cell[m.tr][m.tf] = c;
    p->halfmove = capture ? 0 : p->halfmove + 1;
    if (!p->white_to_move) p->fullmove++;
    p->white_to_move = !p->white_to_move;
}

static void move_str(RefMove m, char *out) {
    out[0] = (char)('a' + m.ff);
    out[1] = (char)('1' + m.fr);
    out[2] = (char)('a' + m.tf);
    out[3] = (char)('1' + m.tr);
    out[4] = 0;
}

/* ---------- public API ---------- */

static int ref_japanese_result(const char *fen, char *buf, size_t n) {
    RefPos p;
    if (!parse_fen(fen, &p)) return -1;
    const char *reason;
    int r = result(&p, &reason);
    static const char *const code[] = {"none", "1-0", "0-1", "1/2-1/2"};
    if (r == 0) snprintf(buf, n, "none");
    else snprintf(buf, n, "%s %s", code[r], reason);
    return 0;
}

static int tree_legal(const void *p, void *ms) { return legal_moves(p, ms); }
static void tree_play(void *p, const void *m) { play(p, *(const RefMove *)m); }
static void tree_name(const void *m, char *out) { move_str(*(const RefMove *)m, out); }

static const RefTree tree = {sizeof(RefPos), sizeof(RefMove), MAXM, tree_legal, tree_play};

static int ref_japanese_moves(const char *fen, char out[][REF_TURN_MAX], int max) {
    RefPos p;
    return parse_fen(fen, &p) ? ref_turn_names(&tree, &p, tree_name, out, max) : -1;
}

static int ref_japanese_play(const char *fen, const char *turn, char *out_fen, size_t n) {
    RefPos p;
    if (!parse_fen(fen, &p) || ref_play_turn(&tree, &p, tree_name, turn) < 0) return -1;
    write_fen(&p, out_fen, n);
    return 0;
}

static unsigned long long ref_japanese_perft(const char *fen, int depth) {
    RefPos p;
    return parse_fen(fen, &p) ? ref_perft(&tree, &p, depth) : 0;
}

const RefGen ref_japanese = {
    "japanese", false, ref_japanese_moves, ref_japanese_result, ref_japanese_play, ref_japanese_perft,
};
