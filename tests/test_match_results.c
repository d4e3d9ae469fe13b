/* The match runner as a testing framework: pentanomial statistics and the
 * GSPRT against fastchess's and fishtest's figures, the results file, the
 * progress lines read by parsers written for cutechess-cli, resuming an
 * interrupted match, and shards run by GNU parallel merged into one match. */
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "test_util.h"
#include "../protocol/match/match.h"
#include "../protocol/match/match_json.h"
#include "../protocol/match/match_results.h"
#include "suites.h"

enum { OUT_MAX = 1 << 20 };

static MatchScore penta_of(int ll, int ld, int wl, int dd, int wd, int ww) {
    MatchScore s = {0};
    int p[PENTA_NB] = {ll, ld, wl + dd, wd, ww};
    memcpy(s.penta, p, sizeof p);
    s.pairs_wl = wl;
    return s;
}

/* fastchess's own test cases (app/tests/elo_test.cpp, sprt_test.cpp; the
 * counts in its LL, LD, WL, DD, WD, WW order), whose figures agree with an
 * independent Python transcription of fishtest's LLRcalc.py formulas to
 * the digits given here. */
START_TEST(test_pentanomial_figures) {
    EloReport r;
    MatchScore s = penta_of(34, 54, 31, 32, 64, 75);
    match_elo_penta(&s, &r);
    ck_assert_msg(fabs(r.elo - 55.580) < 0.01 && fabs(r.margin - 27.653) < 0.01, "%f %f", r.elo, r.margin);
    ck_assert(fabs(r.los - 0.99997) < 1e-4 && fabs(r.score - 0.57931) < 1e-4);
    s = penta_of(332, 433, 457, 41, 333, 334);
    match_elo_penta(&s, &r);
    ck_assert_msg(fabs(r.elo + 8.643) < 0.01 && fabs(r.margin - 10.334) < 0.01 && fabs(r.los - 0.05047) < 1e-4, "%f %f %f",
                  r.elo, r.margin, r.los);
    struct {
        MatchScore s;
        bool penta;
        SprtModel model;
        double elo0, elo1, llr;
    } cases[] = {
        {penta_of(223, 9863, 20279, 1000, 10037, 246), true, SPRT_LOGISTIC, 0.5, 2.5, -3.0741},
        {penta_of(871, 26175, 55003, 980, 26678, 821), true, SPRT_LOGISTIC, 0, 2, -4.9787},
        {penta_of(365, 16618, 36029, 200, 16974, 390), true, SPRT_NORMALIZED, 0, 2, 2.2504},
        {penta_of(127, 4883, 10311, 401, 5150, 104), true, SPRT_NORMALIZED, -1.75, 0.25, 3.0102},
        {penta_of(0, 0, 0, 0, 0, 5550), true, SPRT_NORMALIZED, 0, 5, 111.798},
        {{.wins = 21404, .losses = 21184, .draws = 40708}, false, SPRT_LOGISTIC, 0.5, 2.5, -1.5719},
        {{.wins = 36433, .losses = 36027, .draws = 68692}, false, SPRT_NORMALIZED, 0, 2, 0.9233},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        double llr = match_llr(&cases[i].s, cases[i].penta, cases[i].model, cases[i].elo0, cases[i].elo1);
        ck_assert_msg(fabs(llr - cases[i].llr) < 2e-3, "case %zu: llr %f, want %f", i, llr, cases[i].llr);
    }
}
END_TEST

/* A pair of a win and a loss and a pair of two draws both score 1, but only
 * the first counts as WL; a game without a result counts in no pair. */
START_TEST(test_pair_counting) {
    MatchScore s = {0};
    match_score_pair(&s, RES_WHITE_WINS, WHITE, RES_WHITE_WINS, BLACK);
    match_score_pair(&s, RES_DRAW, WHITE, RES_DRAW, BLACK);
    match_score_pair(&s, RES_WHITE_WINS, WHITE, RES_BLACK_WINS, BLACK);
    match_score_pair(&s, RES_BLACK_WINS, WHITE, RES_DRAW, BLACK);
    match_score_pair(&s, RES_NONE, WHITE, RES_DRAW, BLACK);
    ck_assert_int_eq(s.penta[PENTA_DRAWN], 2);
    ck_assert_int_eq(s.pairs_wl, 1);
    ck_assert_int_eq(s.penta[PENTA_WW], 1);
    ck_assert_int_eq(s.penta[PENTA_LD], 1);
    ck_assert_int_eq(match_pairs(&s), 4);
}
END_TEST

/* The same games recorded in two orders (a whole match, merged shards)
 * give the same list of ends: by count, then by name. */
START_TEST(test_ends_order_is_the_games_not_their_order) {
    static const char *const ends[] = {"threefold repetition", "checkmate", "move limit", "checkmate",
                                       "move limit", "stalemate"};
    enum { N = sizeof ends / sizeof *ends };
    MatchResults fwd, back;
    ck_assert(results_init(&fwd, N) && results_init(&back, N));
    for (int i = 0; i < N; i++) {
        GameRecord a = {.game = i, .result = RES_DRAW}, b = {.game = N - 1 - i, .result = RES_DRAW};
        snprintf(a.end, sizeof a.end, "%s", ends[i]);
        snprintf(b.end, sizeof b.end, "%s", ends[N - 1 - i]);
        ck_assert(results_add(&fwd, &a) && results_add(&back, &b));
    }
    static const char *const want[] = {"checkmate", "move limit", "stalemate", "threefold repetition"};
    ck_assert_int_eq(fwd.nends, 4);
    ck_assert_int_eq(back.nends, 4);
    for (int i = 0; i < 4; i++) {
        ck_assert_str_eq(fwd.ends[i].name, want[i]);
        ck_assert_str_eq(back.ends[i].name, want[i]);
        ck_assert_int_eq(fwd.ends[i].count, back.ends[i].count);
    }
    ck_assert_int_eq(fwd.ends[0].count, 2);
    results_free(&fwd), results_free(&back);
}
END_TEST

START_TEST(test_json_reader) {
    char err[200];
    Json *j = json_parse(" {\"a\": [1, -2.5e1, true, null], \"s\": \"x\\\"\\u00e9\\n\"} ", err, sizeof err);
    ck_assert_ptr_nonnull(j);
    char *text = json_text(j);
    ck_assert_str_eq(text, "{\"a\":[1,-25,true,null],\"s\":\"x\\\"\xc3\xa9\\n\"}");
    free(text);
    ck_assert_str_eq(json_get_string(j, "s", ""), "x\"\xc3\xa9\n");
    json_free(j);
    static const char *bad[] = {"{\"a\":1", "[1,]", "{\"a\" 1}", "\"abc", "[1] 2", "nul"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        err[0] = 0;
        ck_assert_msg(!json_parse(bad[i], err, sizeof err), "%s parsed", bad[i]);
        ck_assert_msg(strstr(err, "at byte"), "%s: %s", bad[i], err);
    }
}
END_TEST

static char *slurp_file(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return NULL;
    char *s = calloc(1, OUT_MAX);
    size_t len = fread(s, 1, OUT_MAX - 1, f);
    s[len] = 0;
    fclose(f);
    return s;
}

static Json *read_json(const char *path) {
    char *text = slurp_file(path), err[200] = "";
    ck_assert_msg(text != NULL, "%s is missing", path);
    Json *j = json_parse(text, err, sizeof err);
    ck_assert_msg(j != NULL, "%s: %s", path, err);
    free(text);
    return j;
}

/* Runs a shell command line; its stdout in out, the exit status returned. */
static int shell(const char *cmd, char *out, size_t n) {
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t len = fread(out, 1, n - 1, p);
    out[len] = 0;
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* `ratnik match ARGS` with cmd=./ratnik meaning $RATNIK_BIN. */
static int match(const char *args, const char *pipe_to, char *out, size_t n) {
    char engines[2048], cmd[3072];
    engine_cmds(args, engines, sizeof engines);
    snprintf(cmd, sizeof cmd, "%s match %s 2>/dev/null%s%s", ratnik_bin(), engines, pipe_to ? " | " : "",
             pipe_to ? pipe_to : "");
    return shell(cmd, out, n);
}

static const char RATNIKS[] = "-engine cmd=./ratnik depth=1 name=a -engine cmd=./ratnik depth=2 name=b -variant chess "
                              "-repeat -openings file=book/chess.epd order=random -srand 11 -maxmoves 40";

static double num_at(const Json *j, const char *key) {
    const Json *v = json_get(j, key);
    ck_assert_msg(v && v->type == JSON_NUMBER, "no number %s", key);
    return v->number;
}

/* OpenBench's client, chess-tuning-tools and cutechess log readers (their
 * code quoted in tests/match/cutechess_parse.py) read ratnik's output and
 * find the counts and figures of the results file. */
START_TEST(test_cutechess_parsers) {
    static char out[OUT_MAX];
    char dir[] = "/tmp/ratnik-parse-XXXXXX", args[1024];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(args, sizeof args, "%s -games 20 -concurrency 2 -sprt elo0=0 elo1=10 -ratinginterval 0 -resultsout %s/r.json",
             RATNIKS, dir);
    ck_assert_int_eq(match(args, "python3 tests/match/cutechess_parse.py", out, sizeof out), 0);
    char err[200];
    Json *seen = json_parse(out, err, sizeof err);
    ck_assert_msg(seen != NULL, "parser output: %s (%s)", out, err);
    char path[64];
    snprintf(path, sizeof path, "%s/r.json", dir);
    Json *res = read_json(path);
    const Json *tot = json_get(res, "totals"), *ob = json_get(seen, "openbench"), *tune = json_get(seen, "tuning");
    const Json *penta = json_get(tot, "pentanomial"), *obp = json_get(ob, "pentanomial"), *obt = json_get(ob, "trinomial");
    for (int i = 0; i < PENTA_NB; i++) ck_assert_int_eq((int)obp->items[i]->number, (int)penta->items[i]->number);
    ck_assert_int_eq((int)obt->items[0]->number, (int)num_at(tot, "losses"));
    ck_assert_int_eq((int)obt->items[1]->number, (int)num_at(tot, "draws"));
    ck_assert_int_eq((int)obt->items[2]->number, (int)num_at(tot, "wins"));
    const Json *last = json_get(tune, "last_score"), *tp = json_get(tune, "pentanomial");
    ck_assert_int_eq((int)last->items[0]->number, (int)num_at(tot, "wins"));
    ck_assert_int_eq((int)last->items[1]->number, (int)num_at(tot, "losses"));
    ck_assert_int_eq((int)num_at(tp, "LL"), (int)penta->items[0]->number);
    ck_assert_int_eq((int)num_at(tp, "WL/DD"), (int)penta->items[2]->number);
    ck_assert_int_eq((int)num_at(tp, "WW"), (int)penta->items[4]->number);
    double elo = num_at(tot, "elo"), los = num_at(tot, "los");
    ck_assert_msg(fabs(num_at(seen, "elo") - elo) <= 0.051, "%s", out);
    ck_assert_msg(fabs(num_at(seen, "elo_error") - num_at(tot, "elo_error")) <= 0.051, "%s", out);
    ck_assert_msg(fabs(num_at(seen, "los") - 100 * los) <= 0.051, "%s", out);
    const Json *sprt = json_get(seen, "sprt"), *mine = json_get(tot, "sprt");
    double llr = num_at(mine, "llr");
    ck_assert_msg(fabs(num_at(sprt, "llr") - llr) <= 0.0051 * fmax(1, fabs(llr)), "%s", out);
    ck_assert(fabs(num_at(sprt, "ubound") - 2.94) < 1e-9 && fabs(num_at(sprt, "lbound") + 2.94) < 1e-9);
    ck_assert_str_eq(json_get_string(sprt, "result", ""), json_get_string(mine, "result", "?"));
    json_free(seen), json_free(res);
    char rm[128];
    snprintf(rm, sizeof rm, "rm -rf %s", dir);
    ck_assert_int_eq(system(rm), 0);
}
END_TEST

/* An engine that loses every game: the SPRT accepts H0 and stops the
 * match, over pairs, over games (-report penta=false) and in normalized Elo. */
START_TEST(test_sprt_stops) {
    static char out[OUT_MAX];
    static const char *extra[] = {"", "-report penta=false", "model=normalized"};
    for (int i = 0; i < 3; i++) {
        char args[512];
        snprintf(args, sizeof args,
                 "-engine cmd=tests/match/illegal.sh -engine cmd=./ratnik -each depth=1 -games 200 %s -sprt elo0=0 "
                 "elo1=200 %s",
                 i == 1 ? extra[1] : "", i == 2 ? extra[2] : "");
        ck_assert_int_eq(match(args, NULL, out, sizeof out), 0);
        ck_assert_msg(strstr(out, " - H0 was accepted\n"), "%s", out);
        int games = count_substr(out, "Finished game");
        ck_assert_msg(games >= 4 && games < 40, "%d games", games);
        ck_assert_msg(strstr(out, "Ends of ") && strstr(out, ": illegal move "), "%s", out);
        ck_assert_int_eq(count_substr(out, "Ptnml(0-2)"), i == 1 ? 0 : 1);
    }
}
END_TEST

static pid_t start_match(const char *args, const char *log) {
    char engines[2048], cmd[3072];
    engine_cmds(args, engines, sizeof engines);
    snprintf(cmd, sizeof cmd, "exec %s match %s >%s 2>/dev/null", ratnik_bin(), engines, log);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (!pid) {
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    return pid;
}

/* The number of games in the results file; every read must find a whole
 * file, since it is replaced, never written in place. */
static int recorded(const char *path) {
    char *text = slurp_file(path), err[200];
    if (!text) return 0;
    Json *j = json_parse(text, err, sizeof err);
    ck_assert_msg(j != NULL, "a partial results file: %s", err);
    int n = json_get(j, "games")->n;
    json_free(j), free(text);
    return n;
}

/* Stops the match once the results hold `games` games; its exit status. */
static int stop_after(pid_t pid, const char *results, int games, int sig) {
    double end = clock_now_ms() + 60000 * test_timeout_multiplier();
    while (recorded(results) < games && clock_now_ms() < end) usleep(20000);
    kill(pid, sig);
    int st;
    waitpid(pid, &st, 0);
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/* `ratnik match ARGS` exits with the usage status 2 and says `why` on stderr. */
static void assert_refused(const char *args, const char *why) {
    static char out[OUT_MAX];
    char engines[2048], cmd[3072];
    engine_cmds(args, engines, sizeof engines);
    snprintf(cmd, sizeof cmd, "%s match %s 2>&1 >/dev/null", ratnik_bin(), engines);
    ck_assert_int_eq(shell(cmd, out, sizeof out), 2);
    ck_assert_msg(strstr(out, why), "%s", out);
}

/* A 40-game match killed (kill -9), interrupted (SIGINT) and resumed ends
 * with 40 distinct games in its results file and its PGN file. */
START_TEST(test_resume) {
    static char out[OUT_MAX];
    char dir[] = "/tmp/ratnik-resume-XXXXXX", args[1024], results[64], log[64], pgn[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(results, sizeof results, "%s/r.json", dir);
    snprintf(pgn, sizeof pgn, "%s/r.pgn", dir);
    snprintf(log, sizeof log, "%s/log", dir);
    snprintf(args, sizeof args, "%s -games 40 -concurrency 2 -resultsout %s -pgnout %s", RATNIKS, results, pgn);
    ck_assert_int_eq(stop_after(start_match(args, log), results, 8, SIGKILL), 128 + SIGKILL);
    ck_assert_int_eq(stop_after(start_match(args, log), results, 20, SIGINT), 128 + SIGINT);
    char *text = slurp_file(log);
    ck_assert_msg(strstr(text, "Resuming from ") && strstr(text, "Interrupted by SIGINT: "), "%s", text);
    free(text);
    char again[1200];
    snprintf(again, sizeof again, "%s -resume", args);
    ck_assert_int_eq(match(again, NULL, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "Resuming from ") && strstr(out, "Finished match"), "%s", out);
    Json *res = read_json(results);
    const Json *games = json_get(res, "games");
    ck_assert_int_eq(games->n, 40);
    bool seen[60][2][41] = {{{false}}};
    for (int i = 0; i < 40; i++) {
        const Json *g = games->items[i];
        int op = (int)num_at(json_get(g, "opening"), "index"), w = (int)num_at(g, "white_engine");
        int round = (int)num_at(g, "round");
        ck_assert(op >= 1 && op <= 60 && (w == 0 || w == 1) && round >= 1 && round <= 40);
        ck_assert_msg(!seen[op - 1][w][round], "game %d twice", round);
        seen[op - 1][w][round] = true;
        ck_assert_int_eq((int)num_at(g, "game"), i + 1);
    }
    ck_assert_int_eq((int)num_at(json_get(res, "totals"), "games"), 40);
    json_free(res);
    text = slurp_file(pgn);
    ck_assert_int_eq(count_substr(text, "[Event "), 40);
    for (int r = 1; r <= 40; r++) {
        char tag[32];
        snprintf(tag, sizeof tag, "[Round \"%d\"]", r);
        ck_assert_msg(count_substr(text, tag) == 1, "%s", tag);
    }
    free(text);
    /* the file is never taken for another match's */
    snprintf(args, sizeof args, "%s -games 30 -concurrency 2 -resultsout %s", RATNIKS, results);
    assert_refused(args, "holds another match (settings.games differs)");
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* A finished match resumed with more -rounds plays only the new games and
 * keeps the recorded ones; fewer rounds are refused. */
START_TEST(test_resume_more_rounds) {
    static char out[OUT_MAX];
    char dir[] = "/tmp/ratnik-rounds-XXXXXX", args[1024], results[64];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(results, sizeof results, "%s/r.json", dir);
    snprintf(args, sizeof args, "%s -games 2 -rounds 2 -resultsout %s", RATNIKS, results);
    ck_assert_int_eq(match(args, NULL, out, sizeof out), 0);
    Json *res = read_json(results);
    ck_assert_int_eq(json_get(res, "games")->n, 4);
    char *before = json_text(json_get(res, "games"));
    json_free(res);
    snprintf(args, sizeof args, "%s -games 2 -rounds 3 -resultsout %s", RATNIKS, results);
    ck_assert_int_eq(match(args, NULL, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "Resuming from ") && strstr(out, "4 games recorded, 2 to play") &&
                      strstr(out, "Finished match"), "%s", out);
    res = read_json(results);
    const Json *games = json_get(res, "games");
    ck_assert_int_eq(games->n, 6);
    ck_assert_int_eq((int)num_at(json_get(res, "settings"), "total"), 6);
    ck_assert_int_eq((int)num_at(json_get(res, "totals"), "games"), 6);
    char *after = json_text(games);
    ck_assert_msg(!strncmp(before, after, strlen(before) - 1), "the recorded games changed:\n%s\n%s", before, after);
    free(before), free(after), json_free(res);
    snprintf(args, sizeof args, "%s -games 2 -rounds 1 -resultsout %s", RATNIKS, results);
    assert_refused(args, "a resume may raise -rounds, not lower it");
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

/* Every line of a PGN text but its Date tags. */
static void drop_dates(char *s) {
    char *d;
    while ((d = strstr(s, "[Date \""))) {
        char *nl = strchr(d, '\n');
        memmove(d, nl + 1, strlen(nl + 1) + 1);
    }
}

/* Four shards of a match run by GNU parallel and merged equal the match
 * run in one piece: the same games, results, totals and PGN. */
START_TEST(test_shards_merge) {
    static char out[OUT_MAX];
    ck_assert_msg(!system("parallel --version >/dev/null 2>&1"), "GNU parallel is missing (apt-get install parallel)");
    char dir[] = "/tmp/ratnik-shards-XXXXXX", engines[2048], cmd[4096];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    engine_cmds(RATNIKS, engines, sizeof engines);
    snprintf(cmd, sizeof cmd,
             "parallel -j 2 --halt now,fail=1 %s match %s -games 24 -shard {}/4 -resultsout %s/s{}.json "
             "-pgnout %s/s{}.pgn min '>/dev/null' '2>&1' ::: 1 2 3 4",
             ratnik_bin(), engines, dir, dir);
    ck_assert_int_eq(shell(cmd, out, sizeof out), 0);
    snprintf(cmd, sizeof cmd, "%s match merge %s/s1.json %s/s2.json %s/s3.json %s/s4.json -resultsout %s/m.json -pgnout %s/m.pgn",
             ratnik_bin(), dir, dir, dir, dir, dir, dir);
    ck_assert_int_eq(shell(cmd, out, sizeof out), 0);
    ck_assert_msg(strstr(out, "Merged 4 files: 24 of 24 games\nScore of a vs b: "), "%s", out);
    snprintf(cmd, sizeof cmd, "%s match %s -games 24 -resultsout %s/f.json -pgnout %s/f.pgn min >/dev/null 2>&1",
             ratnik_bin(), engines, dir, dir);
    ck_assert_int_eq(system(cmd), 0);
    char path[64];
    snprintf(path, sizeof path, "%s/m.json", dir);
    Json *merged = read_json(path);
    snprintf(path, sizeof path, "%s/f.json", dir);
    Json *whole = read_json(path);
    static const char *parts[] = {"engines", "settings", "games", "totals"};
    for (int i = 0; i < 4; i++) {
        char *a = json_text(json_get(merged, parts[i])), *b = json_text(json_get(whole, parts[i]));
        ck_assert_msg(!strcmp(a, b), "%s differ:\n%s\n%s", parts[i], a, b);
        free(a), free(b);
    }
    ck_assert_int_eq(json_get(merged, "games")->n, 24);
    json_free(merged), json_free(whole);
    snprintf(path, sizeof path, "%s/m.pgn", dir);
    char *mp = slurp_file(path);
    snprintf(path, sizeof path, "%s/f.pgn", dir);
    char *fp = slurp_file(path);
    drop_dates(mp), drop_dates(fp);
    ck_assert_int_eq(count_substr(mp, "[Event "), 24);
    ck_assert_msg(!strcmp(mp, fp), "the merged PGN differs from the whole match's");
    free(mp), free(fp);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

Suite *suite_match_results(void) {
    return suite_of("match_results",
                    CASE("match_results", 180, test_pentanomial_figures, test_pair_counting, test_ends_order_is_the_games_not_their_order,
                         test_json_reader,
                         test_cutechess_parsers, test_sprt_stops, test_resume, test_resume_more_rounds, test_shards_merge),
                    NULL);
}
