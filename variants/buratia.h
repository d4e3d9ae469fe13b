/* Buratia, "bureaucratic chess" (RULES.md section 2): the piece numbering and
 * the rule-layer functions of bribes (RULES.md "Corruption", BRIBES.md) that
 * the negotiation protocol calls to validate and apply offers.
 *
 * Terms as in BRIBES.md: X offers (the side not to move), Y receives (the
 * side to move). The payment is one of Y's own pieces that X captured,
 * i.e. pos->hold[Y][type], placed on an empty square of Y's home rank
 * (rank 1 for White, rank 8 for Black). Bribes are never generated: perft and
 * search do not see them; a move list carries them as tokens that the
 * plugin's parse_special reads ("N@b8", "N@b8,e7e5", "+N@b8"). */
#ifndef RATNIK_BURATIA_H
#define RATNIK_BURATIA_H

#include "../engine/variant.h"

extern const Variant variant_buratia;

enum {
    BUR_SLAVE = 1, /* P, pawn                 */
    BUR_LAWYER,    /* N, knight that displaces */
    BUR_FOREMAN,   /* B, bishop               */
    BUR_BOSS,      /* R, rook                 */
    BUR_SECRETARY, /* Q, queen on empty squares only */
    BUR_DIRECTOR,  /* K, king                 */
    BUR_SHNYR,     /* +P, promoted slave, moves as a king */
};

/* Reads a payment "N@b8" (uppercase letter, square) into type and square.
 * Syntax only; false if the text is not one. */
bool buratia_parse_payment(const char *text, int *type, int *sq);

/* Whether a piece of colour `receiver` and `type` may be paid: the payer
 * (the other colour) holds one (pos->hold[receiver][type] > 0), `sq` is an
 * empty square of the receiver's home rank, and the game is not over. */
bool buratia_payment_ok(const Position *pos, int receiver, int type, int sq, char *err, size_t errlen);

/* Refrain offer: X pays Y (the side to move) so that Y does not play
 * `named`, which must be a legal move of Y here. On success *turn is Y's
 * whole turn (MK_DROP, "N@b8"); play it with variant_buratia.make. */
bool buratia_refrain(const Position *pos, Move named, int type, int sq, Move *turn, char *err, size_t errlen);

/* Purchase offer: X pays Y to play `named`, a legal move of Y here that stays
 * legal once the piece is placed. On success *turn is the combined turn
 * (MK_PURCHASE "N@b8,e7e5", or MK_PURCHASE_PUSH "N@b8,b1c3,c3d4" when the
 * bought move is a lawyer's push). */
bool buratia_purchase(const Position *pos, Move named, int type, int sq, Move *turn, char *err, size_t errlen);

/* Take-back: `before` is the position before X's last move (X to move again,
 * the caller has removed that move from the history). X pays with one of Y's
 * pieces it holds *there* (so not with a piece the taken-back move captured).
 * On success *turn is the placement (MK_TAKEBACK, "+N@b8"), which does not
 * pass the turn. */
bool buratia_takeback(const Position *before, int type, int sq, Move *turn, char *err, size_t errlen);

#endif
