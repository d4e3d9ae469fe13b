/* The generic evaluation, for variants without their own: material from the
 * piece table, pieces toward the centre, pawn-like pieces (worth 150 or less)
 * forward. A small bonus for the side to move stands for the tempo. */
#include "eval.h"

int evaluate_generic(const Position *pos) {
    const Geometry *g = pos->geo;
    int score[COLOR_NB] = {0, 0};
    int cf2 = g->files - 1, cr2 = g->ranks - 1; /* twice the centre's coordinates */
    for (int c = WHITE; c <= BLACK; c++) {
        int sq;
        BB_FOREACH(sq, pos->by_color[c]) {
            int value = pos->v->pieces[piece_type(pos->board[sq])].value;
            int f = sq_file(g, sq), r = sq_rank(g, sq);
            int df = 2 * f - cf2, dr = 2 * r - cr2;
            int centre = (cf2 + cr2 - (df < 0 ? -df : df) - (dr < 0 ? -dr : dr)) / 2;
            int advance = c == WHITE ? r : g->ranks - 1 - r;
            score[c] += value;
            if (value > 150) score[c] += 2 * centre;
            else if (value > 0) score[c] += 4 * advance + centre;
        }
    }
    int s = score[WHITE] - score[BLACK];
    return (pos->side == WHITE ? s : -s) + 10;
}

int evaluate(const Position *pos) {
    return pos->v->evaluate ? pos->v->evaluate(pos) : evaluate_generic(pos);
}

int net_knowledge(const Position *pos) {
    return pos->v->net_knowledge ? pos->v->net_knowledge(pos) : 0;
}

bool move_is_noisy(const Position *pos, Move m) {
    if (pos->v->is_noisy) return pos->v->is_noisy(pos, m);
    int to = move_to(m);
    if (move_kind(m) == MK_PROMO || move_kind(m) == MK_EP) return true;
    return to != SQ_NONE && pos->board[to] && piece_color(pos->board[to]) != pos->side;
}
