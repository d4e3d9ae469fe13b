/* `voodoo` search hooks: evaluation and quiescence noise.
 *
 * In Voodoo the king is taken, not mated, and magic reaches it from afar:
 *   - an ordinary attack on the king;
 *   - possession: the opponent sacrifices a B/N/R/P and moves one of OUR
 *     pieces of that type, which may take its own king: any own bishop,
 *     knight, rook or pawn that "sees" its own king is a loaded gun whenever
 *     the opponent still has a piece of that type to sacrifice;
 *   - trance: the opponent removes its queen and its king moves like a queen:
 *     an open queen line between the two kings is fatal.
 * The evaluation (side to move's view) counts these "ways to take the king".
 * A side to move that has one wins at once, so the score is a near-win
 * (the search's own king capture gives the exact distance); ways the
 * opponent has cost the side to move a lot, more when there are several.
 * Then material (a queen in trance counts: it must return next turn),
 * simple placement, and bare-king danger (one piece left: losing it loses).
 * Values in docs/evaluation.md. */
#include "chess_attacks.h"
#include <stddef.h>
#include "voodoo_internal.h"

/* A near-win below the mate band: the side to move can take the king now
 * (the search's own king capture gives the exact distance). Not tuned. */
enum { KING_IN_REACH = 10000 };

/* The evaluation's numbers, fitted by `ratnik tune --variant voodoo
 * --write` (docs/evaluation.md). Every field is an int or an int array:
 * the tuner reads the struct as ints. */
typedef struct {
    int material[7];
    int tempo;
    int threat_one;   /* the opponent has one way to take our king */
    int threat_more;  /* ... two or more                           */
    int centre_minor; /* per step toward the centre, N and B       */
    int centre_queen;
    int pawn_advance; /* per rank                                  */
    int pawn_7th;     /* a pawn one step from promotion            */
    int king_home;    /* king on its first two ranks               */
    int one_piece;    /* one piece beside the king: bare-king danger */
    int two_pieces;
    int mobility[7];  /* per square a knight, bishop, rook or queen reaches */
} VoodooParams;

static const VoodooParams voodoo_params = {
    /* tuned values: begin */
    .material = {0, 120, 336, 330, 532, 982, 0},
    .tempo = 6,
    .threat_one = 148,
    .threat_more = 500,
    .centre_minor = 0,
    .centre_queen = -17,
    .pawn_advance = 13,
    .pawn_7th = 8,
    .king_home = -8,
    .one_piece = 178,
    .two_pieces = 68,
    .mobility = {0, 0, -4, 0, 0, 12, 0},
    /* tuned values: end */
};

#define BBV(pos, t) ((bb64)(pos)->by_type[t])
#define COL(pos, c) ((bb64)(pos)->by_color[c])

static inline int centre_dist(int sq) {
    int f = sq & 7, r = sq >> 3;
    int df = f < 4 ? 3 - f : f - 4, dr = r < 4 ? 3 - r : r - 4;
    return df > dr ? df : dr;
}

/* Pieces of side `by` that attack `sq` by an ordinary move, given the
 * slider rays from `sq` (diag, orth) for the occupancy in question. */
static inline bb64 ordinary_attackers(const Position *pos, int sq, int by, bb64 diag, bb64 orth) {
    return COL(pos, by)
         & ((ct.pawn[by ^ 1][sq] & BBV(pos, PAWN)) | (ct.knight[sq] & BBV(pos, KNIGHT)) | (ct.king[sq] & BBV(pos, KING))
            | (diag & (BBV(pos, BISHOP) | BBV(pos, QUEEN))) | (orth & (BBV(pos, ROOK) | BBV(pos, QUEEN))));
}

/* Ways side `att` could take the enemy king on its next turn, counted by
 * kind: ordinary attack, possession of each type, trance. `ordinary_only`:
 * mid-sacrifice, only the own move is left. */
static int king_threats(const Position *pos, int att, bool ordinary_only) {
    int def = att ^ 1;
    bb64 own = COL(pos, att), them = COL(pos, def), occ = own | them;
    bb64 kbb = them & BBV(pos, KING), akbb = own & BBV(pos, KING);
    if (!kbb || !akbb) return 0;
    int ksq = lsb64(kbb), n = 0;
    bb64 diag = bishop_attacks64(ksq, occ), orth = rook_attacks64(ksq, occ);
    if (ordinary_attackers(pos, ksq, att, diag, orth)) n++;
    if (ordinary_only) return n;
    bb64 others = own & ~BBV(pos, KING);
    if (!more_than_one(others)) return n; /* any magic would leave us bare */
    /* Possession: an enemy piece of a type we can sacrifice that hits its own king. */
    static const int types[4] = {PAWN, KNIGHT, BISHOP, ROOK};
    bb64 sources[4] = {ct.pawn[att][ksq], ct.knight[ksq], diag, orth};
    for (int i = 0; i < 4; i++) {
        bb64 type_bb = BBV(pos, types[i]);
        if ((own & type_bb) && (sources[i] & them & type_bb)) n++;
    }
    /* Trance: our king along queen lines with the queen lifted off. */
    bb64 queens = own & BBV(pos, QUEEN);
    if (queens) {
        int q = lsb64(queens), a = lsb64(akbb);
        bb64 occ2 = occ ^ (1ull << q);
        if ((bishop_attacks64(a, occ2) | rook_attacks64(a, occ2)) & kbb) n++;
    }
    return n;
}

static int side_score(const Position *pos, const VoodooParams *p, int c) {
    bb64 own = COL(pos, c), occ = own | COL(pos, c ^ 1);
    int s = pos->hold[c][QUEEN] * p->material[QUEEN], sq;
    int pieces = popcount64(own & ~BBV(pos, KING)) + pos->hold[c][QUEEN];
    for (bb64 b = own & ~BBV(pos, KING); b;) {
        sq = pop_lsb64(&b);
        int t = piece_type(pos->board[sq]), rel = c == WHITE ? sq >> 3 : 7 - (sq >> 3);
        s += p->material[t];
        if (t == KNIGHT || t == BISHOP) s += p->centre_minor * (3 - centre_dist(sq));
        else if (t == QUEEN) s += p->centre_queen * (3 - centre_dist(sq));
        else if (t == PAWN) s += p->pawn_advance * (rel - 1) + (rel == 6 ? p->pawn_7th : 0);
        if (t == PAWN || t == KING) continue;
        bb64 reach = t == KNIGHT ? ct.knight[sq] : 0;
        if (t == BISHOP || t == QUEEN) reach |= bishop_attacks64(sq, occ);
        if (t == ROOK || t == QUEEN) reach |= rook_attacks64(sq, occ);
        s += p->mobility[t] * popcount64(reach & ~own);
    }
    bb64 k = own & BBV(pos, KING);
    if (k) {
        int rel = c == WHITE ? lsb64(k) >> 3 : 7 - (lsb64(k) >> 3);
        if (rel <= 1) s += p->king_home;
    }
    if (pieces == 1) s -= p->one_piece;
    else if (pieces == 2) s -= p->two_pieces;
    return s;
}

/* The king facts, from the side to move's view: a king it can take now
 * (a queen in trance must return first: no capture this turn), else what
 * the opponent's ways to take ours next turn cost (mid-sacrifice the
 * opponent's reply is still a turn away, as usual). */
static int king_facts(const Position *pos, const VoodooParams *p) {
    int us = pos->side, them = us ^ 1;
    if (!pos->hold[us][QUEEN] && king_threats(pos, us, pos->pending)) return KING_IN_REACH;
    int n = pos->hold[them][QUEEN] ? 0 : king_threats(pos, them, false);
    return !n ? 0 : n == 1 ? -p->threat_one : -p->threat_more;
}

static int voodoo_evaluate_with(const Position *pos, const int *params) {
    const VoodooParams *p = (const VoodooParams *)params;
    int facts = king_facts(pos, p);
    if (facts == KING_IN_REACH) return KING_IN_REACH;
    int s = side_score(pos, p, WHITE) - side_score(pos, p, BLACK);
    return (pos->side == WHITE ? s : -s) + facts + p->tempo;
}

int voodoo_evaluate(const Position *pos) { return voodoo_evaluate_with(pos, (const int *)&voodoo_params); }

/* What a net trained on self-play sees too rarely to learn: the king
 * facts, by magic from afar as well as by ordinary attack. Without them
 * the prunings that trust the static eval (reverse futility, futility)
 * stand pat with a king in reach of a possession or a trance. */
int voodoo_net_knowledge(const Position *pos) { return king_facts(pos, &voodoo_params); }

#define G(f) EVAL_PARAM_GROUP(VoodooParams, f)
static const EvalParamGroup groups[] = {
    G(material), G(tempo), G(threat_one), G(threat_more), G(centre_minor), G(centre_queen), G(pawn_advance),
    G(pawn_7th), G(king_home), G(one_piece), G(two_pieces), G(mobility), {NULL, 0, 0},
};
DEFINE_EVAL_PARAMS(voodoo_eval_params, VoodooParams, "variants/voodoo_eval.c", groups, voodoo_params,
                   voodoo_evaluate_with);

/* Does capturing on move_to(m) leave side `c` with a bare king (a win
 * that ends the game before any recapture)? A possessed piece stays on its
 * side's count unless it is a pawn promoting, which becomes ours. */
/* Exchange values: the engine's material, kept fixed for move ordering. */
static const int see_value[7] = {0, 100, 320, 330, 500, 950, 0};

/* The piece a step takes: none when a magic step's move ends on the square
 * its own removal just emptied (a trance king onto its queen's square, a
 * possessed piece onto the sacrificed one's). */
static Piece step_victim(const Position *pos, Move m) {
    int to = move_to(m);
    if (to == SQ_NONE || (move_kind(m) == MK_REMOVE && to == move_aux(m))) return 0;
    return pos->board[to];
}

static bool leaves_bare(const Position *pos, Move m, int c) {
    bb64 others = COL(pos, c) & ~BBV(pos, KING);
    int left = popcount64(others) - 1;
    if (move_kind(m) == MK_REMOVE && move_from(m) != SQ_NONE && move_piece(m)) left--;
    return left == 0;
}

/* A cheap exchange test, not a full swap: in Voodoo magic can answer any
 * capture from anywhere, so only the first trade is weighed. A sacrifice
 * costs the piece removed and gains what the possessed piece takes (and a
 * possessed pawn's promotion); a trance costs nothing lasting (the queen
 * returns next turn); an ordinary capture loses the capturer if the square
 * is guarded by an ordinary move. Taking a king, or the last piece beside
 * one (bare king), always passes. The search
 * orders failing captures last and leaves them out of quiescence. */
bool voodoo_see_ge(const Position *pos, Move m, int threshold) {
    int kind = move_kind(m), to = move_to(m), us = pos->side;
    if (kind == MK_DROP) return threshold <= 0;
    Piece victim = step_victim(pos, m);
    if (victim && piece_type(victim) == KING) return true;
    if (victim && leaves_bare(pos, m, piece_color(victim))) return true;
    int gain = victim ? see_value[piece_type(victim)] : 0;
    if (kind == MK_REMOVE) {
        if (move_from(m) == SQ_NONE) return true; /* bare: the game ends here, settled at once */
        int removed = piece_type(pos->board[move_aux(m)]);
        if (removed == QUEEN) return gain >= threshold;
        if (move_piece(m)) gain += see_value[move_piece(m)] + see_value[PAWN]; /* their pawn becomes our piece */
        return gain - see_value[removed] >= threshold;
    }
    if (kind == MK_PROMO) gain += see_value[move_piece(m)] - see_value[PAWN];
    if (gain < threshold) return false;
    int mover = kind == MK_PROMO ? see_value[move_piece(m)] : see_value[piece_type(pos->board[move_from(m)])];
    if (gain - mover >= threshold) return true;
    bb64 occ = (COL(pos, WHITE) | COL(pos, BLACK)) ^ (1ull << move_from(m)); /* rays through the capturer's square */
    return !ordinary_attackers(pos, to, us ^ 1, bishop_attacks64(to, occ), rook_attacks64(to, occ));
}

/* Quiescence: captures (ordinary, possessed, by a trance king), promotions
 * (also a possessed pawn's), and the removal that leaves its own side bare
 * (a loss, settled at once). */
bool voodoo_is_noisy(const Position *pos, Move m) {
    int kind = move_kind(m);
    if (kind == MK_PROMO) return true;
    if (kind == MK_DROP) return false;
    if (kind == MK_REMOVE) return move_from(m) == SQ_NONE || move_piece(m) || step_victim(pos, m);
    Piece victim = step_victim(pos, m);
    return victim && piece_color(victim) != pos->side;
}
