/* Fuzz target: the opening-set readers of `ratnik match` (protocol/
 * match_book.c, match_load_openings: EPD, and PGN cut at plies=), then what
 * the match does with each opening (protocol/match/match_game.c setup_start):
 * its FEN read for the variant and its moves played by match_game_apply.
 * Input: byte 0 picks EPD or PGN (bit 0) and the ply cut (the rest),
 * byte 1 the variant, the rest is the file, handed over as an in-memory
 * file (memfd) so that no input touches the disk. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "../../engine/fen.h"
#include "../../protocol/match/match.h"
#include "../../variants/registry.h"
#include "fuzz.h"

/* setup_start's steps (static there): the FEN, then each move through
 * match_game_apply, which also reads SAN and writes the PGN's SAN. */
static void play_opening(const Variant *v, const Opening *op, MatchGame *mg) {
    Position start;
    char err[256];
    if (!fen_parse(&start, v, op->fen[0] ? op->fen : v->start_fen, err, sizeof err)) return;
    game_reset(&mg->game, &start);
    mg->nturns = 0;
    if (!op->moves) return;
    char *list = strdup(op->moves), *save = NULL;
    for (char *t = strtok_r(list, " ", &save); t; t = strtok_r(NULL, " ", &save))
        if (!match_game_apply(mg, t, "book", err, sizeof err)) break;
    free(list);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    int fd = memfd_create("book", 0);
    if (fd < 0) return 0;
    if (write(fd, data + 2, size - 2) != (ssize_t)(size - 2)) {
        close(fd);
        return 0;
    }
    MatchConfig *cfg = calloc(1, sizeof *cfg);
    cfg->variant = variant_at(data[1] % variant_count());
    cfg->openings_pgn = data[0] & 1;
    cfg->openings_plies = data[0] >> 1;
    snprintf(cfg->openings, sizeof cfg->openings, "/proc/self/fd/%d", fd);
    Opening *ops = NULL;
    char err[256];
    int n = match_load_openings(cfg, &ops, err, sizeof err);
    MatchGame *mg = n > 0 ? match_game_new() : NULL;
    for (int i = 0; i < n && i < 64; i++) play_opening(cfg->variant, &ops[i], mg);
    match_game_free(mg);
    if (n > 0) match_free_openings(ops, n);
    close(fd);
    free(cfg);
    return 0;
}
