/* Fuzz target: the Polyglot book reader (book/polyglot.c) on a file image.
 * Byte 0 picks a position and whether every entry's key is forced to that
 * position's key: random keys would almost never reach the move decoding,
 * which is where an untrusted 16-bit move meets the board. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "../../book/polyglot.h"
#include "../../engine/fen.h"
#include "../../variants/registry.h"
#include "fuzz.h"

static const char *const fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "8/1P6/8/8/8/8/6p1/K6k w - - 0 1",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    Position pos;
    char err[256];
    if (!fen_parse(&pos, variant_find("chess"), fens[data[0] % 4], err, sizeof err)) abort();
    size_t n = size - 1;
    unsigned char *image = malloc(n ? n : 1);
    memcpy(image, data + 1, n);
    if (data[0] & 0x80) {
        uint64_t key = polyglot_key(&pos);
        for (size_t at = 0; at + POLY_ENTRY_BYTES <= n; at += POLY_ENTRY_BYTES)
            for (int b = 0; b < 8; b++) image[at + b] = (unsigned char)(key >> (56 - 8 * b));
    }
    if (polyglot_check(image, n, err, sizeof err)) {
        BookMove moves[64];
        int k = polyglot_moves(image, n, &pos, moves, 64);
        if (k < 0 || k > 64) abort();
        for (int i = 0; i < k; i++)
            if (!polyglot_encode_move(&pos, moves[i].turn)) abort(); /* a move returned must be legal */
    }
    free(image);
    return 0;
}
