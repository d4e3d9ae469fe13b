/* FIDE chess: every rule, and perft on the standard positions. */
#include <stdlib.h>
#include "test_util.h"
#include "../variants/registry.h"
#include "suites.h"
#include "fixed_depth.h"

/* Positions where a rule decides which turns are legal, and where playing
 * turns must end in a given FEN (NULL fen: the start; NULL turns: none). */
static const struct {
    const char *rule, *fen, *legal, *illegal, *turns, *after;
} turn_rules[] = {
    {"castling both sides", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1 e1c1", "",
     "e1g1 e8c8", "2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"},
    {"castling through an attacked square", "1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1c1", "e1g1", NULL, NULL},
    {"castling out of check", "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "", "e1g1 e1c1", NULL, NULL},
    {"castling with a piece between", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "", "e1c1", NULL, NULL},
    /* the king does not cross b1, so its attack does not stop long castling */
    {"long castling with b1 attacked", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1", "", NULL, NULL},
    {"castling rights lost by rook moves", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "", "",
     "h1h2 a8a7", "4k2r/r7/8/8/8/8/7R/R3K3 w Qk - 2 2"},
    {"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "", "e5d6", "4k3/8/3P4/8/8/8/8/4K3 b - - 0 1"},
    {"en passant field after every double step", NULL, "", "",
     "e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
    {"en passant exposing the king", "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1", "", "e5d6", NULL, NULL},
    {"promotion choices", "8/4P3/8/8/8/8/8/k6K w - - 0 1", "e7e8q e7e8r e7e8b e7e8n", "e7e8 e7e8k",
     "e7e8n", "4N3/8/8/8/8/8/8/k6K b - - 0 1"},
    /* only king moves or the capture of the checker */
    {"check must be answered", "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "e1e2 e1d1 e1f1", "a1a2 e1c1 e1d2",
     NULL, NULL},
};

START_TEST(turn_rule) {
    const char *fen = turn_rules[_i].fen, *rule = turn_rules[_i].rule;
    Position pos = test_pos("chess", fen);
    const char *lists[2] = {turn_rules[_i].illegal, turn_rules[_i].legal};
    for (int legal = 0; legal <= 1; legal++) {
        char buf[256], *save = NULL;
        snprintf(buf, sizeof buf, "%s", lists[legal]);
        for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
            ck_assert_msg(test_has_turn(&pos, t) == legal, "%s: %s should be %s", rule, t, legal ? "legal" : "illegal");
    }
    if (!turn_rules[_i].turns) return;
    char after[FEN_MAX];
    test_play("chess", fen, turn_rules[_i].turns, after, sizeof after);
    ck_assert_msg(!strcmp(after, turn_rules[_i].after), "%s: %s, not %s", rule, after, turn_rules[_i].after);
}
END_TEST

START_TEST(checkmate_and_stalemate) {
    const char *reason;
    char fen[FEN_MAX];
    test_play("chess", NULL, "f2f3 e7e5 g2g4 d8h4", fen, sizeof fen);
    Position mate = test_pos("chess", fen);
    ck_assert_int_eq(test_result(&mate, &reason), RES_BLACK_WINS);
    ck_assert_str_eq(reason, "checkmate");
    ck_assert_uint_eq(perft(&mate, 1), 0);
    Position stale = test_pos("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    ck_assert_int_eq(test_result(&stale, &reason), RES_DRAW);
    ck_assert_str_eq(reason, "stalemate");
}
END_TEST

START_TEST(fifty_move_rule) {
    const char *reason;
    Position pos = test_pos("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80");
    ck_assert_int_eq(test_result(&pos, NULL), RES_NONE);
    char fen[FEN_MAX];
    test_play("chess", "4k3/8/8/8/8/8/8/R3K3 w - - 99 80", "a1a2", fen, sizeof fen);
    Position after = test_pos("chess", fen);
    ck_assert_int_eq(test_result(&after, &reason), RES_DRAW);
    ck_assert_str_eq(reason, "fifty-move rule");
    /* a capture or pawn move resets the clock */
    test_play("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80", "e2e3", fen, sizeof fen);
    ck_assert_str_eq(fen, "4k3/8/8/8/8/4P3/8/R3K3 b - - 0 80");
}
END_TEST

START_TEST(insufficient_material) {
    static const struct { const char *fen; ResultCode code; } cases[] = {
        {"4k3/8/8/8/8/8/8/4K3 w - - 0 1", RES_DRAW},
        {"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", RES_DRAW},
        {"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", RES_DRAW},
        {"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", RES_DRAW},   /* bishops on same colour */
        {"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", RES_NONE},  /* opposite colours */
        {"4k3/8/8/8/8/8/8/3NKN2 w - - 0 1", RES_NONE},
        {"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", RES_NONE},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Position pos = test_pos("chess", cases[i].fen);
        ck_assert_msg(test_result(&pos, NULL) == cases[i].code, "%s", cases[i].fen);
    }
}
END_TEST

START_TEST(threefold_repetition) {
    Game *g = malloc(sizeof *g);
    Position start = test_pos("chess", NULL);
    char err[128];
    Outcome o;
    game_reset(g, &start);
    const char *moves[] = {"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"};
    for (int i = 0; i < 7; i++) ck_assert(game_play(g, moves[i], err, sizeof err));
    game_outcome(g, &o);
    ck_assert_int_eq(o.code, RES_NONE);
    ck_assert(game_play(g, "f6g8", err, sizeof err));
    game_outcome(g, &o);
    ck_assert_int_eq(o.code, RES_DRAW);
    ck_assert_str_eq(o.reason, "threefold repetition");
    free(g);
}
END_TEST

static const struct { const char *fen; int depth; uint64_t nodes; } perft_cases[] = {
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
    {"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
    {"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624},
    {"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4, 422333},
    {"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 4, 2103487},
    {"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", 4, 3894594},
};

START_TEST(perft_standard_positions) {
    Position pos = test_pos("chess", perft_cases[_i].fen);
    ck_assert_uint_eq(perft(&pos, perft_cases[_i].depth), perft_cases[_i].nodes);
}
END_TEST

START_TEST(setup_rejects_impossible) {
    Position pos;
    char err[128];
    ck_assert(!fen_parse(&pos, variant_find("chess"), "4k3/8/8/8/8/8/8/4KK2 w - - 0 1", err, sizeof err));
    ck_assert(!fen_parse(&pos, variant_find("chess"), "4k3/8/8/8/8/8/8/7P w - - 0 1", err, sizeof err));
    ck_assert(!fen_parse(&pos, variant_find("chess"), "4k2R/8/8/8/8/8/8/4K3 w - - 0 1", err, sizeof err));
}
END_TEST

/* The quiescence fast path offers exactly the captures and promotions of
 * the full legal list, in positions from seeded random play. */
START_TEST(noisy_generation_matches_full) {
    unsigned seed = 12345;
    int checked = 0;
    for (int game = 0; game < 40; game++) {
        Position pos = test_pos("chess", NULL);
        for (int ply = 0; ply < 120; ply++) {
            Move all[MAX_MOVES], noisy[MAX_MOVES];
            int n = pos.v->generate(&pos, all);
            if (!n) break;
            if (!pos.v->in_check(&pos)) {
                int k = pos.v->generate_noisy(&pos, noisy), want = 0;
                for (int i = 0; i < n; i++) {
                    Piece victim = pos.board[move_to(all[i])];
                    bool is_noisy = move_kind(all[i]) == MK_EP || move_kind(all[i]) == MK_PROMO
                                 || (victim && piece_color(victim) != pos.side);
                    if (!is_noisy) continue;
                    want++;
                    bool found = false;
                    for (int j = 0; j < k && !found; j++) found = noisy[j] == all[i];
                    ck_assert_msg(found, "noisy list misses a move");
                }
                ck_assert_int_eq(k, want);
                checked++;
            }
            seed = seed * 1103515245u + 12345u;
            pos.v->make(&pos, all[(seed >> 16) % (unsigned)n]);
        }
    }
    ck_assert_int_gt(checked, 1000);
}
END_TEST

/* The chess lines of tests/tactics/fixed_depth.txt, found at their depth. */
START_TEST(tactics_fixed_depth) { fixed_depth_solve("chess", _i); }
END_TEST

Suite *suite_chess(void) {
    return suite_of("chess",
                    LOOP_CASE("rules", 60,
                              LOOPS({perft_standard_positions, sizeof perft_cases / sizeof *perft_cases},
                                    {turn_rule, sizeof turn_rules / sizeof *turn_rules}),
                              checkmate_and_stalemate, fifty_move_rule, insufficient_material,
                              threefold_repetition, setup_rejects_impossible, noisy_generation_matches_full),
                    LOOP_CASE("search", 60, LOOPS({tactics_fixed_depth, fixed_depth_count("chess")}), NULL), NULL);
}
