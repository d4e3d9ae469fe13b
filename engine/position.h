/* The position: a mailbox and bitboards kept in step, holdings, the state
 * fields of a FEN, and the Zobrist key. Search and perft use copy-make (a
 * Position is a few hundred bytes and copying it is cheaper than the undo
 * bookkeeping the compound variants would need). */
#ifndef RATNIK_POSITION_H
#define RATNIK_POSITION_H

#include "bitboard.h"
#include "move.h"

struct Variant;

/* Castling rights, four bits whatever the variant calls them. */
enum {
    CASTLE_WHITE_SHORT = 1, /* toward the h/i file */
    CASTLE_WHITE_LONG = 2,  /* toward the a file   */
    CASTLE_BLACK_SHORT = 4,
    CASTLE_BLACK_LONG = 8,
};

enum { HOLD_MAX = 64 }; /* most pieces of one type and colour in holdings */

typedef struct Position {
    bb_t by_color[COLOR_NB];
    bb_t by_type[PT_NB];
    uint64_t key;
    const struct Variant *v;
    const Geometry *geo;
    Piece board[SQ_MAX];
    uint8_t hold[COLOR_NB][PT_NB]; /* hold[c][t]: pieces of colour c, type t, off the board */
    uint8_t side;
    uint8_t castling;
    uint8_t ep;        /* skipped square after a double step, or SQ_NONE */
    uint8_t pending;   /* nonzero while a multi-step turn is under way (variant's code) */
    uint16_t halfmove;
    uint16_t fullmove;
    uint16_t move_limit; /* rule parameter (Buratia MoveLimit); 0 = none */
    uint16_t vstate;     /* variant scratch state, hashed by the variant if it matters */
} Position;

/* Zobrist tables: filled once at start-up from a fixed seed. */
typedef struct {
    uint64_t piece[32][SQ_MAX];
    uint64_t hold[COLOR_NB][PT_NB][HOLD_MAX + 1];
    uint64_t side;
    uint64_t castling[16];
    uint64_t ep[SQ_MAX];
    uint64_t pending[256];
} ZobristTables;
extern ZobristTables zobrist;
void zobrist_init(void);

void pos_clear(Position *pos, const struct Variant *v);
/* Whether the variant's generator lists m in pos (a turn checked against
 * the rules rather than against a move list at hand). */
bool pos_generates(const Position *pos, Move m);
uint64_t pos_compute_key(const Position *pos);

static inline bb_t pos_pieces(const Position *pos, int color, int type) {
    return pos->by_color[color] & pos->by_type[type];
}
static inline bb_t pos_occupied(const Position *pos) { return pos->by_color[WHITE] | pos->by_color[BLACK]; }

static inline void pos_put(Position *pos, int sq, Piece p) {
    pos->board[sq] = p;
    pos->by_color[piece_color(p)] |= bb_sq(sq);
    pos->by_type[piece_type(p)] |= bb_sq(sq);
    pos->key ^= zobrist.piece[p][sq];
}
static inline Piece pos_remove(Position *pos, int sq) {
    Piece p = pos->board[sq];
    pos->board[sq] = PIECE_NONE;
    pos->by_color[piece_color(p)] ^= bb_sq(sq);
    pos->by_type[piece_type(p)] ^= bb_sq(sq);
    pos->key ^= zobrist.piece[p][sq];
    return p;
}
static inline void pos_move_piece(Position *pos, int from, int to) {
    pos_put(pos, to, pos_remove(pos, from));
}
static inline void pos_hold_add(Position *pos, int color, int type, int delta) {
    pos->key ^= zobrist.hold[color][type][pos->hold[color][type]];
    pos->hold[color][type] = (uint8_t)(pos->hold[color][type] + delta);
    pos->key ^= zobrist.hold[color][type][pos->hold[color][type]];
}
static inline void pos_set_castling(Position *pos, int rights) {
    pos->key ^= zobrist.castling[pos->castling] ^ zobrist.castling[rights];
    pos->castling = (uint8_t)rights;
}
static inline void pos_set_ep(Position *pos, int sq) {
    if (pos->ep != SQ_NONE) pos->key ^= zobrist.ep[pos->ep];
    pos->ep = (uint8_t)sq;
    if (sq != SQ_NONE) pos->key ^= zobrist.ep[sq];
}
static inline void pos_set_pending(Position *pos, int pending) {
    pos->key ^= zobrist.pending[pos->pending] ^ zobrist.pending[pending];
    pos->pending = (uint8_t)pending;
}
/* Hands the turn to the other side and advances the move counters. */
static inline void pos_flip_side(Position *pos) {
    if (pos->side == BLACK) pos->fullmove++;
    pos->side ^= 1;
    pos->key ^= zobrist.side;
}

#endif
