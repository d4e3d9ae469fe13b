/* FIDE chess evaluation: material, tapered placement tables, pawn
 * structure, rooks on open files and the 7th, bishop pair, a king shelter
 * term. Values are ratnik's own, set by hand and checked in self-play;
 * docs/evaluation.md lists them. */
#include "chess_attacks.h"
#include "chess_internal.h"

enum { MG, EG };

/* Material, middlegame and endgame. */
static const int piece_value[2][7] = {{0, 90, 320, 335, 480, 960, 0}, {0, 115, 300, 320, 530, 960, 0}};
static const int phase_weight[7] = {0, 0, 1, 1, 2, 4, 0};

/* Placement by distance from the centre (0 = centre, 3 = edge) and by rank
 * from the owner's side; built once into per-square tables. */
static int pst[2][7][64]; /* [phase][type][square from White's view] */

static int centre_dist(int sq) {
    int f = sq & 7, r = sq >> 3;
    int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df > dr ? df : dr;
}

void chess_eval_init(void) {
    for (int sq = 0; sq < 64; sq++) {
        int c = centre_dist(sq), r = sq >> 3, f = sq & 7;
        bool centre_file = f >= 2 && f <= 5;
        /* pawns: forward is good, the centre files more so in the middlegame */
        pst[MG][1][sq] = r == 0 || r == 7 ? 0 : (r - 1) * 4 + (centre_file ? (r >= 3 ? 10 : 4) : 0) - (f == 0 || f == 7 ? 4 : 0);
        pst[EG][1][sq] = r == 0 || r == 7 ? 0 : (r - 1) * 10;
        pst[MG][2][sq] = 24 - 12 * c - (r == 0 ? 10 : 0);
        pst[EG][2][sq] = 18 - 10 * c;
        pst[MG][3][sq] = 12 - 6 * c - (r == 0 ? 8 : 0);
        pst[EG][3][sq] = 10 - 5 * c;
        pst[MG][4][sq] = (r == 6 ? 20 : 0) + (f >= 2 && f <= 5 ? 4 : 0);
        pst[EG][4][sq] = r == 6 ? 15 : 0;
        pst[MG][5][sq] = 6 - 3 * c - (r == 0 ? 4 : 0);
        pst[EG][5][sq] = 12 - 6 * c;
        /* the king hides in a corner in the middlegame, comes out at the end */
        pst[MG][6][sq] = r == 0 ? (f <= 2 || f >= 6 ? 20 : f == 4 ? 0 : -10) : -15 * r;
        pst[EG][6][sq] = 30 - 12 * c;
    }
    /* Fold material into the tables: one lookup per piece at evaluation. */
    for (int ph = MG; ph <= EG; ph++)
        for (int t = 1; t <= 6; t++)
            for (int sq = 0; sq < 64; sq++) pst[ph][t][sq] += piece_value[ph][t];
}

static const bb64 FILE_A = 0x0101010101010101ull;

static bb64 forward_span(int c, int sq) {
    bb64 file = FILE_A << (sq & 7);
    return c == WHITE ? file & ~((2ull << sq) - 1) : file & ((1ull << sq) - 1);
}

static bb64 adjacent_files(int sq) {
    int f = sq & 7;
    return (f > 0 ? FILE_A << (f - 1) : 0) | (f < 7 ? FILE_A << (f + 1) : 0);
}

/* Pawn structure: passed pawns by rank, doubled and isolated pawns. */
static void eval_pawns(const Position *pos, int c, int *mg, int *eg) {
    bb64 ours = (bb64)pos_pieces(pos, c, 1), theirs = (bb64)pos_pieces(pos, c ^ 1, 1);
    static const int passed_mg[8] = {0, 5, 8, 14, 25, 45, 70, 0}, passed_eg[8] = {0, 10, 16, 30, 55, 90, 140, 0};
    bb64 b = ours;
    while (b) {
        int sq = pop_lsb64(&b);
        int rel = c == WHITE ? sq >> 3 : 7 - (sq >> 3);
        bb64 front = forward_span(c, sq);
        bb64 block = front | (c == WHITE ? adjacent_files(sq) & ~((2ull << sq) - 1) : adjacent_files(sq) & ((1ull << sq) - 1));
        if (!(block & theirs)) *mg += passed_mg[rel], *eg += passed_eg[rel];
        if (front & ours) *mg -= 8, *eg -= 16;
        if (!(adjacent_files(sq) & ours)) *mg -= 10, *eg -= 12;
    }
}

static void eval_pieces(const Position *pos, int c, int *mg, int *eg, int *phase) {
    bb64 pawns_all = (bb64)pos->by_type[1], ours_pawns = (bb64)pos_pieces(pos, c, 1);
    int flip = c == WHITE ? 0 : 56;
    for (int t = 1; t <= 6; t++) {
        bb64 b = (bb64)pos_pieces(pos, c, t);
        *phase += phase_weight[t] * popcount64(b);
        while (b) {
            int sq = pop_lsb64(&b);
            *mg += pst[MG][t][sq ^ flip];
            *eg += pst[EG][t][sq ^ flip];
            if (t == 4) {
                bb64 file = FILE_A << (sq & 7);
                if (!(file & pawns_all)) *mg += 25, *eg += 10;
                else if (!(file & ours_pawns)) *mg += 12, *eg += 5;
            }
        }
    }
    if (more_than_one((bb64)pos_pieces(pos, c, 3))) *mg += 30, *eg += 45;
}

/* Pawns in front of a castled king. */
static int king_shelter(const Position *pos, int c) {
    bb64 king = (bb64)pos_pieces(pos, c, 6);
    if (!king) return 0;
    int ksq = lsb64(king), f = ksq & 7;
    int rel_rank = c == WHITE ? ksq >> 3 : 7 - (ksq >> 3);
    if (rel_rank > 1 || (f >= 3 && f <= 4)) return 0;
    bb64 shield = ct.king[ksq] | (c == WHITE ? ct.king[ksq] << 8 : ct.king[ksq] >> 8);
    return 8 * popcount64(shield & (bb64)pos_pieces(pos, c, 1)) - 20;
}

int chess_evaluate(const Position *pos) {
    int mg[2] = {0, 0}, eg[2] = {0, 0}, phase = 0;
    for (int c = WHITE; c <= BLACK; c++) {
        eval_pieces(pos, c, &mg[c], &eg[c], &phase);
        eval_pawns(pos, c, &mg[c], &eg[c]);
        mg[c] += king_shelter(pos, c);
    }
    if (phase > 24) phase = 24;
    int m = mg[WHITE] - mg[BLACK], e = eg[WHITE] - eg[BLACK];
    int score = (m * phase + e * (24 - phase)) / 24;
    /* Without pawns, a side up less than a rook can rarely win. */
    int strong = score > 0 ? WHITE : BLACK;
    if (!pos_pieces(pos, strong, 1) && (score > 0 ? score : -score) < 400) score /= 4;
    return (pos->side == WHITE ? score : -score) + 12;
}
