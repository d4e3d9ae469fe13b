/* The fixed-depth positions of tests/tactics/fixed_depth.txt, which each
 * search suite must solve: a loop test over a variant's lines. */
#ifndef RATNIK_FIXED_DEPTH_H
#define RATNIK_FIXED_DEPTH_H

#include "../engine/fen.h"

#define FIXED_DEPTH_FILE "tests/tactics/fixed_depth.txt"

/* How many lines the variant has; at least 1, so that a missing file or
 * variant still runs one case, which fails. */
int fixed_depth_count(const char *variant);
/* Searches line i of the variant to its depth; the root turn must be one
 * of its best turns. */
void fixed_depth_solve(const char *variant, int i);
/* The FENs of the variant's lines (at most max, each FEN_MAX long); how many. */
int fixed_depth_fens(const char *variant, char (*fens)[FEN_MAX], int max);

#endif
