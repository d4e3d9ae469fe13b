/* `ratnik perftree [--variant NAME] DEPTH FEN [MOVES]`: the script that
 * perftree (agausmann/perftree) runs to compare a move generator with
 * Stockfish, move by move. It passes exactly DEPTH, FEN and the moves
 * played since (one word, space-separated, absent or empty at the root),
 * and reads `turn count` lines, a blank line and the total. A FEN does not
 * say which variant it is (Buratia and Voodoo start as chess does), so
 * the variant is an option that a wrapper script puts before the three. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "perftree.h"
#include "../../engine/fen.h"
#include "../../engine/notation.h"
#include "../../engine/perft.h"
#include "../../variants/registry.h"
#include "../../engine/number.h"

enum { PERFTREE_MAX_DEPTH = 20 };

static int perftree_usage(void) {
    fprintf(stderr, "usage: ratnik perftree [--variant NAME] DEPTH FEN [MOVES]   (docs/tools.md)\n");
    return 2;
}

static void print_child(void *ctx, const char *turn, uint64_t nodes) {
    (void)ctx;
    printf("%s %llu\n", turn, (unsigned long long)nodes);
}

/* Plays the space-separated turns of `moves` on pos; false with a
 * message naming the first one that is not legal. */
static bool play_moves(Position *pos, const char *moves) {
    char *copy = strdup(moves);
    if (!copy) {
        fprintf(stderr, "ratnik perftree: out of memory\n");
        return false;
    }
    bool ok = true;
    char *save = NULL;
    for (char *t = strtok_r(copy, " \t", &save); t && ok; t = strtok_r(NULL, " \t", &save)) {
        char err[256];
        ok = play_turn_str(pos, t, err, sizeof err);
        if (!ok) fprintf(stderr, "ratnik perftree: move '%s': %s\n", t, err);
    }
    free(copy);
    return ok;
}

int perftree_main(int argc, char **argv) {
    const Variant *v = variant_default();
    int i = 1;
    if (i + 1 < argc && !strcmp(argv[i], "--variant")) {
        if (!(v = variant_find(argv[i + 1]))) {
            fprintf(stderr, "ratnik perftree: unknown variant '%s'\n", argv[i + 1]);
            return 2;
        }
        i += 2;
    }
    if (argc - i < 2 || argc - i > 3) return perftree_usage();
    long long depth;
    if (!parse_integer(argv[i], 0, PERFTREE_MAX_DEPTH, &depth)) {
        fprintf(stderr, "ratnik perftree: DEPTH must be an integer 0..%d, not '%s'\n", PERFTREE_MAX_DEPTH, argv[i]);
        return 2;
    }
    Position pos;
    char err[256];
    if (!fen_parse(&pos, v, argv[i + 1], err, sizeof err)) {
        fprintf(stderr, "ratnik perftree: bad FEN: %s\n", err);
        return 2;
    }
    if (argc - i == 3 && !play_moves(&pos, argv[i + 2])) return 2;
    /* Depth 0 counts the position itself and has no children. */
    uint64_t total = depth ? perft_divide(&pos, (int)depth, print_child, NULL) : 1;
    printf("\n%llu\n", (unsigned long long)total);
    return 0;
}
