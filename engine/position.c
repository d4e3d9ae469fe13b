#include <string.h>
#include "position.h"
#include "variant.h"

ZobristTables zobrist;

/* SplitMix64: a fixed seed makes keys (and so bench signatures) reproducible. */
static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void zobrist_init(void) {
    uint64_t s = 0x7261746e696bull; /* "ratnik" */
    for (int p = 0; p < 32; p++)
        for (int sq = 0; sq < SQ_MAX; sq++) zobrist.piece[p][sq] = next_random(&s);
    for (int c = 0; c < COLOR_NB; c++)
        for (int t = 0; t < PT_NB; t++) {
            zobrist.hold[c][t][0] = 0; /* an empty hand adds nothing */
            for (int n = 1; n <= HOLD_MAX; n++) zobrist.hold[c][t][n] = next_random(&s);
        }
    zobrist.side = next_random(&s);
    zobrist.castling[0] = 0;
    for (int i = 1; i < 16; i++) zobrist.castling[i] = next_random(&s);
    for (int sq = 0; sq < SQ_MAX; sq++) zobrist.ep[sq] = next_random(&s);
    zobrist.pending[0] = 0;
    for (int i = 1; i < 256; i++) zobrist.pending[i] = next_random(&s);
}

void pos_clear(Position *pos, const Variant *v) {
    memset(pos, 0, sizeof *pos);
    pos->v = v;
    pos->geo = geometry_get(v->files, v->ranks);
    pos->ep = SQ_NONE;
    pos->fullmove = 1;
    pos->move_limit = (uint16_t)v->default_move_limit;
}

uint64_t pos_compute_key(const Position *pos) {
    uint64_t k = 0;
    for (int sq = 0; sq < pos->geo->nsq; sq++)
        if (pos->board[sq]) k ^= zobrist.piece[pos->board[sq]][sq];
    for (int c = 0; c < COLOR_NB; c++)
        for (int t = 0; t < PT_NB; t++) k ^= zobrist.hold[c][t][pos->hold[c][t]];
    if (pos->side == BLACK) k ^= zobrist.side;
    k ^= zobrist.castling[pos->castling];
    if (pos->ep != SQ_NONE) k ^= zobrist.ep[pos->ep];
    k ^= zobrist.pending[pos->pending];
    return k;
}

bool pos_generates(const Position *pos, Move m) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++)
        if (moves[i] == m) return true;
    return false;
}
