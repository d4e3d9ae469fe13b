/* perft that makes every step and sorts what it makes: turns per ply, steps
 * per sub-ply, turns by the kind of their first step (and, for removals, the
 * type removed). It shows where a multi-step variant's tree grows (Voodoo's
 * sacrifices and trances); no bulk counting, so it is slower than perft. */
#include <string.h>
#include "perft.h"

static void breakdown_rec(const Position *pos, int ply, int depth, int sub, int first, int removed,
                          PerftBreakdown *b) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    b->generates++;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        child.v->make(&child, moves[i]);
        int kind = sub ? first : move_kind(moves[i]);
        int type = sub ? removed : kind == MK_REMOVE ? piece_type(pos->board[move_aux(moves[i])]) : 0;
        b->steps[ply][sub < PERFT_MAX_SUBPLY ? sub : PERFT_MAX_SUBPLY - 1]++;
        if (child.pending) {
            breakdown_rec(&child, ply, depth, sub + 1, kind, type, b);
            continue;
        }
        b->turns[ply]++;
        b->by_kind[ply][kind]++;
        b->removed[ply][type]++;
        if (depth > 1) breakdown_rec(&child, ply + 1, depth - 1, 0, 0, 0, b);
    }
}

void perft_breakdown(const Position *pos, int depth, PerftBreakdown *b) {
    memset(b, 0, sizeof *b);
    if (depth > PERFT_MAX_PLY) depth = PERFT_MAX_PLY;
    if (depth > 0) breakdown_rec(pos, 0, depth, 0, 0, 0, b);
}
