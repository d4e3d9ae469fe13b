/* Core: FEN reading and writing, move strings, the game layer. */
#include <stdlib.h>
#include "test_util.h"
#include "../variants/registry.h"
#include <limits.h>
#include "../engine/number.h"
#include "suites.h"

static const char *round_trip_fens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 17 42",
    "4k3/8/8/8/8/8/8/4K3 w - - 99 300",
};

START_TEST(fen_round_trip) {
    char out[FEN_MAX];
    Position pos = test_pos("chess", round_trip_fens[_i]);
    fen_write(&pos, out, sizeof out);
    ck_assert_str_eq(out, round_trip_fens[_i]);
    ck_assert_uint_eq(pos.key, pos_compute_key(&pos));
}
END_TEST

static const char *bad_fens[] = {
    "",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
    "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkz - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB+QKBNR w KQkq - 0 1",
    "8/8/8/8/8/8/8/8 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKQNR w KQkq - 0 1 ",
    "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",
    "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1 5",
    "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1",
};

START_TEST(fen_rejects_malformed) {
    Position pos;
    char err[256] = "";
    bool ok = fen_parse(&pos, variant_find("chess"), bad_fens[_i], err, sizeof err);
    if (_i == 17) { /* a trailing space is harmless; two queens are legal */
        ck_assert(ok);
        return;
    }
    ck_assert_msg(!ok, "accepted bad FEN '%s'", bad_fens[_i]);
    ck_assert_msg(err[0], "no message for '%s'", bad_fens[_i]);
}
END_TEST

START_TEST(fen_drops_impossible_castling) {
    char out[FEN_MAX];
    Position pos = test_pos("chess", "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1");
    fen_write(&pos, out, sizeof out);
    ck_assert_str_eq(out, "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}
END_TEST

/* Every legal move's string parses back to the same move. */
START_TEST(move_strings_round_trip) {
    Position pos = test_pos("chess", round_trip_fens[_i]);
    Move moves[MAX_MOVES];
    int n = pos.v->generate(&pos, moves);
    ck_assert_int_gt(n, 0);
    for (int i = 0; i < n; i++) {
        char str[MOVE_STR_MAX], err[128], a[FEN_MAX], b[FEN_MAX];
        move_to_str(&pos, moves[i], str);
        Position byparse = pos, bymake = pos;
        ck_assert_msg(play_turn_str(&byparse, str, err, sizeof err), "%s: %s", str, err);
        bymake.v->make(&bymake, moves[i]);
        fen_write(&byparse, a, sizeof a);
        fen_write(&bymake, b, sizeof b);
        ck_assert_str_eq(a, b);
        ck_assert_uint_eq(byparse.key, pos_compute_key(&byparse));
    }
}
END_TEST

START_TEST(bad_move_strings_rejected) {
    static const char *bad[] = {"", "e2", "e2e5", "e7e5", "e2e4q", "E2E4", "e2e4,e7e5", "z9z9", "e2e4 ", "P@e4", "xe2"};
    Position pos = test_pos("chess", NULL);
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        char err[128] = "", before[FEN_MAX], after[FEN_MAX];
        fen_write(&pos, before, sizeof before);
        ck_assert_msg(!play_turn_str(&pos, bad[i], err, sizeof err), "accepted '%s'", bad[i]);
        ck_assert(err[0]);
        fen_write(&pos, after, sizeof after);
        ck_assert_str_eq(before, after);
    }
}
END_TEST

START_TEST(square_strings) {
    const Geometry *g9 = geometry_get(9, 9), *g8 = geometry_get(8, 8);
    int sq;
    char buf[3];
    ck_assert_int_eq(square_parse(g9, "i9", &sq), 2);
    ck_assert_int_eq(sq, 80);
    square_to_str(g9, sq, buf);
    ck_assert_str_eq(buf, "i9");
    ck_assert_int_eq(square_parse(g8, "i9", &sq), 0);
    ck_assert_int_eq(square_parse(g8, "h8", &sq), 2);
    ck_assert_int_eq(sq, 63);
    /* Exact-size buffers, so the sanitizer builds catch a read past the end
     * (the fuzzer's `lift` with no square did). */
    const char empty[1] = "", file_only[2] = "e";
    ck_assert_int_eq(square_parse(g8, empty, &sq), 0);
    ck_assert_int_eq(square_parse(g8, file_only, &sq), 0);
}
END_TEST

START_TEST(game_keeps_state_on_bad_turn) {
    Game *g = malloc(sizeof *g);
    Position start = test_pos("chess", NULL);
    char err[128];
    game_reset(g, &start);
    ck_assert(game_play(g, "e2e4", err, sizeof err));
    ck_assert(!game_play(g, "e2e4", err, sizeof err));
    ck_assert_int_eq(g->nsteps, 1);
    ck_assert_int_eq(g->cur.side, BLACK);
    free(g);
}
END_TEST

/* Takes back whole turns, a turn of several steps included (Voodoo's
 * `xa2,a7a5,a1a2`; Buratia's displacement `b1d2,d2d3` is one step), and
 * refuses to take back more turns than were played. */
START_TEST(game_undo_turns) {
    static const struct { const char *variant, *turns; } games[] = {
        {"chess", "e2e4 e7e5 g1f3"},
        {"voodoo", "xa2,a7a5,a1a2 e7e5 d2d4"},
        {"buratia", "b1d2,d2d3 e7e6 g1f3"},
    };
    for (size_t k = 0; k < sizeof games / sizeof *games; k++) {
        Game *g = malloc(sizeof *g);
        ck_assert_ptr_nonnull(g);
        Position start = test_pos(games[k].variant, NULL);
        char err[128], buf[128], *save = NULL;
        uint64_t key[4];
        int steps[4], n = 0;
        game_reset(g, &start);
        key[0] = g->cur.key, steps[0] = 0;
        snprintf(buf, sizeof buf, "%s", games[k].turns);
        for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save), n++) {
            ck_assert_msg(game_play(g, t, err, sizeof err), "%s: %s", t, err);
            key[n + 1] = g->cur.key, steps[n + 1] = g->nsteps;
        }
        ck_assert(!game_undo(g, 4));
        ck_assert_int_eq(g->nsteps, steps[3]);
        ck_assert(game_undo(g, 1));
        ck_assert_int_eq(g->nsteps, steps[2]);
        ck_assert(g->cur.key == key[2]);
        ck_assert(game_undo(g, 2));
        ck_assert_int_eq(g->nsteps, 0);
        ck_assert(g->cur.key == key[0]);
        ck_assert_msg(!memcmp(&g->cur, &start, sizeof start), "%s: the start position differs after undo", games[k].variant);
        ck_assert(!game_undo(g, 1));
        int first_steps = strcmp(games[k].variant, "voodoo") ? 1 : 2; /* Voodoo's first turn: several steps */
        ck_assert_msg(steps[1] >= first_steps, "%s: the first turn took %d steps", games[k].variant, steps[1]);
        free(g);
    }
}
END_TEST

START_TEST(bitboard_helpers) {
    bb_t b = bb_sq(3) | bb_sq(70) | bb_sq(80);
    ck_assert_int_eq(bb_count(b), 3);
    ck_assert_int_eq(bb_lsb(b), 3);
    ck_assert_int_eq(bb_msb(b), 80);
    const Geometry *g = geometry_get(9, 9);
    /* A rook on e5 of an empty 9x9 board sees 16 squares; one on a1, 16. */
    ck_assert_int_eq(bb_count(geo_rook_attacks(g, 40, 0)), 16);
    ck_assert_int_eq(bb_count(geo_bishop_attacks(g, 40, 0)), 16);
    ck_assert_int_eq(bb_count(geo_rook_attacks(g, 40, bb_sq(41))), 13);
    ck_assert_int_eq(bb_count(g->knight[0]), 2);
}
END_TEST

/* Every number a user types is read by parse_integer: the same forms are
 * accepted everywhere (UCI, CECP, the daemon's and the tools' flags, FEN
 * counters), and a refused one leaves the output alone. */
START_TEST(integers_are_read_one_way) {
    long long v = 7;
    ck_assert(parse_integer("42", 0, 100, &v) && v == 42);
    ck_assert(parse_integer("-3", -5, 5, &v) && v == -3);
    ck_assert(parse_integer("9223372036854775807", 0, LLONG_MAX, &v) && v == LLONG_MAX);
    v = 7;
    const char *bad[] = {"", "-", "+5", " 5", "5 ", "5x", "0x10", "1e3", "101", "-6", "9223372036854775808"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        ck_assert_msg(!parse_integer(bad[i], -5, 100, &v) && v == 7, "'%s' accepted", bad[i]);
}
END_TEST

Suite *suite_core(void) {
    return suite_of("core",
                    LOOP_CASE("fen", 0,
                              LOOPS({fen_round_trip, sizeof round_trip_fens / sizeof *round_trip_fens},
                                    {fen_rejects_malformed, sizeof bad_fens / sizeof *bad_fens},
                                    {move_strings_round_trip, sizeof round_trip_fens / sizeof *round_trip_fens}),
                              fen_drops_impossible_castling, integers_are_read_one_way, bad_move_strings_rejected,
                              square_strings, game_keeps_state_on_bad_turn, game_undo_turns, bitboard_helpers),
                    NULL);
}
