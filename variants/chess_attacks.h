/* 64-bit attack tables for 8x8 boards: the chess fast path. Sliders use
 * magic bitboards (multipliers found at start-up from a fixed seed). */
#ifndef RATNIK_CHESS_ATTACKS_H
#define RATNIK_CHESS_ATTACKS_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t bb64;

typedef struct {
    bb64 mask;
    bb64 magic;
    bb64 *attacks;
    unsigned shift;
} Magic;

typedef struct {
    bb64 knight[64], king[64], pawn[2][64];
    bb64 between[64][64]; /* squares strictly between two aligned squares   */
    bb64 line[64][64];    /* the whole line through two aligned squares     */
    Magic rook[64], bishop[64];
} ChessTables;

extern ChessTables ct;
void chess_attacks_init(void);

static inline bb64 rook_attacks64(int sq, bb64 occ) {
    const Magic *m = &ct.rook[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline bb64 bishop_attacks64(int sq, bb64 occ) {
    const Magic *m = &ct.bishop[sq];
    return m->attacks[((occ & m->mask) * m->magic) >> m->shift];
}
static inline int lsb64(bb64 b) { return __builtin_ctzll(b); }
static inline int msb64(bb64 b) { return 63 - __builtin_clzll(b); }
static inline int pop_lsb64(bb64 *b) {
    int s = __builtin_ctzll(*b);
    *b &= *b - 1;
    return s;
}
static inline bool more_than_one(bb64 b) { return b & (b - 1); }

#endif
