/* The match runner: statistics, time controls, and whole matches through the
 * real binary, against the scripted misbehaving engines of tests/match/ and
 * between depth-limited ratniks in every variant (kept short for CI). */
#include <math.h>
#include <stdlib.h>
#include <unistd.h>
#include "test_util.h"
#include "../protocol/match/match.h"
#include "../variants/registry.h"
#include "suites.h"

enum { OUT_MAX = 1 << 18 };

/* Runs `ratnik match ARGS`; its stdout in out, the exit code returned. */
static int run_match(const char *args, char *out, size_t n) {
    char engines[2048], cmd[2560];
    engine_cmds(args, engines, sizeof engines);
    snprintf(cmd, sizeof cmd, "%s match %s 2>/dev/null", ratnik_bin(), engines);
    return run_shell(cmd, out, n);
}

static char *slurp(const char *path) {
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char *s = calloc(1, OUT_MAX);
    size_t len = fread(s, 1, OUT_MAX - 1, f);
    s[len] = 0;
    fclose(f);
    return s;
}

START_TEST(test_elo_figures) {
    MatchScore s = {.wins = 10, .losses = 5, .draws = 5};
    EloReport r;
    match_elo(&s, &r);
    ck_assert(fabs(r.elo - 88.7) < 0.1);  /* score 0.625 */
    ck_assert(r.margin > 50 && r.margin < 200);
    ck_assert(r.los > 0.85 && r.los < 0.95);
    ck_assert(fabs(r.draw_ratio - 0.25) < 1e-9);
    double lo, hi;
    match_sprt_bounds(0.05, 0.05, &lo, &hi);
    ck_assert(fabs(hi - 2.944) < 0.001 && fabs(lo + 2.944) < 0.001);
    ck_assert(match_sprt_llr(&s, 0, 10) > 0);
    ck_assert(match_sprt_llr(&s, 0, -10) < 0);
}
END_TEST

START_TEST(test_time_controls) {
    TimeControl tc;
    char err[256];
    ck_assert(match_parse_tc("10+0.1", &tc, err, sizeof err) && tc.base_ms == 10000 && tc.inc_ms == 100 && !tc.moves);
    ck_assert(match_parse_tc("40/60", &tc, err, sizeof err) && tc.moves == 40 && tc.base_ms == 60000 && !tc.inc_ms);
    ck_assert(match_parse_tc("1:30+1", &tc, err, sizeof err) && tc.base_ms == 90000 && tc.inc_ms == 1000);
    ck_assert(match_parse_tc("inf", &tc, err, sizeof err) && tc.infinite);
    ck_assert(!match_parse_tc("ten", &tc, err, sizeof err));
    ck_assert(!match_parse_tc("10+x", &tc, err, sizeof err));
    /* beyond any engine's integer milliseconds, or not numbers at all */
    static const char *bad[] = {"1e9+0", "86401", "10+3601", "nan", "inf+1", "-5", "0+1", "10+", "x/60", "0/60", "1:e"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        ck_assert_msg(!match_parse_tc(bad[i], &tc, err, sizeof err), "%s accepted", bad[i]);
        ck_assert_msg(strstr(err, "time control"), "%s: no reason (%s)", bad[i], err);
    }
    ck_assert(match_parse_tc("86400", &tc, err, sizeof err) && tc.base_ms == 86400000);
}
END_TEST

START_TEST(test_illegal_move) {
    static char out[OUT_MAX];
    int rc = run_match("-engine cmd=tests/match/illegal.sh -engine cmd=./ratnik -each depth=1 -games 2", out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(count_substr(out, "makes an illegal move: a1a1"), 2);
    ck_assert_msg(strstr(out, "Score of illegal.sh vs ratnik: 0 - 2 - 0"), "%s", out);
    ck_assert_msg(strstr(out, "Ends of 2 games: illegal move 2\n"), "%s", out);
    ck_assert(strstr(out, "Finished match"));
}
END_TEST

START_TEST(test_crash) {
    static char out[OUT_MAX];
    const char *args = "-engine cmd=tests/match/crash.sh -engine cmd=./ratnik -each depth=1 -games 3";
    char with[512];
    snprintf(with, sizeof with, "%s -recover", args);
    ck_assert_int_eq(run_match(with, out, sizeof out), 0);
    ck_assert_int_eq(count_substr(out, "disconnects"), 3);
    ck_assert_msg(strstr(out, "Score of crash.sh vs ratnik: 0 - 3 - 0"), "%s", out);
    ck_assert_msg(strstr(out, "Ends of 3 games: crash 3\n"), "%s", out);
    /* without -recover the first crash ends the match, as in cutechess-cli */
    ck_assert_int_eq(run_match(args, out, sizeof out), 1);
    ck_assert_int_eq(count_substr(out, "Finished game"), 1);
    ck_assert(strstr(out, "the match stops"));
}
END_TEST

START_TEST(test_stall) {
    static char out[OUT_MAX];
    int rc = run_match("-engine cmd=tests/match/silent.sh -engine cmd=./ratnik -each depth=1 -games 2 -recover -stall 2",
                       out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(count_substr(out, "fails to start: no answer to uci"), 2);
    rc = run_match("-engine cmd=tests/match/mute.sh -engine cmd=./ratnik -each depth=1 -games 2 -recover -stall 2",
                   out, sizeof out);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(count_substr(out, "connection stalls"), 2);
    ck_assert_msg(strstr(out, "Score of mute.sh vs ratnik: 0 - 2 - 0"), "%s", out);
    ck_assert_msg(strstr(out, "Ends of 2 games: stall 2\n"), "%s", out);
}
END_TEST

START_TEST(test_time_forfeit) {
    static char out[OUT_MAX];
    char pgn[] = "/tmp/ratnik-match-XXXXXX";
    int fd = mkstemp(pgn);
    close(fd);
    char args[512];
    snprintf(args, sizeof args, "-engine cmd=tests/match/slow.sh -engine cmd=./ratnik -each tc=0.3+0 -games 2 -pgnout %s", pgn);
    ck_assert_int_eq(run_match(args, out, sizeof out), 0);
    ck_assert_int_eq(count_substr(out, "loses on time"), 2);
    ck_assert_msg(strstr(out, "Ends of 2 games: time forfeit 2\n"), "%s", out);
    char *text = slurp(pgn);
    ck_assert_int_eq(count_substr(text, "[Termination \"time forfeit\"]"), 2);
    ck_assert_int_eq(count_substr(text, "[TimeControl \"0.3+0\"]"), 2);
    free(text);
    remove(pgn);
}
END_TEST

/* ratnik vs ratnik (depth 1 vs 2) from the variant's book: every game must
 * end by a rule or an adjudication, never by a runner or protocol error. */
static void variant_match(const char *variant, const char *proto) {
    static char out[OUT_MAX];
    char pgn[] = "/tmp/ratnik-match-XXXXXX";
    int fd = mkstemp(pgn);
    close(fd);
    char args[1024];
    snprintf(args, sizeof args,
             "-engine cmd=./ratnik depth=1 -engine cmd=./ratnik depth=2 proto=%s -variant %s -games 2 -repeat "
             "-openings file=book/%s.epd -maxmoves 60 -concurrency 2 -pgnout %s",
             proto, variant, variant, pgn);
    ck_assert_int_eq(run_match(args, out, sizeof out), 0);
    ck_assert_int_eq(count_substr(out, "Finished game"), 2);
    const char *bad[] = {"illegal", "disconnects", "stalls", "on time", "fails to start", "{}"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) ck_assert_msg(!strstr(out, bad[i]), "%s: %s", variant, out);
    char *text = slurp(pgn);
    ck_assert_int_eq(count_substr(text, "[FEN \""), 2);
    ck_assert_int_eq(count_substr(text, "[Termination \""), 2);
    if (strcmp(variant, "chess")) {
        char tag[64];
        snprintf(tag, sizeof tag, "[Variant \"%s\"]", variant);
        ck_assert_int_eq(count_substr(text, tag), 2);
    }
    free(text);
    remove(pgn);
}

START_TEST(test_variants_uci) {
    static const char *names[] = {"chess", "buratia", "japanese", "belarusian", "voodoo"};
    variant_match(names[_i], "uci");
}
END_TEST

START_TEST(test_variants_cecp) {
    variant_match("buratia", "xboard");
    variant_match("chess", "xboard");
}
END_TEST

/* PGN openings: SAN moves with comments and variations, a FEN start, plies=. */
START_TEST(test_pgn_openings) {
    static char out[OUT_MAX];
    char book[] = "/tmp/ratnik-book-XXXXXX", pgn[] = "/tmp/ratnik-match-XXXXXX";
    int fd = mkstemp(book);
    FILE *f = fdopen(fd, "w");
    fputs("[Event \"a\"]\n\n1. e4 e5 2. Nf3 {c} Nc6 (2... d6 3. d4) 3. Bb5 a6 *\n\n"
          "[Event \"b\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... c5 2. Nf3 1-0\n", f);
    fclose(f);
    close(mkstemp(pgn));
    char args[512];
    snprintf(args, sizeof args,
             "-engine cmd=./ratnik -engine cmd=./ratnik proto=xboard -each depth=1 -games 2 "
             "-openings file=%s format=pgn plies=4 -maxmoves 2 -pgnout %s", book, pgn);
    ck_assert_int_eq(run_match(args, out, sizeof out), 0);
    char *text = slurp(pgn);
    ck_assert_msg(strstr(text, "1. e4 {book} e5 {book} 2. Nf3 {book} Nc6 {book} 3. "), "%s", text);
    /* the second book ends after 2. Nf3: the engine's own reply follows,
     * with its score as the comment instead of {book} */
    const char *reply = strstr(text, "1... c5 {book} 2. Nf3 {book} ");
    ck_assert_msg(reply, "%s", text);
    const char *comment = strchr(reply + strlen("1... c5 {book} 2. Nf3 {book} "), '{');
    ck_assert_msg(comment && strncmp(comment, "{book}", 6), "%s", text);
    ck_assert(strstr(text, "[SetUp \"1\"]"));
    free(text);
    remove(pgn), remove(book);
}
END_TEST

/* Buratia's own points through its scoring hook: a win on advantage is
 * half a win; a draw scores only when both directors are off the board. */
START_TEST(test_seed_points) {
    const GameScoring *s = variant_find("buratia")->scoring;
    ck_assert_ptr_nonnull(s);
    ck_assert_ptr_null(variant_find("chess")->scoring);
    Position both = test_pos("buratia", NULL), none = test_pos("buratia", "4r3/8/8/8/8/8/8/4R3[Kk] w - - 0 1");
    Position one = test_pos("buratia", "4k3/8/8/8/8/8/8/4R3[K] w - - 0 1");
    double p[COLOR_NB];
    s->score(&both, RES_DRAW, false, p);
    ck_assert(p[WHITE] == 0 && p[BLACK] == 0);
    s->score(&one, RES_DRAW, false, p);
    ck_assert(p[WHITE] == 0 && p[BLACK] == 0);
    s->score(&none, RES_DRAW, false, p);
    ck_assert(p[WHITE] == 0.5 && p[BLACK] == 0.5);
    s->score(&one, RES_BLACK_WINS, true, p);
    ck_assert(p[WHITE] == 0 && p[BLACK] == 0.5);
    s->score(&both, RES_WHITE_WINS, false, p);
    ck_assert(p[WHITE] == 1 && p[BLACK] == 0);
}
END_TEST

/* Two engines that repeat moves: the variant says whether the runner
 * adjudicates the repetition (Voodoo, Japanese) or the rules end the game
 * (chess), and whether the PGN and the score carry its own points. */
static void repeat_match(const char *variant, const char *moves, char *out, size_t n, char **pgn_text) {
    char pgn[] = "/tmp/ratnik-match-XXXXXX", args[1024];
    close(mkstemp(pgn));
    snprintf(args, sizeof args,
             "-engine cmd=tests/match/shuffle.sh name=a -engine cmd=tests/match/shuffle.sh name=b -each depth=1 %s "
             "-variant %s -games 1 -maxmoves 6 -pgnout %s min",
             moves, variant, pgn);
    ck_assert_int_eq(run_match(args, out, n), 0);
    *pgn_text = slurp(pgn);
    remove(pgn);
}

START_TEST(test_variant_ends_and_points) {
    static char out[OUT_MAX];
    static const char agreed[] = "{Draw by threefold repetition, adjudicated as a draw by agreement}";
    char *pgn;
    repeat_match("voodoo", "", out, sizeof out, &pgn);
    ck_assert_msg(strstr(out, agreed) && strstr(pgn, "[Termination \"adjudication\"]"), "%s", out);
    ck_assert_msg(strstr(out, "Ends of 1 games: threefold repetition 1\n"), "%s", out);
    free(pgn);
    repeat_match("japanese", "arg=h2g2 arg=b8c8 arg=g2h2 arg=c8b8", out, sizeof out, &pgn);
    ck_assert_msg(strstr(out, agreed), "%s", out);
    free(pgn);
    repeat_match("chess", "", out, sizeof out, &pgn);
    ck_assert_msg(strstr(out, "{Draw: threefold repetition}") && !strstr(out, "adjudicated"), "%s", out);
    ck_assert_msg(strstr(pgn, "1. Nf3 Nf6 2. Ng1 Ng8") && !strstr(pgn, "[Variant"), "%s", pgn); /* SAN */
    ck_assert(!strstr(out, "Points (") && !strstr(pgn, "[Points"));
    free(pgn);
    repeat_match("buratia", "", out, sizeof out, &pgn);
    ck_assert_msg(strstr(out, "{Draw by adjudication: move limit of -maxmoves}"), "%s", out);
    ck_assert_msg(strstr(out, "Ends of 1 games: move limit 1\n"), "%s", out);
    ck_assert_msg(strstr(out, "Points (Buratia seed scoring) of a vs b: 0 - 0\n"), "%s", out);
    ck_assert_msg(strstr(pgn, "[Points \"0-0\"]") && strstr(pgn, "1. g1f3 g8f6 2. f3g1"), "%s", pgn);
    free(pgn);
}
END_TEST

/* `-corruption` outside a variant with bribes: refused, naming where they are. */
START_TEST(test_corruption_needs_bribes) {
    char cmd[512], err[2048];
    snprintf(cmd, sizeof cmd, "%s match -engine cmd=./ratnik -engine cmd=./ratnik -each depth=1 -corruption 2>&1 >/dev/null",
             ratnik_bin());
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t len = fread(err, 1, sizeof err - 1, p);
    err[len] = 0;
    ck_assert_int_ne(pclose(p), 0);
    ck_assert_msg(strstr(err, "ratnik match: -corruption needs -variant buratia\n"), "%s", err);
}
END_TEST

/* Chess against Debian's engines (CI installs both; a missing one fails):
 * SAN in the PGN, both protocols. */
START_TEST(test_real_engines) {
    static char out[OUT_MAX];
    const char *paths[] = {"/usr/games/fairymax", "/usr/games/stockfish"};
    const char *engines[] = {"cmd=/usr/games/fairymax proto=xboard", "cmd=/usr/games/stockfish"};
    for (int i = 0; i < 2; i++) {
        ck_assert_msg(!access(paths[i], X_OK), "%s is missing (apt-get install fairymax stockfish)", paths[i]);
        char args[512];
        snprintf(args, sizeof args,
                 "-engine cmd=./ratnik -engine %s -each st=0.02 timemargin=500 -games 2 -repeat -maxmoves 12 "
                 "-openings file=book/chess.epd",
                 engines[i]);
        ck_assert_int_eq(run_match(args, out, sizeof out), 0);
        ck_assert_msg(count_substr(out, "Finished game") == 2 && !strstr(out, "illegal") && !strstr(out, "stalls"),
                      "%s", out);
    }
}
END_TEST

Suite *suite_match(void) {
    return suite_of("match",
                    LOOP_CASE("match", 120, LOOPS({test_variants_uci, 5}), test_elo_figures, test_time_controls,
                              test_illegal_move, test_crash, test_stall, test_time_forfeit, test_variants_cecp,
                              test_pgn_openings, test_real_engines, test_seed_points, test_variant_ends_and_points,
                              test_corruption_needs_bribes),
                    NULL);
}
