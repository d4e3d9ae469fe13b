/* What a TCP client may cost and reach, through the real binary: a client
 * that leaves ends its session at once (nothing it queued runs after),
 * connection storms (tests/load/storm_client), SIGTERM within 5 s, and
 * BookFile confined to the book directories. */
#include <sys/stat.h>
#include "daemon_client.h"
#include "../engine/clock.h"
#include "suites.h"

static const char *const storm_bin = "tests/load/storm_client";

/* The storm client's bound for a new session's answer; sanitizer and
 * valgrind runs give more (RATNIK_STORM_REPLY_MS). */
static int storm_reply_ms(void) {
    const char *v = getenv("RATNIK_STORM_REPLY_MS");
    return v && atoi(v) > 0 ? atoi(v) : 3000;
}

/* Runs the storm client against ratnik_bin() with args and a bound for
 * new sessions' answers; its exit status. */
static int run_storm(const char *args, int reply_ms) {
    ck_assert_msg(access(storm_bin, X_OK) == 0, "%s is missing: make tests/load/storm_client", storm_bin);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "%s %s --reply-bound %d -- %s 2>&1", storm_bin, args, reply_ms, ratnik_bin());
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    char line[512];
    while (fgets(line, sizeof line, p)) fputs(line, stdout); /* the figures, in the test log */
    fflush(stdout);
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* A burst of connections that leave at once (silent, `uci`, `go infinite`
 * then FIN, then reset): new sessions answered within the bound, threads,
 * descriptors and RSS back to the baseline within 5 s, SIGTERM in 5 s. */
START_TEST(daemon_storm) {
    ck_assert_int_eq(run_storm("--connections 1000 --concurrency 500 --rounds 2 --settle-bound 5", storm_reply_ms()), 0);
}
END_TEST

/* The same with every connection kept open up to 50 ms, so that searches
 * really start and must be stopped when their client goes. A new session
 * then shares the CPU with a hundred searches: a looser bound. */
START_TEST(daemon_storm_searching) {
    ck_assert_int_eq(run_storm("--connections 600 --concurrency 300 --hold-ms 50 --settle-bound 5", 3 * storm_reply_ms()),
                     0);
}
END_TEST

START_TEST(daemon_storm_sigterm) {
    ck_assert_int_eq(run_storm("--connections 1000 --concurrency 500 --hold-ms 500 --sigterm-during", storm_reply_ms()), 0);
}
END_TEST

/* After a half-close the session ends: the running perft is stopped, and
 * the `go` queued behind it (it waits for the count) never starts. */
START_TEST(daemon_eof_drops_queued_lines) {
    Server s = server_start(NULL);
    Client c = client_ready(&s);
    send_expect(&c, "go perft 6\n", "a2a3: "); /* 19 of the 20 subtrees to go: seconds */
    client_send(&c, "go depth 3\n"); /* waits for the count */
    shutdown(c.fd, SHUT_WR);
    char *rest = expect_eof(&c);
    ck_assert_msg(strstr(rest, "Perft stopped") || strstr(rest, "Nodes searched"), "no end of the perft: %s", rest);
    expect_no(rest, "bestmove");
    free(rest);
    daemon_end(&s, &c);
}
END_TEST

/* A NUL byte inside a line over TCP is refused whole, as on stdin: cut at
 * the NUL, the line would run as a different command. A CR before the
 * newline is not taken for one. */
START_TEST(daemon_nul_byte_refused) {
    static const char line[] = "position startpos moves e2e4\0junk\r\nd\r\n";
    Server s = server_start(NULL);
    Client c = client_ready(&s);
    ssize_t n = send(c.fd, line, sizeof line - 1, MSG_NOSIGNAL);
    ck_assert_int_eq(n, (ssize_t)(sizeof line - 1));
    char *seg = expect(&c, "Result: ");
    ck_assert_msg(strstr(seg, "error: NUL byte in the line"), "%s", seg);
    ck_assert_msg(strstr(seg, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), "position changed: %s", seg);
    free(seg);
    daemon_end(&s, &c);
}
END_TEST

/* A session busy in `bench` (seconds, on its command thread, not
 * interruptible) does not hold up SIGTERM beyond 5 s; the exit status is
 * still 0. */
START_TEST(daemon_sigterm_deadline) {
    Server s = server_start(NULL);
    Client c = client_ready(&s);
    client_send(&c, "bench\n");
    usleep(300000);
    double t0 = clock_now_ms();
    kill(s.pid, SIGTERM);
    int status = server_wait(&s);
    double ms = clock_now_ms() - t0;
    ck_assert_int_eq(status, 0);
    ck_assert_msg(ms < 5000, "exit %.0f ms after SIGTERM", ms);
    client_close(&c);
}
END_TEST

/* Connections that send nothing hold no session, and at most
 * --max-pending of them wait: a new one closes the oldest. */
START_TEST(daemon_max_pending) {
    Server s = server_start("--max-pending 2 --max-sessions 1");
    Client a = client_open(&s), b = client_open(&s);
    usleep(100000); /* accepted in this order */
    Client c = client_open(&s);
    char *seg = expect_eof(&a);
    ck_assert_msg(strstr(seg, "info string error: no command yet and 2 other connections waiting; closing"), "got: %s", seg);
    free(seg);
    expect_clean(&b); /* silent until now, it still gets the one session */
    expect_clean(&b);
    daemon_end(&s, &a, &b, &c);
}
END_TEST

/* ---- BookFile over TCP ---- */

typedef struct {
    char dir[64];
    char args[256];
} BookDir;

/* A book directory with one real book, a link out of it and a subdirectory. */
static BookDir book_dir_make(void) {
    BookDir b;
    snprintf(b.dir, sizeof b.dir, "/tmp/ratnik-books-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(b.dir));
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cp book/japanese.bin %s/ && ln -s /etc/passwd %s/link.bin && mkdir %s/sub", b.dir, b.dir,
             b.dir);
    ck_assert_int_eq(system(cmd), 0);
    snprintf(b.args, sizeof b.args, "--book-dir %s", b.dir);
    return b;
}

static void book_dir_remove(const BookDir *b) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", b->dir);
    ck_assert_int_eq(system(cmd), 0);
}

static void expect_book_refused(Client *c, const char *name) {
    char line[512], want[256];
    snprintf(line, sizeof line, "setoption name BookFile value %s\n", name);
    client_send(c, line);
    snprintf(want, sizeof want, "info string error: book '%s' not available (", name);
    char *seg = expect(c, want);
    static const char *const telltales[] = {"bytes", "Polyglot", "ratnik book", "No such", "ermission", "regular",
                                            "directory '", "cannot"};
    for (size_t i = 0; i < sizeof telltales / sizeof *telltales; i++) expect_no(seg, telltales[i]);
    free(seg);
}

static void expect_book_move(Client *c) {
    client_send(c, "position startpos\ngo depth 1\n");
    char *seg = expect(c, "bestmove");
    ck_assert_msg(strstr(seg, "info string book move "), "no book move: %s", seg);
    expect_no(seg, "error");
    free(seg);
}

START_TEST(daemon_book_outside_refused) {
    BookDir b = book_dir_make();
    Server s = server_start(b.args);
    Client c = client_open(&s);
    send_expect(&c, "uci\nsetoption name UCI_Variant value japanese\nsetoption name OwnBook value true\n",
                "info string variant japanese");
    client_send(&c, "setoption name BookFile value japanese.bin\n");
    expect_book_move(&c);
    char inside[128];
    snprintf(inside, sizeof inside, "%s/japanese.bin", b.dir);
    const char *names[] = {"/etc/shadow", "/etc/passwd", "../../../../etc/passwd", "sub/../japanese.bin", "link.bin",
                           "sub", "missing.bin", "/nonexistent/x.bin", inside, "/proc/self/environ"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) expect_book_refused(&c, names[i]);
    expect_book_move(&c); /* a refused name left the book as it was */
    /* CECP takes the same file option, with the same answer. */
    Client x = client_open(&s);
    client_send(&x, "xboard\nprotover 2\noption BookFile=/etc/passwd\nping 1\n");
    char *seg = expect(&x, "pong 1");
    ck_assert_msg(strstr(seg, "Error (book '/etc/passwd' not available ("), "got: %s", seg);
    expect_no(seg, "bytes");
    free(seg);
    daemon_end(&s, &x, &c);
    book_dir_remove(&b);
}
END_TEST

/* Without --book-dir, the books beside the binary or in ./book are served
 * by name; full paths are still refused. */
START_TEST(daemon_book_default_dirs) {
    Server s = server_start(NULL);
    Client c = client_open(&s);
    client_send(&c, "uci\nsetoption name UCI_Variant value japanese\nsetoption name OwnBook value true\n"
                    "setoption name BookFile value japanese.bin\n");
    expect_book_move(&c);
    char abs[4200], cwd[4096];
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(abs, sizeof abs, "%s/book/japanese.bin", cwd);
    expect_book_refused(&c, abs);
    daemon_end(&s, &c);
}
END_TEST

/* A stdin session keeps full paths (and its detailed errors). */
START_TEST(stdin_book_full_path) {
    char cwd[4096], in[8192], out[1 << 16];
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(in, sizeof in,
             "uci\nsetoption name UCI_Variant value japanese\nsetoption name OwnBook value true\n"
             "setoption name BookFile value %s/book/japanese.bin\ngo depth 1\n"
             "setoption name BookFile value /etc/passwd\ngo depth 1\n", cwd);
    run_ratnik(NULL, in, strlen(in), out, sizeof out);
    ck_assert_msg(strstr(out, "info string book move "), "got: %s", out);
    ck_assert_msg(strstr(out, "info string error: book /etc/passwd "), "got: %s", out);
}
END_TEST

START_TEST(daemon_book_dir_missing) {
    char cmd[512], out[1024] = "";
    snprintf(cmd, sizeof cmd, "%s --listen 127.0.0.1:0 --book-dir /nonexistent/books 2>&1", ratnik_bin());
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t n = fread(out, 1, sizeof out - 1, p);
    out[n] = 0;
    int status = pclose(p);
    ck_assert_int_eq(WEXITSTATUS(status), 2);
    ck_assert_msg(strstr(out, "--book-dir /nonexistent/books: No such file or directory"), "got: %s", out);
}
END_TEST

Suite *suite_daemon_limits(void) {
    return suite_of("daemon_limits",
                    CASE("tcp", 120, daemon_eof_drops_queued_lines, daemon_nul_byte_refused, daemon_sigterm_deadline,
                         daemon_max_pending, daemon_book_outside_refused, daemon_book_default_dirs,
                         stdin_book_full_path, daemon_book_dir_missing, daemon_storm, daemon_storm_searching,
                         daemon_storm_sigterm),
                    NULL);
}
