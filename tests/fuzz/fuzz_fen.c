/* Fuzz target: the FEN parser (engine/fen.c) and the variant's setup check,
 * then what any accepted position must survive, since a client can send it
 * with `position fen`: move generation, make, outcome, and the notation.
 * Input: byte 0 picks the variant, the rest is the FEN text.
 * Invariants (a violation aborts, so the fuzzer reports it):
 *  - a FEN that parses writes back a FEN that parses to the same text;
 *  - every legal turn string is accepted by play_turn_str. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../../engine/fen.h"
#include "../../engine/notation.h"
#include "../../variants/registry.h"
#include "fuzz.h"

enum { FEN_INPUT_MAX = 1024, TURNS_CHECKED = 64 };

static void check_roundtrip(const Position *pos) {
    char fen1[FEN_MAX * 2], fen2[FEN_MAX * 2], err[256];
    Position again;
    fen_write(pos, fen1, sizeof fen1);
    if (!fen_parse(&again, pos->v, fen1, err, sizeof err)) {
        fprintf(stderr, "written FEN rejected: %s (%s)\n", fen1, err);
        abort();
    }
    fen_write(&again, fen2, sizeof fen2);
    if (strcmp(fen1, fen2) || again.key != pos->key) {
        fprintf(stderr, "FEN round trip differs:\n%s\n%s\n", fen1, fen2);
        abort();
    }
}

/* Every step, and every step of the position after it (sub-steps too). */
static void exercise_moves(const Position *pos) {
    static _Thread_local Move moves[MAX_MOVES], replies[MAX_MOVES];
    Outcome o;
    pos->v->outcome(pos, &o);
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        child.v->make(&child, moves[i]);
        child.v->outcome(&child, &o);
        (void)child.v->generate(&child, replies);
    }
}

static void check_turn_strings(const Position *pos) {
    enum { MAX_TURNS = 4096 };
    char(*turns)[TURN_STR_MAX] = malloc(sizeof *turns * MAX_TURNS);
    int n = legal_turn_strings(pos, turns, MAX_TURNS);
    for (int i = 0; i < n && i < MAX_TURNS && i < TURNS_CHECKED; i++) {
        Position p = *pos;
        char err[256];
        if (!play_turn_str(&p, turns[i], err, sizeof err)) {
            char fen[FEN_MAX * 2];
            fen_write(pos, fen, sizeof fen);
            fprintf(stderr, "legal turn %s rejected in %s: %s\n", turns[i], fen, err);
            abort();
        }
    }
    free(turns);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) return 0;
    const Variant *v = variant_at(data[0] % variant_count());
    char fen[FEN_INPUT_MAX + 1], err[256];
    size_t len = size - 1 < FEN_INPUT_MAX ? size - 1 : FEN_INPUT_MAX;
    memcpy(fen, data + 1, len);
    fen[len] = 0;
    Position pos;
    if (!fen_parse(&pos, v, fen, err, sizeof err)) return 0;
    check_roundtrip(&pos);
    exercise_moves(&pos);
    check_turn_strings(&pos);
    return 0;
}
