/* FIDE chess evaluation, tapered between middlegame and endgame: material
 * and placement, mobility, king safety (shelter, storming enemy pawns,
 * attacks on the king's zone, safe checks, weak zone squares), threats
 * (by pawns, by safe pawn steps, by lesser pieces) and hanging pieces,
 * pawn structure (backward pawns, pawns side by side) and passed pawns
 * (free path, king distances), outposts, minor pieces behind pawns, rooks
 * on open files, the bishop pair and the bishop's own pawns,
 * opposite-coloured bishops, tempo, and the endings without pawns that
 * a piece up cannot win. The numbers are
 * ChessParams (chess_eval_params.c), fitted to self-play by `ratnik tune`;
 * docs/evaluation.md lists every term. */
#include "chess_attacks.h"
#include "chess_eval.h"
#include "chess_internal.h"

enum { MG, EG };

static const int phase_weight[7] = {0, 0, 1, 1, 2, 4, 0};
/* The safe squares a knight, bishop, rook and queen typically reach: the
 * mobility terms count squares above or below these, so that they do not
 * shift the material values. */
static const int typical_mobility[4] = {4, 6, 7, 13};

/* Base placement by distance from the centre (0 = centre, 3 = edge) and by
 * rank from the owner's side, built once; the tuned rank and file tables
 * are added to it. */
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
}

static const bb64 FILE_A = 0x0101010101010101ull;
static const bb64 LIGHT_SQUARES = 0x55AA55AA55AA55AAull;

static bb64 forward_span(int c, int sq) {
    bb64 file = FILE_A << (sq & 7);
    return c == WHITE ? file & ~((2ull << sq) - 1) : file & ((1ull << sq) - 1);
}

static bb64 adjacent_files(int sq) {
    int f = sq & 7;
    return (f > 0 ? FILE_A << (f - 1) : 0) | (f < 7 ? FILE_A << (f + 1) : 0);
}

/* The ranks ahead of sq from c's side. */
static bb64 ahead(int c, int sq) {
    return c == WHITE ? ~((2ull << (sq | 7)) - 1) : (1ull << (sq & ~7)) - 1;
}

/* The square ahead of c's pawn on sq. */
static int stop_square(int c, int sq) { return c == WHITE ? sq + 8 : sq - 8; }

static int distance(int a, int b) {
    int df = (a & 7) - (b & 7), dr = (a >> 3) - (b >> 3);
    df = df < 0 ? -df : df, dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

static inline bb64 pieces(const Position *pos, int c, int t) { return (bb64)pos_pieces(pos, c, t); }

/* What one side attacks, gathered while its pieces are scored. */
typedef struct {
    bb64 all, pawns, minors, rooks;
    bb64 by_piece[4]; /* N B R Q */
    int king_units, king_attackers; /* on the enemy king's zone */
} Attacks;

typedef struct {
    const ChessParams *p;
    const Position *pos;
    bb64 occ, zone[COLOR_NB], pawn_att[COLOR_NB];
    int ksq[COLOR_NB];
    int mg[COLOR_NB], eg[COLOR_NB], phase;
    Attacks att[COLOR_NB];
} Eval;

/* The squares one step ahead of b's squares, from c's side. */
static bb64 pawn_step(int c, bb64 b) { return c == WHITE ? b << 8 : b >> 8; }

static bb64 pawn_attacks(int c, bb64 pawns) {
    const bb64 not_a = ~FILE_A, not_h = ~(FILE_A << 7);
    return c == WHITE ? ((pawns & not_a) << 7) | ((pawns & not_h) << 9) : ((pawns & not_a) >> 9) | ((pawns & not_h) >> 7);
}

static bb64 piece_attacks(int t, int sq, bb64 occ) {
    switch (t) {
    case KNIGHT: return ct.knight[sq];
    case BISHOP: return bishop_attacks64(sq, occ);
    case ROOK: return rook_attacks64(sq, occ);
    default: return bishop_attacks64(sq, occ) | rook_attacks64(sq, occ);
    }
}

/* Material, placement, mobility, outposts and king-zone attacks of c's pieces. */
static void eval_pieces(Eval *e, int c) {
    const ChessParams *p = e->p;
    const Position *pos = e->pos;
    int flip = c == WHITE ? 0 : 56, them = c ^ 1;
    bb64 own = (bb64)pos->by_color[c], mobility_area = ~own & ~e->pawn_att[them];
    bb64 pawns_all = (bb64)pos->by_type[PAWN], own_pawns = pieces(pos, c, PAWN), their_pawns = pieces(pos, them, PAWN);
    Attacks *a = &e->att[c];
    for (int t = PAWN; t <= KING; t++) {
        bb64 b = pieces(pos, c, t);
        e->phase += phase_weight[t] * popcount64(b);
        while (b) {
            int sq = pop_lsb64(&b), rel = sq ^ flip, f = sq & 7;
            int fi = (t - 1) * 4 + (f < 4 ? f : 7 - f), ri = (t - 1) * 8 + (rel >> 3);
            e->mg[c] += pst[MG][t][rel] + p->rank_mg[ri] + p->file_mg[fi];
            e->eg[c] += pst[EG][t][rel] + p->rank_eg[ri] + p->file_eg[fi];
            if (t == PAWN || t == KING) continue;
            e->mg[c] += p->material_mg[t - 1], e->eg[c] += p->material_eg[t - 1];
            bb64 att = piece_attacks(t, sq, e->occ);
            a->all |= att;
            a->by_piece[t - KNIGHT] |= att;
            if (t <= BISHOP) a->minors |= att;
            if (t == ROOK) a->rooks |= att;
            int mob = popcount64(att & mobility_area) - typical_mobility[t - KNIGHT];
            e->mg[c] += p->mobility_mg[t - KNIGHT] * mob, e->eg[c] += p->mobility_eg[t - KNIGHT] * mob;
            if (att & e->zone[them]) a->king_units += p->attack_weight[t - KNIGHT], a->king_attackers++;
            if (t <= BISHOP && (pawn_step(c, 1ull << sq) & pawns_all)) e->mg[c] += p->minor_behind_pawn_mg;
            if (t == BISHOP) {
                int same = popcount64(own_pawns & (((1ull << sq) & LIGHT_SQUARES) ? LIGHT_SQUARES : ~LIGHT_SQUARES));
                e->mg[c] += p->bishop_pawns_mg * same, e->eg[c] += p->bishop_pawns_eg * same;
            }
            if (t == ROOK) {
                bb64 file = FILE_A << f;
                if (!(file & pawns_all)) e->mg[c] += p->rook_open_mg, e->eg[c] += p->rook_open_eg;
                else if (!(file & own_pawns)) e->mg[c] += p->rook_semi_mg, e->eg[c] += p->rook_semi_eg;
            }
            int rr = rel >> 3;
            if (t <= BISHOP && rr >= 3 && rr <= 5 && (e->pawn_att[c] & (1ull << sq))
                && !(adjacent_files(sq) & ahead(c, sq) & their_pawns))
                e->mg[c] += p->outpost_mg[t - KNIGHT], e->eg[c] += p->outpost_eg[t - KNIGHT];
        }
    }
    int np = popcount64(pieces(pos, c, PAWN));
    e->mg[c] += p->material_mg[0] * np, e->eg[c] += p->material_eg[0] * np;
    if (more_than_one(pieces(pos, c, BISHOP))) e->mg[c] += p->bishop_pair_mg, e->eg[c] += p->bishop_pair_eg;
    a->pawns = e->pawn_att[c];
    a->all |= a->pawns | ct.king[e->ksq[c]];
    a->king_units += p->zone_square * popcount64(a->all & e->zone[them]);
}

/* Pawn structure and passed pawns. */
static void eval_pawns(Eval *e, int c) {
    const ChessParams *p = e->p;
    const Position *pos = e->pos;
    int them = c ^ 1;
    bb64 ours = pieces(pos, c, PAWN), theirs = pieces(pos, them, PAWN), b = ours;
    int sup = popcount64(ours & e->pawn_att[c]);
    e->mg[c] += p->supported_mg * sup, e->eg[c] += p->supported_eg * sup;
    while (b) {
        int sq = pop_lsb64(&b);
        int rel = c == WHITE ? sq >> 3 : 7 - (sq >> 3);
        bb64 front = forward_span(c, sq);
        if (front & ours) e->mg[c] += p->doubled_mg, e->eg[c] += p->doubled_eg;
        if (adjacent_files(sq) & (0xFFull << (sq & ~7)) & ours) e->mg[c] += p->phalanx_mg[rel], e->eg[c] += p->phalanx_eg[rel];
        if (!(adjacent_files(sq) & ours)) e->mg[c] += p->isolated_mg, e->eg[c] += p->isolated_eg;
        else if (!(adjacent_files(sq) & ~ahead(c, sq) & ours) && (e->pawn_att[them] & (1ull << stop_square(c, sq))))
            e->mg[c] += p->backward_mg, e->eg[c] += p->backward_eg;
        if ((front | (adjacent_files(sq) & ahead(c, sq))) & theirs) continue;
        e->mg[c] += p->passed_mg[rel], e->eg[c] += p->passed_eg[rel];
        if (!(front & e->occ)) e->eg[c] += p->passed_free_eg[rel];
        int stop = stop_square(c, sq), w = rel - 1;
        e->eg[c] += w * (p->passed_king_their * distance(e->ksq[them], stop) - p->passed_king_own * distance(e->ksq[c], stop));
    }
}

/* The checks the enemy could give c's king from squares c does not
 * guard, weighted by the piece that could give them, and the zone squares
 * the enemy attacks that only c's king or queen guard: the units these
 * add to the attacks on c's king. */
static int king_pressure(const Eval *e, int c) {
    const ChessParams *p = e->p;
    int them = c ^ 1, ksq = e->ksq[c];
    const Attacks *a = &e->att[them];
    bb64 safe = ~(bb64)e->pos->by_color[them] & ~e->att[c].all;
    bb64 diag = bishop_attacks64(ksq, e->occ), line = rook_attacks64(ksq, e->occ);
    bb64 guards = e->att[c].pawns | e->att[c].minors | e->att[c].rooks;
    return p->weak_zone_square * popcount64(e->zone[c] & a->all & ~guards)
         + p->safe_check[0] * popcount64(a->by_piece[0] & ct.knight[ksq] & safe)
         + p->safe_check[1] * popcount64(a->by_piece[1] & diag & safe)
         + p->safe_check[2] * popcount64(a->by_piece[2] & line & safe)
         + p->safe_check[3] * popcount64(a->by_piece[3] & (diag | line) & safe);
}

/* The rank, from c's side, of the piece in b nearest to c's back rank
 * (0: b is empty). */
static int nearest_rank(int c, bb64 b) {
    if (!b) return 0;
    return c == WHITE ? lsb64(b) >> 3 : 7 - (msb64(b) >> 3);
}

/* The storm of the enemy pawns `file_pawns` (one file) on c's king. */
static int storm_of(const ChessParams *p, int c, bb64 file_pawns, bb64 own_pawns) {
    int r = nearest_rank(c, file_pawns);
    if (!r) return 0;
    int sq = c == WHITE ? lsb64(file_pawns) : msb64(file_pawns);
    int front = c == WHITE ? sq - 8 : sq + 8;
    return (own_pawns >> front) & 1 ? p->storm_blocked[r] : p->storm[r];
}

/* Shelter of c's king, and the enemy's attacks on its zone. */
static void eval_king(Eval *e, int c) {
    const ChessParams *p = e->p;
    int ksq = e->ksq[c], f = ksq & 7, them = c ^ 1;
    bb64 own_pawns = pieces(e->pos, c, PAWN);
    int rel_rank = c == WHITE ? ksq >> 3 : 7 - (ksq >> 3);
    if (rel_rank <= 1 && (f < 3 || f > 4)) {
        bb64 shield = ct.king[ksq] | (c == WHITE ? ct.king[ksq] << 8 : ct.king[ksq] >> 8);
        e->mg[c] += p->shelter_pawn * popcount64(shield & own_pawns) + p->shelter_base;
    }
    bb64 their_pawns = pieces(e->pos, them, PAWN);
    for (int ff = f > 0 ? f - 1 : 0; ff <= (f < 7 ? f + 1 : 7); ff++) {
        if (!((FILE_A << ff) & own_pawns)) e->mg[c] += p->king_open_file;
        e->mg[c] += storm_of(p, c, (FILE_A << ff) & their_pawns, own_pawns);
    }
    const Attacks *a = &e->att[them];
    if (a->king_attackers >= 2 || (a->king_attackers && pieces(e->pos, them, QUEEN))) {
        int u = a->king_units + king_pressure(e, c);
        u = u > 0 ? u : 0;
        e->mg[c] -= u * u / 64, e->eg[c] -= u * p->king_danger_eg / 16;
    }
}

/* The squares c's pawns can step to (one or two) where no enemy pawn
 * takes them and the enemy does not attack them unless c guards them too. */
static bb64 safe_pushes(const Eval *e, int c) {
    bb64 pawns = pieces(e->pos, c, PAWN), empty = ~e->occ;
    bb64 rank3 = c == WHITE ? 0xFF0000ull : 0xFF0000000000ull;
    bb64 one = pawn_step(c, pawns) & empty;
    bb64 two = pawn_step(c, one & rank3) & empty;
    return (one | two) & ~e->pawn_att[c ^ 1] & (e->att[c].all | ~e->att[c ^ 1].all);
}

/* c's threats against the other side's pieces. */
static void eval_threats(Eval *e, int c) {
    const ChessParams *p = e->p;
    const Position *pos = e->pos;
    int them = c ^ 1;
    const Attacks *a = &e->att[c];
    bb64 their = (bb64)pos->by_color[them];
    bb64 majors = pieces(pos, them, ROOK) | pieces(pos, them, QUEEN);
    bb64 pieces_ = their & ~pieces(pos, them, PAWN) & ~pieces(pos, them, KING);
    int n = popcount64(a->pawns & pieces_);
    e->mg[c] += p->threat_pawn_mg * n, e->eg[c] += p->threat_pawn_eg * n;
    n = popcount64(a->minors & majors);
    e->mg[c] += p->threat_minor_mg * n, e->eg[c] += p->threat_minor_eg * n;
    n = popcount64(a->rooks & pieces(pos, them, QUEEN));
    e->mg[c] += p->threat_rook_mg * n, e->eg[c] += p->threat_rook_eg * n;
    n = popcount64(a->all & pieces_ & ~e->att[them].all);
    e->mg[c] += p->hanging_mg * n, e->eg[c] += p->hanging_eg * n;
    n = popcount64(pawn_attacks(c, safe_pushes(e, c)) & pieces_ & ~a->pawns);
    e->mg[c] += p->threat_push_mg * n, e->eg[c] += p->threat_push_eg * n;
}

/* Each side has one bishop, they run on squares of different colours,
 * and nothing else but kings and pawns is left: hard to win. */
static bool only_opposite_bishops(const Position *pos) {
    bb64 wb = pieces(pos, WHITE, BISHOP), bb = pieces(pos, BLACK, BISHOP);
    bb64 others = (bb64)(pos->by_type[KNIGHT] | pos->by_type[ROOK] | pos->by_type[QUEEN]);
    if (others || popcount64(wb) != 1 || popcount64(bb) != 1) return false;
    return !(wb & LIGHT_SQUARES) != !(bb & LIGHT_SQUARES);
}

/* c's pieces other than pawns and the king, at the textbook's rough
 * worth: a knight or bishop 3, a rook 5, a queen 9. */
static int piece_material(const Position *pos, int c) {
    return 3 * popcount64(pieces(pos, c, KNIGHT) | pieces(pos, c, BISHOP)) + 5 * popcount64(pieces(pos, c, ROOK))
         + 9 * popcount64(pieces(pos, c, QUEEN));
}

/* How much of its lead `score` (in 64ths) the side ahead keeps when it
 * has no pawn left to make a queen of. Up no more than a minor piece, it
 * must mate with what it has, and the known endings say it rarely can: a
 * lone minor piece cannot mate at all, a rook against a minor piece is a
 * draw with correct defence, a rook and a minor piece against a rook
 * nearly always. Two knights cannot force mate on a bare king. The
 * material terms alone count all of these as a piece up, which sends the
 * search into endings it cannot win and away from keeping its last pawns.
 * Any other lead of less than a rook without pawns rarely wins either. */
static int pawnless_scale(const Position *pos, int strong, int score) {
    if (pieces(pos, strong, PAWN)) return 64;
    int weak = strong ^ 1, ours = piece_material(pos, strong), theirs = piece_material(pos, weak);
    if (ours == 6 && popcount64(pieces(pos, strong, KNIGHT)) == 2 && !theirs && !pieces(pos, weak, PAWN)) return 0;
    if (ours - theirs <= 3) return ours < 5 ? 0 : theirs <= 3 ? 4 : 14;
    return (score > 0 ? score : -score) < 400 ? 16 : 64;
}

int chess_evaluate_with(const Position *pos, const int *params) {
    Eval e = {.p = (const ChessParams *)params, .pos = pos, .occ = (bb64)pos_occupied(pos)};
    for (int c = WHITE; c <= BLACK; c++) {
        bb64 k = pieces(pos, c, KING);
        e.ksq[c] = k ? lsb64(k) : 0;
        e.zone[c] = k ? ct.king[e.ksq[c]] | k : 0;
        e.pawn_att[c] = pawn_attacks(c, pieces(pos, c, PAWN));
    }
    for (int c = WHITE; c <= BLACK; c++) eval_pieces(&e, c);
    for (int c = WHITE; c <= BLACK; c++) {
        eval_pawns(&e, c);
        eval_king(&e, c);
        eval_threats(&e, c);
    }
    int phase = e.phase > 24 ? 24 : e.phase;
    int m = e.mg[WHITE] - e.mg[BLACK], eg = e.eg[WHITE] - e.eg[BLACK];
    if (only_opposite_bishops(pos)) eg = eg * e.p->opposite_bishops_scale / 64;
    int score = (m * phase + eg * (24 - phase)) / 24;
    int strong = score > 0 ? WHITE : BLACK;
    score = score * pawnless_scale(pos, strong, score) / 64;
    return (pos->side == WHITE ? score : -score) + e.p->tempo;
}

int chess_evaluate(const Position *pos) { return chess_evaluate_with(pos, (const int *)&chess_params); }
