/* The reference generator for Buratia (RULES.md section 2), which has its
 * own FEN reader too; tests/ref.h says what a reference generator is. Its
 * `play` takes bribe tokens as well as moves (refrain "N@b8", purchase
 * "N@b8,e7e5", take-back "+N@b8"); its `result` returns the code (0 none,
 * 1 white wins, 2 black wins, 3 draw). */
#ifndef RATNIK_REF_BURATIA_H
#define RATNIK_REF_BURATIA_H

#include "ref.h"

enum { REF_BURATIA_DEFAULT_LIMIT = 100 };

extern const RefGen ref_buratia;

/* The result under a MoveLimit (full moves, 0 = none); `result` uses the
 * default 100. */
int ref_buratia_result_limit(const char *fen, int limit, char *buf, size_t n);

#endif
