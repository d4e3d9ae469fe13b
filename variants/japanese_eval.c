/* Japanese (seed 002) evaluation (RULES.md section 3): material,
 * placement, and what decides this drop-free game: the annihilation race
 * (a side that loses its last piece loses, so each piece of a small army is
 * worth more), promotion threats (a piece that can land on a promotion
 * square next move) and stuck pieces (a soldier on its last rank, a unicorn
 * that can no longer jump, a gold that can only step back). Computed from
 * the White view; no move generation, only the sliders' ray lookups.
 * docs/evaluation.md lists the values and why. */
#include "japanese_internal.h"

/* The plugin's piece numbering (japanese.c). */
enum {
    JE_KING = 1, JE_GOLD, JE_SILVER, JE_UNICORN, JE_LANCE, JE_ROOK, JE_BISHOP, JE_SOLDIER, JE_DRAGON, JE_HORSE,
};

static const int material[11] = {
    [JE_KING] = 400, [JE_GOLD] = 450, [JE_SILVER] = 350, [JE_UNICORN] = 200, [JE_LANCE] = 250,
    [JE_ROOK] = 800, [JE_BISHOP] = 650, [JE_SOLDIER] = 100, [JE_DRAGON] = 1050, [JE_HORSE] = 950,
};
/* What a promotion adds (the promoted piece's value minus this one's). */
static const int promo_gain[11] = {
    [JE_SILVER] = 100, [JE_UNICORN] = 250, [JE_LANCE] = 200, [JE_ROOK] = 250, [JE_BISHOP] = 300,
};

/* Indexed by the number of pieces the *opponent* still has: the fewer, the
 * nearer annihilation. 0 never reaches the evaluation (the game is over). */
static const int annihilation[10] = {0, 450, 260, 150, 90, 55, 30, 15, 5, 0};

/* Soldiers by rank from their owner's side (index 8 = last rank: stuck for
 * good, worth little but still a piece against annihilation). */
static const int soldier_rank[9] = {0, 0, 0, 6, 12, 18, 22, 20, -65};

enum {
    STUCK_UNICORN = -140,  /* unpromoted unicorn on the last two ranks: no move ever */
    STUCK_GOLD = -60,      /* gold on the last two ranks: only the step back is left */
    THREAT_TO_MOVE = 2,    /* promotion threat: gain * 2/5 for the side to move */
    THREAT_WAITING = 1,    /* gain * 1/5 for the other side                     */
    SLIDER_MOBILITY = 2,   /* per square a rook/bishop (promoted or not) reaches */
    TEMPO = 10,
};

/* Promotion squares from the owner's view: the last rank, the 7th, b8 and h8. */
static inline bool promo_rel(int f, int r) { return r == 8 || r == 6 || (r == 7 && (f == 1 || f == 7)); }

static inline int centre_file(int f) { return 4 - (f < 4 ? 4 - f : f - 4); } /* 0 edge .. 4 centre */

/* The 9x9 promotion zone of colour c as a bitboard. */
static bb_t promo_zone(const Geometry *g, int c) {
    int r9 = c == WHITE ? 8 : 0, r8 = c == WHITE ? 7 : 1, r7 = c == WHITE ? 6 : 2;
    return g->rank[r9] | g->rank[r7] | bb_sq(sq_make(g, 1, r8)) | bb_sq(sq_make(g, 7, r8));
}

/* Whether the step df files, drr ranks forward (owner's view) from file f,
 * relative rank rr lands on a promotion square free of own pieces. */
static inline bool step_promotes(const Position *pos, int c, int f, int rr, int df, int drr) {
    int nf = f + df, nrr = rr + drr;
    if (nf < 0 || nf > 8 || nrr < 0 || nrr > 8 || !promo_rel(nf, nrr)) return false;
    int sq = sq_make(pos->geo, nf, c == WHITE ? nrr : 8 - nrr);
    return !(pos->by_color[c] & bb_sq(sq));
}

/* Material, placement, stuck penalty, mobility and promotion threat of one
 * piece of colour c and type t on sq. */
static int piece_terms(const Position *pos, int c, int sq, int t, bb_t occ, bool to_move) {
    const Geometry *g = pos->geo;
    int f = sq_file(g, sq), r = sq_rank(g, sq), rr = c == WHITE ? r : 8 - r;
    bb_t own = pos->by_color[c];
    int s = material[t];
    bool threat = false;
    switch (t) {
    case JE_SOLDIER: s += soldier_rank[rr] + (rr < 8 ? centre_file(f) : 0); break;
    case JE_KING: s += 4 * centre_file(f) + (rr >= 2 && rr <= 5 ? 10 : 0); break;
    case JE_GOLD: s += 3 * centre_file(f) + (rr >= 7 ? STUCK_GOLD : 4 * (rr < 5 ? rr : 5)); break;
    case JE_SILVER:
        s += 3 * centre_file(f) + 6 * (rr < 6 ? rr : 6);
        threat = step_promotes(pos, c, f, rr, 0, 1) || step_promotes(pos, c, f, rr, -1, 1)
              || step_promotes(pos, c, f, rr, 1, 1) || step_promotes(pos, c, f, rr, -1, -1)
              || step_promotes(pos, c, f, rr, 1, -1);
        break;
    case JE_UNICORN:
        if (rr >= 7) { s += STUCK_UNICORN; break; }
        s += 8 * (rr < 5 ? rr : 5) - (rr == 6 && f != 0 && f != 2 && f != 6 && f != 8 ? 40 : 0);
        threat = step_promotes(pos, c, f, rr, -1, 2) || step_promotes(pos, c, f, rr, 1, 2);
        break;
    case JE_LANCE: {
        bb_t reach = geo_ray_attacks(g, sq, c == WHITE ? DIR_N : DIR_S, occ) & ~own;
        s += bb_count(reach);
        threat = reach & promo_zone(g, c);
        break;
    }
    case JE_ROOK: case JE_BISHOP: case JE_DRAGON: case JE_HORSE: {
        bool rook = t == JE_ROOK || t == JE_DRAGON;
        bb_t reach = (rook ? geo_rook_attacks(g, sq, occ) : geo_bishop_attacks(g, sq, occ)) & ~own;
        s += SLIDER_MOBILITY * bb_count(reach);
        if (t == JE_ROOK || t == JE_BISHOP) threat = reach & promo_zone(g, c);
        break;
    }
    default: break;
    }
    if (threat) s += promo_gain[t] * (to_move ? THREAT_TO_MOVE : THREAT_WAITING) / 5;
    return s;
}

int japanese_evaluate(const Position *pos) {
    bb_t occ = pos_occupied(pos);
    int score[COLOR_NB] = {0, 0}, count[COLOR_NB];
    for (int c = WHITE; c <= BLACK; c++) {
        int sq;
        count[c] = bb_count(pos->by_color[c]);
        BB_FOREACH(sq, pos->by_color[c]) {
            score[c] += piece_terms(pos, c, sq, piece_type(pos->board[sq]), occ, c == pos->side);
        }
    }
    score[WHITE] += annihilation[count[BLACK] < 9 ? count[BLACK] : 9];
    score[BLACK] += annihilation[count[WHITE] < 9 ? count[WHITE] : 9];
    int s = score[WHITE] - score[BLACK];
    return (pos->side == WHITE ? s : -s) + TEMPO;
}

/* Quiescence steps: captures (the last one wins by annihilation) and
 * promotions (a promotable piece landing on a promotion square). */
bool japanese_is_noisy(const Position *pos, Move m) {
    int to = move_to(m);
    Piece p = pos->board[to];
    if (p) return true; /* moves only land on enemy pieces */
    int t = piece_type(pos->board[move_from(m)]);
    if (!promo_gain[t < 11 ? t : 0]) return false;
    int rr = pos->side == WHITE ? sq_rank(pos->geo, to) : 8 - sq_rank(pos->geo, to);
    return promo_rel(sq_file(pos->geo, to), rr);
}
