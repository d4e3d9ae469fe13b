#include <stdio.h>
#include "perft.h"
#include "notation.h"

/* Steps that leave a turn pending are sub-plies: they do not use up depth. */
static uint64_t perft_rec(const Position *pos, int depth) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    /* Bulk count at the last ply: a single-step variant's steps are turns,
     * and a step made from a pending position always completes its turn. */
    if (depth == 1 && (!pos->v->multi_step || pos->pending)) return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        child.v->make(&child, moves[i]);
        if (child.pending) total += perft_rec(&child, depth);
        else total += depth == 1 ? 1 : perft_rec(&child, depth - 1);
    }
    return total;
}

uint64_t perft(const Position *pos, int depth) {
    return depth <= 0 ? 1 : perft_rec(pos, depth);
}

static uint64_t divide_rec(const Position *pos, int depth, const char *prefix, PerftDivideFn fn, void *ctx) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char str[MOVE_STR_MAX], turn[TURN_STR_MAX];
        move_to_str(pos, moves[i], str);
        snprintf(turn, sizeof turn, "%s%s%s", prefix, *prefix ? "," : "", str);
        Position child = *pos;
        child.v->make(&child, moves[i]);
        if (child.pending) {
            total += divide_rec(&child, depth, turn, fn, ctx);
            continue;
        }
        uint64_t count = perft(&child, depth - 1);
        if (fn) fn(ctx, turn, count);
        total += count;
    }
    return total;
}

uint64_t perft_divide(const Position *pos, int depth, PerftDivideFn fn, void *ctx) {
    return depth <= 0 ? 1 : divide_rec(pos, depth, "", fn, ctx);
}
