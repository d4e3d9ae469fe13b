/* Voodoo (RULES.md section 5): one test per rule and ruling, FEN handling,
 * rejected input, perft against the reference generator, and the
 * differential test (engine vs tests/ref_voodoo.c on positions reached by
 * random play, magic turns included). */
#include <stdlib.h>
#include <string.h>
#include "../protocol/gui/uci.h"
#include "../search/engine.h"
#include "differential.h"
#include "rules_file.h"
#include "ref_voodoo.h"
#include "test_util.h"
#include "../variants/registry.h"
#include "suites.h"

#define RULES (&ref_voodoo)
RULES_FILE_TEST("voodoo")

extern const Variant variant_voodoo_plain;

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"

static Position vpos(const char *fen) { return rules_load(RULES, fen); }

static int count_prefix(const char *fen, const char *prefix) { return rules_count_prefix(RULES, fen, prefix); }

static int count_turns(const char *fen) { return count_prefix(fen, ""); }

/* The FEN after space-separated turns, each of which must be legal (to the
 * reference too). */
static void after(const char *fen, const char *turn, char *out) { rules_after(RULES, fen, turn, out, FEN_MAX); }

/* ---- ordinary moves: FIDE without check, castling, en passant ---- */

START_TEST(start_position_ordinary_moves) {
    TurnList t;
    rules_turns(RULES, START, &t);
    int ordinary = 0;
    for (int i = 0; i < t.n; i++) ordinary += t.turn[i][0] != 'x';
    turn_list_free(&t);
    ck_assert_int_eq(ordinary, 20);
    ASSERT_HAS(START, "e2e4");  /* the double step is kept */
    ASSERT_HAS(START, "g1f3");
}
END_TEST

START_TEST(plain_perft_matches_fide_without_check) {
    Position pos;
    char err[256];
    ck_assert(fen_parse(&pos, &variant_voodoo_plain, START, err, sizeof err));
    static const uint64_t want[] = {20, 400, 8902, 197742};
    for (int d = 1; d <= 4; d++) ck_assert_uint_eq(perft(&pos, d), want[d - 1]);
    ck_assert_uint_eq(ref_voodoo_perft_plain(START, 3), 8902);
}
END_TEST

START_TEST(no_castling) {
    const char *fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[] w - - 0 1";
    ASSERT_NOT(fen, "e1g1");
    ASSERT_NOT(fen, "e1c1");
    ASSERT_HAS(fen, "e1f1");
    Position pos;
    char err[256] = "";
    ck_assert(!fen_parse(&pos, variant_find("voodoo"), "r3k2r/8/8/8/8/8/8/R3K2R[] w KQkq - 0 1", err, sizeof err));
    ck_assert(err[0]);
}
END_TEST

START_TEST(no_en_passant) {
    char fen[FEN_MAX];
    after("4k3/3p4/8/4P3/8/8/8/4K2R[] b - - 0 1", "d7d5", fen);
    ck_assert_str_eq(fen, "4k3/8/8/3pP3/8/8/8/4K2R[] w - - 0 2"); /* ep field stays '-' */
    ASSERT_NOT(fen, "e5d6");
    ASSERT_HAS(fen, "e5e6");
    Position pos;
    char err[256] = "";
    ck_assert(!fen_parse(&pos, variant_find("voodoo"), "4k3/8/8/3pP3/8/8/8/4K2R[] w - d6 0 2", err, sizeof err));
}
END_TEST

START_TEST(king_captured_by_any_piece_wins) {
    char out[FEN_MAX];
    after("4k3/8/8/8/4r3/8/4B3/4K3[] w - - 0 1", "e2d3 e4e1", out);
    ASSERT_RESULT(out, "0-1 king captured");
    ck_assert_int_eq(count_turns(out), 0);
}
END_TEST

START_TEST(king_captures_king) {
    const char *fen = "8/8/8/3kK3/8/8/8/r6R[] b - - 0 1";
    char out[FEN_MAX];
    ASSERT_HAS(fen, "d5e5");
    after(fen, "d5e5", out);
    ASSERT_RESULT(out, "0-1 king captured");
}
END_TEST

/* ---- voodoo sacrifice ---- */

START_TEST(sacrifice_only_bishop_knight_rook_pawn) {
    const char *fen = "r1b1k2r/pppppppp/2n5/8/8/2N5/PPPPPPPP/R1BQK2R[] w - - 0 1";
    ck_assert_int_gt(count_prefix(fen, "xa2,"), 0);
    ck_assert_int_gt(count_prefix(fen, "xc3,"), 0);
    ck_assert_int_gt(count_prefix(fen, "xh1,"), 0);
    ck_assert_int_eq(count_prefix(fen, "xe1"), 0); /* the king cannot be removed */
    ASSERT_REJECTED(START, "xe1,e8e7,e2e4", "");
    ASSERT_REJECTED(START, "xe1,b8c6,e2e4", "");
}
END_TEST

START_TEST(sacrifice_possesses_same_type_only) {
    ASSERT_HAS(START, "xb1,b8c6,e2e4");
    ASSERT_NOT(START, "xb1,e7e5,e2e4"); /* a knight buys a knight */
    ASSERT_HAS(START, "xa2,e7e5,e2e4");
    ASSERT_NOT(START, "xa2,g8f6,e2e4");
    /* Black has no knights: a knight sacrifice has nothing to possess. */
    ck_assert_int_eq(count_prefix("r1bqkb1r/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1", "xb1"), 0);
}
END_TEST

START_TEST(possessed_pawn_goes_its_own_way) {
    /* White removes a2 and moves Black's e7 pawn down the board, one step or
     * the double step from Black's start rank, never up. */
    ASSERT_HAS(START, "xa2,e7e6,g1f3");
    ASSERT_HAS(START, "xa2,e7e5,g1f3");
    const char *fen = "4k3/8/3p4/8/8/8/P6R/4K3[] w - - 0 1";
    ASSERT_HAS(fen, "xa2,d6d5,h2h3");
    ck_assert_int_eq(count_prefix(fen, "xa2,d6d7"), 0);
    ck_assert_int_eq(count_prefix(fen, "xa2,d6d4"), 0); /* no double step off the start rank */
}
END_TEST

START_TEST(sacrifice_needs_all_three_parts) {
    /* White's pieces are all boxed in; only the knight h1 could be given, and
     * after Black's knight moves White has no move: no sacrifice, no turn. */
    const char *boxed = "n6k/8/8/8/1q4q1/1Pq2qP1/BRP2P2/KB5N[] w - - 0 1";
    ck_assert_int_eq(count_turns(boxed), 0);
    ASSERT_RESULT(boxed, "0-1 no legal move");
    /* With Black's king on b6 the possessed knight can take it: that
     * sacrifice ends the game part-way, so it exists. */
    const char *fen = "n7/8/1k6/8/1q4q1/1Pq2qP1/BRP2P2/KB5N[] w - - 0 1";
    ASSERT_MOVES(fen, "", "xh1,a8b6");
}
END_TEST

/* ---- queen trance ---- */

START_TEST(trance_king_moves_like_a_queen) {
    const char *fen = "4k3/7p/8/8/8/8/3P4/3QK2R[] w - - 0 1";
    ASSERT_HAS(fen, "xd1,e1e7");
    ASSERT_HAS(fen, "xd1,e1a1");  /* through the queen's empty square */
    ASSERT_HAS(fen, "xd1,e1h4");
    ASSERT_NOT(fen, "xd1,e1h1"); /* own rook in the way */
    ASSERT_NOT(fen, "xd1,e1d2"); /* own pawn */
    ASSERT_NOT(fen, "xd1,e1c3"); /* no knight or jumping moves */
    ck_assert_int_eq(count_prefix(fen, "xd1,"), 7 + 4 + 2 + 3); /* north (e8 takes the king), west, east, north-east */
    ASSERT_AFTER(fen, "xd1,e1e7", "4k3/4K2p/8/8/8/8/3P4/7R[Q] b - - 1 1");
}
END_TEST

START_TEST(trance_king_is_blocked_ruling) {
    /* [ruling] "through any squares" is read as queen lines: from the start
     * position the only trance is xd1,e1d1, never xd1,e1e8. */
    ck_assert_int_eq(count_prefix(START, "xd1"), 1);
    ASSERT_HAS(START, "xd1,e1d1");
    ASSERT_NOT(START, "xd1,e1e8");
    ASSERT_REJECTED(START, "xd1,e1e8", "");
}
END_TEST

START_TEST(trance_king_captures_and_takes_the_king) {
    const char *fen = "3qk3/8/8/8/8/8/8/3QK2R[] w - - 0 1";
    ASSERT_HAS(fen, "xd1,e1e8");
    char out[FEN_MAX];
    after(fen, "xd1,e1e8", out);
    ASSERT_RESULT(out, "1-0 king captured");
    const char *cap = "4k3/4p3/8/8/1r6/8/7P/3QK3[] w - - 5 1";
    ASSERT_NOT(cap, "xd1,e1a5"); /* the rook stops the king */
    ASSERT_AFTER(cap, "xd1,e1b4", "4k3/4p3/8/8/1K6/8/7P/8[Q] b - - 0 1");
}
END_TEST

START_TEST(queen_return_is_the_whole_next_turn) {
    char out[FEN_MAX];
    after("4k3/7p/8/8/8/8/3P4/3QK2R[] w - - 0 1", "xd1,e1e7 e8f8", out);
    ck_assert_str_eq(out, "5k2/4K2p/8/8/8/8/3P4/7R[Q] w - - 2 2");
    ck_assert_int_eq(count_turns(out), 64 - 5);
    ck_assert_int_eq(count_prefix(out, "Q@"), 64 - 5);
    ASSERT_NOT(out, "Q@e7");   /* occupied */
    ASSERT_REJECTED(out, "d2d3", "");     /* nothing else */
    ASSERT_REJECTED(out, "xd2,e8e7,d2d3", "");
    ASSERT_AFTER(out, "Q@d4", "5k2/4K2p/8/8/3Q4/8/3P4/7R[] b - - 3 2");
}
END_TEST

START_TEST(second_queen_return_rejected) {
    char out[FEN_MAX];
    after("4k3/7p/8/8/8/8/3P4/4K2R[Q] w - - 0 1", "Q@a4", out);
    ASSERT_REJECTED(out, "Q@d4", ""); /* Black to move: and no queen is held */
    after(out, "e8d8", out);
    ASSERT_REJECTED(out, "Q@d4", "");
    ck_assert_int_eq(count_prefix(out, "Q@"), 0);
}
END_TEST

START_TEST(sacrifice_and_trance_never_share_a_turn) {
    ASSERT_REJECTED(START, "xd1,e1d1,e2e4", "");      /* trance then a move */
    ASSERT_REJECTED(START, "xb1,g8f6,xd1,e1d1", "");  /* sacrifice then trance */
    ASSERT_REJECTED(START, "xd1,e1d1,xb1,g8f6,e2e4", "");
    ASSERT_REJECTED(START, "xb1,g8f6,xa2,e7e5,e2e4", "");
    /* After a possessed move the third part is an ordinary move only. */
    Position pos = vpos(START);
    Move moves[MAX_MOVES];
    char err[256];
    ck_assert(play_turn_str(&pos, "e2e4", err, sizeof err));
    ck_assert(play_turn_str(&pos, "e7e5", err, sizeof err));
    int n = pos.v->generate(&pos, moves);
    for (int i = 0; i < n; i++) {
        if (move_kind(moves[i]) != MK_REMOVE || move_from(moves[i]) == SQ_NONE) continue;
        if (piece_type(pos.board[move_aux(moves[i])]) == 5) continue; /* a trance is one step */
        Position child = pos;
        child.v->make(&child, moves[i]);
        if (!child.pending) continue;
        Move next[MAX_MOVES];
        int k = child.v->generate(&child, next);
        ck_assert_int_gt(k, 0);
        for (int j = 0; j < k; j++) ck_assert_int_ne(move_kind(next[j]), MK_REMOVE);
    }
}
END_TEST

/* ---- end of the game ---- */

/* Each turn is legal and complete as it stands (nothing may follow it),
 * leads to `after`, and the game is then over with `result`. */
static const struct {
    const char *rule, *fen, *turn, *after, *result;
} ending_turns[] = {
    /* White gives its rook a1; Black's rook a8 takes Black's own king: the
     * game ends there and the turn is written with two parts. */
    {"possessed_piece_takes_its_own_king", "r3k3/8/8/8/8/8/4P3/R3K3[] w - - 0 1", "xa1,a8e8",
     "4r3/8/8/8/8/8/4P3/4K3[] b - - 0 1", "1-0 king captured"},
    /* Black's last piece is the d2 pawn: made White's, it leaves Black bare
     * and the turn ends at once. */
    {"possessed_promotion_makes_them_bare", "4k3/8/8/8/8/8/2Pp4/4K2R[] w - - 0 1", "xc2,d2d1q",
     "4k3/8/8/8/8/8/8/3QK2R[] b - - 0 1", "1-0 bare king"},
    {"sacrifice_leaving_own_side_bare_loses", "4k3/4p3/8/8/8/8/P7/4K3[] w - - 3 1", "xa2",
     "4k3/4p3/8/8/8/8/8/4K3[] b - - 0 1", "0-1 bare king"},
    {"trance_leaving_own_side_bare_loses", "r3k3/8/8/8/8/8/8/3QK3[] w - - 0 1", "xd1",
     "r3k3/8/8/8/8/8/8/4K3[Q] b - - 1 1", "0-1 bare king"},
};

START_TEST(turn_ends_the_game) {
    const char *fen = ending_turns[_i].fen, *turn = ending_turns[_i].turn, *after_fen = ending_turns[_i].after;
    char longer[REF_TURN_MAX + 1];
    snprintf(longer, sizeof longer, "%s,", turn);
    ASSERT_HAS(fen, turn);
    ck_assert_msg(count_prefix(fen, longer) == 0, "%s: %s goes on", ending_turns[_i].rule, turn);
    ASSERT_AFTER(fen, turn, after_fen);
    ASSERT_RESULT(after_fen, ending_turns[_i].result);
    ck_assert_int_eq(count_turns(after_fen), 0);
}
END_TEST

START_TEST(bare_king_loses) {
    ASSERT_RESULT("4k3/8/8/8/8/8/8/R3K3[] b - - 0 1", "1-0 bare king");
    ck_assert_int_eq(count_turns("4k3/8/8/8/8/8/8/R3K3[] b - - 0 1"), 0);
    ASSERT_RESULT("4k3/4p3/8/8/8/8/8/4K3[] w - - 0 1", "0-1 bare king");
    /* Taking the last piece with an ordinary move. */
    char out[FEN_MAX];
    after("4k3/8/8/8/8/8/r7/R3K3[] w - - 0 1", "a1a2", out);
    ASSERT_RESULT(out, "1-0 bare king");
}
END_TEST

START_TEST(two_bare_kings_play_on) {
    ASSERT_RESULT("4k3/8/8/8/8/8/8/4K3[] w - - 0 1", "none");
    ck_assert_int_eq(count_turns("4k3/8/8/8/8/8/8/4K3[] w - - 0 1"), 5);
}
END_TEST

START_TEST(queen_in_trance_is_not_a_piece) {
    ASSERT_RESULT("4k3/4p3/8/8/8/8/8/4K3[Q] w - - 0 1", "0-1 bare king");
    /* Both bare but one queen waiting: the game goes on, and the return wins. */
    ASSERT_RESULT("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "none");
    char out[FEN_MAX];
    after("4k3/8/8/8/8/8/8/4K3[Q] w - - 0 1", "Q@a1", out);
    ASSERT_RESULT(out, "1-0 bare king");
}
END_TEST

START_TEST(no_legal_turn_loses) {
    const char *fen = "7k/8/8/8/1n6/1Pn5/BRP5/KB6[] w - - 0 1";
    ck_assert_int_eq(count_turns(fen), 0);
    ASSERT_RESULT(fen, "0-1 no legal move");
}
END_TEST

START_TEST(no_draw_by_rule) {
    ck_assert(!variant_find("voodoo")->repetition_draw);
    ASSERT_RESULT("4k3/8/8/8/8/8/8/R3K2r[] w - - 900 500", "none"); /* any clock */
}
END_TEST

/* ---- FEN ---- */

static const char *vfens[] = {
    START,
    "4k3/7p/8/8/8/8/3P4/4K2R[Q] b - - 1 1",
    "4k3/7p/8/8/8/8/3P4/4K2R[q] w - - 1 1",
    "4k3/7p/8/8/8/8/3P4/4K2R[Qq] w - - 12 40",
    "4r3/8/8/8/8/8/4P3/4K3[] b - - 0 1",
};

START_TEST(fen_round_trip) {
    ASSERT_ROUND_TRIP(vfens[_i], NULL);
    /* No brackets reads as empty holdings; they are always written. */
    ASSERT_ROUND_TRIP("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", START);
}
END_TEST

static const char *bad_vfens[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", /* castling */
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR[] b - e3 0 1", /* en passant */
    "4k3/8/8/8/8/8/8/3KK3[] w - - 0 1",                           /* two kings */
    "8/8/8/8/8/8/8/R7[] w - - 0 1",                               /* no king */
    "P3k3/8/8/8/8/8/8/4K3[] w - - 0 1",                           /* pawn on rank 8 */
    "4k3/8/8/8/8/8/8/p3K3[] w - - 0 1",                           /* pawn on rank 1 */
    "4k3/8/8/8/8/8/8/4K3[R] w - - 0 1",                           /* only a queen is held */
    "4k3/8/8/8/8/8/8/4K3[QQ] w - - 0 1",                          /* one trance at a time */
    "4k3/8/8/8/8/8/8/4K3[X] w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3[Q w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3[] x - - 0 1",
    "4k3/8/8/8/8/8/8/4K2+R[] w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3/8[] w - - 0 1",
};

START_TEST(fen_rejects_malformed) {
    ASSERT_FEN_REJECTED(bad_vfens[_i], "");
}
END_TEST

/* ---- the protocol answers a bad turn with an error line ---- */

typedef struct {
    char text[8192];
} Captured;

static void capture_line(void *ctx, const char *line) {
    Captured *c = ctx;
    size_t len = strlen(c->text);
    snprintf(c->text + len, sizeof c->text - len, "%s\n", line);
}

static void uci(Engine *e, Captured *c, const char *cmd) {
    char line[512];
    snprintf(line, sizeof line, "%s", cmd);
    c->text[0] = 0;
    uci_command(e, line);
}

/* Each command must be answered with an error naming the broken rule. */
static const struct {
    const char *cmd, *why;
} uci_bad_turns[] = {
    {"position startpos moves xe1,e8e7,e2e4", "the king cannot be removed"},
    {"position fen 4k3/8/2n5/B3p3/8/8/8/1N2K3[] w - - 0 1 moves xb1,c6a5,e1e2", "only pieces of its own colour"},
    {"position fen 4k3/7p/8/8/8/8/3P4/3QK2R[] w - - 0 1 moves xd1,e1e7 e8f8 Q@d4 f8g8 Q@d5",
     "no queen of yours is in trance"},
    {"position fen 4k3/7p/8/8/8/8/3P4/3QK2R[] w - - 0 1 moves xd1,e1e7 e8f8 d2d3", "must be its return"},
    {"position startpos moves xb1,g8f6,xa2,e7e5,e2e4", "ordinary move of your own"},
};

START_TEST(uci_rejects_illegal_voodoo_turns) {
    Captured c = {""};
    Engine *e = engine_new(capture_line, &c, HASH_DEFAULT_MB);
    uci(e, &c, "setoption name UCI_Variant value voodoo");
    for (size_t i = 0; i < sizeof uci_bad_turns / sizeof uci_bad_turns[0]; i++) {
        uci(e, &c, uci_bad_turns[i].cmd);
        ck_assert_msg(strstr(c.text, "info string error: ") && strstr(c.text, uci_bad_turns[i].why), "%s\ngot: %s",
                      uci_bad_turns[i].cmd, c.text);
    }
    uci(e, &c, "position fen 4k3/7p/8/8/8/8/3P4/3QK2R[] w - - 0 1 moves xd1,e1e7 e8f8 Q@d4");
    ck_assert_msg(!strstr(c.text, "error"), "got: %s", c.text);
    engine_free(e);
}
END_TEST

/* ---- perft against the reference generator ---- */

typedef struct {
    const char *fen;
    int depth;
} PerftCase;

/* Small positions, one per rule; each at depth 2 or 3. */
static const PerftCase perft_cases[] = {
    {"4k3/8/2n5/8/8/5N2/8/R3K3[] w - - 0 1", 3},         /* knight sacrifices */
    {"r3k3/1b3p2/8/8/8/8/2B2P2/R3K3[] w - - 0 1", 2},     /* bishop sacrifices */
    {"r3k3/8/8/8/8/8/4P3/R3K3[] w - - 0 1", 3},           /* rook sacrifice, possessed king capture */
    {"4k3/8/8/8/8/8/2Pp1p2/4K2R[] w - - 0 1", 3},         /* possessed promotion */
    {"4k2r/2pP4/8/8/8/8/8/4K3[] b - - 0 1", 3},           /* possessed promotion leaves White bare */
    {"3qk3/8/8/8/8/8/8/3QK2R[] w - - 0 1", 2},            /* trance, trance king captures */
    {"3qk3/8/8/8/8/8/8/4K2R[Q] w - - 0 1", 2},            /* queen return */
    {"4k3/4p3/8/8/8/8/P7/4K3[] w - - 0 1", 3},            /* bare-king losses */
    {"r3k3/8/8/8/8/8/8/Q2QK3[] w - - 0 1", 2},            /* several queens */
    {"n7/8/1k6/8/1q4q1/1Pq2qP1/BRP2P2/KB5N[] w - - 0 1", 2}, /* all three parts compulsory */
};

START_TEST(perft_matches_reference) {
    rules_assert_perft(RULES, perft_cases[_i].fen, perft_cases[_i].depth);
}
END_TEST

START_TEST(perft_start_position) {
    Position pos = vpos(START);
    ck_assert_uint_eq(perft(&pos, 1), 3574);
    ck_assert_uint_eq(ref_voodoo.perft(START, 1), 3574);
}
END_TEST

/* ---- the differential test ---- */

/* Picks a turn: mostly ordinary moves, so that games last, but sacrifices
 * and trances often enough to reach every kind of position. */
static int pick_turn(void *ctx, const Position *pos, const TurnList *t, uint64_t *rng) {
    (void)ctx;
    int kind_want = (int)(test_rng_next(rng) % 10); /* 0-5 ordinary, 6-8 sacrifice, 9 trance */
    int want = kind_want < 6 ? 0 : kind_want < 9 ? 1 : 2;
    int start = (int)(test_rng_next(rng) % (uint64_t)t->n);
    for (int k = 0; k < t->n; k++) {
        int i = (start + k) % t->n, kind = 0;
        if (t->turn[i][0] == 'x') {
            int sq = (t->turn[i][1] - 'a') + 8 * (t->turn[i][2] - '1');
            kind = piece_type(pos->board[sq]) == 5 ? 2 : 1;
        }
        if (kind == want) return i;
    }
    return start;
}

/* What the random games went through, so that the test proves its reach. */
enum { SEEN_ORDINARY, SEEN_SACRIFICE, SEEN_PARTWAY, SEEN_BARE_REMOVAL, SEEN_TRANCE, SEEN_RETURN,
       SEEN_POSSESSED_PROMO, SEEN_OWN_PROMO, SEEN_KING_CAPTURED, SEEN_BARE_KING, SEEN_NB, SEEN_MAGIC = SEEN_NB, SEEN_SLOTS };

static void count_kind(void *ctx, const Position *pos, const char *turn) {
    int *seen = ctx, commas = 0;
    for (const char *c = turn; *c; c++) commas += *c == ',';
    if (turn[0] == 'Q') seen[SEEN_RETURN]++;
    else if (turn[0] != 'x') seen[SEEN_ORDINARY]++, seen[SEEN_OWN_PROMO] += strlen(turn) == 5;
    else if (!commas) seen[SEEN_BARE_REMOVAL]++;
    else if (piece_type(pos->board[(turn[1] - 'a') + 8 * (turn[2] - '1')]) == 5) seen[SEEN_TRANCE]++;
    else {
        seen[commas == 2 ? SEEN_SACRIFICE : SEEN_PARTWAY]++;
        seen[SEEN_POSSESSED_PROMO] += turn[8] >= 'a' && turn[8] <= 'z';
    }
    seen[SEEN_MAGIC] += turn[0] == 'x';
    Position child = *pos;
    char err[256];
    if (!play_turn_str(&child, turn, err, sizeof err)) return;
    const char *reason;
    if (test_result(&child, &reason) == RES_NONE) return;
    if (!strcmp(reason, "king captured")) seen[SEEN_KING_CAPTURED]++;
    if (!strcmp(reason, "bare king")) seen[SEEN_BARE_KING]++;
}

static const char *diff_starts[] = {
    START,
    "r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQK2R[] w - - 4 4",
    "4k3/8/2n5/8/8/5N2/8/R3K3[] w - - 0 1",
    "r3k3/1b3p2/8/8/8/8/2B2P2/R3K3[] w - - 0 1",
    "r3k3/8/8/8/8/8/4P3/R3K3[] w - - 0 1",
    "4k3/8/8/8/8/8/2Pp1p2/4K2R[] w - - 0 1",
    "4k2r/2pP4/8/8/8/8/8/4K3[] b - - 0 1",
    "3qk3/8/8/8/8/8/8/3QK2R[] w - - 0 1",
    "3qk3/pp6/8/8/8/8/6PP/4K2R[Q] w - - 0 1",
    "4k3/4p3/8/8/8/8/P7/4K3[] w - - 0 1",
    "r3k3/8/8/8/8/8/8/Q2QK3[] w - - 0 1",
    "rn2k1nr/ppp2ppp/8/3pp3/3PP3/8/PPP2PPP/RN2K1NR[] b - - 0 6",
    "2r1k3/1P4p1/8/8/8/8/1p4P1/2R1K3[] w - - 0 1",
};
enum { DIFF_STARTS = sizeof diff_starts / sizeof diff_starts[0], DIFF_POSITIONS = 10000, GAME_CAP = 160 };

START_TEST(differential_random_play) {
    uint64_t rng = 0x766f6f646f6fULL; /* "voodoo" */
    int seen[SEEN_SLOTS] = {0};
    DiffSpec spec = {.ref = RULES, .full_every = 50, .pick = pick_turn, .played = count_kind, .ctx = seen};
    DiffStats st = {0, 0, 0};
    for (int i = 0; i < DIFF_STARTS; i++)
        diff_play(&spec, diff_starts[i], DIFF_POSITIONS / DIFF_STARTS + 1, GAME_CAP, &rng, &st);
    ck_assert_int_ge(st.positions, DIFF_POSITIONS);
    ck_assert_int_ge(seen[SEEN_MAGIC], DIFF_POSITIONS / 5);
    static const char *names[] = {"ordinary", "sacrifice", "sacrifice ended part-way", "bare removal",
                                  "trance", "queen return", "possessed promotion", "own promotion",
                                  "king captured", "bare king"};
    for (int k = 0; k < SEEN_NB; k++) ck_assert_msg(seen[k] > 0, "random play never saw: %s", names[k]);
    if (getenv("VOODOO_STATS"))
        for (int k = 0; k < SEEN_NB; k++) fprintf(stderr, "%s: %d\n", names[k], seen[k]);
}
END_TEST

/* A magic step whose move ends on the square its own removal emptied takes
 * nothing: quiescence and the exchange test treat it as quiet. */
START_TEST(magic_onto_emptied_square_is_quiet) {
    static const struct { const char *fen, *step; bool noisy; } cases[] = {
        {START, "xd1,e1d1", false},                                    /* trance king onto its queen's square */
        {"4k3/8/8/1n6/3N4/8/7P/4K3[] w - - 0 1", "xd4,b5d4", false}, /* possessed knight onto the sacrificed one's */
        {"4k3/8/8/1n6/3N4/8/7P/4K3[] w - - 0 1", "xd4,b5c3", false},
        {"4k3/8/8/1n6/3N4/2p5/7P/4K3[] w - - 0 1", "xd4,b5c3", true}, /* it takes its own pawn */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        Position pos = vpos(cases[i].fen);
        Move m;
        ck_assert_msg(step_from_str(&pos, cases[i].step, &m), "%s is not legal", cases[i].step);
        ck_assert_msg(pos.v->is_noisy(&pos, m) == cases[i].noisy, "%s", cases[i].step);
    }
}
END_TEST

/* Every removal step of the generator's shape (own piece removed, any enemy
 * piece moved anywhere, any promotion field), checked against the list:
 * most are not steps, which is what makes them worth asking. */
static int probe_magic_shapes(const Position *pos, const Move *all, int n) {
    int asked = 0;
    for (int aux = 0; aux < 64; aux++) {
        if (!pos->board[aux] || piece_color(pos->board[aux]) != pos->side) continue;
        for (int from = 0; from < 64; from++) {
            if (!pos->board[from] || piece_color(pos->board[from]) == pos->side) continue;
            for (int to = 0; to < 64; to++)
                for (int p = 0; p <= 5; p++) {
                    Move m = move_make(from, to, aux, p, MK_REMOVE);
                    bool listed = false;
                    for (int j = 0; j < n && !listed; j++) listed = all[j] == m;
                    ck_assert_msg(pos->v->is_legal(pos, m) == listed, "is_legal says %d for %d,%d,%d,%d", !listed,
                                  aux, from, to, p);
                    asked++;
                }
        }
    }
    return asked;
}

/* The search may try a stored step before generating: is_legal must say
 * yes to exactly the steps generate offers. Asked on random play with
 * every step of the position, the steps of the position before (mostly
 * illegal here) and bit-flipped steps. */
START_TEST(is_legal_matches_generate) {
    uint64_t rng = 0x6c6567616cULL; /* "legal" */
    int yes = 0, no = 0;
    const char *compulsory = "n7/8/1k6/8/1q4q1/1Pq2qP1/BRP2P2/KB5N[] w - - 0 1"; /* no third part after most */
    for (int game = 0; game < 300; game++) {
        Position pos = vpos(game % (DIFF_STARTS + 1) < DIFF_STARTS ? diff_starts[game % (DIFF_STARTS + 1)] : compulsory);
        Move before[MAX_MOVES];
        int nbefore = 0;
        for (int ply = 0; ply < 80; ply++) {
            Move all[MAX_MOVES], probe[3 * MAX_MOVES];
            int n = pos.v->generate(&pos, all), np = 0;
            for (int i = 0; i < n; i++) probe[np++] = all[i];
            for (int i = 0; i < nbefore; i++) probe[np++] = before[i];
            for (int i = 0; i < n; i++) probe[np++] = all[i] ^ (Move)1u << (test_rng_next(&rng) % 29);
            for (int i = 0; i < np; i++) {
                if (i == n + nbefore && ply % 16 == 0 && game < 40) yes += probe_magic_shapes(&pos, all, n);
                bool listed = false;
                for (int j = 0; j < n && !listed; j++) listed = all[j] == probe[i];
                ck_assert_msg(pos.v->is_legal(&pos, probe[i]) == listed, "is_legal says %d for step %08x",
                              !listed, (unsigned)probe[i]);
                listed ? yes++ : no++;
            }
            if (!n) break;
            memcpy(before, all, sizeof(Move) * (size_t)n);
            nbefore = n;
            pos.v->make(&pos, all[test_rng_next(&rng) % (uint64_t)n]);
        }
    }
    ck_assert_int_gt(yes, 100000);
    ck_assert_int_gt(no, 100000);
}
END_TEST

/* Quiescence's list is exactly the steps voodoo_is_noisy accepts from the
 * full list, in the same order (so quiescence searches the same tree
 * either way), and it says when the game is over, since the capture that
 * ends a Voodoo game is itself noisy and quiescence must see the end. */
enum { NOISY_CASES = 6 };
START_TEST(noisy_generation_matches_full) {
    uint64_t rng = 0x6e6f697379ULL; /* "noisy" */
    int seen[NOISY_CASES] = {0}; /* pending, queen held, possessed capture, trance capture, bare removal, over */
    for (int game = 0; game < 400; game++) {
        Position pos = vpos(diff_starts[game % DIFF_STARTS]);
        for (int ply = 0; ply < 80; ply++) {
            Move all[MAX_MOVES], noisy[MAX_MOVES];
            int n = pos.v->generate(&pos, all), k = pos.v->generate_noisy(&pos, noisy), j = 0;
            if (!n) {
                ck_assert_int_eq(k, NOISY_GAME_OVER);
                seen[5]++;
                break;
            }
            ck_assert_int_ge(k, 0);
            seen[0] += pos.pending != 0;
            seen[1] += pos.hold[pos.side][5] != 0; /* a queen in trance */
            for (int i = 0; i < n; i++) {
                if (!pos.v->is_noisy(&pos, all[i])) continue;
                if (!(j < k && noisy[j] == all[i])) {
                    char f[256], a[64], b[64] = "-";
                    fen_write(&pos, f, sizeof f);
                    move_to_str(&pos, all[i], a);
                    if (j < k) move_to_str(&pos, noisy[j], b);
                    ck_abort_msg("noisy list differs at step %d of %d in %s: %s, not %s", j, k, f, a, b);
                }
                j++;
                if (move_kind(all[i]) != MK_REMOVE) continue;
                if (move_from(all[i]) == SQ_NONE) seen[4]++;
                else seen[piece_type(pos.board[move_aux(all[i])]) == 5 ? 3 : 2]++; /* 5: queen */
            }
            ck_assert_int_eq(j, k);
            pos.v->make(&pos, all[test_rng_next(&rng) % (uint64_t)n]);
        }
    }
    for (int c = 0; c < NOISY_CASES; c++) ck_assert_msg(seen[c] > 0, "random play never reached case %d", c);
}
END_TEST

Suite *suite_voodoo(void) {
    return suite_of(
        "voodoo",
        LOOP_CASE(
            "rules", 0,
            LOOPS(RULES_FILE_LOOP, {fen_round_trip, sizeof vfens / sizeof vfens[0]},
                  {fen_rejects_malformed, sizeof bad_vfens / sizeof bad_vfens[0]},
                  {turn_ends_the_game, sizeof ending_turns / sizeof ending_turns[0]}),
            start_position_ordinary_moves, plain_perft_matches_fide_without_check, no_castling, no_en_passant,
            king_captured_by_any_piece_wins, king_captures_king, sacrifice_only_bishop_knight_rook_pawn,
            sacrifice_possesses_same_type_only, possessed_pawn_goes_its_own_way,
            sacrifice_needs_all_three_parts, trance_king_moves_like_a_queen, trance_king_is_blocked_ruling,
            trance_king_captures_and_takes_the_king, queen_return_is_the_whole_next_turn,
            second_queen_return_rejected, sacrifice_and_trance_never_share_a_turn,
            bare_king_loses, two_bare_kings_play_on, queen_in_trance_is_not_a_piece, no_legal_turn_loses,
            no_draw_by_rule, uci_rejects_illegal_voodoo_turns, magic_onto_emptied_square_is_quiet),
        SLOW_LOOP_CASE("proof", 120, LOOPS({perft_matches_reference, sizeof perft_cases / sizeof perft_cases[0]}),
                       perft_start_position, differential_random_play, noisy_generation_matches_full,
                       is_legal_matches_generate),
        NULL);
}
