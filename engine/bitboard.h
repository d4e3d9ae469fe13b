/* Board geometry: square/rank/file masks, leaper and ray tables for one board
 * size. Built once at start-up for 8x8 and 9x9 and read-only afterwards, so
 * they are shared safely by every session and thread. */
#ifndef RATNIK_BITBOARD_H
#define RATNIK_BITBOARD_H

#include "types.h"

/* Directions: the first four increase the square index (their first blocker
 * is the lowest set bit), the last four decrease it (highest set bit). */
enum { DIR_N, DIR_E, DIR_NE, DIR_NW, DIR_S, DIR_W, DIR_SW, DIR_SE, DIR_NB };
extern const int dir_df[DIR_NB], dir_dr[DIR_NB];

typedef struct Geometry {
    int files, ranks, nsq;
    bb_t all;
    bb_t rank[MAX_RANKS], file[MAX_FILES];
    bb_t ray[DIR_NB][SQ_MAX];   /* squares along a direction, exclusive    */
    bb_t king[SQ_MAX];          /* the 8 neighbours                         */
    bb_t knight[SQ_MAX];        /* the (2,1) leaps                          */
} Geometry;

void geometry_init(void);
const Geometry *geometry_get(int files, int ranks);

static inline int sq_make(const Geometry *g, int file, int rank) { return rank * g->files + file; }
static inline int sq_file(const Geometry *g, int sq) { return sq % g->files; }
static inline int sq_rank(const Geometry *g, int sq) { return sq / g->files; }

/* Squares a slider reaches along one direction, stopping at (and including)
 * the first occupied square. */
static inline bb_t geo_ray_attacks(const Geometry *g, int sq, int dir, bb_t occ) {
    bb_t ray = g->ray[dir][sq];
    bb_t blockers = ray & occ;
    if (!blockers) return ray;
    int b = dir < DIR_S ? bb_lsb(blockers) : bb_msb(blockers);
    return ray ^ g->ray[dir][b];
}
static inline bb_t geo_rook_attacks(const Geometry *g, int sq, bb_t occ) {
    return geo_ray_attacks(g, sq, DIR_N, occ) | geo_ray_attacks(g, sq, DIR_E, occ)
         | geo_ray_attacks(g, sq, DIR_S, occ) | geo_ray_attacks(g, sq, DIR_W, occ);
}
static inline bb_t geo_bishop_attacks(const Geometry *g, int sq, bb_t occ) {
    return geo_ray_attacks(g, sq, DIR_NE, occ) | geo_ray_attacks(g, sq, DIR_NW, occ)
         | geo_ray_attacks(g, sq, DIR_SE, occ) | geo_ray_attacks(g, sq, DIR_SW, occ);
}

/* The square `df` files and `dr` ranks away, or -1 off the board. */
static inline int geo_offset(const Geometry *g, int sq, int df, int dr) {
    int f = sq_file(g, sq) + df, r = sq_rank(g, sq) + dr;
    if (f < 0 || f >= g->files || r < 0 || r >= g->ranks) return -1;
    return sq_make(g, f, r);
}

#endif
