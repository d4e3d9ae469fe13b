/* The perft tool: threads, the hash table and divide give the counts of
 * plain perft in every variant; JSON output is well-formed; exit codes. */
#include <sys/wait.h>
#include <unistd.h>
#include "test_util.h"
#include "../engine/perft_tt.h"
#include "../variants/registry.h"
#include "suites.h"

enum { MAX_SUITE_NODES = 300000, OUT_MAX = 1 << 20 };

/* Divide lines collected in order, to compare two runs line by line. */
typedef struct {
    char turns[4096][TURN_STR_MAX];
    uint64_t counts[4096];
    int n;
} DivideLog;

static void log_divide(void *ctx, const char *turn, uint64_t nodes) {
    DivideLog *l = ctx;
    ck_assert_int_lt(l->n, 4096);
    snprintf(l->turns[l->n], TURN_STR_MAX, "%s", turn);
    l->counts[l->n++] = nodes;
}

static uint64_t run_with(const Position *pos, int depth, int threads, PerftTT *tt, DivideLog *log) {
    PerftOptions o = {.threads = threads, .tt = tt, .divide = log ? log_divide : NULL, .divide_ctx = log,
                      .split_small = true};
    uint64_t n = 0;
    ck_assert(perft_run(pos, depth, &o, &n));
    return n;
}

/* Plain perft against every combination of threads, hash and divide. A 1 MB
 * table is small enough that replacement happens on every deeper run. */
static void check_same_counts(const Position *pos, int depth, PerftTT *tt) {
    static DivideLog plain, other;
    uint64_t want = perft(pos, depth);
    plain.n = 0;
    ck_assert_uint_eq(perft_divide(pos, depth, log_divide, &plain), want);
    static const int threads[] = {1, 2, 3};
    for (int t = 0; t < 3; t++)
        for (int h = 0; h < 2; h++) {
            other.n = 0;
            uint64_t got = run_with(pos, depth, threads[t], h ? tt : NULL, &other);
            ck_assert_msg(got == want, "%s depth %d threads %d hash %d: %llu, plain %llu", pos->v->name, depth,
                          threads[t], h, (unsigned long long)got, (unsigned long long)want);
            ck_assert_int_eq(other.n, plain.n);
            for (int i = 0; i < plain.n; i++) {
                ck_assert_str_eq(other.turns[i], plain.turns[i]);
                ck_assert_uint_eq(other.counts[i], plain.counts[i]);
            }
        }
    ck_assert_uint_eq(perft_hashed(pos, depth, tt), want);
}

/* Every position of tests/perft/<variant>.epd, at its deepest listed depth
 * whose count stays small enough for a unit test. */
static int check_suite(const char *variant, PerftTT *tt) {
    char path[128], line[4096];
    snprintf(path, sizeof path, "tests/perft/%s.epd", variant);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        char *ops = strchr(line, ';');
        if (line[0] == '#' || !ops) continue;
        *ops++ = 0;
        int best = 0;
        for (char *d = strstr(ops, "D"); d; d = strstr(d + 1, "D")) {
            int depth = 0;
            unsigned long long count = 0;
            if (sscanf(d, "D%d %llu", &depth, &count) == 2 && count <= MAX_SUITE_NODES && depth > best) best = depth;
        }
        if (!best) continue;
        Position pos = test_pos(variant, line);
        check_same_counts(&pos, best, tt);
        checked++;
    }
    fclose(f);
    return checked;
}

START_TEST(threads_and_hash_match_plain_perft) {
    const char *variant = variant_at(_i)->name;
    PerftTT *tt = perft_tt_new(1);
    ck_assert_ptr_nonnull(tt);
    ck_assert_int_gt(check_suite(variant, tt), 3);
    perft_tt_free(tt);
}
END_TEST

/* Identical positions reached with different halfmove clocks near the
 * limit where Belarusian ends the game (100 half-moves without a capture):
 * the hash must keep them apart. Captures come early on some paths and late
 * on others. */
START_TEST(hash_respects_the_clock_near_its_limit) {
    static const char *fens[] = {
        "4a4/9/9/2r1r1r2/1R1R1R1R1/9/9/9/4A4 w - - 95 60",
        "4a4/9/9/2r1r1r2/1R1R1R1R1/9/9/9/4A4 w - - 99 60",
    };
    PerftTT *tt = perft_tt_new(1);
    for (int i = 0; i < 2; i++) {
        Position pos = test_pos("belarusian", fens[i]);
        for (int d = 3; d <= 5; d++) ck_assert_uint_eq(perft_hashed(&pos, d, tt), perft(&pos, d));
    }
    Position jp = test_pos("japanese", "4k4/9/4p4/9/2p1R1p2/9/4p4/9/4K4 w - - 195 60");
    for (int d = 3; d <= 5; d++) ck_assert_uint_eq(perft_hashed(&jp, d, tt), perft(&jp, d));
    perft_tt_free(tt);
}
END_TEST

START_TEST(depth_zero_and_finished_games) {
    Position pos = test_pos("chess", NULL);
    ck_assert_uint_eq(run_with(&pos, 0, 2, NULL, NULL), 1);
    Position mate = test_pos("chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1");
    ck_assert_uint_eq(run_with(&mate, 3, 2, NULL, NULL), 0);
}
END_TEST

/* A plugin's count_legal must agree with its generate everywhere: checked
 * along seeded random games (pins, checks, en passant, promotions and
 * castling all turn up). */
START_TEST(count_legal_matches_generate) {
    static Move moves[MAX_MOVES];
    uint64_t seed = 20261129;
    int checked = 0;
    for (int v = 0; v < variant_count(); v++) {
        if (!variant_at(v)->count_legal) continue;
        for (int game = 0; game < 300; game++) {
            Position pos = test_pos(variant_at(v)->name, NULL);
            for (int ply = 0; ply < 200; ply++) {
                int n = pos.v->generate(&pos, moves);
                ck_assert_int_eq(pos.v->count_legal(&pos), n);
                checked++;
                if (!n) break;
                seed = seed * 6364136223846793005ull + 1442695040888963407ull;
                pos.v->make(&pos, moves[(seed >> 33) % (uint64_t)n]);
            }
        }
    }
    ck_assert_int_gt(checked, 10000);
}
END_TEST

/* A validator for the JSON grammar (RFC 8259), enough to prove the output
 * parses: it returns the text after one value, or NULL. */
static const char *json_value(const char *s);

static const char *json_ws(const char *s) {
    while (*s == ' ' || *s == '\n' || *s == '\t' || *s == '\r') s++;
    return s;
}

static const char *json_string(const char *s) {
    if (*s++ != '"') return NULL;
    for (; *s != '"'; s++) {
        if ((unsigned char)*s < 0x20) return NULL;
        if (*s == '\\' && !strchr("\"\\/bfnrtu", *++s)) return NULL;
    }
    return s + 1;
}

static const char *json_number(const char *s) {
    const char *start = s;
    if (*s == '-') s++;
    while ((*s >= '0' && *s <= '9') || *s == '.' || *s == 'e' || *s == 'E' || *s == '+' || *s == '-') s++;
    return s > start ? s : NULL;
}

static const char *json_list(const char *s, char close, bool object) {
    s = json_ws(s + 1);
    if (*s == close) return s + 1;
    for (;;) {
        if (object) {
            if (!(s = json_string(json_ws(s)))) return NULL;
            s = json_ws(s);
            if (*s++ != ':') return NULL;
        }
        if (!(s = json_value(s))) return NULL;
        s = json_ws(s);
        if (*s == close) return s + 1;
        if (*s++ != ',') return NULL;
    }
}

static const char *json_value(const char *s) {
    s = json_ws(s);
    if (*s == '{') return json_list(s, '}', true);
    if (*s == '[') return json_list(s, ']', false);
    if (*s == '"') return json_string(s);
    if (!strncmp(s, "true", 4) || !strncmp(s, "null", 4)) return s + 4;
    if (!strncmp(s, "false", 5)) return s + 5;
    return json_number(s);
}

static void assert_json(const char *out) {
    const char *end = json_value(out);
    ck_assert_msg(end && !*json_ws(end), "not one JSON value: %s", out);
}

START_TEST(json_is_well_formed) {
    char *out = malloc(OUT_MAX);
    run_ratnik("perft --json 3", "", 0, out, OUT_MAX);
    assert_json(out);
    ck_assert_ptr_nonnull(strstr(out, "\"nodes\": 8902"));
    run_ratnik("perft --json --threads 2 --hash 1 --divide --variant voodoo 1", "", 0, out, OUT_MAX);
    assert_json(out);
    ck_assert_ptr_nonnull(strstr(out, "{\"move\": \"xb1,g8f6,b2b3\", \"nodes\": 1}"));
    run_ratnik("perft --json --depth 2 --epd tests/perft/japanese.epd --epd tests/perft/voodoo.epd", "", 0, out, OUT_MAX);
    assert_json(out);
    ck_assert_ptr_nonnull(strstr(out, "\"expected\": 576, \"ok\": true"));
    ck_assert_ptr_nonnull(strstr(out, "\"failures\": 0, \"nodes\""));
    free(out);
}
END_TEST

static int exit_code(const char *args) {
    char cmd[512];
    snprintf(cmd, sizeof cmd, "%s perft %s >/dev/null 2>&1", ratnik_bin(), args);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void write_file(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

START_TEST(exit_codes) {
    char good[] = "/tmp/ratnik-perft-XXXXXX", bad[] = "/tmp/ratnik-perft-XXXXXX", args[256];
    close(mkstemp(good)), close(mkstemp(bad));
    write_file(good, "# ok\nlnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1 ;D1 24 ;variant japanese\n");
    write_file(bad, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 401\n");
    snprintf(args, sizeof args, "--epd %s", good);
    ck_assert_int_eq(exit_code(args), 0);
    snprintf(args, sizeof args, "--threads 2 --hash 1 --json --epd %s", bad);
    ck_assert_int_eq(exit_code(args), 1);
    write_file(bad, "8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3 ;variant nosuchgame\n");
    ck_assert_int_eq(exit_code(args), 1);
    ck_assert_int_eq(exit_code("--epd /nonexistent.epd"), 2);
    ck_assert_int_eq(exit_code("--threads 0 3"), 2);
    ck_assert_int_eq(exit_code("--hash x 3"), 2);
    ck_assert_int_eq(exit_code("--variant nosuchgame 3"), 2);
    remove(good), remove(bad);
}
END_TEST

START_TEST(cli_divide_with_fen_and_threads) {
    char *out = malloc(OUT_MAX);
    run_ratnik("perft --threads 2 --hash 1 --divide --fen '8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1' 3", "", 0,
               out, OUT_MAX);
    ck_assert_ptr_nonnull(strstr(out, "\nNodes searched: 2812\n"));
    ck_assert_int_eq(count_substr(out, ": "), 15); /* 14 root moves and the total */
    free(out);
}
END_TEST

Suite *suite_perft(void) {
    return suite_of("perft",
                    LOOP_CASE("perft", 120, LOOPS({threads_and_hash_match_plain_perft, variant_count()}),
                              hash_respects_the_clock_near_its_limit, depth_zero_and_finished_games,
                              count_legal_matches_generate, json_is_well_formed, exit_codes,
                              cli_divide_with_fen_and_threads),
                    NULL);
}
