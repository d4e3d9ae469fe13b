#ifndef RATNIK_PERFT_H
#define RATNIK_PERFT_H

#include "../variants/variant.h"

/* Counts complete legal turns to `depth` (RULES.md "Perft"). */
uint64_t perft(const Position *pos, int depth);

/* Per root turn: its string and count; returns the total. */
typedef void (*PerftDivideFn)(void *ctx, const char *turn, uint64_t nodes);
uint64_t perft_divide(const Position *pos, int depth, PerftDivideFn fn, void *ctx);

#endif
