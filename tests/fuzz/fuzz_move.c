/* Fuzz target: the move-string parser of every variant (engine/notation.c
 * play_turn_steps and each plugin's parse_special, e.g. Buratia's bribe
 * tokens) through the game layer (game_play), as `position ... moves` uses it.
 * Input: byte 0 picks the variant, byte 1 one of its start positions below,
 * the rest is turns separated by white space, played in order.
 * Invariant: a rejected turn leaves the game exactly as it was. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../engine/fen.h"
#include "../../engine/game.h"
#include "../../variants/registry.h"
#include "fuzz.h"

enum { INPUT_MAX = 8192 };

typedef struct {
    const char *variant, *fen;
} Start;

/* Start positions plus ones with holdings, promotions, castling, throne
 * fights and magic, so that short inputs reach each notation. */
static const Start starts[] = {
    {"chess", NULL},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"},
    {"chess", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1"},
    {"buratia", NULL},
    {"buratia", "r3k2r/p1+P3p1/8/3n4/8/8/P1+p3P1/R3K2R[PNn] b - - 0 30"},
    {"buratia", "4k3/pppppppp/8/8/8/8/8/R6R[K] w - - 0 40"},
    {"buratia", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR[] w - f6 0 3"},
    {"buratia", "r1bqk2r/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQK2R[NBnb] w - - 0 6"},
    {"japanese", NULL},
    {"japanese", "4k4/1+r7/9/3+B5/9/5+b3/9/7+R1/4K4 w - - 0 1"},
    {"japanese", "l3k3l/1g5s1/p1p3p1p/2S6/6N2/4L4/PB5RP/9/4K4 w - - 0 1"},
    {"belarusian", NULL},
    {"belarusian", "l3a3l/rrrrkrrrr/9/9/6i2/9/9/RRR1KRRRR/L3A3L w AIai - 0 1"},
    {"belarusian", "a3R3l/5k3/9/9/9/9/9/9/L1VKA1I1L w - - 0 1"},
    {"belarusian", "4a4/rrr1k1rrr/9/9/l3A4/9/2V6/RRR3RRR/3K5 w - - 0 1"},
    {"voodoo", NULL},
    {"voodoo", "3qk3/8/8/8/8/8/8/4K2R[Q] w - - 0 1"},
    {"voodoo", "n7/8/1k6/8/1q4q1/1Pq2qP1/BRP2P2/KB5N[] w - - 0 1"},
    {"voodoo", "4k2r/2pP4/8/8/8/8/8/4K3[] b - - 0 1"},
};
enum { NSTARTS = sizeof starts / sizeof *starts };

static void play_all(Game *g, char *text) {
    char *save = NULL, err[256];
    for (char *t = strtok_r(text, " \t\r\n", &save); t; t = strtok_r(NULL, " \t\r\n", &save)) {
        uint64_t key = g->cur.key;
        int nsteps = g->nsteps;
        if (game_play(g, t, err, sizeof err)) continue;
        if (g->cur.key != key || g->nsteps != nsteps || !err[0]) {
            fprintf(stderr, "rejected turn '%s' changed the game or gave no reason\n", t);
            abort();
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 2) return 0;
    /* byte 0 picks the variant, byte 1 one of that variant's positions */
    int nvar = variant_count();
    const Variant *v = variant_at(data[0] % nvar);
    int mine[NSTARTS], n = 0;
    for (int i = 0; i < NSTARTS; i++)
        if (!strcmp(starts[i].variant, v->name)) mine[n++] = i;
    if (!n) return 0;
    const Start *s = &starts[mine[data[1] % n]];
    char err[256];
    Position pos;
    if (!fen_parse(&pos, v, s->fen ? s->fen : v->start_fen, err, sizeof err)) {
        fprintf(stderr, "seed position rejected: %s\n", err);
        abort();
    }
    Game *g = malloc(sizeof *g);
    char *text = malloc(INPUT_MAX + 1);
    size_t len = size - 2 < INPUT_MAX ? size - 2 : INPUT_MAX;
    memcpy(text, data + 2, len);
    text[len] = 0;
    game_reset(g, &pos);
    play_all(g, text);
    free(text);
    free(g);
    return 0;
}
