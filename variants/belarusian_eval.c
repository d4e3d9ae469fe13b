/* `belarusian` search hooks: evaluation, quiescence noise, check/rokash.
 *
 * The evaluation (centipawns, side to move's view) adds, for each side:
 *   - material (the family counts 800 a member: losing either one costs the
 *     same, since the kniazhych is inaugurated in the kniaz's place);
 *   - placement: minor pieces and the hetman toward e5, ratniks forward, a
 *     ratnik waiting on its last rank worth most of the best piece it can
 *     still become;
 *   - throne and palace: attackers of e5, the family near the throne, an
 *     entry the side could make now (e5 free of enemy attack), and a holder
 *     already on e5 that the opponent must attack at once or lose;
 *   - family safety: once the kniazhych is gone the kniaz is a chess king,
 *     so enemy attacks around it count; both family members attacked at
 *     once is the inauguration trap (take one, then the other).
 * The values are in docs/evaluation.md. Piece numbering mirrors
 * variants/belarusian.c. Everything is symmetric in colour and in files. */
#include <stddef.h>
#include "belarusian_internal.h"

enum { A_KNIAZ = 1, K_HEIR, G_HETMAN, L_ROOK, I_HARMATA, V_HORSE, R_RATNIK };
enum { THRONE = 40 /* e5 */ };

/* The evaluation's numbers, fitted by `ratnik tune --variant belarusian
 * --write` (docs/evaluation.md). Every field is an int or an int array:
 * the tuner reads the struct as ints. */
typedef struct {
    int material[8];
    int tempo;
    int centre_minor; /* per step closer to e5 (Chebyshev), V and I     */
    int centre_hetman;
    int ratnik_advance; /* per rank advanced                              */
    int ratnik_7th; /* extra on the two ranks before the last         */
    int waiting_share; /* % of the best lost piece a waiting ratnik is   */
    int waiting_none; /* a waiting ratnik with nothing to become        */
    int mobility; /* per square a slider reaches                    */
    int throne_attacker; /* per own piece attacking e5                     */
    int family_near; /* per step closer to e5, kniaz and kniazhych     */
    int kniaz_palace; /* kniaz in the palace: the kniazhych may enter   */
    int entry_ready; /* a family member could step onto a safe e5      */
    int entry_ready_move; /* ... and it is that side's move                */
    int holder; /* on e5, unattacked, opponent to move            */
    int king_zone; /* lone kniaz: per attacked neighbour square      */
    int lone_kniaz; /* no kniazhych: mate is possible                 */
    int family_both_hit; /* both members attacked                         */
    int horse_mobility; /* per square a vieršnik reaches that no enemy ratnik guards */
} BelarusianParams;

static const BelarusianParams belarusian_params = {
    /* tuned values: begin */
    .material = {0, 832, 796, 982, 516, 298, 300, 80},
    .tempo = 2,
    .centre_minor = 14,
    .centre_hetman = -5,
    .ratnik_advance = 6,
    .ratnik_7th = 62,
    .waiting_share = 73,
    .waiting_none = 60,
    .mobility = 2,
    .throne_attacker = 8,
    .family_near = 14,
    .kniaz_palace = -1,
    .entry_ready = 64,
    .entry_ready_move = 98,
    .holder = 382,
    .king_zone = 8,
    .lone_kniaz = 40,
    .family_both_hit = 120,
    .horse_mobility = 2,
    /* tuned values: end */
};

/* e5 and the palace c3..g7 (files c-g are bits 2-6 of each rank's 9). */
#define THRONE_BB ((bb_t)1 << THRONE)
#define PALACE_ROW ((bb_t)0x7C)
#define PALACE_BB (PALACE_ROW << 18 | PALACE_ROW << 27 | PALACE_ROW << 36 | PALACE_ROW << 45 | PALACE_ROW << 54)

static inline int dist_e5(int sq) {
    int df = sq % 9 - 4, dr = sq / 9 - 4;
    df = df < 0 ? -df : df, dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

static inline bb_t pcs(const Position *pos, int c, int t) { return pos->by_color[c] & pos->by_type[t]; }

/* Squares from which a ratnik of colour c attacks sq. */
static inline bb_t ratnik_sources(int c, int sq) {
    bb_t b = 0;
    int f = sq % 9, r = sq / 9 + (c == WHITE ? -1 : 1);
    if (r < 0 || r > 8) return 0;
    if (f > 0) b |= bb_sq(r * 9 + f - 1);
    if (f < 8) b |= bb_sq(r * 9 + f + 1);
    return b;
}

/* Does colour `by` attack sq (occupancy occ)? Sliders stop at e5, as in the
 * rules; the kniazhych attacks two squares away through an empty square. */
static bool attacked_by(const Position *pos, int sq, int by, bb_t occ) {
    bb_t them = pos->by_color[by];
    if (ratnik_sources(by, sq) & them & pos->by_type[R_RATNIK]) return true;
    if (pos->geo->knight[sq] & them & pos->by_type[V_HORSE]) return true;
    bb_t heirs = them & pos->by_type[K_HEIR];
    if (pos->geo->king[sq] & them & (pos->by_type[A_KNIAZ] | heirs)) return true;
    if (heirs) {
        int h = bb_lsb(heirs), df = h % 9 - sq % 9, dr = h / 9 - sq / 9;
        if ((df == 0 || df == 2 || df == -2) && (dr == 0 || dr == 2 || dr == -2) && (df || dr)
            && !bb_test(occ, (sq + h) / 2))
            return true;
    }
    bb_t orth = them & (pos->by_type[L_ROOK] | pos->by_type[G_HETMAN]);
    if (orth && (geo_rook_attacks(pos->geo, sq, occ | THRONE_BB) & orth)) return true;
    bb_t diag = them & (pos->by_type[I_HARMATA] | pos->by_type[G_HETMAN]);
    return diag && (geo_bishop_attacks(pos->geo, sq, occ | THRONE_BB) & diag);
}

/* How many pieces of colour `by` attack e5 (each counted once). */
static int throne_attackers(const Position *pos, int by, bb_t occ) {
    bb_t them = pos->by_color[by];
    int n = bb_count(ratnik_sources(by, THRONE) & them & pos->by_type[R_RATNIK]);
    n += bb_count(pos->geo->knight[THRONE] & them & pos->by_type[V_HORSE]);
    n += bb_count(pos->geo->king[THRONE] & them & (pos->by_type[A_KNIAZ] | pos->by_type[K_HEIR]));
    bb_t heirs = them & pos->by_type[K_HEIR] & ~pos->geo->king[THRONE];
    if (heirs) {
        int h = bb_lsb(heirs), df = h % 9 - 4, dr = h / 9 - 4;
        if ((df == 0 || df == 2 || df == -2) && (dr == 0 || dr == 2 || dr == -2) && !bb_test(occ, (THRONE + h) / 2)) n++;
    }
    n += bb_count(geo_rook_attacks(pos->geo, THRONE, occ) & them & (pos->by_type[L_ROOK] | pos->by_type[G_HETMAN]));
    n += bb_count(geo_bishop_attacks(pos->geo, THRONE, occ) & them & (pos->by_type[I_HARMATA] | pos->by_type[G_HETMAN]));
    return n;
}

/* Can a family member of colour c step onto e5 now (ignoring whose move it
 * is)? e5 must be empty and free of enemy attack. */
static bool entry_ready(const Position *pos, int c, bb_t occ, bool e5_hit_by_them) {
    if (bb_test(occ, THRONE) || e5_hit_by_them) return false;
    bb_t kniaz = pcs(pos, c, A_KNIAZ), heir = pcs(pos, c, K_HEIR);
    if (kniaz & pos->geo->king[THRONE]) return true;
    if (!heir || !(kniaz & PALACE_BB)) return false;
    if (heir & pos->geo->king[THRONE]) return true;
    int h = bb_lsb(heir), df = h % 9 - 4, dr = h / 9 - 4;
    return (df == 0 || df == 2 || df == -2) && (dr == 0 || dr == 2 || dr == -2) && !bb_test(occ, (THRONE + h) / 2);
}

static int side_score(const Position *pos, const BelarusianParams *p, int c, bb_t occ, const int *att_e5,
                      const bool *e5_hit) {
    int s = 0, them = c ^ 1, sq;
    bb_t ours = pos->by_color[c];
    int count[8] = {0};
    for (int t = A_KNIAZ; t <= R_RATNIK; t++) count[t] = bb_count(pcs(pos, c, t));
    for (int t = A_KNIAZ; t <= R_RATNIK; t++) s += count[t] * p->material[t];

    BB_FOREACH(sq, ours & (pos->by_type[V_HORSE] | pos->by_type[I_HARMATA])) s += p->centre_minor * (4 - dist_e5(sq));
    BB_FOREACH(sq, ours & pos->by_type[G_HETMAN]) s += p->centre_hetman * (4 - dist_e5(sq));
    BB_FOREACH(sq, ours & (pos->by_type[L_ROOK] | pos->by_type[I_HARMATA] | pos->by_type[G_HETMAN])) {
        bb_t reach = 0;
        int t = piece_type(pos->board[sq]);
        if (t != I_HARMATA) reach |= geo_rook_attacks(pos->geo, sq, occ | THRONE_BB);
        if (t != L_ROOK) reach |= geo_bishop_attacks(pos->geo, sq, occ | THRONE_BB);
        s += p->mobility * bb_count(reach & ~ours);
    }
    bb_t guarded = 0;
    BB_FOREACH(sq, pos->by_color[them] & pos->by_type[R_RATNIK]) guarded |= ratnik_sources(c, sq);
    BB_FOREACH(sq, ours & pos->by_type[V_HORSE]) s += p->horse_mobility * bb_count(pos->geo->knight[sq] & ~ours & ~guarded);

    /* Ratniks: forward; on the last rank, most of what they may become. */
    int best_lost = 0;
    static const int max_count[8] = {0, 0, 1, 1, 2, 2, 2, 0};
    for (int t = K_HEIR; t <= V_HORSE; t++)
        if (count[t] < max_count[t] && p->material[t] > best_lost) best_lost = p->material[t];
    BB_FOREACH(sq, ours & pos->by_type[R_RATNIK]) {
        int adv = c == WHITE ? sq / 9 - 1 : 7 - sq / 9; /* 0 on the start rank, 7 on the last */
        if (adv >= 7) s += best_lost ? best_lost * p->waiting_share / 100 - p->material[R_RATNIK] : p->waiting_none;
        else s += p->ratnik_advance * adv + (adv >= 5 ? p->ratnik_7th * (adv - 4) : 0);
    }

    /* Throne and palace. */
    s += p->throne_attacker * (att_e5[c] < 4 ? att_e5[c] : 4);
    bb_t kniaz = pcs(pos, c, A_KNIAZ), heir = pcs(pos, c, K_HEIR);
    if (kniaz) s += p->family_near * (4 - dist_e5(bb_lsb(kniaz))) + (kniaz & PALACE_BB ? p->kniaz_palace : 0);
    if (heir) s += p->family_near * (4 - dist_e5(bb_lsb(heir)));
    if (ours & THRONE_BB) {
        if (pos->side == them && !e5_hit[c]) s += p->holder;
    } else if (entry_ready(pos, c, occ, e5_hit[c])) {
        s += pos->side == c ? p->entry_ready_move : p->entry_ready;
    }

    /* Family safety. */
    if (kniaz && !heir) {
        int ksq = bb_lsb(kniaz), k;
        s -= p->lone_kniaz;
        BB_FOREACH(k, pos->geo->king[ksq]) if (attacked_by(pos, k, them, occ)) s -= p->king_zone;
    } else if (kniaz && heir && attacked_by(pos, bb_lsb(kniaz), them, occ)
               && attacked_by(pos, bb_lsb(heir), them, occ)) {
        s -= p->family_both_hit;
    }
    return s;
}

static int belarusian_evaluate_with(const Position *pos, const int *params) {
    const BelarusianParams *p = (const BelarusianParams *)params;
    bb_t occ = pos_occupied(pos);
    int att_e5[COLOR_NB] = {throne_attackers(pos, WHITE, occ), throne_attackers(pos, BLACK, occ)};
    /* e5_hit[c]: the opponent of c attacks e5 */
    bool e5_hit[COLOR_NB] = {att_e5[BLACK] > 0, att_e5[WHITE] > 0};
    int s = side_score(pos, p, WHITE, occ, att_e5, e5_hit) - side_score(pos, p, BLACK, occ, att_e5, e5_hit);
    return (pos->side == WHITE ? s : -s) + p->tempo;
}

int belarusian_evaluate(const Position *pos) { return belarusian_evaluate_with(pos, (const int *)&belarusian_params); }

#define G(f) EVAL_PARAM_GROUP(BelarusianParams, f)
static const EvalParamGroup groups[] = {
    G(material), G(tempo), G(centre_minor), G(centre_hetman), G(ratnik_advance), G(ratnik_7th), G(waiting_share),
    G(waiting_none), G(mobility), G(throne_attacker), G(family_near), G(kniaz_palace), G(entry_ready),
    G(entry_ready_move), G(holder), G(king_zone), G(lone_kniaz), G(family_both_hit), G(horse_mobility),
    {NULL, 0, 0},
};
DEFINE_EVAL_PARAMS(belarusian_eval_params, BelarusianParams, "variants/belarusian_eval.c", groups, belarusian_params,
                   belarusian_evaluate_with);

/* Check (kniazhych dead, kniaz attacked) or rokash (own holder attacked). */
bool belarusian_in_check(const Position *pos) {
    int us = pos->side;
    bb_t occ = pos_occupied(pos), kniaz = pcs(pos, us, A_KNIAZ);
    if (kniaz && !pcs(pos, us, K_HEIR) && attacked_by(pos, bb_lsb(kniaz), us ^ 1, occ)) return true;
    return (pos->by_color[us] & THRONE_BB) && attacked_by(pos, THRONE, us ^ 1, occ);
}

/* Quiescence: captures, throne entries, inauguration and promotion in place,
 * a ratnik reaching its last rank, and, when the opponent sits on e5, every
 * step that attacks e5 (the only steps that do not lose at once). */
bool belarusian_is_noisy(const Position *pos, Move m) {
    int kind = move_kind(m), from = move_from(m), to = move_to(m), us = pos->side;
    if (kind == MK_CHANGE) return true;
    if (kind == MK_CASTLE) return false;
    if (to == THRONE) return true;
    Piece victim = pos->board[to];
    if (victim && piece_color(victim) != us) return true;
    if (piece_type(pos->board[from]) == R_RATNIK && to / 9 == (us == WHITE ? 8 : 0)) return true;
    if (pos->by_color[us ^ 1] & bb_sq(THRONE)) {
            Position after = *pos;
        pos->v->make(&after, m);
        return attacked_by(&after, THRONE, us, pos_occupied(&after));
    }
    return false;
}
