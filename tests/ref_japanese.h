/* A deliberately simple second move generator for `japanese` (RULES.md
 * section 3), written from the rule book with plain arrays. It shares no code
 * with the engine (only the C library), so the differential test in
 * test_japanese.c compares two independent readings of the rules. */
#ifndef RATNIK_REF_JAPANESE_H
#define RATNIK_REF_JAPANESE_H

#include <stddef.h>

/* All legal turns as move strings ("c6b8"), 0 if the game is over, -1 if the
 * FEN cannot be read. At most `max` strings are stored; returns the count. */
int ref_japanese_moves(const char *fen, char out[][64], int max);

/* Writes "none", "1-0 <reason>", "0-1 <reason>" or "1/2-1/2 <reason>".
 * Returns 0, or -1 on a FEN it cannot read. */
int ref_japanese_result(const char *fen, char *buf, size_t n);

/* Plays `turn` and writes the FEN after it. Returns 0, or -1 on a bad FEN or
 * a turn that is not legal here. */
int ref_japanese_play(const char *fen, const char *turn, char *out_fen, size_t n);

/* Counts complete turns to `depth` (a finished game has none). */
unsigned long long ref_japanese_perft(const char *fen, int depth);

#endif
