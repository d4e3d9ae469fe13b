/* Core scalar types shared by every layer: colours, squares, pieces, bitboards.
 * Boards go up to 9x9 (81 squares); a square is rank * files + file, so an 8x8
 * board occupies the low 64 bits of a bitboard exactly as a classic chess
 * engine lays it out, which lets the chess plugin run on plain 64-bit words. */
#ifndef RATNIK_TYPES_H
#define RATNIK_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { WHITE = 0, BLACK = 1, COLOR_NB = 2 };

enum {
    MAX_FILES = 9,
    MAX_RANKS = 9,
    SQ_MAX = MAX_FILES * MAX_RANKS, /* 81 */
    SQ_NONE = 127,                  /* fits the 7-bit square fields of Move */
};

/* A piece byte: bits 0-3 the variant's piece type (1..15, 0 = empty square),
 * bit 4 the colour. Piece types are the variant's own numbering. */
enum { PT_NB = 16, PIECE_NONE = 0 };
typedef uint8_t Piece;

static inline Piece make_piece(int color, int type) { return (Piece)((color << 4) | type); }
static inline int piece_type(Piece p) { return p & 15; }
static inline int piece_color(Piece p) { return p >> 4; }

/* 128-bit bitboards: 81 squares need more than one word; measured against a
 * two-word struct, the compiler's native 128-bit integer is as fast and keeps
 * the code readable (shifts and masks work as on a 64-bit board). */
__extension__ typedef unsigned __int128 bb_t;

static inline bb_t bb_sq(int sq) { return (bb_t)1 << sq; }
static inline bool bb_test(bb_t b, int sq) { return (b >> sq) & 1; }
static inline bool bb_any(bb_t b) { return b != 0; }
static inline uint64_t bb_lo(bb_t b) { return (uint64_t)b; }
static inline uint64_t bb_hi(bb_t b) { return (uint64_t)(b >> 64); }

static inline int bb_lsb(bb_t b) {
    uint64_t lo = bb_lo(b);
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll(bb_hi(b));
}
static inline int bb_msb(bb_t b) {
    uint64_t hi = bb_hi(b);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll(bb_lo(b));
}
static inline int bb_pop_lsb(bb_t *b) {
    int sq = bb_lsb(*b);
    *b &= *b - 1;
    return sq;
}
/* Population count: the instruction where the build allows it (ARCH=native),
 * else a branch-free bit-twiddle, faster than the compiler's library call. */
static inline int popcount64(uint64_t x) {
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

static inline int bb_count(bb_t b) { return popcount64(bb_lo(b)) + popcount64(bb_hi(b)); }

#define BB_FOREACH(sq, bb) for (bb_t bb_iter_ = (bb); bb_iter_ && ((sq) = bb_pop_lsb(&bb_iter_), 1);)

#endif
