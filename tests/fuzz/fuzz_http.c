/* Fuzz target: the web board's request path (protocol/web/). Each input
 * is sent as raw bytes over a loopback socket to the real server (evhttp
 * with its limits, the origin check, the API's routes, the static files of
 * a web root made at start with a secret beside it and links out of it),
 * and the reply is read to the end. The same bytes then go to the pieces
 * that take text from a request on their own: the path resolution, the
 * Host check and the body's line splitter.
 *
 * What the harness bounds, and why: the daemon admits no session
 * (--max-sessions 0), so POST /api/session answers 503 and no engine
 * thread starts (a fuzzer would start thousands); the session paths are
 * covered by tests/test_web_session.c. A reply that does not end within
 * 2 s is abandoned (evhttp's own timeouts are 30 s). A reply must never
 * contain the secret. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <event2/event.h>
#include "../../protocol/web/web_int.h"
#include "../../engine/clock.h"
#include "fuzz.h"

typedef struct {
    Daemon d;
    Web *web;
    int port;
    unsigned next_source; /* the client's source address, see connect_fresh */
    char root[128];
} Harness;

static Harness *harness;

static void write_text(const char *dir, const char *name, const char *text) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) abort();
    fputs(text, f);
    fclose(f);
}

static void make_root(Harness *h) {
    char dir[] = "/tmp/ratnik-fuzz-http-XXXXXX", path[256];
    if (!mkdtemp(dir)) abort();
    write_text(dir, "secret.txt", "FUZZ-SECRET\n");
    snprintf(h->root, sizeof h->root, "%s/www", dir);
    mkdir(h->root, 0755);
    snprintf(path, sizeof path, "%s/sub", h->root);
    mkdir(path, 0755);
    write_text(h->root, "index.html", "<!DOCTYPE html>\n");
    write_text(h->root, "app.js", "export {};\n");
    write_text(h->root, "sub/a.css", "a{}\n");
    snprintf(path, sizeof path, "%s/out.txt", h->root);
    if (symlink("../secret.txt", path)) abort();
    snprintf(path, sizeof path, "%s/up", h->root);
    if (symlink("..", path)) abort();
}

/* Made at the first input (tests/fuzz/init.c is every target's
 * LLVMFuzzerInitialize). */
static Harness *harness_new(void) {
    Harness *h = calloc(1, sizeof *h);
    make_root(h);
    DaemonOptions *o = &h->d.opt;
    o->http = true;
    snprintf(o->http_host, sizeof o->http_host, "127.0.0.1");
    snprintf(o->http_port, sizeof o->http_port, "0");
    o->web_root = h->root;
    o->max_sessions = 0;
    o->max_line = 1024;
    o->idle_timeout = 60;
    o->hash_mb = 1;
    o->hash_cap_mb = 1;
    pthread_mutex_init(&h->d.hash_lock, NULL);
    h->d.base = event_base_new();
    int rc;
    h->web = h->d.base ? web_start(&h->d, &rc) : NULL;
    if (!h->web) abort();
    const char *colon = strrchr(h->web->url, ':');
    h->port = atoi(colon + 1);
    return h;
}

/* What the server can do now, without waiting. */
static void run_loop_briefly(struct event_base *base) {
    for (int i = 0; i < 4; i++) event_base_loop(base, EVLOOP_NONBLOCK);
}

/* connect(), also when a signal interrupts it: libFuzzer's unit-timeout
 * timer (SIGALRM every few seconds) lands inside a loopback connect now
 * and then, and an interrupted connect goes on in the background, so the
 * socket is waited for and its error read rather than connecting again. */
static bool connected(Harness *h, int fd, const struct sockaddr *a, socklen_t len) {
    if (!connect(fd, a, len)) return true;
    if (errno != EINTR) return false;
    struct pollfd p = {fd, POLLOUT, 0};
    for (int waited = 0; waited < 5000; waited++) {
        run_loop_briefly(h->d.base); /* the server accepts in this thread */
        int r = poll(&p, 1, 1);
        if (r < 0 && errno != EINTR) return false;
        if (r > 0) {
            int err = 0;
            socklen_t n = sizeof err;
            if (getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &n)) return false;
            errno = err;
            return err == 0;
        }
    }
    errno = ETIMEDOUT;
    return false;
}

/* A connection to the server from a new source address each time: the
 * server closes first, so each connection leaves a TIME_WAIT on its side,
 * and at ten thousand runs a second one source address runs out of
 * ephemeral ports within seconds. Every 127.x.y.z is the loopback. */
static int connect_fresh(Harness *h) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) abort();
    unsigned k = h->next_source++ % (250u * 250u);
    struct sockaddr_in src = {.sin_family = AF_INET, .sin_port = 0};
    src.sin_addr.s_addr = htonl(0x7f000000u | (1u + k / 250u) << 8 | (1u + k % 250u));
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)h->port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (bind(fd, (struct sockaddr *)&src, sizeof src) || !connected(h, fd, (struct sockaddr *)&a, sizeof a)) {
        fprintf(stderr, "fuzz_http: cannot connect to the server: %s\n", strerror(errno));
        abort();
    }
    return fd;
}

/* Sends the request, half-closes, and reads the reply until the server
 * closes; the reply, NUL-terminated, in buf. */
static size_t exchange(Harness *h, const uint8_t *data, size_t size, char *buf, size_t cap) {
    int fd = connect_fresh(h);
    fcntl(fd, F_SETFL, O_NONBLOCK);
    size_t sent = 0, got = 0;
    double end = clock_now_ms() + 2000;
    bool eof = false;
    while (!eof && clock_now_ms() < end) {
        if (sent < size) {
            ssize_t n = send(fd, data + sent, size - sent, MSG_NOSIGNAL);
            if (n > 0) sent += (size_t)n;
            else if (n < 0 && errno != EAGAIN) sent = size; /* the server closed early */
            if (sent == size) shutdown(fd, SHUT_WR);
        }
        run_loop_briefly(h->d.base);
        bool progress = false;
        for (;;) {
            ssize_t n = recv(fd, buf + got, cap - 1 - got, 0);
            if (n == 0) eof = true;
            if (n <= 0) break;
            progress = true;
            got += (size_t)n;
            if (got == cap - 1) got = 0; /* only the end matters past this */
        }
        struct pollfd p = {fd, POLLIN, 0};
        if (!eof && !progress) poll(&p, 1, 1);
    }
    struct linger lg = {1, 0}; /* a reset: no TIME_WAIT for thousands of runs */
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &lg, sizeof lg);
    close(fd);
    run_loop_briefly(h->d.base);
    buf[got] = 0;
    return got;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!harness) harness = harness_new();
    Harness *h = harness;
    static char reply[1 << 16];
    size_t n = exchange(h, data, size, reply, sizeof reply);
    if (memmem(reply, n, "FUZZ-SECRET", 11)) abort();
    char *text = malloc(size + 1);
    memcpy(text, data, size);
    text[size] = 0;
    char file[PATH_MAX];
    if (web_resolve(h->root, text, file, sizeof file) &&
        (strncmp(file, h->root, strlen(h->root)) || file[strlen(h->root)] != '/'))
        abort();
    web_host_is_literal(text);
    size_t lines = 0;
    for (size_t at = 0; at < size; lines++) {
        size_t before = at, len = web_next_line(text, size, &at);
        if (at <= before || len > size - before) abort();
    }
    (void)lines;
    free(text);
    return 0;
}
