/* What every reference generator (tests/ref_*.c) offers: a deliberately
 * simple second reading of one variant's rules, written from RULES.md with
 * plain arrays and sharing no code with the engine (only the C library and
 * tests/ref_util.h). Everything works on FEN strings and RULES.md turn
 * strings, so the engine's FEN writer and notation are checked too. The
 * rules suites and the differential driver (tests/differential.h) take one
 * of these. */
#ifndef RATNIK_REF_H
#define RATNIK_REF_H

#include <stdbool.h>
#include <stddef.h>

enum { REF_TURN_MAX = 64 };

typedef struct {
    const char *variant; /* the engine's name for it */
    /* Whether `moves` also refuses a readable FEN of a position the rules
     * cannot reach (two kings, a pawn on its last rank...). */
    bool judges_setup;
    /* All legal turns of the side to move, at most `max` stored; returns how
     * many there are, 0 if the game is over, -1 on a FEN it cannot read or
     * that describes an impossible position. */
    int (*moves)(const char *fen, char out[][REF_TURN_MAX], int max);
    /* Writes "none", "1-0 <reason>", "0-1 <reason>" or "1/2-1/2 <reason>";
     * returns -1 on a bad FEN, else 0 or more. */
    int (*result)(const char *fen, char *buf, size_t n);
    /* Plays one turn and writes the FEN after it; returns 0, or -1 on a bad
     * FEN or a turn that is not legal there. */
    int (*play)(const char *fen, const char *turn, char *out_fen, size_t n);
    /* Complete turns to `depth` (a finished game has none); 0 on a bad FEN. */
    unsigned long long (*perft)(const char *fen, int depth);
} RefGen;

#endif
