#include "bitboard.h"

const int dir_df[DIR_NB] = {0, 1, 1, -1, 0, -1, -1, 1};
const int dir_dr[DIR_NB] = {1, 0, 1, 1, -1, 0, -1, -1};

static Geometry geo8, geo9;

static void build(Geometry *g, int files, int ranks) {
    g->files = files;
    g->ranks = ranks;
    g->nsq = files * ranks;
    g->all = 0;
    for (int sq = 0; sq < g->nsq; sq++) {
        g->all |= bb_sq(sq);
        g->rank[sq_rank(g, sq)] |= bb_sq(sq);
        g->file[sq_file(g, sq)] |= bb_sq(sq);
    }
    static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    for (int sq = 0; sq < g->nsq; sq++) {
        for (int d = 0; d < DIR_NB; d++) {
            int t = sq;
            while ((t = geo_offset(g, t, dir_df[d], dir_dr[d])) >= 0) g->ray[d][sq] |= bb_sq(t);
            int k = geo_offset(g, sq, dir_df[d], dir_dr[d]);
            if (k >= 0) g->king[sq] |= bb_sq(k);
        }
        for (int i = 0; i < 8; i++) {
            int t = geo_offset(g, sq, kn[i][0], kn[i][1]);
            if (t >= 0) g->knight[sq] |= bb_sq(t);
        }
    }
}

void geometry_init(void) {
    if (geo8.nsq) return;
    build(&geo9, 9, 9);
    build(&geo8, 8, 8);
}

const Geometry *geometry_get(int files, int ranks) {
    geometry_init();
    if (files == 8 && ranks == 8) return &geo8;
    if (files == 9 && ranks == 9) return &geo9;
    return NULL;
}
