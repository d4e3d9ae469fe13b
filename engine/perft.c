#include <stdio.h>
#include "perft.h"
#include "notation.h"
#include "perft_tt.h"

/* Steps that leave a turn pending are sub-plies: they do not use up depth. */
static uint64_t perft_rec(const Position *pos, int depth) {
    Move moves[MAX_MOVES];
    /* Bulk count at the last ply: a single-step variant's steps are turns,
     * and a step made from a pending position always completes its turn. */
    bool bulk = depth == 1 && (!pos->v->multi_step || pos->pending);
    if (bulk && pos->v->count_legal) return (uint64_t)pos->v->count_legal(pos);
    int n = pos->v->generate(pos, moves);
    if (bulk) return (uint64_t)n;
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

/* Depth-1 subtrees are bulk counted from one generate call: cheaper than a
 * probe that misses the cache, so they are neither probed nor stored. */
static uint64_t hashed_rec(const Position *pos, int depth, PerftTT *tt) {
    if (depth < 2) return perft_rec(pos, depth);
    uint64_t key = perft_tt_key(pos, depth), total = 0;
    if (perft_tt_probe(tt, key, &total)) return total;
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        child.v->make(&child, moves[i]);
        total += hashed_rec(&child, child.pending ? depth : depth - 1, tt);
    }
    perft_tt_store(tt, key, depth, total);
    return total;
}

uint64_t perft_hashed(const Position *pos, int depth, PerftTT *tt) {
    if (depth <= 0) return 1;
    return tt ? hashed_rec(pos, depth, tt) : perft_rec(pos, depth);
}

/* perft_rec that gives up once *stop is set (what it returns is then
 * meaningless). The flag is read only 3 or more plies above the horizon:
 * often enough to stop within milliseconds, too rarely to cost. */
static uint64_t stoppable_rec(const Position *pos, int depth, const atomic_bool *stop) {
    if (!stop || depth < 3) return perft_rec(pos, depth);
    if (atomic_load_explicit(stop, memory_order_relaxed)) return 0;
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        child.v->make(&child, moves[i]);
        total += stoppable_rec(&child, child.pending ? depth : depth - 1, stop);
    }
    return total;
}

static bool is_stopped(const atomic_bool *stop) { return stop && atomic_load(stop); }

static uint64_t divide_rec(const Position *pos, int depth, const char *prefix, PerftDivideFn fn, void *ctx,
                           const atomic_bool *stop) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    uint64_t total = 0;
    for (int i = 0; i < n && !is_stopped(stop); i++) {
        char str[MOVE_STR_MAX], turn[TURN_STR_MAX];
        move_to_str(pos, moves[i], str);
        snprintf(turn, sizeof turn, "%s%s%s", prefix, *prefix ? "," : "", str);
        Position child = *pos;
        child.v->make(&child, moves[i]);
        if (child.pending) {
            total += divide_rec(&child, depth, turn, fn, ctx, stop);
            continue;
        }
        uint64_t count = depth - 1 <= 0 ? 1 : stoppable_rec(&child, depth - 1, stop);
        if (is_stopped(stop)) break; /* no line for a count cut short */
        if (fn) fn(ctx, turn, count);
        total += count;
    }
    return total;
}

uint64_t perft_divide(const Position *pos, int depth, PerftDivideFn fn, void *ctx) {
    return perft_divide_until(pos, depth, fn, ctx, NULL);
}

uint64_t perft_divide_until(const Position *pos, int depth, PerftDivideFn fn, void *ctx, const atomic_bool *stop) {
    return depth <= 0 ? 1 : divide_rec(pos, depth, "", fn, ctx, stop);
}
