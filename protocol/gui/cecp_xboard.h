/* What XBoard 4.9 needs beyond plain CECP: the engine-defined variants
 * (setup/piece lines) and the move texts XBoard draws and relays
 * (docs/xboard.md, "Engine-defined variants"). */
#ifndef RATNIK_CECP_XBOARD_H
#define RATNIK_CECP_XBOARD_H

#include <stdbool.h>
#include <stddef.h>
#include "../../search/engine.h"

/* On `variant X`: `setup (PIECETOCHAR) WxH+0_fairy FEN` and the `piece`
 * lines, nothing for chess. */
void cecp_xboard_send_setup(Engine *e);

/* XBoard's letter (uppercase) for piece p of variant v. */
char cecp_xboard_letter(const Variant *v, Piece p);

/* How a person enters one legal step with clicks in XBoard 4.9.1: a click
 * on `from`, on `via` if set (XBoard's kill square, marked cyan: Voodoo's
 * removed queen, the empty square an in-place change leaves by), on `to`;
 * XBoard then appends the letter of `promo` (a piece the mover becomes).
 * False for steps no clicks make: turns of several steps, displacements,
 * placements from holdings. */
typedef struct {
    int from, via, to;
    int victim;   /* what a capture takes when not on `to` (en passant) */
    bool capture;
    Piece promo;  /* PIECE_NONE: the piece stays what it is */
} ClickForm;
bool cecp_xboard_click_form(const Position *pos, Move m, ClickForm *f);

/* The engine's turn as XBoard should see it: a simple move that changes the
 * moving piece gets XBoard's letter of the new piece as a suffix; an in-place
 * change (`d4d4a`, `e9e9g`) becomes a two-leg move out to an empty neighbour
 * and back (`d4d5,d5d4a`); a removal and an own move (`xd1,e1e5`) the move
 * with the removed square as XBoard's kill square (`e1e5,d1e5`); a push of
 * an own piece sideways where XBoard's castling puts it (`b1d2,d2c2`, the
 * mover's Betza having `O`) `b1d2,d2d2`. Anything else is `turn` unchanged. */
void cecp_xboard_move_text(const Position *before, const Position *after, const char *turn, char *out, size_t n);

/* The legal turn of pos that cecp_xboard_move_text writes as `text` (what
 * a GUI other than XBoard, the match runner, reads back from ratnik). */
bool cecp_xboard_read_engine_move(const Position *pos, const char *text, char *turn, size_t n);

/* Plays a user's turn in the rules' notation or in the forms XBoard relays
 * (docs/xboard.md): a promotion suffix where the rules promote anyway, and
 * the two-leg in-place forms. Each try is a whole turn played through
 * engine_play or nothing, so on failure the game is unchanged. */
bool cecp_xboard_play_user_turn(Engine *e, const char *text, char *err, size_t errlen);

#endif
