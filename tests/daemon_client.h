/* Talking to the daemon from the tests: ./ratnik --listen 127.0.0.1:0 as a
 * child process (Server) and sockets to it (Client). Every wait is
 * bounded; all traffic stays on 127.0.0.1. */
#ifndef RATNIK_DAEMON_CLIENT_H
#define RATNIK_DAEMON_CLIENT_H

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
#include "../engine/clock.h"

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

/* Appends opt to the sanitizer options in the environment variable var. */
static inline void sanitizer_option(const char *var, const char *opt) {
    const char *old = getenv(var);
    char opts[512];
    snprintf(opts, sizeof opts, "%s%s%s", old ? old : "", old && *old ? ":" : "", opt);
    setenv(var, opts, 1);
}

/* Starts ratnik_bin() with the words of args, its stderr on a pipe (the
 * returned Server's err_fd, port 0), and reads that stderr into text until
 * a whole line starting with `last` has come (or WAIT_MS pass). Under
 * `make sanitize`, ASan's quarantine would hide freed memory from the RSS
 * check of daemon_huge_line (no_quarantine turns it off), and
 * ThreadSanitizer sleeps a second at exit, which the SIGTERM bounds would
 * count; other builds ignore both. */
static inline Server daemon_spawn(const char *args, bool no_quarantine, const char *last, char *text, size_t n) {
    int p[2];
    ck_assert_int_eq(pipe(p), 0);
    char argbuf[1024];
    snprintf(argbuf, sizeof argbuf, "%s", args);
    char *argv[40] = {(char *)ratnik_bin()};
    int argc = 1;
    char *save = NULL;
    for (char *t = strtok_r(argbuf, " ", &save); t && argc < 39; t = strtok_r(NULL, " ", &save)) argv[argc++] = t;
    argv[argc] = NULL;
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (!pid) {
        prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive a failed test */
        if (no_quarantine) sanitizer_option("ASAN_OPTIONS", "quarantine_size_mb=0");
        sanitizer_option("TSAN_OPTIONS", "atexit_sleep_ms=0");
        dup2(p[1], 2);
        close(p[0]);
        close(p[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(p[1]);
    size_t len = 0;
    text[0] = 0;
    double end = clock_now_ms() + WAIT_MS;
    const char *at;
    while ((!(at = strstr(text, last)) || !strchr(at, '\n')) && clock_now_ms() < end && len < n - 1) {
        struct pollfd pfd = {p[0], POLLIN, 0};
        if (poll(&pfd, 1, 100) <= 0) continue;
        ssize_t r = read(p[0], text + len, n - 1 - len);
        if (r <= 0) break;
        len += (size_t)r;
        text[len] = 0;
    }
    return (Server){pid, 0, p[0]};
}

/* The port after `prefix` in the daemon's stderr text, or 0. */
static inline int port_after(const char *text, const char *prefix) {
    const char *at = strstr(text, prefix);
    return at && strchr(at, '\n') ? atoi(at + strlen(prefix)) : 0;
}

#define TCP_PORT_LINE "listening on 127.0.0.1:"

/* Starts ratnik with args and reads the ports it chose: the TCP listener's
 * (when args has --listen; else s.port is 0) and, when http is given, the
 * web board's. no_quarantine as for daemon_spawn. */
static inline Server daemon_start(const char *args, bool no_quarantine, int *http) {
    bool tcp = strstr(args, "--listen") != NULL;
    char text[4096];
    Server s = daemon_spawn(args, no_quarantine, tcp ? TCP_PORT_LINE : "web sessions only", text, sizeof text);
    if (tcp) s.port = port_after(text, TCP_PORT_LINE);
    if (http) *http = port_after(text, "web board at http://127.0.0.1:");
    ck_assert_msg((!tcp || s.port > 0) && (!http || *http > 0), "the daemon did not start: %s", text);
    return s;
}

/* Starts ./ratnik --listen 127.0.0.1:0 ARGS; no_quarantine as for
 * daemon_spawn. */
static inline Server server_start_opts(const char *args, bool no_quarantine) {
    char argv[512];
    snprintf(argv, sizeof argv, "--listen 127.0.0.1:0 %s", args ? args : "");
    return daemon_start(argv, no_quarantine, NULL);
}

static inline Server server_start(const char *args) { return server_start_opts(args, true); }

/* The exit status once the daemon exits (-1: not in time, killed). */
static inline int server_wait(Server *s) {
    int status = 0;
    double end = clock_now_ms() + WAIT_MS;
    while (clock_now_ms() < end) {
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

static inline int server_stop(Server *s) {
    kill(s->pid, SIGTERM);
    return server_wait(s);
}

static inline long server_rss_kb(const Server *s) {
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

/* A socket connected to port on 127.0.0.1. */
static inline int connect_port(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(fd, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    return fd;
}

static inline Client client_open(const Server *s) {
    Client c = {connect_port(s->port), malloc(CLIENT_BUF), 0, 0, false};
    ck_assert_ptr_nonnull(c.buf);
    return c;
}

static inline void client_close(Client *c) {
    if (c->fd >= 0) close(c->fd);
    c->fd = -1;
    free(c->buf);
    c->buf = NULL;
}

/* Closes with a reset, as a crashed client would. */
static inline void client_abort(Client *c) {
    struct linger lg = {1, 0};
    setsockopt(c->fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
    client_close(c);
}

static inline void client_send(Client *c, const char *text) {
    size_t len = strlen(text), off = 0;
    while (off < len) {
        ssize_t n = send(c->fd, text + off, len - off, MSG_NOSIGNAL);
        ck_assert_msg(n > 0, "send failed: %s", strerror(errno));
        off += (size_t)n;
    }
}

/* Reads whatever arrives within ms; false once the server closed. */
static inline bool client_pump(Client *c, int ms) {
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
static inline char *expect(Client *c, const char *needle) {
    double end = clock_now_ms() + WAIT_MS;
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
        ck_assert_msg(clock_now_ms() < end, "timed out waiting for '%s'; got: %.2000s", needle, got);
        client_pump(c, 50);
    }
}

/* Waits until the server closes the connection; returns what came first. */
static inline char *expect_eof_within(Client *c, double ms) {
    double end = clock_now_ms() + ms;
    while (client_pump(c, 50)) ck_assert_msg(clock_now_ms() < end, "the server kept the connection open");
    c->buf[c->len] = 0;
    return strdup(c->buf + c->pos);
}

static inline char *expect_eof(Client *c) { return expect_eof_within(c, WAIT_MS); }

static inline int count_lines(const char *text) {
    int n = 0;
    for (; *text; text++) n += *text == '\n';
    return n;
}

static inline void expect_no(const char *seg, const char *needle) {
    ck_assert_msg(!strstr(seg, needle), "unexpected '%s' in: %s", needle, seg);
}

/* Sends isready and checks that nothing before readyok was an error. */
static inline void expect_clean(Client *c) {
    client_send(c, "isready\n");
    char *seg = expect(c, "readyok");
    expect_no(seg, "error");
    free(seg);
}

/* Sends text and waits for a line containing needle; what came is dropped. */
static inline void send_expect(Client *c, const char *text, const char *needle) {
    client_send(c, text);
    free(expect(c, needle));
}

/* send_expect on two clients at once: both texts go out before either
 * answer is awaited, so that the two sessions work at the same time. */
static inline void send_expect_both(Client *a, const char *text_a, const char *needle_a, Client *b, const char *text_b,
                                    const char *needle_b) {
    client_send(a, text_a);
    client_send(b, text_b);
    free(expect(a, needle_a));
    free(expect(b, needle_b));
}

/* A client whose session has answered isready without an error. */
static inline Client client_ready(const Server *s) {
    Client c = client_open(s);
    expect_clean(&c);
    return c;
}

/* Closes the clients (a NULL-ended list) and checks that the daemon then
 * stops with status 0. */
static inline void close_and_stop(Server *s, Client *const *clients) {
    for (; *clients; clients++) client_close(*clients);
    ck_assert_int_eq(server_stop(s), 0);
}

#define daemon_end(s, ...) close_and_stop((s), (Client *const[]){__VA_ARGS__, NULL})

#endif
