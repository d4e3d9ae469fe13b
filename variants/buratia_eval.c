/* Buratia evaluation (RULES.md section 2): material, placement, and
 * the race that decides the game: each director's advance toward its far
 * rank, its safety (only bosses, foremen, directors and shnyrs can capture
 * it), lawyers that can push it one rank further (or back), and secretaries
 * that stand in front of the enemy director (nothing can remove them).
 * Everything is computed from the White view, 64-bit tables only, no move
 * generation; docs/evaluation.md lists the values and why. */
#include "buratia_internal.h"

/* Material. The director is worth far more than any piece: without it a side
 * can never win, and the other side wins on advantage at the move limit. The
 * secretary can never be captured, so its value cancels out. */
static const int material[8] = {
    [BUR_SLAVE] = 100, [BUR_LAWYER] = 300, [BUR_FOREMAN] = 330, [BUR_BOSS] = 500,
    [BUR_SECRETARY] = 400, [BUR_DIRECTOR] = 1500, [BUR_SHNYR] = 280,
};

/* The director's advance by rank from its owner's side (rank 8 wins and is
 * never evaluated). Steep: each step nearer the goal is worth more. */
static const int director_advance[8] = {0, 15, 35, 65, 115, 190, 320, 0};
/* A lawyer that can land on its own director and push it one rank forward. */
static const int lawyer_lift[8] = {0, 8, 15, 25, 40, 70, 110, 0};
/* Slaves forward; on the 7th rank one step from becoming a shnyr. */
static const int slave_advance[8] = {0, 0, 6, 12, 20, 32, 55, 0};

enum {
    ATTACKER_PENALTY = 30,  /* per enemy piece that can capture the director  */
    PUSHBACK_PENALTY = 15,  /* an enemy lawyer can land on it and push it back */
    BLOCK_NEAR = 45,        /* own secretary right in front of the enemy director */
    BLOCK_FAR = 20,         /* two ranks in front                              */
    TEMPO = 10,
};

static int centre_dist(int sq) {
    int f = sq & 7, r = sq >> 3;
    int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df > dr ? df : dr;
}

/* Rank from the owner's side: 0 = home rank, 7 = goal rank. */
static inline int rel_rank(int c, int sq) { return c == WHITE ? sq >> 3 : 7 - (sq >> 3); }

/* Pieces of colour `them` that can capture on sq (occupancy occ). */
static int capturers(const Position *pos, int them, int sq, bb64 occ) {
    bb64 theirs = BUR_US(pos, them);
    bb64 a = rook_attacks64(sq, occ) & BUR_BB(pos, BUR_BOSS);
    a |= bishop_attacks64(sq, occ) & BUR_BB(pos, BUR_FOREMAN);
    a |= ct.king[sq] & (BUR_BB(pos, BUR_DIRECTOR) | BUR_BB(pos, BUR_SHNYR));
    return popcount64(a & theirs);
}

/* The race terms for colour c's director on dsq. */
static int director_terms(const Position *pos, int c, int dsq, bb64 occ) {
    int rr = rel_rank(c, dsq), them = c ^ 1;
    int s = director_advance[rr];
    /* Safety grows with the advance: an advanced director is worth more. */
    s -= capturers(pos, them, dsq, occ) * (ATTACKER_PENALTY + director_advance[rr] / 4);
    bb64 lawyers_onto = ct.knight[dsq] & BUR_BB(pos, BUR_LAWYER);
    if ((lawyers_onto & BUR_US(pos, c)) && rr < 7) {
        bb64 ahead_rank = 0xFFull << ((c == WHITE ? (dsq >> 3) + 1 : (dsq >> 3) - 1) * 8);
        if (ct.king[dsq] & ahead_rank & ~occ) s += lawyer_lift[rr];
    }
    if (lawyers_onto & BUR_US(pos, them)) s -= PUSHBACK_PENALTY + rr * 3;
    return s;
}

/* Colour c's secretaries in front of the enemy director on esq. */
static int blockade(const Position *pos, int c, int esq) {
    bb64 secs = BUR_BB(pos, BUR_SECRETARY) & BUR_US(pos, c);
    int s = 0, them = c ^ 1, ef = esq & 7, er = rel_rank(them, esq);
    while (secs) {
        int sq = pop_lsb64(&secs);
        int df = (sq & 7) - ef, ahead = rel_rank(them, sq) - er;
        if (df < -1 || df > 1) continue;
        if (ahead == 1) s += BLOCK_NEAR;
        else if (ahead == 2) s += BLOCK_FAR;
    }
    return s;
}

int buratia_evaluate(const Position *pos) {
    bb64 occ = BUR_OCC(pos);
    int score[COLOR_NB] = {0, 0};
    for (int c = WHITE; c <= BLACK; c++) {
        bb64 mine = BUR_US(pos, c);
        while (mine) {
            int sq = pop_lsb64(&mine);
            int t = piece_type(pos->board[sq]);
            int s = material[t];
            switch (t) {
            case BUR_SLAVE: s += slave_advance[rel_rank(c, sq)] + (centre_dist(sq) <= 1 ? 6 : 0); break;
            case BUR_LAWYER: s += 16 - 8 * centre_dist(sq); break;
            case BUR_FOREMAN: s += 10 - 5 * centre_dist(sq); break;
            case BUR_BOSS: s += 6 - 2 * centre_dist(sq); break;
            case BUR_SHNYR: s += 12 - 4 * centre_dist(sq); break;
            case BUR_DIRECTOR: s += director_terms(pos, c, sq, occ); break;
            default: break;
            }
            score[c] += s;
        }
    }
    bb64 dirs = BUR_BB(pos, BUR_DIRECTOR);
    bb64 wd = dirs & BUR_US(pos, WHITE), bd = dirs & BUR_US(pos, BLACK);
    if (bd) score[WHITE] += blockade(pos, WHITE, lsb64(bd));
    if (wd) score[BLACK] += blockade(pos, BLACK, lsb64(wd));
    int s = score[WHITE] - score[BLACK];
    return (pos->side == WHITE ? s : -s) + TEMPO;
}

/* Quiescence steps: captures, and the steps that decide the game or make a
 * shnyr: a director onto its far rank, a lawyer push that puts a director
 * (either colour's) or a slave on a far rank. */
bool buratia_is_noisy(const Position *pos, Move m) {
    int kind = move_kind(m), from = move_from(m), to = move_to(m);
    if (kind == MK_EP) return true;
    if (kind == MK_DISPLACE) {
        Piece p = pos->board[to];
        int t = piece_type(p);
        return (t == BUR_DIRECTOR || t == BUR_SLAVE) && rel_rank(piece_color(p), move_aux(m)) == 7;
    }
    if (kind != MK_NORMAL) return false;
    if (pos->board[to]) return true; /* normal moves only land on enemy pieces */
    int t = piece_type(pos->board[from]);
    return (t == BUR_DIRECTOR || t == BUR_SLAVE) && rel_rank(pos->side, to) == 7;
}
