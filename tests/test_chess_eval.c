/* The chess evaluation's newer terms, each pinned by changing its value
 * alone: the evaluation must move where the position has what the term
 * looks for (by exactly the term, where the term adds up linearly) and
 * stay put where it has not. */
#include <stdlib.h>
#include "test_util.h"
#include "suites.h"
#include "../variants/chess_eval.h"

static int eval_with(const char *fen, const ChessParams *p) {
    Position pos = test_pos("chess", fen);
    return chess_evaluate_with(&pos, (const int *)p);
}

/* How far the evaluation of fen moves when a term's middlegame and endgame
 * values (fields of *p) go from 0 to `value` together. */
static int term_shift(const char *fen, ChessParams *p, int *mg, int *eg, int value) {
    *mg = *eg = 0;
    int base = eval_with(fen, p);
    *mg = *eg = value;
    return eval_with(fen, p) - base;
}

/* White's d3 has no pawn beside or behind it and Black's e5 stops it;
 * c4 has d3 behind it, and Black's lone e5 is isolated, not backward. */
START_TEST(backward_pawn_is_counted_once) {
    const char *fen = "4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1";
    ChessParams p = chess_params;
    ck_assert_int_eq(term_shift(fen, &p, &p.backward_mg, &p.backward_eg, -50), -50);
    /* with the e5 pawn gone nothing stops d3: no longer backward */
    const char *free_fen = "4k3/8/8/8/2P5/3P4/8/4K3 w - - 0 1";
    ck_assert_int_eq(term_shift(free_fen, &p, &p.backward_mg, &p.backward_eg, -50), 0);
}
END_TEST

/* Bishops on squares of different colours and nothing else but pawns:
 * the endgame part shrinks; bishops of one colour, or a knight on the
 * board, leave it alone. */
START_TEST(opposite_bishops_scale_the_endgame) {
    const char *ocb = "4k3/5b2/8/3P4/2P5/8/3B4/4K3 w - - 0 1";       /* d2 dark, f7 light */
    const char *same = "4k3/4b3/8/3P4/2P5/8/3B4/4K3 w - - 0 1";      /* d2 and e7 dark */
    const char *knight = "4k3/5b2/8/3P4/2P5/8/3B4/4K1N1 w - - 0 1";
    ChessParams p = chess_params;
    p.opposite_bishops_scale = 64;
    int full = eval_with(ocb, &p), same_full = eval_with(same, &p), knight_full = eval_with(knight, &p);
    p.opposite_bishops_scale = 16;
    ck_assert_int_lt(eval_with(ocb, &p), full);
    ck_assert_int_eq(eval_with(same, &p), same_full);
    ck_assert_int_eq(eval_with(knight, &p), knight_full);
}
END_TEST

/* Without pawns, a side up no more than a minor piece keeps little or
 * none of its lead: two knights or one minor piece alone none at all, a
 * rook against a minor piece 4/64, a rook and a minor piece against a rook
 * 14/64. Endings that are won (two bishops, bishop and knight, a rook
 * against nothing, a queen against a minor piece) and any side with a
 * pawn keep the whole lead. */
START_TEST(pawnless_endings_are_scaled) {
    const ChessParams *p = &chess_params;
    ck_assert_int_eq(eval_with("8/8/8/4k3/8/8/8/1N2K1N1 w - - 0 1", p), p->tempo);
    ck_assert_int_eq(eval_with("8/p7/8/4k3/8/8/8/1N2K3 w - - 0 1", p), p->tempo);
    ck_assert_int_eq(eval_with("8/p7/8/4k3/8/8/8/2B1K3 w - - 0 1", p), p->tempo);
    /* a rook or a knight made worth 1000 more: the lead is then 1000 and
     * less than 500 more, and what is left of it shows the scale */
    ChessParams big = chess_params;
    big.material_mg[3] += 1000, big.material_eg[3] += 1000; /* P N B R Q: the rook */
    const char *rook_minor[] = {"8/4b3/8/4k3/8/8/8/R5K1 w - - 0 1", "8/4n3/8/4k3/8/8/8/R5K1 w - - 0 1"};
    for (int i = 0; i < 2; i++) {
        int kept = eval_with(rook_minor[i], &big) - big.tempo;
        ck_assert_int_ge(kept, 1000 * 4 / 64);
        ck_assert_int_le(kept, 1500 * 4 / 64);
    }
    big = chess_params;
    big.material_mg[1] += 1000, big.material_eg[1] += 1000; /* the knight */
    int kept = eval_with("8/4r3/8/4k3/8/8/2N5/R5K1 w - - 0 1", &big) - big.tempo;
    ck_assert_int_ge(kept, 1000 * 14 / 64);
    ck_assert_int_le(kept, 1500 * 14 / 64);
    ck_assert_int_gt(eval_with("8/8/8/4k3/8/8/8/2BBK3 w - - 0 1", p), 400);
    ck_assert_int_gt(eval_with("8/8/8/4k3/8/8/8/1NB1K3 w - - 0 1", p), 400);
    ck_assert_int_gt(eval_with("8/8/8/4k3/8/8/8/R5K1 w - - 0 1", p), 400);
    ck_assert_int_gt(eval_with("8/4b3/8/4k3/8/8/8/3QK3 w - - 0 1", p), 400);
    ck_assert_int_gt(eval_with("8/p7/8/4k3/8/8/8/1N2K1N1 w - - 0 1", p), 200);
    ck_assert_int_gt(eval_with("8/8/8/4k3/8/8/P7/2B1K3 w - - 0 1", p), 200);
}
END_TEST

/* Black's queen on d4 reaches d1, from where it checks the white king
 * along the first rank, and nothing of White's guards d1: a safe check.
 * With White's rook on c1 guarding d1 the check is no longer safe. The
 * units are seen through the middlegame's penalty: the endgame's weight
 * of them is the tuner's to set, and it has come out below 0 (there, a
 * king among enemy pieces is more often an active king than a hunted
 * one), so it is left out here. */
START_TEST(safe_checks_add_to_king_danger) {
    const char *open = "4k3/8/8/8/3q4/8/5PPP/6K1 w - - 0 1";
    const char *guarded = "4k3/8/8/8/3q4/8/5PPP/2R3K1 w - - 0 1";
    ChessParams p = chess_params;
    p.king_danger_eg = 0;
    for (int i = 0; i < 4; i++) p.safe_check[i] = 0;
    int open0 = eval_with(open, &p), guarded0 = eval_with(guarded, &p);
    p.safe_check[3] = 40;
    ck_assert_int_lt(eval_with(open, &p), open0);
    ck_assert_int_eq(eval_with(guarded, &p), guarded0);
}
END_TEST

/* White's bishop on d2 and its pawns on c3 and e3 share the dark squares. */
START_TEST(bishop_pawns_count_each_pawn) {
    const char *fen = "4k3/8/8/8/8/2P1P3/3B4/4K3 w - - 0 1";
    ChessParams p = chess_params;
    ck_assert_int_eq(term_shift(fen, &p, &p.bishop_pawns_mg, &p.bishop_pawns_eg, -10), -20);
}
END_TEST

/* Black's rook and queen bear on the bare white king's squares, which
 * nothing but the king guards; a white rook on f1 and pawns on g2 and h2
 * guard most of them. */
START_TEST(weak_zone_squares_add_to_king_danger) {
    const char *bare = "5r1k/8/8/8/7q/8/8/6K1 w - - 0 1";
    const char *held = "5r1k/8/8/8/7q/8/6PP/5RK1 w - - 0 1";
    ChessParams p = chess_params;
    p.weak_zone_square = 0;
    int bare0 = eval_with(bare, &p), held0 = eval_with(held, &p);
    p.weak_zone_square = 20;
    int bare_drop = bare0 - eval_with(bare, &p), held_drop = held0 - eval_with(held, &p);
    ck_assert_int_gt(bare_drop, 0);
    ck_assert_int_lt(held_drop, bare_drop);
}
END_TEST

/* How far the evaluation of fen moves when one field of *p goes from 0 to
 * `value` (the field is left at 0); for terms that are middlegame only or
 * scaled, where only the direction can be pinned. */
static int field_shift(const char *fen, ChessParams *p, int *field, int value) {
    *field = 0;
    int base = eval_with(fen, p);
    *field = value;
    int moved = eval_with(fen, p) - base;
    *field = 0;
    return moved;
}

/* d4 and e4 stand side by side on White's fourth rank (index 3): both
 * count; d4 and f4 do not touch. */
START_TEST(phalanx_pawns_count_each_pawn) {
    const char *side = "4k3/p7/8/8/3PP3/8/8/4K3 w - - 0 1";
    const char *apart = "4k3/p7/8/8/3P1P2/8/8/4K3 w - - 0 1";
    ChessParams p = chess_params;
    ck_assert_int_eq(term_shift(side, &p, &p.phalanx_mg[3], &p.phalanx_eg[3], 10), 20);
    ck_assert_int_eq(term_shift(apart, &p, &p.phalanx_mg[3], &p.phalanx_eg[3], 10), 0);
}
END_TEST

/* Black's g-pawn on g4 storms White's castled king (its rank from White's
 * side: 3); with a white pawn on g3 right in front of it, it is blocked
 * and counts under the other table. The queens keep the middlegame in. */
START_TEST(storming_pawns_by_rank_and_blocked) {
    const char *open = "r2qk2r/pppppp1p/8/8/6p1/8/PPPPPP1P/R2Q1RK1 w kq - 0 1";
    const char *blocked = "r2qk2r/pppppp1p/8/8/6p1/6P1/PPPPPP1P/R2Q1RK1 w kq - 0 1";
    ChessParams p = chess_params;
    ck_assert_int_lt(field_shift(open, &p, &p.storm[3], -40), 0);
    ck_assert_int_eq(field_shift(blocked, &p, &p.storm[3], -40), 0);
    ck_assert_int_eq(field_shift(open, &p, &p.storm_blocked[3], -40), 0);
    ck_assert_int_lt(field_shift(blocked, &p, &p.storm_blocked[3], -40), 0);
}
END_TEST

/* e4-e5 would attack Black's knight on d6, and nothing of Black's covers
 * e5; with a black pawn on f6 guarding e5 the step is not safe. */
START_TEST(safe_pawn_step_threatens_a_piece) {
    const char *safe = "4k3/p6p/3n4/8/4P3/8/8/4K3 w - - 0 1";
    const char *guarded = "4k3/p6p/3n1p2/8/4P3/8/8/4K3 w - - 0 1";
    ChessParams p = chess_params;
    ck_assert_int_eq(term_shift(safe, &p, &p.threat_push_mg, &p.threat_push_eg, 10), 10);
    ck_assert_int_eq(term_shift(guarded, &p, &p.threat_push_mg, &p.threat_push_eg, 10), 0);
}
END_TEST

/* White's knight on d3 stands right behind its d4 pawn; on c3 it does not. */
START_TEST(minor_behind_pawn) {
    const char *behind = "r2qk2r/pppppppp/8/8/3P4/3N4/PPP1PPPP/R2QK2R w KQkq - 0 1";
    const char *beside = "r2qk2r/pppppppp/8/8/3P4/2N5/PPP1PPPP/R2QK2R w KQkq - 0 1";
    ChessParams p = chess_params;
    ck_assert_int_gt(field_shift(behind, &p, &p.minor_behind_pawn_mg, 40), 0);
    ck_assert_int_eq(field_shift(beside, &p, &p.minor_behind_pawn_mg, 40), 0);
}
END_TEST

/* The same terms for Black: every term above is colour-blind. */
START_TEST(new_terms_mirror) {
    const char *pairs[][2] = {
        {"4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", "4k3/8/3p4/2p5/4P3/8/8/4K3 b - - 0 1"},
        {"4k3/8/8/8/3q4/8/5PPP/6K1 w - - 0 1", "6k1/5ppp/8/3Q4/8/8/8/4K3 b - - 0 1"},
        {"r2qk2r/pppppp1p/8/8/6p1/6P1/PPPPPP1P/R2Q1RK1 w kq - 0 1", "r2q1rk1/pppppp1p/6p1/6P1/8/8/PPPPPP1P/R2QK2R b KQ - 0 1"},
        {"4k3/p6p/3n4/8/4P3/8/8/4K3 w - - 0 1", "4k3/8/8/4p3/8/3N4/P6P/4K3 b - - 0 1"},
        {"r2qk2r/pppppppp/8/8/3P4/3N4/PPP1PPPP/R2QK2R w KQkq - 0 1", "r2qk2r/ppp1pppp/3n4/3p4/8/8/PPPPPPPP/R2QK2R b KQkq - 0 1"},
        {"4k3/p7/8/8/3PP3/8/8/4K3 w - - 0 1", "4k3/8/8/3pp3/8/8/P7/4K3 b - - 0 1"},
        {"8/4b3/8/4k3/8/8/8/R5K1 w - - 0 1", "r5k1/8/8/8/4K3/8/4B3/8 b - - 0 1"},
        {"8/p7/8/4k3/8/8/8/1N2K1N1 w - - 0 1", "1n2k1n1/8/8/8/4K3/8/P7/8 b - - 0 1"},
    };
    for (size_t i = 0; i < sizeof pairs / sizeof *pairs; i++)
        ck_assert_int_eq(eval_with(pairs[i][0], &chess_params), eval_with(pairs[i][1], &chess_params));
}
END_TEST

Suite *suite_chess_eval(void) {
    return suite_of("chess_eval",
                    CASE("terms", 30, backward_pawn_is_counted_once, opposite_bishops_scale_the_endgame,
                         safe_checks_add_to_king_danger, bishop_pawns_count_each_pawn,
                         weak_zone_squares_add_to_king_danger, phalanx_pawns_count_each_pawn,
                         storming_pawns_by_rank_and_blocked, safe_pawn_step_threatens_a_piece, minor_behind_pawn,
                         pawnless_endings_are_scaled, new_terms_mirror),
                    NULL);
}
