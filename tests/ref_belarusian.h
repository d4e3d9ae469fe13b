/* A deliberately simple second move generator for `belarusian` (RULES.md
 * section 4), written from the rule book with plain arrays. It shares no code
 * with the engine (only the C library), so the differential test in
 * test_belarusian.c compares two independent readings of the rules. */
#ifndef RATNIK_REF_BELARUSIAN_H
#define RATNIK_REF_BELARUSIAN_H

#include <stddef.h>

/* All legal turns as move strings ("e2e4", "e1c1", "e9e9g", "d4d4a"), 0 if
 * the game is over, -1 if the FEN cannot be read. At most `max` strings are
 * stored; returns the count. */
int ref_belarusian_moves(const char *fen, char out[][64], int max);

/* Writes "none", "1-0 <reason>", "0-1 <reason>" or "1/2-1/2 <reason>".
 * Returns 0, or -1 on a FEN it cannot read. */
int ref_belarusian_result(const char *fen, char *buf, size_t n);

/* Plays `turn` and writes the FEN after it. Returns 0, or -1 on a bad FEN or
 * a turn that is not legal here. */
int ref_belarusian_play(const char *fen, const char *turn, char *out_fen, size_t n);

/* Counts complete turns to `depth` (a finished game has none). */
unsigned long long ref_belarusian_perft(const char *fen, int depth);

#endif
