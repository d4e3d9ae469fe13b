/* Fuzz target: the ratnik book loader (book/rbook.c). Byte 0 picks the
 * variant the book is loaded for, the rest is the file image; a book that
 * loads is then asked for the moves of the start position, and of the
 * position after each of those moves. */
#include <stdint.h>
#include <stdio.h>
#include "../../book/rbook.h"
#include "../../engine/fen.h"
#include "../../variants/registry.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const Variant *v = variant_at(data[0] % variant_count());
    char err[256];
    RBook *b = rbook_load(data + 1, size - 1, v, err, sizeof err);
    if (!b) return 0;
    Position start;
    fen_parse(&start, v, v->start_fen, err, sizeof err);
    BookMove m[16], m2[16];
    int n = rbook_moves(b, &start, m, 16);
    for (int i = 0; i < n; i++) {
        Position next = start;
        if (play_turn_str(&next, m[i].turn, err, sizeof err)) rbook_moves(b, &next, m2, 16);
    }
    rbook_free(b);
    return 0;
}
