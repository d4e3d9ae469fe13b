/* The fixed-depth positions (fixed_depth.h). */
#include "fixed_depth.h"
#include <stdio.h>
#include "test_search_util.h"

typedef struct {
    char variant[32], fen[FEN_MAX], best[256];
    int depth;
} FixedDepthLine;

/* Line i (from 0) of the variant, or false when there is none. */
static bool read_line(const char *variant, int i, FixedDepthLine *out) {
    FILE *f = fopen(FIXED_DEPTH_FILE, "r");
    if (!f) return false;
    char line[2048];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        int n = sscanf(line, "%31s | %d | %255[^|]| %255[^\n]", out->variant, &out->depth, out->fen, out->best);
        size_t len = strlen(out->fen);
        while (len && out->fen[len - 1] == ' ') out->fen[--len] = 0;
        /* A malformed line belongs to every variant, so that every suite
         * runs it and fails (no assertion here: the count runs outside a test). */
        if (n != 4) snprintf(out->best, sizeof out->best, "malformed line: %.200s", line), out->depth = -1;
        found = (n != 4 || !strcmp(out->variant, variant)) && i-- == 0;
    }
    fclose(f);
    return found;
}

int fixed_depth_count(const char *variant) {
    FixedDepthLine l;
    int n = 0;
    while (read_line(variant, n, &l)) n++;
    return n ? n : 1;
}

void fixed_depth_solve(const char *variant, int i) {
    FixedDepthLine l;
    ck_assert_msg(read_line(variant, i, &l), "%s: no line %d for %s", FIXED_DEPTH_FILE, i, variant);
    ck_assert_msg(l.depth > 0, "%s: %s", FIXED_DEPTH_FILE, l.best);
    assert_finds(variant, l.fen, l.depth, l.best);
}

int fixed_depth_eval_symmetric(const char *variant, int games, int plies, unsigned seed) {
    Position start = test_pos(variant, NULL), black = start;
    black.side = BLACK;
    ck_assert_int_eq(start.v->evaluate(&start), black.v->evaluate(&black));
    enum { FENS_MAX = 16 };
    char fen[FENS_MAX][FEN_MAX];
    const char *fens[FENS_MAX];
    FixedDepthLine l;
    int n = 0;
    while (n < FENS_MAX && read_line(variant, n, &l) && l.depth > 0) {
        snprintf(fen[n], FEN_MAX, "%s", l.fen);
        fens[n] = fen[n];
        n++;
    }
    return assert_eval_symmetric_all(variant, fens, n, games, plies, seed);
}
