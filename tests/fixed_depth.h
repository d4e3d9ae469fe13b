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
/* The evaluation is colour-symmetric on the variant's lines and on
 * positions of seeded random play from them (games of plies each); the
 * start position scores the same whoever is to move. Returns how many
 * were checked. */
int fixed_depth_eval_symmetric(const char *variant, int games, int plies, unsigned seed);

#endif
