/* The reference generator for `voodoo` (RULES.md section 5), on a plain
 * char board[8][8]; tests/ref.h says what a reference generator is. */
#ifndef RATNIK_REF_VOODOO_H
#define RATNIK_REF_VOODOO_H

#include "ref.h"

extern const RefGen ref_voodoo;

/* perft with the magic turns (sacrifice, trance) switched off: FIDE moves
 * without check, castling or en passant (perft 20, 400, 8902, 197742). */
unsigned long long ref_voodoo_perft_plain(const char *fen, int depth);

#endif
