/* Buratia evaluation (RULES.md section 2): material, placement, and
 * the race that decides the game: each director's advance toward its far
 * rank, its safety (only bosses, foremen, directors and shnyrs can capture
 * it), lawyers that can push it one rank further (or back), and secretaries
 * that stand in front of the enemy director (nothing can remove them).
 * Also the mobility of the sliders (boss, foreman) and the squares on the
 * director's way an enemy piece could capture it on. Everything is computed
 * from the White view, 64-bit tables only, no move generation;
 * docs/evaluation.md lists the values and why. */
#include <stddef.h>
#include "buratia_internal.h"

/* The evaluation's numbers, fitted by `ratnik tune --variant buratia
 * --write` (docs/evaluation.md). Every field is an int or an int array:
 * the tuner reads the struct as ints. */
typedef struct {
    /* The director is worth far more than any piece: without it a side can
     * never win, and the other side wins on advantage at the move limit. The
     * secretary can never be captured, so its value cancels out. */
    int material[8];
    /* The director's advance by rank from its owner's side (rank 8 wins and
     * is never evaluated). */
    int director_advance[8];
    int lawyer_lift[8];   /* an own lawyer can land on the director and push it one rank forward */
    int slave_advance[8]; /* on the 7th rank one step from becoming a shnyr */
    int centre_base[8], centre_step[8]; /* by type: base - step x distance from the centre */
    int slave_centre;
    int attacker_penalty;  /* per enemy piece that can capture the director ... */
    int attacker_advance;  /* ... plus this % of its advance bonus */
    int pushback_penalty, pushback_rank; /* an enemy lawyer can push it back: base + per rank */
    int block_near, block_far; /* own secretary in front of the enemy director: one or two ranks */
    int mobility[8];       /* per square a boss or foreman reaches */
    int path_attacked;     /* per square of the director's next rank an enemy piece could capture on */
    int unstoppable;       /* a director one step from its goal that the side to move cannot stop */
    int tempo;
} BuratiaParams;

static const BuratiaParams buratia_params = {
    /* tuned values: begin */
    .material = {0, 100, 300, 330, 500, 400, 1500, 280},
    .director_advance = {0, 75, 175, 325, 575, 950, 1600, 0},
    .lawyer_lift = {0, 8, 15, 25, 40, 70, 110, 0},
    .slave_advance = {0, 0, 6, 12, 20, 32, 55, 0},
    .centre_base = {0, 0, 16, 10, 6, 0, 0, 12},
    .centre_step = {0, 0, 8, 5, 2, 0, 0, 4},
    .slave_centre = 6,
    .attacker_penalty = 30,
    .attacker_advance = 25,
    .pushback_penalty = 15,
    .pushback_rank = 3,
    .block_near = 45,
    .block_far = 20,
    .mobility = {0, 0, 0, 0, 0, 0, 0, 0},
    .path_attacked = 0,
    .unstoppable = 900,
    .tempo = 10,
    /* tuned values: end */
};

static int centre_dist(int sq) {
    int f = sq & 7, r = sq >> 3;
    int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df > dr ? df : dr;
}

/* Rank from the owner's side: 0 = home rank, 7 = goal rank. */
static inline int rel_rank(int c, int sq) { return c == WHITE ? sq >> 3 : 7 - (sq >> 3); }

/* Where colour c's capturers of a director (boss, foreman, director,
 * shnyr) could capture, and its sliders' mobility. */
typedef struct {
    bb64 capture[COLOR_NB];
    int mobility[COLOR_NB];
} Reach;

static void reach(const Position *pos, const BuratiaParams *p, bb64 occ, Reach *r) {
    for (int c = WHITE; c <= BLACK; c++) {
        bb64 own = BUR_US(pos, c), b = BUR_BB(pos, BUR_BOSS) & own, cap = 0;
        int mob = 0;
        while (b) {
            bb64 a = rook_attacks64(pop_lsb64(&b), occ);
            cap |= a, mob += p->mobility[BUR_BOSS] * popcount64(a & ~own);
        }
        for (b = BUR_BB(pos, BUR_FOREMAN) & own; b;) {
            bb64 a = bishop_attacks64(pop_lsb64(&b), occ);
            cap |= a, mob += p->mobility[BUR_FOREMAN] * popcount64(a & ~own);
        }
        for (b = (BUR_BB(pos, BUR_DIRECTOR) | BUR_BB(pos, BUR_SHNYR)) & own; b;) cap |= ct.king[pop_lsb64(&b)];
        r->capture[c] = cap, r->mobility[c] = mob;
    }
}

/* Pieces of colour `them` that can capture on sq (occupancy occ). */
static int capturers(const Position *pos, int them, int sq, bb64 occ) {
    bb64 theirs = BUR_US(pos, them);
    bb64 a = rook_attacks64(sq, occ) & BUR_BB(pos, BUR_BOSS);
    a |= bishop_attacks64(sq, occ) & BUR_BB(pos, BUR_FOREMAN);
    a |= ct.king[sq] & (BUR_BB(pos, BUR_DIRECTOR) | BUR_BB(pos, BUR_SHNYR));
    return popcount64(a & theirs);
}

/* The race terms for colour c's director on dsq. */
static int director_terms(const Position *pos, const BuratiaParams *p, int c, int dsq, bb64 occ, const Reach *r) {
    int rr = rel_rank(c, dsq), them = c ^ 1;
    int s = p->director_advance[rr];
    /* Safety grows with the advance: an advanced director is worth more. */
    s -= capturers(pos, them, dsq, occ) * (p->attacker_penalty + p->director_advance[rr] * p->attacker_advance / 100);
    bb64 lawyers_onto = ct.knight[dsq] & BUR_BB(pos, BUR_LAWYER);
    if (rr < 7) {
        bb64 ahead_rank = 0xFFull << ((c == WHITE ? (dsq >> 3) + 1 : (dsq >> 3) - 1) * 8);
        bb64 path = ct.king[dsq] & ahead_rank;
        if ((lawyers_onto & BUR_US(pos, c)) && (path & ~occ)) s += p->lawyer_lift[rr];
        s -= p->path_attacked * popcount64(path & r->capture[them]);
    }
    if (lawyers_onto & BUR_US(pos, them)) s -= p->pushback_penalty + rr * p->pushback_rank;
    return s;
}

/* Colour c's director on dsq stands one step from its goal, the other
 * side to move: it wins next move unless a capturer takes it, a lawyer
 * pushes it away, or its only way in gets filled by something it cannot
 * take (a secretary, or one of its own pieces pushed by a lawyer); one
 * move fills one square, so two ways in cannot be shut. Quiescence sees
 * the winning step only for the side to move, so without this the threat
 * hides behind a stand pat. */
static bool director_unstoppable(const Position *pos, int c, int dsq, bb64 occ) {
    int them = c ^ 1;
    bb64 goal_rank = c == WHITE ? 0xFF00000000000000ull : 0xFFull;
    bb64 secs = BUR_BB(pos, BUR_SECRETARY);
    bb64 way_in = ct.king[dsq] & goal_rank & ~secs & ~BUR_US(pos, c);
    if (!way_in || capturers(pos, them, dsq, occ)) return false;
    if (ct.knight[dsq] & BUR_BB(pos, BUR_LAWYER) & BUR_US(pos, them)) return false;
    if (popcount64(way_in) > 1) return true;
    /* A secretary moves only through empty squares onto an empty one; one
     * that already stands beside the director on the goal rank would open
     * its own square by moving. */
    int sq = lsb64(way_in);
    if (occ & way_in) return true;
    bb64 lines = rook_attacks64(sq, occ) | bishop_attacks64(sq, occ);
    if (lines & secs & BUR_US(pos, them) & ~(ct.king[dsq] & goal_rank)) return false;
    /* An enemy lawyer landing on one of our own pieces beside that square
     * may push it in, and the director cannot take its own piece. */
    bb64 their_lawyers = BUR_BB(pos, BUR_LAWYER) & BUR_US(pos, them);
    for (bb64 b = ct.king[sq] & BUR_US(pos, c) & ~secs & ~(1ull << dsq); b;)
        if (ct.knight[pop_lsb64(&b)] & their_lawyers) return false;
    return true;
}

/* Colour c's secretaries in front of the enemy director on esq. */
static int blockade(const Position *pos, const BuratiaParams *p, int c, int esq) {
    bb64 secs = BUR_BB(pos, BUR_SECRETARY) & BUR_US(pos, c);
    int s = 0, them = c ^ 1, ef = esq & 7, er = rel_rank(them, esq);
    while (secs) {
        int sq = pop_lsb64(&secs);
        int df = (sq & 7) - ef, ahead = rel_rank(them, sq) - er;
        if (df < -1 || df > 1) continue;
        if (ahead == 1) s += p->block_near;
        else if (ahead == 2) s += p->block_far;
    }
    return s;
}

/* The side to move's loss to an enemy director it cannot stop (0 or less):
 * the one term both the hand-written evaluation and a net's knowledge use. */
static int unstoppable_against_mover(const Position *pos, const BuratiaParams *p, bb64 occ) {
    int them = pos->side ^ 1, s = 0;
    for (bb64 b = BUR_BB(pos, BUR_DIRECTOR) & BUR_US(pos, them); b;) {
        int sq = pop_lsb64(&b);
        if (rel_rank(them, sq) == 6 && director_unstoppable(pos, them, sq, occ)) s -= p->unstoppable;
    }
    return s;
}

static int buratia_evaluate_with(const Position *pos, const int *params) {
    const BuratiaParams *p = (const BuratiaParams *)params;
    bb64 occ = BUR_OCC(pos);
    Reach r;
    reach(pos, p, occ, &r);
    int score[COLOR_NB] = {r.mobility[WHITE], r.mobility[BLACK]};
    for (int c = WHITE; c <= BLACK; c++) {
        bb64 mine = BUR_US(pos, c);
        while (mine) {
            int sq = pop_lsb64(&mine);
            int t = piece_type(pos->board[sq]);
            int s = p->material[t] + p->centre_base[t] - p->centre_step[t] * centre_dist(sq);
            if (t == BUR_SLAVE) s += p->slave_advance[rel_rank(c, sq)] + (centre_dist(sq) <= 1 ? p->slave_centre : 0);
            else if (t == BUR_DIRECTOR) s += director_terms(pos, p, c, sq, occ, &r);
            score[c] += s;
        }
    }
    bb64 dirs = BUR_BB(pos, BUR_DIRECTOR);
    bb64 wd = dirs & BUR_US(pos, WHITE), bd = dirs & BUR_US(pos, BLACK);
    if (bd) score[WHITE] += blockade(pos, p, WHITE, lsb64(bd));
    if (wd) score[BLACK] += blockade(pos, p, BLACK, lsb64(wd));
    int s = score[WHITE] - score[BLACK];
    return (pos->side == WHITE ? s : -s) + p->tempo + unstoppable_against_mover(pos, p, occ);
}

int buratia_evaluate(const Position *pos) { return buratia_evaluate_with(pos, (const int *)&buratia_params); }

/* The unstoppable director alone: a net trained on self-play sees too few
 * of these one-move wins to learn them, and quiescence shows the winning
 * step only to the side to move. */
int buratia_net_knowledge(const Position *pos) {
    return unstoppable_against_mover(pos, &buratia_params, BUR_OCC(pos));
}

#define G(f) EVAL_PARAM_GROUP(BuratiaParams, f)
static const EvalParamGroup groups[] = {
    G(material), G(director_advance), G(lawyer_lift), G(slave_advance), G(centre_base), G(centre_step),
    G(slave_centre), G(attacker_penalty), G(attacker_advance), G(pushback_penalty), G(pushback_rank),
    G(block_near), G(block_far), G(mobility), G(path_attacked), G(unstoppable), G(tempo), {NULL, 0, 0},
};
DEFINE_EVAL_PARAMS(buratia_eval_params, BuratiaParams, "variants/buratia_eval.c", groups, buratia_params,
                   buratia_evaluate_with);

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
