/* Training data, the tuner, the evaluations' parameter tables, contempt. */
#include "test_util.h"
#include "../search/eval.h"
#include "suites.h"

static const char *const variants[] = {"chess", "buratia", "japanese", "belarusian", "voodoo"};

static char *run_args(const char *args, size_t n) {
    char *out = malloc(n);
    ck_assert_ptr_nonnull(out);
    run_ratnik(args, "", 0, out, n);
    return out;
}

/* Every line is "FEN | score | result", the FEN a position of the variant
 * at the start of a turn, not in check, the result 0, 0.5 or 1 (Buratia's
 * win on advantage 0.75 or 0.25). */
static int check_lines(const Variant *v, char *text) {
    int lines = 0;
    char *save = NULL;
    for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save), lines++) {
        char *b1 = strstr(l, " | "), *b2 = b1 ? strstr(b1 + 3, " | ") : NULL;
        ck_assert_msg(b2, "not FEN | score | result: %s", l);
        *b1 = 0;
        char *end;
        long score = strtol(b1 + 3, &end, 10);
        ck_assert_msg(end == b2 && score > -5000 && score < 5000, "score of %s", l);
        double r = strtod(b2 + 3, &end);
        ck_assert_msg(!*end && (r == 0 || r == 0.25 || r == 0.5 || r == 0.75 || r == 1), "result of %s: %s", l, b2 + 3);
        Position pos;
        char err[256];
        ck_assert_msg(fen_parse(&pos, v, l, err, sizeof err), "%s: %s", l, err);
        ck_assert(!pos.pending);
        ck_assert_msg(!v->in_check || !v->in_check(&pos), "in check: %s", l);
    }
    return lines;
}

START_TEST(datagen_format_every_variant) {
    const char *name = variants[_i];
    char args[256];
    snprintf(args, sizeof args, "datagen --variant %s --games 2 --nodes 800 --openings book/%s.epd --seed 3", name, name);
    char *out = run_args(args, 1 << 20);
    int n = check_lines(variant_find(name), out);
    ck_assert_msg(n > 0, "%s: no positions", name);
    free(out);
}
END_TEST

/* A seed gives the same data whatever the number of threads. */
START_TEST(datagen_deterministic_across_threads) {
    char *one = run_args("datagen --games 4 --nodes 1000 --openings book/chess.epd --seed 11 --threads 1", 1 << 20);
    char *two = run_args("datagen --games 4 --nodes 1000 --openings book/chess.epd --seed 11 --threads 2", 1 << 20);
    char *other = run_args("datagen --games 4 --nodes 1000 --openings book/chess.epd --seed 12 --threads 2", 1 << 20);
    ck_assert(strlen(one) > 100);
    ck_assert_str_eq(one, two);
    ck_assert_str_ne(one, other);
    free(one), free(two), free(other);
}
END_TEST

/* A Voodoo opening (line 19 of book/voodoo.epd, the one with the most
 * turns) has more turns than the 4096 a list held where datagen and
 * selfplay drew their random opening turns: an index past the list read
 * memory never written, so a random ply was skipped or not, depending on
 * the heap. Turn i is reached without a list now. */
START_TEST(random_turn_reaches_every_turn) {
    const Variant *v = variant_find("voodoo");
    Position pos;
    char err[256], turn[TURN_STR_MAX];
    ck_assert(fen_parse(&pos, v, "rnbqk1nr/p1p2ppp/8/2bp4/P2pP3/6PP/1PP2P2/RNBQKBNR[] w - - 0 5", err, sizeof err));
    int k = legal_turn_count(&pos);
    ck_assert_int_gt(k, 4096);
    char (*all)[TURN_STR_MAX] = malloc(sizeof *all * (size_t)k);
    ck_assert_ptr_nonnull(all);
    ck_assert_int_eq(legal_turn_strings(&pos, all, k), k);
    const int probe[] = {0, 1, 4095, 4096, k / 2, k - 1};
    for (size_t i = 0; i < sizeof probe / sizeof *probe; i++) {
        ck_assert(legal_turn_string_at(&pos, probe[i], turn));
        ck_assert_str_eq(turn, all[probe[i]]);
        Position after = pos;
        ck_assert_msg(play_turn_str(&after, turn, err, sizeof err), "%s: %s", turn, err);
    }
    ck_assert(!legal_turn_string_at(&pos, k, turn));
    ck_assert(!legal_turn_string_at(&pos, -1, turn));
    free(all);
}
END_TEST

/* The same in Voodoo, whose openings have thousands of turns a ply. */
START_TEST(datagen_voodoo_deterministic_across_threads) {
    const char *args = "datagen --variant voodoo --games 6 --nodes 1500 --openings book/voodoo.epd --random-plies 2 "
                       "--seed 9 --threads ";
    char cmd[256];
    snprintf(cmd, sizeof cmd, "%s1", args);
    char *one = run_args(cmd, 1 << 20);
    snprintf(cmd, sizeof cmd, "%s2", args);
    char *two = run_args(cmd, 1 << 20);
    ck_assert_str_eq(one, two);
    ck_assert_msg(check_lines(variant_find("voodoo"), one) > 0, "no positions");
    free(one), free(two);
}
END_TEST

/* Positions in check and after the skipped first plies are left out. */
START_TEST(datagen_skips_early_plies) {
    char *out = run_args("datagen --games 1 --nodes 500 --random-plies 0 --skip-plies 6 --seed 1", 1 << 20);
    ck_assert(strlen(out) > 0);
    /* the start position and the next five plies (fullmove 1-3) are skipped */
    ck_assert(!strstr(out, " 0 1 |"));
    ck_assert(!strstr(out, " 1 2 |") && !strstr(out, " 0 2 |"));
    free(out);
}
END_TEST

/* --net plays the next generation with the given net: other games than
 * the hand-written evaluation's, the same ones again for the same seed;
 * a file that is not a net of the variant is refused before any game. */
START_TEST(datagen_plays_the_given_net) {
    const char *base = "datagen --variant japanese --games 2 --nodes 600 --openings book/japanese.epd --seed 5";
    char args[512];
    char *hand = run_args(base, 1 << 20);
    snprintf(args, sizeof args, "%s --net search/nets/japanese.nnue", base);
    char *net = run_args(args, 1 << 20), *again = run_args(args, 1 << 20);
    ck_assert_str_eq(net, again);
    ck_assert_str_ne(net, hand);
    ck_assert_int_gt(check_lines(variant_find("japanese"), net), 0); /* last: it cuts the text into lines */
    char *out = malloc(4096);
    snprintf(args, sizeof args, "%s --net search/nets/chess-g5.nnue 2>&1; echo rc=$?", base);
    run_ratnik(args, "", 0, out, 4096);
    ck_assert_msg(strstr(out, "cannot use the net") && strstr(out, "rc=2") && !strstr(out, " | "), "%s", out);
    snprintf(args, sizeof args, "%s --net book/japanese.epd 2>&1; echo rc=$?", base);
    run_ratnik(args, "", 0, out, 4096);
    ck_assert_msg(strstr(out, "cannot use the net") && strstr(out, "rc=2"), "%s", out);
    free(hand), free(net), free(again), free(out);
}
END_TEST

START_TEST(datagen_bad_arguments) {
    char *out = malloc(4096);
    run_ratnik("datagen --variant nosuch 2>&1; echo rc=$?", "", 0, out, 4096);
    ck_assert(strstr(out, "rc=2"));
    run_ratnik("datagen --games x 2>&1; echo rc=$?", "", 0, out, 4096);
    ck_assert(strstr(out, "rc=2"));
    /* a count is a whole number: a trailing letter is refused, not read as far as it goes */
    run_ratnik("datagen --games 2x 2>&1; echo rc=$?", "", 0, out, 4096);
    ck_assert_msg(strstr(out, "rc=2"), "%s", out);
    run_ratnik("tune --variant chess --data tests/tuning/chess.txt --passes 1x 2>&1; echo rc=$?", "", 0, out, 4096);
    ck_assert_msg(strstr(out, "needs a number") && strstr(out, "rc=2"), "%s", out);
    free(out);
}
END_TEST

/* The tuner reads the committed sample of each variant and prints every
 * parameter group as C. */
START_TEST(tune_runs_on_samples) {
    const char *name = variants[_i];
    char args[256];
    snprintf(args, sizeof args, "tune --variant %s --data tests/tuning/%s.txt --passes 1 --step 2", name, name);
    char *out = run_args(args, 1 << 16);
    const EvalParams *ep = variant_find(name)->eval_params;
    ck_assert_ptr_nonnull(ep);
    for (const EvalParamGroup *g = ep->groups; g->name; g++) {
        char field[80];
        snprintf(field, sizeof field, "    .%s = ", g->name);
        ck_assert_msg(strstr(out, field), "%s: %s missing from\n%s", name, g->name, out);
    }
    free(out);
}
END_TEST

/* How many chess parameters the tuner fits with `--freeze list`. */
static int live_with_freeze(const char *list) {
    char cmd[1024], *out = malloc(4096);
    ck_assert_ptr_nonnull(out);
    snprintf(cmd, sizeof cmd,
             "%s tune --variant chess --data tests/tuning/chess.txt --passes 1 --step 2 --freeze '%s' 2>&1 >/dev/null",
             ratnik_bin(), list);
    run_shell(cmd, out, 4096);
    const char *at = strstr(out, "parameters matter");
    ck_assert_msg(at, "%s", out);
    while (at > out && at[-1] != ':') at--;
    int n = atoi(at + 1);
    free(out);
    return n;
}

/* --freeze takes whole groups or entries of one: the king's rows of the
 * rank table alone, or one entry. */
START_TEST(tune_freezes_groups_and_entries) {
    int all = live_with_freeze("none"), kings = live_with_freeze("rank_mg[40-47]");
    int one = live_with_freeze("rank_mg[41]"), group = live_with_freeze("rank_mg");
    int two = live_with_freeze("rank_mg[41],file_mg[20-23]");
    ck_assert_msg(group < kings && kings < one && one == all - 1 && two < one, "%d %d %d %d %d", all, kings, one, group, two);
}
END_TEST

/* --k fixes K instead of fitting it (targets that are mostly another
 * engine's scores would shrink a fitted K until the fit is flat); a K or
 * lambda out of range or not a number is a usage error, not a 0. */
START_TEST(tune_takes_a_fixed_k) {
    char cmd[512], out[4096];
    snprintf(cmd, sizeof cmd, "%s tune --variant chess --data tests/tuning/chess.txt --passes 0 --lambda 0.2 --k 1.5 2>&1",
             ratnik_bin());
    ck_assert_int_eq(run_shell(cmd, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "positions, K 1.5000"), "%s", out);
    snprintf(cmd, sizeof cmd, "%s tune --variant chess --data tests/tuning/chess.txt --passes 0 --lambda 0.2 2>&1",
             ratnik_bin());
    ck_assert_int_eq(run_shell(cmd, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "positions, K ") && !strstr(out, "positions, K 1.5000"), "%s", out);
    const char *bad[] = {"--k 11", "--k x", "--k 1.5x", "--lambda 2", "--lambda one"};
    for (int i = 0; i < 5; i++) {
        snprintf(cmd, sizeof cmd, "%s tune --variant chess --data tests/tuning/chess.txt %s 2>&1", ratnik_bin(), bad[i]);
        ck_assert_int_eq(run_shell(cmd, out, sizeof out), 2);
        ck_assert_msg(strstr(out, "needs a number from") && strstr(out, "usage: ratnik tune"), "%s: %s", bad[i], out);
    }
}
END_TEST

/* Plays one legal turn of g chosen by the seeded generator *seed. */
static void play_random_turn(Game *g, unsigned *seed) {
    static char list[4096][TURN_STR_MAX];
    char err[256];
    int n = legal_turn_strings(&g->cur, list, 4096);
    *seed = *seed * 1103515245u + 12345u;
    ck_assert_msg(game_play(g, list[(*seed >> 16) % (unsigned)n], err, sizeof err), "%s", err);
}

/* Each variant's parameter table is its evaluation: the same score with
 * the values the engine plays, and the groups cover the table exactly. */
START_TEST(eval_params_are_the_evaluation) {
    const Variant *v = variant_find(variants[_i]);
    const EvalParams *ep = v->eval_params;
    ck_assert_ptr_nonnull(ep);
    int covered = 0;
    for (const EvalParamGroup *g = ep->groups; g->name; g++) {
        ck_assert_int_eq(g->offset, covered);
        covered += g->count;
    }
    ck_assert_int_eq(covered, ep->count);
    Game *g = malloc(sizeof *g);
    Position start = test_pos(v->name, NULL);
    game_reset(g, &start);
    unsigned seed = 5;
    for (int ply = 0; ply < 120 && !variant_game_over(&g->cur); ply++) {
        ck_assert_int_eq(evaluate(&g->cur), ep->evaluate(&g->cur, ep->values));
        play_random_turn(g, &seed);
    }
    free(g);
}
END_TEST

/* The colour mirror of a chess FEN: ranks reversed, case swapped, side
 * swapped; castling and en passant dropped, which the eval ignores. */
static void mirror_fen(const char *fen, char *mirror, size_t n) {
    char board[128], side;
    sscanf(fen, "%127s %c", board, &side);
    char *ranks[8], *save = NULL;
    int k = 0;
    for (char *r = strtok_r(board, "/", &save); r && k < 8; r = strtok_r(NULL, "/", &save)) ranks[k++] = r;
    size_t len = 0;
    for (int i = k - 1; i >= 0; i--) {
        for (char *c = ranks[i]; *c && len < n - 1; c++)
            mirror[len++] = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c >= 'A' && *c <= 'Z' ? *c + 32 : *c);
        if (i && len < n - 1) mirror[len++] = '/';
    }
    snprintf(mirror + len, n - len, " %c - - 0 1", side == 'w' ? 'b' : 'w');
}

/* Chess: a position and its colour mirror (side to move swapped) score
 * the same, over positions of random play. */
START_TEST(chess_eval_symmetric) {
    Game *g = malloc(sizeof *g);
    Position start = test_pos("chess", NULL);
    unsigned seed = 9;
    char fen[FEN_MAX], mirror[FEN_MAX * 2];
    for (int game = 0; game < 10; game++) {
        game_reset(g, &start);
        for (int ply = 0; ply < 150 && !variant_game_over(&g->cur); ply++) {
            fen_write(&g->cur, fen, sizeof fen);
            mirror_fen(fen, mirror, sizeof mirror);
            Position a = g->cur, b = test_pos("chess", mirror);
            ck_assert_msg(evaluate(&a) == evaluate(&b), "%s: %d, mirror %s: %d", fen, evaluate(&a), mirror, evaluate(&b));
            play_random_turn(g, &seed);
        }
    }
    free(g);
}
END_TEST

/* A rook ending from self-play where the old search took a threefold
 * repetition at 0.00 (c5d4) although other moves kept the game going at
 * about the same score: ratnik now plays on. */
START_TEST(contempt_avoids_repetition) {
    const char *input =
        "position fen r1bqkbnr/ppp2p1p/2n1p3/3p2p1/3P4/4P2P/PPPBBPP1/RN1QK1NR b KQkq - 1 5 moves e6e5 d4e5 c6e5 "
        "g1f3 e5f3 e2f3 g8f6 b1c3 c8e6 d1e2 d8d7 e3e4 g5g4 e4d5 g4f3 d5e6 d7e6 e2e6 f7e6 g2f3 f8b4 e1c1 e8c8 a2a3 "
        "b4a5 b2b4 a5b6 h1e1 h8e8 d2e3 d8d1 e1d1 h7h5 e3b6 a7b6 h3h4 e6e5 d1e1 c8d7 c3e4 d7e6 f3f4 f6e4 e1e4 e6f5 "
        "f2f3 e8a8 e4e5 f5f4 e5h5 a8a3 h5h7 a3a4 h7c7 a4b4 c7f7 f4e3 h4h5 b4h4 f7h7 h4h1 c1b2 b6b5 h5h6 e3f3 h7f7 "
        "f3e4 h6h7 b7b6 b2b3 e4d5 c2c3 d5e5 b3c2 h1h2 c2d3 e5e6 f7b7 e6f5 b7g7 f5f6 g7d7 f6g6 d7d6 g6h7 d6b6 h2h5 "
        "d3d4 h7g7 d4e4 g7f7 b6b7 f7e6 e4d4 e6d6 b7b6 d6c7 b6g6 h5h7 d4c5 h7h5 c5d4 h5h7 d4c5 h7h5\n"
        "go depth 10\n";
    char *out = malloc(1 << 16);
    run_ratnik_until(NULL, input, strlen(input), "bestmove", 1, out, 1 << 16);
    char *best = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(best);
    ck_assert_msg(strncmp(best, "bestmove c5d4", 13), "walked into the repetition: %s", best);
    free(out);
}
END_TEST

/* A game from the web board's tests: at depth 1 every root step ends in
 * the quiescence search, which used to score a2b1 (back into a position
 * seen before, the last step before Black can claim threefold) by its
 * material; it is a draw, so any other step is better. */
START_TEST(horizon_sees_repetition) {
    const char *game = "position fen 8/8/8/3k4/8/8/8/QR2K3 w - - 0 1 moves b1b2 d5d6 e1d1 d6d5 d1c1 d5e6 c1b1 e6e5 "
                       "b2a2 e5d5 a2a4 d5d6 a4d4 d6e6 b1a2 e6e7 a2b1 e7e6 b1a2 e6e7\n";
    for (int depth = 1; depth <= 2; depth++) {
        char input[512], out[8192];
        snprintf(input, sizeof input, "%sgo depth %d\n", game, depth);
        run_ratnik_until(NULL, input, strlen(input), "bestmove", 1, out, sizeof out);
        char *best = strstr(out, "bestmove ");
        ck_assert_ptr_nonnull(best);
        ck_assert_msg(strncmp(best, "bestmove a2b1", 13), "depth %d walked into the repetition: %s", depth, best);
    }
}
END_TEST

/* The opponent's repetition, one turn after the root: with the white king
 * back on b1, Black's Ke5 is the third time that position stands. At depth
 * 2 that reply is a horizon node, which scored it by material. */
START_TEST(horizon_sees_opponent_repetition) {
    const char *input = "position fen 8/8/8/4k3/8/8/1R6/QK6 w - - 0 1 moves b1a2 e5d5 a2b1 d5e5 b1a2 e5e6\n"
                        "go depth 2 searchmoves a2b1 a2a3\n";
    char out[8192];
    run_ratnik_until(NULL, input, strlen(input), "bestmove", 1, out, sizeof out);
    char *best = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(best);
    ck_assert_msg(!strncmp(best, "bestmove a2a3", 13), "depth 2 let the opponent repeat: %s", best);
}
END_TEST

Suite *suite_tuning(void) {
    return suite_of("tuning",
                    LOOP_CASE("tuning", 300,
                              LOOPS({datagen_format_every_variant, 5}, {tune_runs_on_samples, 5},
                                    {eval_params_are_the_evaluation, 5}),
                              datagen_deterministic_across_threads, random_turn_reaches_every_turn,
                              datagen_voodoo_deterministic_across_threads, datagen_skips_early_plies, datagen_plays_the_given_net,
                              datagen_bad_arguments, tune_freezes_groups_and_entries, tune_takes_a_fixed_k,
                              chess_eval_symmetric, contempt_avoids_repetition, horizon_sees_repetition,
                              horizon_sees_opponent_repetition),
                    NULL);
}
