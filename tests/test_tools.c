/* The command-line tools and the files they are given, through the real
 * binary: files that would block (a FIFO) or are not files (a directory)
 * are refused at once by every reader; `perft --epd` names each line it
 * cannot check; results that cannot be written fail the run; `book build`
 * without games writes nothing; `ratnik match` checks every numeric option
 * and says why an engine did not start. Every run has a deadline, so a
 * tool that hangs fails its test instead of stalling the suite. */
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "test_util.h"
#include "../engine/clock.h"
#include "suites.h"

enum { OUT_MAX = 1 << 18, DEADLINE_MS = 15000 };

typedef struct {
    int rc;        /* exit code, -1 when killed */
    bool hung;     /* killed at the deadline */
} ToolRun;

/* Runs `ratnik ARGS` (shell words and redirections allowed) with stdin
 * from `input` (NULL: /dev/null); stdout and stderr together in out. The
 * engines of a match are ratnik_bin() too (engine_cmds). The process group
 * is killed if it has not ended by the deadline. */
static ToolRun run_tool(const char *args, const char *input, char *out, size_t n) {
    char in_path[] = "/tmp/ratnik-tools-in-XXXXXX";
    int in_fd = mkstemp(in_path);
    ck_assert_int_ge(in_fd, 0);
    if (input) ck_assert_int_eq(write(in_fd, input, strlen(input)), (ssize_t)strlen(input));
    close(in_fd);
    char engines[2048], cmd[4096];
    engine_cmds(args, engines, sizeof engines);
    snprintf(cmd, sizeof cmd, "exec 2>&1 <%s; exec %s %s", in_path, ratnik_bin(), engines);
    int fds[2];
    ck_assert_int_eq(pipe(fds), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (!pid) {
        setpgid(0, 0);
        dup2(fds[1], 1);
        close(fds[0]), close(fds[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    size_t len = 0;
    double deadline = clock_now_ms() + DEADLINE_MS;
    ToolRun r = {0, false};
    for (;;) {
        int left = (int)(deadline - clock_now_ms());
        struct pollfd p = {fds[0], POLLIN, 0};
        if (left <= 0 || poll(&p, 1, left) == 0) {
            r.hung = true;
            kill(-pid, SIGKILL);
            break;
        }
        char sink[4096];
        ssize_t got = len + 1 < n ? read(fds[0], out + len, n - 1 - len) : read(fds[0], sink, sizeof sink);
        if (got <= 0) break;
        if (len + 1 < n) len += (size_t)got;
    }
    out[len] = 0;
    close(fds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    remove(in_path);
    r.rc = !r.hung && WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    return r;
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* A scratch directory with a FIFO and a subdirectory in it. */
typedef struct {
    char dir[64], fifo[96], sub[96];
} Scratch;

static void scratch_make(Scratch *s) {
    snprintf(s->dir, sizeof s->dir, "/tmp/ratnik-tools-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(s->dir));
    snprintf(s->fifo, sizeof s->fifo, "%s/fifo", s->dir);
    snprintf(s->sub, sizeof s->sub, "%s/sub", s->dir);
    ck_assert_int_eq(mkfifo(s->fifo, 0600), 0);
    ck_assert_int_eq(mkdir(s->sub, 0700), 0);
}

static void scratch_remove(const Scratch *s) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", s->dir);
    ck_assert_int_eq(system(cmd), 0);
}

/* Every reader of a user-named file refuses a FIFO at once, with the reason. */
START_TEST(fifo_is_refused_by_every_reader) {
    static char out[OUT_MAX];
    Scratch s;
    scratch_make(&s);
    char args[512];
    const char *forms[] = {
        "perft --no-progress --epd %s",
        "book show --variant chess --book %s",
        "book epd --variant buratia --count 1 --book %s",
        "book build --variant chess --pgn %s --out /dev/null",
        "tactics %s --depth 1",
        "match -engine cmd=./ratnik -engine cmd=./ratnik -each depth=1 -openings file=%s",
        "match -engine cmd=./ratnik -engine cmd=./ratnik -each depth=1 -openings file=%s format=pgn",
    };
    for (size_t i = 0; i < sizeof forms / sizeof *forms; i++) {
        snprintf(args, sizeof args, forms[i], s.fifo);
        ToolRun r = run_tool(args, NULL, out, sizeof out);
        ck_assert_msg(!r.hung, "hangs: ratnik %.3000s", args);
        ck_assert_msg(r.rc != 0 && strstr(out, "not a regular file (a FIFO)"), "ratnik %.3000s: rc %d: %.3000s", args, r.rc, out);
    }
    scratch_remove(&s);
}
END_TEST

/* BookFile naming a FIFO: the session still answers go, isready and quit. */
START_TEST(fifo_book_file_keeps_the_session) {
    static char out[OUT_MAX];
    Scratch s;
    scratch_make(&s);
    const char *paths[] = {s.fifo, s.sub};
    const char *reasons[] = {"not a regular file (a FIFO)", "is a directory"};
    for (int i = 0; i < 2; i++) {
        char input[512];
        snprintf(input, sizeof input,
                 "uci\nsetoption name OwnBook value true\nsetoption name BookFile value %s\nposition startpos\n"
                 "go depth 1\nisready\nquit\n", paths[i]);
        ToolRun r = run_tool("", input, out, sizeof out);
        ck_assert_msg(!r.hung && r.rc == 0, "BookFile %.3000s: the session hangs: %.3000s", paths[i], out);
        ck_assert_msg(strstr(out, "\nbestmove ") && strstr(out, "\nreadyok"), "%.3000s", out);
        ck_assert_msg(strstr(out, reasons[i]), "%.3000s", out);
        ck_assert_msg(!strstr(out, "9223372036854775807"), "%.3000s", out);
    }
    char input[512];
    snprintf(input, sizeof input, "xboard\nprotover 2\noption OwnBook=1\noption BookFile=%s\nsd 1\ngo\nping 7\nquit\n",
             s.fifo);
    ToolRun r = run_tool("", input, out, sizeof out);
    ck_assert_msg(!r.hung && strstr(out, "pong 7") && strstr(out, reasons[0]), "CECP: %.3000s", out);
    scratch_remove(&s);
}
END_TEST

/* A directory is "is a directory" everywhere, and perft says so with exit 2. */
START_TEST(directory_is_refused) {
    static char out[OUT_MAX];
    Scratch s;
    scratch_make(&s);
    char args[512];
    snprintf(args, sizeof args, "perft --no-progress --epd %s", s.sub);
    ToolRun r = run_tool(args, NULL, out, sizeof out);
    ck_assert_msg(r.rc == 2 && strstr(out, "is a directory"), "rc %d: %.3000s", r.rc, out);
    snprintf(args, sizeof args, "book show --variant chess --book %s", s.sub);
    r = run_tool(args, NULL, out, sizeof out);
    ck_assert_msg(r.rc == 1 && strstr(out, "is a directory") && !strstr(out, "bytes"), "rc %d: %.3000s", r.rc, out);
    scratch_remove(&s);
}
END_TEST

static const char *const start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/* Operations perft cannot check: each is an error that names file:line,
 * and the run exits 1 (a bad line), never 0. */
START_TEST(perft_epd_bad_operations) {
    static char out[OUT_MAX];
    static const char *ops[] = {";D99 5", ";D0", ";D32", ";D-1", ";Dx 5", ";D 5", ";D1", ";foo bar",
                                ";D1 abc", ";D1 -20", ";D1 20 30", ";D1 20 ;D1 20", ";D1 20 ;variant", ""};
    char path[] = "/tmp/ratnik-tools-XXXXXX", args[256], text[512], want[128];
    close(mkstemp(path));
    snprintf(args, sizeof args, "perft --no-progress --epd %s", path);
    snprintf(want, sizeof want, "FAIL %s:2: ", path);
    for (size_t i = 0; i < sizeof ops / sizeof *ops; i++) {
        snprintf(text, sizeof text, "# a comment\n%s %s\n", start_fen, ops[i]);
        write_text(path, text);
        ToolRun r = run_tool(args, NULL, out, sizeof out);
        ck_assert_msg(r.rc == 1, "'%.3000s': exit %d: %.3000s", ops[i], r.rc, out);
        ck_assert_msg(strstr(out, want), "'%.3000s': the line is not named: %.3000s", ops[i], out);
        ck_assert_msg(!strstr(out, "18446744073709551596") && !strstr(out, "ok   line"), "'%.3000s': %.3000s", ops[i], out);
    }
    /* comments and ids are allowed, a ';' inside quotes included */
    snprintf(text, sizeof text, "%s ;id \"start\" ;c0 \"a;b\" ;D1 20 ;D2 400\n", start_fen);
    write_text(path, text);
    ToolRun r = run_tool(args, NULL, out, sizeof out);
    ck_assert_msg(r.rc == 0 && count_substr(out, "ok   line 1") == 2, "%.3000s", out);
    remove(path);
}
END_TEST

/* Lines of any length are read whole: the line numbers stay right. */
START_TEST(perft_epd_long_lines) {
    static char out[OUT_MAX];
    char path[] = "/tmp/ratnik-tools-XXXXXX", args[256];
    close(mkstemp(path));
    size_t cap = 40000;
    char *text = malloc(cap), *comment = malloc(9001);
    memset(comment, 'x', 9000), comment[9000] = 0;
    snprintf(text, cap, "# %s\n%s ;c0 \"%s\" ;D1 20\n%s ;D1 21\n", comment, start_fen, comment, start_fen);
    write_text(path, text);
    snprintf(args, sizeof args, "perft --no-progress --epd %s", path);
    ToolRun r = run_tool(args, NULL, out, sizeof out);
    ck_assert_msg(r.rc == 1, "exit %d: %.3000s", r.rc, out);
    ck_assert_msg(strstr(out, "ok   line 2 chess D1 20") && strstr(out, "FAIL line 3 chess D1 20 expected 21"), "%.3000s", out);
    ck_assert_msg(strstr(out, " 2        1 "), "two positions, one failure: %.3000s", out);
    free(text), free(comment);
    remove(path);
}
END_TEST

/* Results that cannot be written fail the run: the PGN file, books, and
 * a tool's stdout. */
START_TEST(write_errors_fail_the_run) {
    static char out[OUT_MAX];
    ToolRun r = run_tool("match -engine cmd=./ratnik -engine cmd=./ratnik -each depth=1 -games 2 -pgnout /dev/full",
                         NULL, out, sizeof out);
    ck_assert_msg(r.rc == 1 && strstr(out, "cannot write the PGN file '/dev/full'"), "rc %d: %.3000s", r.rc, out);
    ck_assert_msg(count_substr(out, "Finished game") == 1, "the match goes on after a lost game: %.3000s", out);
    r = run_tool("perft 2 >/dev/full", NULL, out, sizeof out);
    ck_assert_msg(r.rc == 2 && strstr(out, "cannot write the results"), "rc %d: %.3000s", r.rc, out);
    r = run_tool("book show --variant buratia >/dev/full", NULL, out, sizeof out);
    ck_assert_msg(r.rc == 1 && strstr(out, "cannot write the results"), "rc %d: %.3000s", r.rc, out);
    char pgn[] = "/tmp/ratnik-tools-XXXXXX", args[512];
    close(mkstemp(pgn));
    write_text(pgn, "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n");
    snprintf(args, sizeof args, "book build --variant chess --pgn %s --out /dev/full", pgn);
    r = run_tool(args, NULL, out, sizeof out);
    ck_assert_msg(r.rc == 1 && strstr(out, "cannot write /dev/full"), "rc %d: %.3000s", r.rc, out);
    snprintf(args, sizeof args, "book build --variant buratia --pgn %s --out /dev/full", pgn);
    write_text(pgn, "[Variant \"buratia\"]\n[Result \"1-0\"]\n\n1. e2e4 e7e5 1-0\n");
    r = run_tool(args, NULL, out, sizeof out);
    ck_assert_msg(r.rc == 1 && strstr(out, "cannot write '/dev/full'"), "rc %d: %.3000s", r.rc, out);
    remove(pgn);
}
END_TEST

/* No usable game: an error, and no file (the chess loader refuses an
 * empty Polyglot file). */
START_TEST(book_build_without_games) {
    static char out[OUT_MAX];
    static const char *pgns[] = {"", "[Event \"unfinished\"]\n[Result \"*\"]\n\n1. e4 e5 *\n",
                                 "[Variant \"buratia\"]\n[Result \"1-0\"]\n\n1. e2e4 1-0\n"};
    char pgn[] = "/tmp/ratnik-tools-XXXXXX", book[96], args[512];
    close(mkstemp(pgn));
    snprintf(book, sizeof book, "%s.bin", pgn);
    for (int v = 0; v < 2; v++)
        for (size_t i = 0; i < sizeof pgns / sizeof *pgns; i++) {
            write_text(pgn, pgns[i]);
            snprintf(args, sizeof args, "book build --variant %s --pgn %s --out %s", v ? "japanese" : "chess", pgn, book);
            ToolRun r = run_tool(args, NULL, out, sizeof out);
            ck_assert_msg(r.rc == 1 && strstr(out, "book build: no usable"), "rc %d: %.3000s", r.rc, out);
            ck_assert_msg(access(book, F_OK) != 0, "a book was written: %.3000s", out);
        }
    /* games, but every move filtered out: still no file */
    write_text(pgn, "[Result \"1-0\"]\n\n1. e4 e5 1-0\n");
    snprintf(args, sizeof args, "book build --variant chess --pgn %s --out %s --min-games 2", pgn, book);
    ToolRun r = run_tool(args, NULL, out, sizeof out);
    ck_assert_msg(r.rc == 1 && strstr(out, "passes the filters") && access(book, F_OK) != 0, "%.3000s", out);
    remove(pgn);
}
END_TEST

/* ratnik FORM (one %s, filled with part) ends, with exit code rc, saying
 * `says` and never `never`. */
static void assert_refused(const char *form, const char *part, int rc, const char *says, const char *never, char *out,
                           size_t n) {
    char args[512];
    snprintf(args, sizeof args, form, part);
    ToolRun r = run_tool(args, NULL, out, n);
    ck_assert_msg(!r.hung, "hangs: ratnik %.3000s", args);
    ck_assert_msg(r.rc == rc && strstr(out, says) && !strstr(out, never), "ratnik %.3000s: rc %d: %.3000s", args, r.rc, out);
}

/* Every numeric match option through one strict reader: refused before
 * any game, with the option and its range, exit 2. */
START_TEST(match_options_are_checked) {
    static char out[OUT_MAX];
    static const struct { const char *args, *why; } cases[] = {
        {"-each depth=-1", "depth= must be an integer from 1"},
        {"-each depth=0", "depth= must be an integer from 1"},
        {"-each depth=3x", "depth= must be an integer"},
        {"-each st=-1", "st= (seconds a move) must be a number"},
        {"-each nodes=-5", "nodes= must be an integer"},
        {"-each tc=inf", "tc=inf never ends a search"},
        {"-each tc=1e9+0", "the base must be a number from 0 to 86400"},
        {"-each tc=nan", "the base must be a number"},
        {"-tc 10+-1 -each depth=1", "the increment must be a number"},
        {"-each nodes=100 tc=inf proto=xboard", "tc=inf never ends"},
        {"-each nodes=100 proto=xboard", "nodes= works over UCI only"},
        {"-each depth=1 timemargin=-1", "timemargin= (ms) must be"},
        {"-each depth=1 -sprt elo0=10 elo1=0 alpha=2 beta=-1", "-sprt alpha= must be"},
        {"-each depth=1 -sprt elo0=10 elo1=0", "elo1 greater than elo0"},
        {"-each depth=1 -sprt elo0=0 elo1=5 beta=0", "-sprt beta= must be more than 0"},
        {"-each depth=1 -srand abc", "-srand must be an integer"},
        {"-each depth=1 -resign movecount=-1 score=abc", "-resign movecount= must be"},
        {"-each depth=1 -resign movecount=3 score=abc", "-resign score= must be"},
        {"-each depth=1 -draw movenumber=x", "-draw movenumber= must be"},
        {"-each depth=1 -games 0", "-games must be"},
        {"-each depth=1 -games 2x", "-games must be"},
        {"-each depth=1 -rounds -1", "-rounds must be"},
        {"-each depth=1 -concurrency 100", "-concurrency must be an integer from 1 to 64"},
        {"-each depth=1 -stall 0", "-stall (seconds) must be"},
        {"-each depth=1 -movelimit 20000", "-movelimit must be"},
        {"-each depth=1 -maxmoves -3", "-maxmoves must be"},
        {"-each depth=1 -ratinginterval x", "-ratinginterval must be"},
        {"-each depth=1 -repeat 0", "-repeat must be"},
        {"-each depth=1 -openings file=book/chess.epd plies=-1", "-openings plies= must be"},
        {"-each depth=1 -openings file=book/chess.epd start=0", "-openings start= must be"},
        {"-each depth=1 -openings file=book/chess.epd start=999999", "start=999999, but 'book/chess.epd' holds 60"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        assert_refused("match -engine cmd=./ratnik -engine cmd=./ratnik %s", cases[i].args, 2, cases[i].why, "Started game",
                       out, sizeof out);
}
END_TEST

/* What stops an engine from starting is said: a command that cannot be
 * run, a dir= that is not there, a setting the engine has not or refuses. */
START_TEST(match_engine_start_errors) {
    static char out[OUT_MAX];
    static const struct { const char *engine, *why; } cases[] = {
        {"cmd=/nonexistent/engine", "cannot run '/nonexistent/engine': No such file or directory"},
        {"cmd=./README.md", "cannot run './README.md': Permission denied"},
        {"cmd=./ratnik dir=/nonexistent", "cannot enter dir '/nonexistent'"},
        {"cmd=./ratnik option.Hash=abc", "option.Hash=abc: the engine takes an integer from 1 to"},
        {"cmd=./ratnik option.Hash=0", "option.Hash=0: the engine takes an integer"},
        {"cmd=./ratnik option.Hashh=16", "option.Hashh: the engine has no such option"},
        {"cmd=./ratnik option.Ponder=maybe", "the engine takes true or false"},
        {"cmd=./ratnik option.BribePolicy=bogus", "not one of the engine's choices"},
        {"cmd=./ratnik proto=xboard option.MoveLimit=20000", "option.MoveLimit=20000: the engine takes an integer"},
        {"cmd=./ratnik proto=xboard option.Corruption=yes", "the engine takes 0 or 1"},
        {"cmd=./ratnik proto=xboard option.Hash=16", "option.Hash: the engine has no such option"},
        {"cmd=./ratnik initstr=setoption\\ name\\ Threads\\ value\\ 0", "the engine refused a setting: error"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        assert_refused("match -engine %s -engine cmd=./ratnik -each depth=1", cases[i].engine, 1, cases[i].why,
                       "engine exited at uci", out, sizeof out);
        ck_assert_msg(strstr(out, "engine fails to start: "), "%s: %.3000s", cases[i].engine, out);
    }
    ToolRun r = run_tool("match -engine cmd=./ratnik option.Hash=8 option.ponder=false -engine cmd=./ratnik proto=xboard "
                         "option.MoveLimit=50 option.BribePolicy=accept-all -each depth=1 -games 2",
                         NULL, out, sizeof out);
    ck_assert_msg(r.rc == 0 && count_substr(out, "Finished game") == 2 && !strstr(out, "fails to start"), "%.3000s", out);
}
END_TEST

Suite *suite_tools(void) {
    return suite_of("tools",
                    CASE("tools", 300, fifo_is_refused_by_every_reader, fifo_book_file_keeps_the_session,
                         directory_is_refused, perft_epd_bad_operations, perft_epd_long_lines,
                         write_errors_fail_the_run, book_build_without_games, match_options_are_checked,
                         match_engine_start_errors),
                    NULL);
}
