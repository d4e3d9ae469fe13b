/* A deliberately simple second move generator for `voodoo` (RULES.md
 * section 5), written from the rule book with plain arrays (char board[8][8]).
 * It shares no code with the engine (only the C library), so the differential
 * test in test_voodoo.c compares two independent readings of the rules. */
#ifndef RATNIK_REF_VOODOO_H
#define RATNIK_REF_VOODOO_H

#include <stddef.h>

/* All legal complete turns as strings ("e2e4", "xb1,g8f6,e2e4", "xd1,e1e5",
 * "Q@d4", "xa2"), 0 if the game is over, -1 if the FEN cannot be read.
 * At most `max` strings are stored; returns the total count. */
int ref_voodoo_moves(const char *fen, char out[][64], int max);

/* Writes "none", "1-0 <reason>", "0-1 <reason>" (voodoo has no rule draws).
 * Returns 0, or -1 on a FEN it cannot read. */
int ref_voodoo_result(const char *fen, char *buf, size_t n);

/* Plays `turn` (a complete turn string) and writes the FEN after it.
 * Returns 0, or -1 on a bad FEN or a turn that is not legal here. */
int ref_voodoo_play(const char *fen, const char *turn, char *out_fen, size_t n);

/* Counts complete turns to `depth` (a finished game has none). */
unsigned long long ref_voodoo_perft(const char *fen, int depth);

/* The same with the magic turns (sacrifice, trance) switched off: FIDE moves
 * without check, castling or en passant (perft 20, 400, 8902, 197742). */
unsigned long long ref_voodoo_perft_plain(const char *fen, int depth);

#endif
