/* The conventions of the engine-testing tools, through the real binary and
 * the real Makefile: OpenBench builds with `make EXE=NAME` and reads
 * `./NAME bench` with its own regular expressions (quoted in
 * tests/conventions/openbench_bench.py, run by Debian's python3); bench
 * takes Stockfish's HASH THREADS DEPTH; perftree's script protocol; `make
 * install` / `uninstall` into a DESTDIR, with XBoard's engine-list file and
 * a man page that man-db renders and groff finds no fault in. */
#include <sys/stat.h>
#include "test_util.h"
#include "suites.h"

enum { CONV_OUT = 1 << 20 };

/* Runs a shell command with stderr joined to stdout; its exit status. */
static int run_cmd(const char *cmd, char *out, size_t n) {
    char full[4096];
    snprintf(full, sizeof full, "exec 2>&1; %s", cmd);
    return run_shell(full, out, n);
}

/* The command exits with rc, and its output (left in out) holds `says`. */
static void assert_cmd_says(const char *cmd, int rc, const char *says, char *out) {
    int got = run_cmd(cmd, out, CONV_OUT);
    ck_assert_msg(got == rc && strstr(out, says), "%s: rc %d, want %d and \"%s\": %.3000s", cmd, got, rc, says, out);
}

/* A buffer of CONV_OUT bytes for a command's output; the caller frees it. */
static char *output_buffer(void) {
    char *out = malloc(CONV_OUT);
    ck_assert_ptr_nonnull(out);
    return out;
}

static bool is_release_binary(void) { return !strcmp(ratnik_bin(), "./ratnik"); }

static void read_signature(char *sig, size_t n) {
    FILE *f = fopen("tests/bench.sig", "r");
    ck_assert_ptr_nonnull(f);
    ck_assert_ptr_nonnull(fgets(sig, (int)n, f));
    fclose(f);
    sig[strcspn(sig, "\n")] = 0;
}

/* The default bench through OpenBench's parser: the signature of
 * tests/bench.sig, a speed, and within OpenBench's 60 s. Builds for the
 * sanitizers and valgrind run a shallow bench instead (their full one takes
 * minutes), whose node count the parser must still find. */
START_TEST(openbench_reads_the_bench) {
    char *out = output_buffer(), cmd[1024], sig[64];
    if (is_release_binary()) {
        read_signature(sig, sizeof sig);
        snprintf(cmd, sizeof cmd, "/usr/bin/python3 tests/conventions/openbench_bench.py %s -- %s 60", ratnik_bin(), sig);
    } else {
        char shallow[CONV_OUT / 4];
        snprintf(cmd, sizeof cmd, "%s bench 16 1 2", ratnik_bin());
        ck_assert_int_eq(run_cmd(cmd, shallow, sizeof shallow), 0);
        const char *at = strstr(shallow, "Nodes searched: ");
        ck_assert_ptr_nonnull(at);
        snprintf(sig, sizeof sig, "%llu", strtoull(at + 16, NULL, 10));
        snprintf(cmd, sizeof cmd, "/usr/bin/python3 tests/conventions/openbench_bench.py %s 16 1 2 -- %s 600", ratnik_bin(),
                 sig);
    }
    assert_cmd_says(cmd, 0, "OpenBench reads bench ", out);
    free(out);
}
END_TEST

/* Stockfish's order: HASH THREADS DEPTH. A DEPTH searches every position
 * to it; a word that is not a number in range is refused with exit 2. */
START_TEST(bench_takes_stockfish_arguments) {
    char *out = output_buffer(), cmd[512];
    snprintf(cmd, sizeof cmd, "%s bench 8 1 3", ratnik_bin());
    assert_cmd_says(cmd, 0, "Nodes searched: ", out);
    ck_assert_int_eq(count_substr(out, "depth  3 nodes"), 8);
    snprintf(cmd, sizeof cmd, "%s bench 16 x", ratnik_bin());
    assert_cmd_says(cmd, 2, "THREADS must be an integer 1..64, not 'x'", out);
    snprintf(cmd, sizeof cmd, "%s bench 16 1 2 9", ratnik_bin());
    ck_assert_int_eq(run_cmd(cmd, out, CONV_OUT), 2);
    /* The UCI command takes the same words and keeps its session. */
    const char *script = "bench 16 1 2\nbench 0\nisready\n";
    run_ratnik(NULL, script, strlen(script), out, CONV_OUT);
    ck_assert_int_eq(count_substr(out, "depth  2 nodes"), 8);
    ck_assert_ptr_nonnull(strstr(out, "info string error: bench: HASH must be an integer 1..65536, not '0'"));
    ck_assert_ptr_nonnull(strstr(out, "readyok"));
    free(out);
}
END_TEST

/* `make EXE=NAME` (as OpenBench calls it, with -j) links NAME; plain make
 * still links ./ratnik. A dry run with every target remade shows the link
 * lines without building anything. */
START_TEST(make_exe_names_the_binary) {
    char *out = output_buffer();
    assert_cmd_says("make -n -B -j EXE=ratnik-ob-test", 0, "-o ratnik-ob-test ", out);
    ck_assert_ptr_null(strstr(out, "-o ratnik "));
    assert_cmd_says("make -n -B", 0, "-o ratnik ", out);
    free(out);
}
END_TEST

static const char CHESS_START[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* perftree's README: the depth-3 counts of the chess start position. */
static const char PERFTREE_DEPTH3[] =
    "a2a3 380\nb2b3 420\nc2c3 420\nd2d3 539\ne2e3 599\nf2f3 380\ng2g3 420\nh2h3 380\na2a4 420\nb2b4 421\n"
    "c2c4 441\nd2d4 560\ne2e4 600\nf2f4 401\ng2g4 421\nh2h4 420\nb1c3 440\ng1h3 400\nb1a3 400\ng1f3 440\n";

/* Each "turn count" line of out, sorted, then the blank line and total:
 * perftree reads the lines as a map, so the order is not part of it. */
static void sorted_lines(const char *text, char *out, size_t n) {
    char copy[CONV_OUT / 8];
    snprintf(copy, sizeof copy, "%s", text);
    char *lines[4096];
    int k = 0;
    char *save = NULL;
    for (char *l = strtok_r(copy, "\n", &save); l && k < 4096; l = strtok_r(NULL, "\n", &save)) lines[k++] = l;
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && strcmp(lines[j - 1], lines[j]) > 0; j--) {
            char *t = lines[j];
            lines[j] = lines[j - 1], lines[j - 1] = t;
        }
    size_t len = 0;
    out[0] = 0;
    for (int i = 0; i < k; i++) len += (size_t)snprintf(out + len, n - len, "%s\n", lines[i]);
}

static void perftree(const char *args, char *out) {
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s perftree %s", ratnik_bin(), args);
    ck_assert_int_eq(run_cmd(cmd, out, CONV_OUT), 0);
}

/* The move lines, then one blank line, then the total, nothing else. */
static void check_perftree_shape(const char *out, const char *total) {
    char tail[64];
    snprintf(tail, sizeof tail, "\n\n%s\n", total);
    size_t n = strlen(out), t = strlen(tail);
    ck_assert_msg(n >= t && !strcmp(out + n - t, tail), "perftree output ends wrong: %s", out);
    ck_assert_int_eq(count_substr(out, "\n\n"), 1);
}

START_TEST(perftree_chess_format) {
    char *out = malloc(CONV_OUT), *got = malloc(CONV_OUT / 8), *want = malloc(CONV_OUT / 8), args[512];
    ck_assert_ptr_nonnull(out);
    ck_assert_ptr_nonnull(got);
    ck_assert_ptr_nonnull(want);
    snprintf(args, sizeof args, "3 \"%s\"", CHESS_START);
    perftree(args, out);
    check_perftree_shape(out, "8902");
    sorted_lines(out, got, CONV_OUT / 8);
    char expected[2048];
    snprintf(expected, sizeof expected, "%s8902\n", PERFTREE_DEPTH3);
    sorted_lines(expected, want, CONV_OUT / 8);
    ck_assert_str_eq(got, want);
    /* MOVES: space-separated in one argument, empty, or absent. */
    snprintf(args, sizeof args, "2 \"%s\" \"e2e4 e7e5\"", CHESS_START);
    perftree(args, out);
    check_perftree_shape(out, "835");
    ck_assert_ptr_nonnull(strstr(out, "g1f3 29\n"));
    snprintf(args, sizeof args, "1 \"%s\" \"\"", CHESS_START);
    perftree(args, out);
    check_perftree_shape(out, "20");
    snprintf(args, sizeof args, "0 \"%s\"", CHESS_START);
    perftree(args, out);
    ck_assert_str_eq(out, "\n1\n");
    /* A move that is not legal is named, with exit 2. */
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s perftree 1 \"%s\" \"e2e5\"", ratnik_bin(), CHESS_START);
    assert_cmd_says(cmd, 2, "move 'e2e5'", out);
    free(out), free(got), free(want);
}
END_TEST

/* Every variant through --variant, against its perft suite's counts;
 * multi-leg turns are single words. */
START_TEST(perftree_every_variant) {
    static const struct { const char *variant, *fen, *depth, *total; } cases[] = {
        {"buratia", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1", "2", "676"},
        {"japanese", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1", "2", "576"},
        {"belarusian", "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL w AIai - 0 1", "2", "484"},
        {"voodoo", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1", "1", "3574"},
    };
    char *out = malloc(CONV_OUT), args[512];
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(args, sizeof args, "--variant %s %s \"%s\"", cases[i].variant, cases[i].depth, cases[i].fen);
        perftree(args, out);
        check_perftree_shape(out, cases[i].total);
        /* the move lines add up to the total */
        unsigned long long sum = 0;
        for (const char *l = out; *l && *l != '\n'; l = strchr(l, '\n') + 1) sum += strtoull(strchr(l, ' ') + 1, NULL, 10);
        ck_assert_uint_eq(sum, strtoull(cases[i].total, NULL, 10));
    }
    ck_assert_ptr_nonnull(strstr(out, "xa2,")); /* a Voodoo sacrifice is one word */
    free(out);
}
END_TEST

static bool exists(const char *dir, const char *path) {
    char full[1024];
    struct stat st;
    snprintf(full, sizeof full, "%s%s", dir, path);
    return stat(full, &st) == 0;
}

/* install puts the binary, the data, the man page and XBoard's plugin file
 * (Debian's layout) under DESTDIR/PREFIX; uninstall takes every file away
 * again and leaves only the shared directories. */
START_TEST(install_and_uninstall_in_destdir) {
    char dir[] = "/tmp/ratnik-install-XXXXXX", cmd[1024];
    char *out = output_buffer();
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(cmd, sizeof cmd, "make --no-print-directory install DESTDIR=%s PREFIX=/usr", dir);
    ck_assert_msg(run_cmd(cmd, out, CONV_OUT) == 0, "make install: %s", out);
    ck_assert(exists(dir, "/usr/bin/ratnik"));
    ck_assert(exists(dir, "/usr/share/man/man6/ratnik.6"));
    ck_assert(exists(dir, "/usr/share/ratnik/www/index.html"));
    ck_assert(exists(dir, "/usr/share/ratnik/book/chess.epd"));
    char eng[1024];
    snprintf(eng, sizeof eng, "%s/usr/share/games/plugins/xboard/ratnik.eng", dir);
    FILE *f = fopen(eng, "r");
    ck_assert_ptr_nonnull(f);
    size_t len = fread(out, 1, CONV_OUT - 1, f);
    out[len] = 0;
    fclose(f);
    ck_assert_str_eq(out, "plugin spec 0.0\n/usr/bin/ratnik -xlegal -testClaims false -showTargetSquares true -highlightDragging true\n"
                          "normal,buratia,japanese,belarusian,voodoo\n");
    snprintf(cmd, sizeof cmd, "make --no-print-directory uninstall DESTDIR=%s PREFIX=/usr", dir);
    ck_assert_msg(run_cmd(cmd, out, CONV_OUT) == 0, "make uninstall: %s", out);
    snprintf(cmd, sizeof cmd, "find %s -type f -o -type l", dir);
    ck_assert_int_eq(run_cmd(cmd, out, CONV_OUT), 0);
    ck_assert_msg(!out[0], "left after uninstall: %s", out);
    ck_assert(!exists(dir, "/usr/share/ratnik"));
    snprintf(cmd, sizeof cmd, "rm -r %s", dir);
    ck_assert_int_eq(run_cmd(cmd, out, CONV_OUT), 0);
    free(out);
}
END_TEST

/* man-db renders the page (with no message on stderr), and groff with
 * every warning on finds nothing in it. */
START_TEST(man_page_renders_clean) {
    char *out = output_buffer();
    ck_assert_int_eq(run_cmd("MANWIDTH=80 man -l docs/ratnik.6 2>&1 >/dev/null", out, CONV_OUT), 0);
    ck_assert_msg(!out[0], "man -l says: %s", out);
    assert_cmd_says("MANWIDTH=80 man -l docs/ratnik.6", 0, "perftree", out);
    ck_assert_ptr_nonnull(strstr(out, "UCI_LimitStrength"));
    ck_assert_int_eq(run_cmd("groff -ww -z -man docs/ratnik.6", out, CONV_OUT), 0);
    ck_assert_msg(!out[0], "groff -ww says: %s", out);
    free(out);
}
END_TEST

Suite *suite_conventions(void) {
    return suite_of("conventions",
                    CASE("conventions", 600, openbench_reads_the_bench, bench_takes_stockfish_arguments,
                         make_exe_names_the_binary, perftree_chess_format, perftree_every_variant,
                         install_and_uninstall_in_destdir, man_page_renders_clean),
                    NULL);
}
