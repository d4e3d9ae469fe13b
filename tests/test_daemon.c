/* The TCP daemon through the real binary: ./ratnik --listen 127.0.0.1:0
 * runs as a child process and the tests talk to it over sockets. Every
 * wait is bounded; all traffic stays on 127.0.0.1. */
#include <check.h>
#include <errno.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "test_util.h"

typedef struct {
    pid_t pid;
    int port;
    int err_fd; /* the daemon's stderr */
} Server;

typedef struct {
    int fd;
    char *buf;
    size_t len, pos; /* bytes received; how far expect() has consumed */
    bool eof;
} Client;

enum { CLIENT_BUF = 4 << 20, WAIT_MS = 20000 };

static double now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Starts ./ratnik --listen 127.0.0.1:0 ARGS and reads the port it chose. */
static Server server_start(const char *args) {
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    char argbuf[256];
    snprintf(argbuf, sizeof argbuf, "%s", args ? args : "");
    char *argv[32] = {(char *)ratnik_bin(), "--listen", "127.0.0.1:0"};
    int argc = 3;
    char *save = NULL;
    for (char *t = strtok_r(argbuf, " ", &save); t && argc < 31; t = strtok_r(NULL, " ", &save)) argv[argc++] = t;
    argv[argc] = NULL;
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (!pid) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive a failed test */
        /* Under `make sanitize`, ASan's quarantine would hide freed memory
         * from the RSS check of daemon_huge_line; other builds ignore this. */
        const char *asan = getenv("ASAN_OPTIONS");
        char opts[512];
        snprintf(opts, sizeof opts, "%s%squarantine_size_mb=0", asan ? asan : "", asan && *asan ? ":" : "");
        setenv("ASAN_OPTIONS", opts, 1);
        dup2(p[1], 2);
        close(p[0]);
        close(p[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(p[1]);
    Server s = {pid, 0, p[0]};
    char text[1024];
    size_t len = 0;
    double end = now_ms() + WAIT_MS;
    while (!s.port && now_ms() < end && len < sizeof text - 1) {
        struct pollfd pfd = {p[0], POLLIN, 0};
        if (poll(&pfd, 1, 100) <= 0) continue;
        ssize_t n = read(p[0], text + len, sizeof text - 1 - len);
        if (n <= 0) break;
        len += (size_t)n;
        text[len] = 0;
        const char *at = strstr(text, "listening on 127.0.0.1:");
        if (at && strchr(at, '\n')) s.port = atoi(at + strlen("listening on 127.0.0.1:"));
    }
    ck_assert_msg(s.port > 0, "the daemon did not start: %.*s", (int)len, text);
    return s;
}

/* The exit status once the daemon exits (-1: not in time, killed). */
static int server_wait(Server *s) {
    int status = 0;
    double end = now_ms() + WAIT_MS;
    while (now_ms() < end) {
        pid_t r = waitpid(s->pid, &status, WNOHANG);
        if (r == s->pid) {
            close(s->err_fd);
            return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
        }
        usleep(10000);
    }
    kill(s->pid, SIGKILL);
    waitpid(s->pid, &status, 0);
    close(s->err_fd);
    return -1;
}

static int server_stop(Server *s) {
    kill(s->pid, SIGTERM);
    return server_wait(s);
}

static long server_rss_kb(const Server *s) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)s->pid);
    FILE *f = fopen(path, "r");
    long kb = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "VmRSS:", 6)) kb = atol(line + 6);
    fclose(f);
    return kb;
}

static Client client_open(const Server *s) {
    Client c = {socket(AF_INET, SOCK_STREAM, 0), malloc(CLIENT_BUF), 0, 0, false};
    ck_assert_int_ge(c.fd, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)s->port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(connect(c.fd, (struct sockaddr *)&a, sizeof a), 0);
    return c;
}

static void client_close(Client *c) {
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    free(c->buf);
    c->buf = NULL;
}

/* Closes with a reset, as a crashed client would. */
static void client_abort(Client *c) {
    struct linger lg = {1, 0};
    setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
    client_close(c);
}

static void client_send(Client *c, const char *text) {
    size_t len = strlen(text), off = 0;
    while (off < len) {
        ssize_t n = send(c->fd, text + off, len - off, MSG_NOSIGNAL);
        ck_assert_msg(n > 0, "send failed: %s", strerror(errno));
        off += (size_t)n;
    }
}

/* Reads whatever arrives within ms; false once the server closed. */
static bool client_pump(Client *c, int ms) {
    if (c->eof) return false;
    struct pollfd pfd = {c->fd, POLLIN, 0};
    if (poll(&pfd, 1, ms) <= 0) return true;
    ck_assert_msg(c->len < CLIENT_BUF - 1, "too much output");
    ssize_t n = recv(c->fd, c->buf + c->len, CLIENT_BUF - 1 - c->len, 0);
    if (n <= 0) {
        c->eof = true;
        return false;
    }
    c->len += (size_t)n;
    c->buf[c->len] = 0;
    return true;
}

/* Waits for a line containing needle; returns everything from the last
 * expect() up to the end of that line (caller frees), or fails. */
static char *expect(Client *c, const char *needle) {
    double end = now_ms() + WAIT_MS;
    for (;;) {
        if (c->len) {
            c->buf[c->len] = 0;
            char *at = strstr(c->buf + c->pos, needle);
            char *nl = at ? strchr(at, '\n') : NULL;
            if (nl) {
                size_t n = (size_t)(nl + 1 - (c->buf + c->pos));
                char *seg = strndup(c->buf + c->pos, n);
                c->pos += n;
                return seg;
            }
        }
        const char *got = c->len ? c->buf + c->pos : "";
        ck_assert_msg(!c->eof, "connection closed while waiting for '%s'; got: %.2000s", needle, got);
        ck_assert_msg(now_ms() < end, "timed out waiting for '%s'; got: %.2000s", needle, got);
        client_pump(c, 50);
    }
}

/* Waits until the server closes the connection; returns what came first. */
static char *expect_eof(Client *c) {
    double end = now_ms() + WAIT_MS;
    while (client_pump(c, 50)) ck_assert_msg(now_ms() < end, "the server kept the connection open");
    c->buf[c->len] = 0;
    return strdup(c->buf + c->pos);
}

static int count_lines(const char *text) {
    int n = 0;
    for (; *text; text++) n += *text == '\n';
    return n;
}

static void expect_no(const char *seg, const char *needle) {
    ck_assert_msg(!strstr(seg, needle), "unexpected '%s' in: %s", needle, seg);
}

/* Sends isready and checks that nothing before readyok was an error. */
static void expect_clean(Client *c) {
    client_send(c, "isready\n");
    char *seg = expect(c, "readyok");
    expect_no(seg, "error");
    free(seg);
}

START_TEST(daemon_uci_session) {
    Server s = server_start(NULL);
    Client c = client_open(&s);
    client_send(&c, "uci\n");
    char *seg = expect(&c, "uciok");
    ck_assert_ptr_nonnull(strstr(seg, "id name ratnik"));
    free(seg);
    client_send(&c, "isready\n");
    free(expect(&c, "readyok"));
    client_send(&c, "position startpos moves e2e4\ngo depth 3\n");
    seg = expect(&c, "bestmove");
    ck_assert_ptr_nonnull(strstr(seg, "info depth 3"));
    expect_no(seg, "bestmove (none)");
    expect_no(seg, "error");
    free(seg);
    client_send(&c, "quit\n");
    free(expect_eof(&c));
    client_close(&c);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* Two sessions at once, different variants, searching at the same time. */
START_TEST(daemon_two_variants) {
    Server s = server_start(NULL);
    Client a = client_open(&s), b = client_open(&s);
    client_send(&a, "uci\nsetoption name UCI_Variant value japanese\n");
    client_send(&b, "uci\nsetoption name UCI_Variant value chess\n");
    free(expect(&a, "info string variant japanese files 9 ranks 9"));
    free(expect(&b, "info string variant chess files 8 ranks 8"));
    for (int round = 0; round < 3; round++) {
        client_send(&a, "go depth 4\n");
        client_send(&b, "go depth 4\n");
        char *sa = expect(&a, "bestmove"), *sb = expect(&b, "bestmove");
        expect_no(sa, "(none)");
        expect_no(sb, "(none)");
        expect_no(sa, "error");
        expect_no(sb, "error");
        free(sa);
        free(sb);
    }
    client_send(&a, "d\n");
    client_send(&b, "d\n");
    char *da = expect(&a, "Result:"), *db = expect(&b, "Result:");
    ck_assert_ptr_nonnull(strstr(da, "Variant: japanese"));
    ck_assert_ptr_nonnull(strstr(db, "Variant: chess"));
    ck_assert_ptr_nonnull(strstr(db, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    free(da);
    free(db);
    client_close(&a);
    client_close(&b);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

START_TEST(daemon_bad_input) {
    Server s = server_start(NULL);
    Client c = client_open(&s);
    client_send(&c, "foobar\n");
    char *seg = expect(&c, "info string error: unknown command 'foobar'");
    free(seg);
    client_send(&c, "position startpos moves e2e5\n");
    free(expect(&c, "info string error"));
    client_send(&c, "d\n");
    seg = expect(&c, "Result:");
    ck_assert_ptr_nonnull(strstr(seg, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    free(seg);
    /* Binary garbage with NUL bytes, CRLF lines, empty lines. */
    static const char junk[] = "\x01\x02\xff\xfe\n\0\0\0\n\r\n\n   \nisready\r\n";
    ck_assert_int_eq(send(c.fd, junk, sizeof junk - 1, MSG_NOSIGNAL), (ssize_t)(sizeof junk - 1));
    free(expect(&c, "readyok"));
    expect_clean(&c);
    client_close(&c);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* Each connection picks its protocol by its first command. */
START_TEST(daemon_cecp_and_uci) {
    Server s = server_start("--max-line 100");
    Client x = client_open(&s), u = client_open(&s);
    client_send(&x, "xboard\nprotover 2\n");
    client_send(&u, "uci\n");
    free(expect(&x, "feature done=1"));
    free(expect(&u, "uciok"));
    client_send(&x, "variant japanese\nping 7\n");
    free(expect(&x, "pong 7"));
    char line[202];
    memset(line, 'x', 200);
    line[200] = '\n';
    line[201] = 0;
    client_send(&x, line);
    client_send(&u, line);
    free(expect(&x, "Error (line too long)"));
    free(expect(&u, "info string error: line too long"));
    client_send(&x, "sd 3\ngo\n");
    client_send(&u, "go depth 3\n");
    free(expect(&x, "move "));
    char *seg = expect(&u, "bestmove");
    expect_no(seg, "(none)");
    free(seg);
    client_send(&x, "quit\n");
    free(expect_eof(&x));
    expect_clean(&u);
    client_close(&x);
    client_close(&u);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* A line of 8 MB: one error, the connection stays, memory does not grow. */
START_TEST(daemon_huge_line) {
    Server s = server_start(NULL);
    Client c = client_open(&s);
    expect_clean(&c);
    long before = server_rss_kb(&s);
    char *chunk = malloc(1 << 16);
    memset(chunk, 'a', 1 << 16);
    for (int i = 0; i < 128; i++) {
        size_t off = 0;
        while (off < 1u << 16) {
            ssize_t n = send(c.fd, chunk + off, (1u << 16) - off, MSG_NOSIGNAL);
            ck_assert_int_gt(n, 0);
            off += (size_t)n;
        }
    }
    free(chunk);
    long during = server_rss_kb(&s);
    client_send(&c, "\nisready\n");
    char *seg = expect(&c, "readyok");
    ck_assert_int_eq((int)(strstr(seg, "line too long") != NULL), 1);
    ck_assert_ptr_null(strstr(strstr(seg, "line too long") + 1, "line too long")); /* reported once */
    free(seg);
    ck_assert_msg(during - before < 4096, "RSS grew from %ld to %ld kB", before, during);
    expect_clean(&c);
    client_close(&c);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

START_TEST(daemon_max_line_flag) {
    Server s = server_start("--max-line 100");
    Client c = client_open(&s);
    char line[202];
    memset(line, 'x', 200);
    line[200] = '\n';
    line[201] = 0;
    client_send(&c, line);
    char *seg = expect(&c, "line too long");
    ck_assert_ptr_nonnull(strstr(seg, "at most 100 bytes"));
    free(seg);
    expect_clean(&c);
    client_close(&c);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* A client vanishes (reset) in the middle of an endless search. */
START_TEST(daemon_disconnect_mid_search) {
    Server s = server_start(NULL);
    Client a = client_open(&s), b = client_open(&s);
    expect_clean(&a);
    client_send(&b, "position startpos\ngo infinite\n");
    free(expect(&b, "info depth 2"));
    client_send(&a, "go infinite\n");
    free(expect(&a, "info depth 1"));
    client_abort(&b);
    Client c = client_open(&s);
    client_send(&c, "go infinite\n");
    free(expect(&c, "info depth 1"));
    client_close(&c); /* an orderly close, also mid-search */
    client_send(&a, "stop\n");
    free(expect(&a, "bestmove"));
    client_send(&a, "go depth 3\n");
    free(expect(&a, "bestmove"));
    expect_clean(&a);
    Client d = client_open(&s);
    expect_clean(&d);
    client_close(&d);
    client_close(&a);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

START_TEST(daemon_max_sessions) {
    Server s = server_start("--max-sessions 2");
    Client a = client_open(&s), b = client_open(&s);
    expect_clean(&a);
    expect_clean(&b);
    Client c = client_open(&s);
    client_send(&c, "uci\n");
    char *seg = expect_eof(&c);
    ck_assert_msg(strstr(seg, "info string error: too many sessions"), "got: %s", seg);
    ck_assert_int_eq(count_lines(seg), 1);
    free(seg);
    client_close(&c);
    client_send(&a, "quit\n");
    free(expect_eof(&a));
    client_close(&a);
    /* The freed place is taken again (the old session ends asynchronously). */
    bool accepted = false;
    for (int i = 0; i < 100 && !accepted; i++) {
        Client d = client_open(&s);
        client_send(&d, "isready\n");
        client_pump(&d, 200);
        while (!strstr(d.len ? d.buf : "", "\n") && client_pump(&d, 200)) {}
        accepted = d.len && strstr(d.buf, "readyok");
        client_close(&d);
        if (!accepted) usleep(50000);
    }
    ck_assert(accepted);
    expect_clean(&b);
    client_close(&b);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

START_TEST(daemon_hash_cap) {
    Server s = server_start("--hash 2 --hash-cap 5");
    Client a = client_open(&s), b = client_open(&s);
    expect_clean(&a);
    expect_clean(&b);
    client_send(&a, "setoption name Hash value 4\n"); /* 4 + 2 > 5 */
    free(expect(&a, "info string error"));
    client_send(&a, "setoption name Hash value 3\n"); /* 3 + 2 = 5 */
    expect_clean(&a);
    Client c = client_open(&s); /* a third session's 2 MB would exceed the cap */
    char *seg = expect_eof(&c);
    ck_assert_msg(strstr(seg, "hash memory cap"), "got: %s", seg);
    free(seg);
    client_close(&c);
    client_send(&a, "go depth 3\n");
    free(expect(&a, "bestmove"));
    client_close(&a);
    client_close(&b);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

START_TEST(daemon_idle_timeout) {
    Server s = server_start("--idle-timeout 1");
    Client c = client_open(&s);
    expect_clean(&c);
    double t0 = now_ms();
    char *seg = expect_eof(&c);
    ck_assert_msg(strstr(seg, "info string error: idle timeout"), "got: %s", seg);
    ck_assert(now_ms() - t0 > 500);
    free(seg);
    client_close(&c);
    ck_assert_int_eq(server_stop(&s), 0);
}
END_TEST

/* SIGTERM stops the searches, sends their bestmoves, closes, exits 0. */
START_TEST(daemon_sigterm) {
    Server s = server_start(NULL);
    Client a = client_open(&s), b = client_open(&s);
    client_send(&a, "go infinite\n");
    client_send(&b, "setoption name UCI_Variant value belarusian\ngo infinite\n");
    free(expect(&a, "info depth 1"));
    free(expect(&b, "info depth 1"));
    kill(s.pid, SIGTERM);
    free(expect(&a, "bestmove"));
    free(expect(&b, "bestmove"));
    free(expect_eof(&a));
    free(expect_eof(&b));
    client_close(&a);
    client_close(&b);
    ck_assert_int_eq(server_wait(&s), 0);
}
END_TEST

Suite *suite_daemon(void) {
    Suite *s = suite_create("daemon");
    TCase *tc = tcase_create("tcp");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, daemon_uci_session);
    tcase_add_test(tc, daemon_two_variants);
    tcase_add_test(tc, daemon_bad_input);
    tcase_add_test(tc, daemon_cecp_and_uci);
    tcase_add_test(tc, daemon_huge_line);
    tcase_add_test(tc, daemon_max_line_flag);
    tcase_add_test(tc, daemon_disconnect_mid_search);
    tcase_add_test(tc, daemon_max_sessions);
    tcase_add_test(tc, daemon_hash_cap);
    tcase_add_test(tc, daemon_idle_timeout);
    tcase_add_test(tc, daemon_sigterm);
    suite_add_tcase(s, tc);
    return s;
}
