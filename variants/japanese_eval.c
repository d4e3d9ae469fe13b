/* Japanese (seed 002) evaluation (RULES.md section 3): material,
 * placement, and what decides this drop-free game: the annihilation race
 * (a side that loses its last piece loses, so each piece of a small army is
 * worth more), promotion threats (a piece that can land on a promotion
 * square next move) and stuck pieces (a soldier on its last rank, a unicorn
 * that can no longer jump, a gold that can only step back). Computed from
 * the White view; no move generation, only the sliders' ray lookups.
 * docs/evaluation.md lists the values and why. */
#include <stddef.h>
#include "japanese_internal.h"

/* The plugin's piece numbering (japanese.c). */
enum {
    JE_KING = 1, JE_GOLD, JE_SILVER, JE_UNICORN, JE_LANCE, JE_ROOK, JE_BISHOP, JE_SOLDIER, JE_DRAGON, JE_HORSE,
};

/* The evaluation's numbers, fitted by `ratnik tune --variant japanese
 * --write` (docs/evaluation.md). Every field is an int or an int array:
 * the tuner reads the struct as ints. */
typedef struct {
    int material[11];
    int promo_gain[11]; /* what a promotion adds (the promoted piece's value minus this one's) */
    /* Indexed by the number of pieces the *opponent* still has: the fewer,
     * the nearer annihilation. 0 never reaches the evaluation (the game is over). */
    int annihilation[10];
    /* Soldiers by rank from their owner's side (index 8 = last rank: stuck
     * for good, worth little but still a piece against annihilation). */
    int soldier_rank[9];
    int stuck_unicorn;  /* unpromoted unicorn on the last two ranks: no move ever */
    int stuck_gold;     /* gold on the last two ranks: only the step back is left */
    int threat_to_move; /* promotion threat: gain x this / 5 for the side to move */
    int threat_waiting; /* ... for the other side                                */
    int slider_mobility; /* per square a rook/bishop (promoted or not) reaches */
    int lance_mobility;  /* per square a lance reaches ahead                  */
    int king_centre, king_middle;     /* the dragon: per file toward the centre; on ranks 3-6 */
    int gold_centre, gold_rank;       /* per file toward the centre; per rank up to the 6th */
    int silver_centre, silver_rank;   /* per file toward the centre; per rank up to the 7th */
    int unicorn_rank, unicorn_sixth;  /* per rank up to the 6th; on the 6th off files a, c, g, i */
    int soldier_centre;               /* per file toward the centre */
    int tempo;
} JapaneseParams;

static const JapaneseParams japanese_params = {
    /* tuned values: begin */
    .material = {0, 432, 418, 374, 232, 218, 832, 682, 104, 1022, 982},
    .promo_gain = {0, 0, 0, 124, 218, 224, 222, 268, 0, 0, 0},
    .annihilation = {0, 418, 252, 182, 122, 87, 62, -17, -27, -32},
    .soldier_rank = {0, 0, 32, 14, 32, -14, 54, -12, -97},
    .stuck_unicorn = -140,
    .stuck_gold = -92,
    .threat_to_move = -2,
    .threat_waiting = 1,
    .slider_mobility = 14,
    .lance_mobility = 9,
    .king_centre = 36,
    .king_middle = 42,
    .gold_centre = 31,
    .gold_rank = 8,
    .silver_centre = 35,
    .silver_rank = -2,
    .unicorn_rank = -8,
    .unicorn_sixth = -40,
    .soldier_centre = -27,
    .tempo = -14,
    /* tuned values: end */
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
static int piece_terms(const Position *pos, const JapaneseParams *p, int c, int sq, int t, bb_t occ, bool to_move) {
    const Geometry *g = pos->geo;
    int f = sq_file(g, sq), r = sq_rank(g, sq), rr = c == WHITE ? r : 8 - r;
    bb_t own = pos->by_color[c];
    int s = p->material[t];
    bool threat = false;
    switch (t) {
    case JE_SOLDIER: s += p->soldier_rank[rr] + (rr < 8 ? p->soldier_centre * centre_file(f) : 0); break;
    case JE_KING: s += p->king_centre * centre_file(f) + (rr >= 2 && rr <= 5 ? p->king_middle : 0); break;
    case JE_GOLD: s += p->gold_centre * centre_file(f) + (rr >= 7 ? p->stuck_gold : p->gold_rank * (rr < 5 ? rr : 5)); break;
    case JE_SILVER:
        s += p->silver_centre * centre_file(f) + p->silver_rank * (rr < 6 ? rr : 6);
        threat = step_promotes(pos, c, f, rr, 0, 1) || step_promotes(pos, c, f, rr, -1, 1)
              || step_promotes(pos, c, f, rr, 1, 1) || step_promotes(pos, c, f, rr, -1, -1)
              || step_promotes(pos, c, f, rr, 1, -1);
        break;
    case JE_UNICORN:
        if (rr >= 7) { s += p->stuck_unicorn; break; }
        s += p->unicorn_rank * (rr < 5 ? rr : 5) + (rr == 6 && f != 0 && f != 2 && f != 6 && f != 8 ? p->unicorn_sixth : 0);
        threat = step_promotes(pos, c, f, rr, -1, 2) || step_promotes(pos, c, f, rr, 1, 2);
        break;
    case JE_LANCE: {
        bb_t reach = geo_ray_attacks(g, sq, c == WHITE ? DIR_N : DIR_S, occ) & ~own;
        s += p->lance_mobility * bb_count(reach);
        threat = reach & promo_zone(g, c);
        break;
    }
    case JE_ROOK: case JE_BISHOP: case JE_DRAGON: case JE_HORSE: {
        bool rook = t == JE_ROOK || t == JE_DRAGON;
        bb_t reach = (rook ? geo_rook_attacks(g, sq, occ) : geo_bishop_attacks(g, sq, occ)) & ~own;
        s += p->slider_mobility * bb_count(reach);
        if (t == JE_ROOK || t == JE_BISHOP) threat = reach & promo_zone(g, c);
        break;
    }
    default: break;
    }
    if (threat) s += p->promo_gain[t] * (to_move ? p->threat_to_move : p->threat_waiting) / 5;
    return s;
}

static int japanese_evaluate_with(const Position *pos, const int *params) {
    const JapaneseParams *p = (const JapaneseParams *)params;
    bb_t occ = pos_occupied(pos);
    int score[COLOR_NB] = {0, 0}, count[COLOR_NB];
    for (int c = WHITE; c <= BLACK; c++) {
        int sq;
        count[c] = bb_count(pos->by_color[c]);
        BB_FOREACH(sq, pos->by_color[c]) {
            score[c] += piece_terms(pos, p, c, sq, piece_type(pos->board[sq]), occ, c == pos->side);
        }
    }
    score[WHITE] += p->annihilation[count[BLACK] < 9 ? count[BLACK] : 9];
    score[BLACK] += p->annihilation[count[WHITE] < 9 ? count[WHITE] : 9];
    int s = score[WHITE] - score[BLACK];
    return (pos->side == WHITE ? s : -s) + p->tempo;
}

int japanese_evaluate(const Position *pos) { return japanese_evaluate_with(pos, (const int *)&japanese_params); }

#define G(f) EVAL_PARAM_GROUP(JapaneseParams, f)
static const EvalParamGroup groups[] = {
    G(material), G(promo_gain), G(annihilation), G(soldier_rank), G(stuck_unicorn), G(stuck_gold),
    G(threat_to_move), G(threat_waiting), G(slider_mobility), G(lance_mobility), G(king_centre), G(king_middle),
    G(gold_centre), G(gold_rank), G(silver_centre), G(silver_rank), G(unicorn_rank), G(unicorn_sixth),
    G(soldier_centre), G(tempo), {NULL, 0, 0},
};
DEFINE_EVAL_PARAMS(japanese_eval_params, JapaneseParams, "variants/japanese_eval.c", groups, japanese_params,
                   japanese_evaluate_with);

/* Quiescence steps: captures (the last one wins by annihilation) and
 * promotions (a promotable piece landing on a promotion square). */
bool japanese_is_noisy(const Position *pos, Move m) {
    int to = move_to(m);
    Piece p = pos->board[to];
    if (p) return true; /* moves only land on enemy pieces */
    int t = piece_type(pos->board[move_from(m)]);
    if (!japanese_params.promo_gain[t < 11 ? t : 0]) return false;
    int rr = pos->side == WHITE ? sq_rank(pos->geo, to) : 8 - sq_rank(pos->geo, to);
    return promo_rel(sq_file(pos->geo, to), rr);
}
