/* A Move is one step of a turn, packed in 32 bits:
 *
 *   bits  0- 6  from   square (SQ_NONE for a pure placement or removal)
 *   bits  7-13  to     square
 *   bits 14-20  aux    square: where a displaced piece goes (lawyer), what is
 *                      removed (voodoo sacrifice/trance), where a bribe piece
 *                      is placed (purchase)
 *   bits 21-24  piece  piece type: promotion choice, placed piece, new piece
 *   bits 25-28  kind   MoveKind below
 *   bits 29-31  dir    MK_PURCHASE_PUSH only: where the lawyer pushes the
 *                      piece, as a direction from `to` (bitboard.h DIR_*)
 *
 * Most turns are one step. Voodoo turns are a removal step followed by an own
 * move; the position records that a turn is under way (Position.pending), so
 * perft and search treat the later steps as sub-plies of the same side.
 * MOVE_NONE (0) is never a legal move: from = to = a1 with kind NORMAL. */
#ifndef RATNIK_MOVE_H
#define RATNIK_MOVE_H

#include "types.h"

typedef uint32_t Move;
_Static_assert(sizeof(Move) == 4, "Move must stay 32 bits");

typedef enum {
    MK_NORMAL = 0,   /* e2e4                                                  */
    MK_PROMO,        /* e7e8q: promotion with a choice                        */
    MK_EP,           /* en passant capture                                    */
    MK_CASTLE,       /* written as the king's move                            */
    MK_DROP,         /* N@b8: placement from holdings (to = square)           */
    MK_DISPLACE,     /* b1c3,c3d4: lawyer lands on to, pushes piece to aux    */
    MK_CHANGE,       /* e9e9g: piece on from (= to) becomes `piece`           */
    MK_REMOVE,       /* xb1[,g8f6[q]]: remove aux, then optionally move from->to */
    MK_PURCHASE,     /* N@b8,e7e5: place `piece` on aux, then move from->to   */
    MK_TAKEBACK,     /* +N@b8: place for the side not to move, no turn passes */
    MK_PURCHASE_PUSH, /* N@b8,b1c3,c3d4: a purchase whose move is a lawyer push */
    MK_KIND_NB
} MoveKind;

enum { MOVE_NONE = 0 };

static inline Move move_make(int from, int to, int aux, int piece, int kind) {
    return (Move)from | (Move)to << 7 | (Move)aux << 14 | (Move)piece << 21 | (Move)kind << 25;
}
static inline Move move_simple(int from, int to) { return move_make(from, to, SQ_NONE, 0, MK_NORMAL); }
static inline int move_from(Move m) { return m & 127; }
static inline int move_to(Move m) { return (m >> 7) & 127; }
static inline int move_aux(Move m) { return (m >> 14) & 127; }
static inline int move_piece(Move m) { return (m >> 21) & 15; }
static inline int move_kind(Move m) { return (m >> 25) & 15; }
static inline int move_dir(Move m) { return (int)(m >> 29); }
static inline Move move_with_dir(Move m, int dir) { return (m & 0x1FFFFFFFu) | (Move)dir << 29; }

/* Room for the largest step list of any variant (a voodoo position can offer
 * hundreds of removal+possessed-move first steps). */
enum { MAX_MOVES = 2048 };

typedef struct {
    int count;
    Move moves[MAX_MOVES];
} MoveList;

static inline void movelist_add(MoveList *l, Move m) { l->moves[l->count++] = m; }

#endif
