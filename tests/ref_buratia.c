/* Reference Buratia rules (RULES.md section 2), deliberately plain: a char
 * board, loops over squares and directions, no bitboards, no shared code with
 * the engine. Speed is not a goal; being obviously right is. */
#include "ref_buratia.h"
#include "ref_util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sq[r * 8 + f], a1 = 0. '.' empty; letters as in FEN; a shnyr is 'S'/'s'
 * inside the reference (written "+P"/"+p"). */
typedef struct {
    char sq[64];
    int hold[2][6]; /* [colour of the piece][index in "KQRBNP"] */
    int side;       /* 0 white, 1 black */
    int ep;         /* skipped square of the last double step, or -1 */
    int half, full;
    int limit;      /* MoveLimit in full moves, 0 = none */
} RPos;

typedef struct {
    int from, to;
    int aux; /* where the displaced piece goes, -1 when nothing is displaced */
} RMove;

enum { RMAX = 512 };

static const char HOLD_LETTERS[] = "KQRBNP";
static const int KING_DF[8] = {1, 1, 0, -1, -1, -1, 0, 1};
static const int KING_DR[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int KNIGHT_DF[8] = {1, 2, 2, 1, -1, -2, -2, -1};
static const int KNIGHT_DR[8] = {2, 1, -1, -2, -2, -1, 1, 2};

static int color_of(char c) { return isupper((unsigned char)c) ? 0 : 1; }
static char kind_of(char c) { return (char)toupper((unsigned char)c); }
static int on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
static int far_rank(int color) { return color == 0 ? 7 : 0; }
static int home_rank(int color) { return color == 0 ? 0 : 7; }

/* Holdings index of a captured piece: a shnyr is held as a slave. */
static int hold_index(char c) {
    char k = kind_of(c);
    if (k == 'S') k = 'P';
    return (int)(strchr(HOLD_LETTERS, k) - HOLD_LETTERS);
}

static char colored(char upper, int color) { return color == 0 ? upper : (char)tolower((unsigned char)upper); }

/* ---------------------------------------------------------------- FEN */

static int parse_square(const char *s, int *sq) {
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8') return 0;
    *sq = (s[1] - '1') * 8 + (s[0] - 'a');
    return 1;
}

static int parse_holdings(const char **ps, RPos *p) {
    const char *s = *ps;
    if (*s != '[') return 1;
    s++;
    while (*s != ']') {
        char c = *s++;
        if (!c || !strchr("KQRBNPkqrbnp", c)) return 0;
        p->hold[color_of(c)][hold_index(c)]++;
    }
    *ps = s + 1;
    return 1;
}

/* The impossible positions the engine's setup rejects too. */
static int position_possible(const RPos *p) {
    int directors[2] = {p->hold[0][0], p->hold[1][0]};
    for (int s = 0; s < 64; s++) {
        char c = p->sq[s];
        if (c == '.') continue;
        if (kind_of(c) == 'K') directors[color_of(c)]++;
        if (kind_of(c) == 'P' && s / 8 == far_rank(color_of(c))) return 0; /* would be a shnyr */
    }
    if (directors[0] > 1 || directors[1] > 1) return 0;
    if (p->hold[0][1] || p->hold[1][1]) return 0; /* the secretary is never captured */
    if (p->ep >= 0) {
        /* The slave that just double-stepped stands in front of the skipped
         * square, the square it left behind is empty, and so is the skipped one. */
        int them = 1 - p->side, dir = them == 0 ? 1 : -1;
        int r = p->ep / 8, f = p->ep % 8;
        if (r != (them == 0 ? 2 : 5)) return 0;
        if (p->sq[p->ep] != '.' || p->sq[(r - dir) * 8 + f] != '.') return 0;
        if (p->sq[(r + dir) * 8 + f] != colored('P', them)) return 0;
    }
    return 1;
}

static int parse_fen(const char *fen, int limit, RPos *p) {
    memset(p, 0, sizeof *p);
    memset(p->sq, '.', sizeof p->sq);
    p->ep = -1;
    p->limit = limit;
    p->full = 1;
    const char *s = fen;
    while (*s == ' ') s++;
    if (!(s = ref_read_placement(s, p->sq, 8, "KQRBNPkqrbnp", "SPsp")) || !parse_holdings(&s, p)) return 0;
    char side[8], castle[8], ep[8], tail[8];
    int half = 0, full = 1;
    int got = sscanf(s, " %7s %7s %7s %d %d %7s", side, castle, ep, &half, &full, tail);
    if (got < 3 || got > 5) return 0;
    if (!strcmp(side, "w")) p->side = 0;
    else if (!strcmp(side, "b")) p->side = 1;
    else return 0;
    if (strcmp(castle, "-")) return 0;
    if (strcmp(ep, "-")) {
        if (strlen(ep) != 2 || !parse_square(ep, &p->ep)) return 0;
    }
    if (half < 0 || full < 1) return 0;
    p->half = half;
    p->full = full;
    return position_possible(p);
}

static void write_fen(const RPos *p, char *out, size_t n) {
    char buf[256];
    size_t len = ref_write_placement(p->sq, 8, "SPsp", buf, sizeof buf);
    buf[len++] = '[';
    for (int color = 0; color < 2; color++)
        for (int i = 0; i < 6; i++)
            for (int k = 0; k < p->hold[color][i]; k++) buf[len++] = colored(HOLD_LETTERS[i], color);
    buf[len++] = ']';
    buf[len] = 0;
    char ep[3] = "-";
    if (p->ep >= 0) {
        ep[0] = (char)('a' + p->ep % 8);
        ep[1] = (char)('1' + p->ep / 8);
        ep[2] = 0;
    }
    snprintf(out, n, "%s %c - %s %d %d", buf, p->side ? 'b' : 'w', ep, p->half, p->full);
}

/* ---------------------------------------------------------------- moves */

static void add(RMove *ml, int *n, int from, int to, int aux) {
    if (*n >= RMAX) return;
    ml[*n].from = from;
    ml[*n].to = to;
    ml[*n].aux = aux;
    (*n)++;
}

/* May a piece of colour `us` (not a slave) take what stands on t? */
static int capturable(char c, int us) { return c != '.' && color_of(c) != us && kind_of(c) != 'Q'; }

/* A slave takes only slaves, shnyrs, lawyers and foremen. */
static int slave_capturable(char c, int us) {
    return c != '.' && color_of(c) != us && strchr("PSNB", kind_of(c)) != NULL;
}

static void gen_slave(const RPos *p, int s, RMove *ml, int *n) {
    int us = p->side, f = s % 8, r = s / 8, dir = us == 0 ? 1 : -1;
    if (on_board(f, r + dir) && p->sq[(r + dir) * 8 + f] == '.') {
        add(ml, n, s, (r + dir) * 8 + f, -1);
        int start = us == 0 ? 1 : 6;
        if (r == start && p->sq[(r + 2 * dir) * 8 + f] == '.') add(ml, n, s, (r + 2 * dir) * 8 + f, -1);
    }
    for (int df = -1; df <= 1; df += 2) {
        if (!on_board(f + df, r + dir)) continue;
        int t = (r + dir) * 8 + f + df;
        if (slave_capturable(p->sq[t], us)) add(ml, n, s, t, -1);
        else if (t == p->ep && p->sq[t] == '.' && p->sq[r * 8 + f + df] == colored('P', 1 - us))
            add(ml, n, s, t, -1);
    }
}

static void gen_steps(const RPos *p, int s, RMove *ml, int *n) {
    for (int d = 0; d < 8; d++) {
        int f = s % 8 + KING_DF[d], r = s / 8 + KING_DR[d];
        if (!on_board(f, r)) continue;
        char c = p->sq[r * 8 + f];
        if (c == '.' || capturable(c, p->side)) add(ml, n, s, r * 8 + f, -1);
    }
}

/* Sliders; the secretary neither captures nor passes anything. */
static void gen_slides(const RPos *p, int s, int first_dir, int step, int may_capture, RMove *ml, int *n) {
    for (int d = first_dir; d < 8; d += step) {
        int f = s % 8, r = s / 8;
        for (;;) {
            f += KING_DF[d];
            r += KING_DR[d];
            if (!on_board(f, r)) break;
            char c = p->sq[r * 8 + f];
            if (c == '.') {
                add(ml, n, s, r * 8 + f, -1);
                continue;
            }
            if (may_capture && capturable(c, p->side)) add(ml, n, s, r * 8 + f, -1);
            break;
        }
    }
}

static void gen_lawyer(const RPos *p, int s, RMove *ml, int *n) {
    for (int j = 0; j < 8; j++) {
        int f = s % 8 + KNIGHT_DF[j], r = s / 8 + KNIGHT_DR[j];
        if (!on_board(f, r)) continue;
        int t = r * 8 + f;
        char c = p->sq[t];
        if (c == '.') {
            add(ml, n, s, t, -1);
            continue;
        }
        if (kind_of(c) == 'Q') continue;
        /* The lawyer's own square is never a neighbour of where it lands. */
        for (int d = 0; d < 8; d++) {
            int nf = f + KING_DF[d], nr = r + KING_DR[d];
            if (on_board(nf, nr) && p->sq[nr * 8 + nf] == '.') add(ml, n, s, t, nr * 8 + nf);
        }
    }
}

static int director_promoted(const RPos *p, int color) {
    int r = far_rank(color);
    for (int f = 0; f < 8; f++)
        if (p->sq[r * 8 + f] == colored('K', color)) return 1;
    return 0;
}

static int generate_pseudo(const RPos *p, RMove *ml) {
    int n = 0;
    for (int s = 0; s < 64; s++) {
        char c = p->sq[s];
        if (c == '.' || color_of(c) != p->side) continue;
        switch (kind_of(c)) {
        case 'P': gen_slave(p, s, ml, &n); break;
        case 'S':
        case 'K': gen_steps(p, s, ml, &n); break;
        case 'R': gen_slides(p, s, 0, 2, 1, ml, &n); break;
        case 'B': gen_slides(p, s, 1, 2, 1, ml, &n); break;
        case 'Q': gen_slides(p, s, 0, 1, 0, ml, &n); break;
        case 'N': gen_lawyer(p, s, ml, &n); break;
        }
    }
    return n;
}

/* 0 none, 1 white, 2 black, 3 draw; reason set when not 0. */
static int judge(const RPos *p, const char **reason) {
    if (director_promoted(p, 0)) {
        *reason = "director on the last rank";
        return 1;
    }
    if (director_promoted(p, 1)) {
        *reason = "director on the last rank";
        return 2;
    }
    int at_limit = p->limit > 0 && p->full > p->limit;
    RMove ml[RMAX];
    if (!at_limit && generate_pseudo(p, ml) > 0) return 0;
    int has[2] = {0, 0};
    for (int s = 0; s < 64; s++)
        if (kind_of(p->sq[s]) == 'K') has[color_of(p->sq[s])] = 1;
    if (has[0] != has[1]) {
        *reason = at_limit ? "move limit, advantage" : "no legal move, advantage";
        return has[0] ? 1 : 2;
    }
    *reason = at_limit ? "move limit" : "no legal move";
    return 3;
}

static int generate(const RPos *p, RMove *ml) {
    const char *reason;
    if (judge(p, &reason)) return 0;
    return generate_pseudo(p, ml);
}

static void move_string(RMove m, char *buf) {
    char a[3] = {(char)('a' + m.from % 8), (char)('1' + m.from / 8), 0};
    char b[3] = {(char)('a' + m.to % 8), (char)('1' + m.to / 8), 0};
    if (m.aux < 0) {
        sprintf(buf, "%s%s", a, b);
        return;
    }
    char c[3] = {(char)('a' + m.aux % 8), (char)('1' + m.aux / 8), 0};
    sprintf(buf, "%s%s,%s%s", a, b, b, c);
}

/* A slave standing on its far rank becomes a shnyr at once. */
static void crown(RPos *p, int s) {
    char c = p->sq[s];
    if (kind_of(c) == 'P' && s / 8 == far_rank(color_of(c))) p->sq[s] = colored('S', color_of(c));
}

static void end_turn(RPos *p) {
    if (p->side == 1) p->full++;
    p->side ^= 1;
}

static void play(RPos *p, RMove m) {
    char mover = p->sq[m.from], target = p->sq[m.to];
    int reset = 0, new_ep = -1;
    if (kind_of(mover) == 'P') {
        reset = 1;
        if (abs(m.to / 8 - m.from / 8) == 2) new_ep = (m.from + m.to) / 2;
        if (m.to % 8 != m.from % 8 && target == '.') { /* en passant */
            int victim = (m.from / 8) * 8 + m.to % 8;
            p->hold[color_of(p->sq[victim])][hold_index(p->sq[victim])]++;
            p->sq[victim] = '.';
        }
    }
    if (m.aux >= 0) {
        p->sq[m.aux] = target;
        crown(p, m.aux);
    } else if (target != '.') {
        p->hold[color_of(target)][hold_index(target)]++;
        reset = 1;
    }
    p->sq[m.to] = mover;
    p->sq[m.from] = '.';
    crown(p, m.to);
    p->half = reset ? 0 : p->half + 1;
    p->ep = new_ep;
    end_turn(p);
}

/* ---------------------------------------------------------------- bribes */

/* "N@b8": piece of colour `color` from the holdings, onto an empty square of
 * that colour's home rank. Returns 1 and fills idx/sq when legal. */
static int parse_payment(const RPos *p, const char *s, int color, int *idx, int *sq) {
    if (!s[0] || !strchr(HOLD_LETTERS, s[0]) || s[1] != '@') return 0;
    if (!parse_square(s + 2, sq)) return 0;
    *idx = (int)(strchr(HOLD_LETTERS, s[0]) - HOLD_LETTERS);
    if (p->hold[color][*idx] <= 0) return 0;
    if (*sq / 8 != home_rank(color) || p->sq[*sq] != '.') return 0;
    return 1;
}

static void place(RPos *p, int color, int idx, int sq) {
    p->hold[color][idx]--;
    p->sq[sq] = colored(HOLD_LETTERS[idx], color);
}

static int find_move(const RPos *p, const char *text, RMove *out) {
    RMove ml[RMAX];
    int n = generate(p, ml);
    char buf[REF_TURN_MAX];
    for (int i = 0; i < n; i++) {
        move_string(ml[i], buf);
        if (!strcmp(buf, text)) {
            *out = ml[i];
            return 1;
        }
    }
    return 0;
}

/* Applies a bribe token; returns 1 if it was one and legal, 0 otherwise. */
static int play_bribe(RPos *p, const char *turn) {
    const char *reason;
    int idx, sq;
    if (judge(p, &reason)) return 0;
    if (turn[0] == '+') { /* take-back payment: for the side not to move, no turn passes */
        if (strlen(turn) != 5 || !parse_payment(p, turn + 1, 1 - p->side, &idx, &sq)) return 0;
        place(p, 1 - p->side, idx, sq);
        return 1;
    }
    if (!parse_payment(p, turn, p->side, &idx, &sq)) return 0;
    if (turn[4] == 0) { /* refrain: the placement is the whole turn */
        place(p, p->side, idx, sq);
        p->half++;
        p->ep = -1;
        end_turn(p);
        return 1;
    }
    if (turn[4] != ',') return 0;
    RMove m;
    if (!find_move(p, turn + 5, &m)) return 0; /* named move legal now ... */
    RPos after = *p;
    place(&after, p->side, idx, sq);
    if (!find_move(&after, turn + 5, &m)) return 0; /* ... and after the placement */
    play(&after, m);
    *p = after;
    return 1;
}

/* ---------------------------------------------------------------- API */

static int ref_buratia_moves(const char *fen, char out[][REF_TURN_MAX], int max) {
    RPos p;
    if (!parse_fen(fen, REF_BURATIA_DEFAULT_LIMIT, &p)) return -1;
    RMove ml[RMAX];
    int n = generate(&p, ml);
    for (int i = 0; i < n && i < max; i++) move_string(ml[i], out[i]);
    return n;
}

int ref_buratia_result_limit(const char *fen, int limit, char *buf, size_t n) {
    RPos p;
    if (!parse_fen(fen, limit, &p)) return -1;
    const char *reason = "";
    int code = judge(&p, &reason);
    static const char *const codes[] = {"none", "1-0", "0-1", "1/2-1/2"};
    if (code == 0) snprintf(buf, n, "none");
    else snprintf(buf, n, "%s %s", codes[code], reason);
    return code;
}

static int ref_buratia_result(const char *fen, char *buf, size_t n) {
    return ref_buratia_result_limit(fen, REF_BURATIA_DEFAULT_LIMIT, buf, n);
}

static int ref_buratia_play(const char *fen, const char *turn, char *out_fen, size_t n) {
    RPos p;
    if (!parse_fen(fen, REF_BURATIA_DEFAULT_LIMIT, &p)) return -1;
    if (strchr(turn, '@')) {
        if (!play_bribe(&p, turn)) return -1;
    } else {
        RMove m;
        if (!find_move(&p, turn, &m)) return -1;
        play(&p, m);
    }
    write_fen(&p, out_fen, n);
    return 0;
}

static int tree_legal(const void *p, void *ml) { return generate(p, ml); }
static void tree_play(void *p, const void *m) { play(p, *(const RMove *)m); }

static unsigned long long perft_limit(const char *fen, int limit, int depth) {
    static const RefTree tree = {sizeof(RPos), sizeof(RMove), RMAX, tree_legal, tree_play};
    RPos p;
    return parse_fen(fen, limit, &p) ? ref_perft(&tree, &p, depth) : 0;
}

static unsigned long long ref_buratia_perft(const char *fen, int depth) {
    return perft_limit(fen, REF_BURATIA_DEFAULT_LIMIT, depth);
}

const RefGen ref_buratia = {
    "buratia", true, ref_buratia_moves, ref_buratia_result, ref_buratia_play, ref_buratia_perft,
};
