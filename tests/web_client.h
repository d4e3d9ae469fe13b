/* Talking to the web board's server from the tests: ./ratnik --listen
 * 127.0.0.1:0 --http 127.0.0.1:0 as a child process, plain HTTP/1.1
 * requests over sockets, and event streams read with daemon_client.h's
 * Client. Every wait is bounded; all traffic stays on 127.0.0.1. */
#ifndef RATNIK_WEB_CLIENT_H
#define RATNIK_WEB_CLIENT_H

#include "daemon_client.h"
#include "../engine/clock.h"

typedef struct {
    Server s; /* s.port: the TCP listener (0 without one) */
    int http;
} WebServer;

typedef struct {
    int status;  /* 0: no reply */
    char *head;  /* status line and headers */
    char *body;  /* de-chunked */
    size_t body_len;
} Reply;

/* Starts ratnik with `args` (e.g. "--listen 127.0.0.1:0 --http 127.0.0.1:0
 * --max-sessions 2") and reads the ports it chose. */
static inline WebServer web_server_start_args(const char *args) {
    WebServer w;
    w.s = daemon_start(args, false, &w.http);
    return w;
}

/* Both listeners on free ports, web root root (NULL: found by the binary),
 * and more flags. */
static inline WebServer web_server_start(const char *root, const char *flags) {
    char args[1024];
    snprintf(args, sizeof args, "--listen 127.0.0.1:0 --http 127.0.0.1:0%s%s %s", root ? " --web-root " : "",
             root ? root : "", flags ? flags : "");
    return web_server_start_args(args);
}

/* Sends what it can: the server may close early (a refused body). */
static inline void send_all(int fd, const char *data, size_t len) {
    for (size_t off = 0; off < len;) {
        ssize_t n = send(fd, data + off, len - off, MSG_NOSIGNAL);
        if (n <= 0) return;
        off += (size_t)n;
    }
}

static inline char *read_to_eof(int fd, size_t *len) {
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    double end = clock_now_ms() + WAIT_MS;
    while (clock_now_ms() < end) {
        struct pollfd pfd = {fd, POLLIN, 0};
        if (poll(&pfd, 1, 50) <= 0) continue;
        if (n == cap) buf = realloc(buf, (cap *= 2) + 1);
        ssize_t got = recv(fd, buf + n, cap - n, 0);
        if (got <= 0) break;
        n += (size_t)got;
    }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* Undoes Transfer-Encoding: chunked in place; returns the length. */
static inline size_t dechunk(char *body, size_t len) {
    size_t in = 0, out = 0;
    while (in < len) {
        char *end;
        unsigned long n = strtoul(body + in, &end, 16);
        char *crlf = strstr(body + in, "\r\n");
        if (!crlf || n == 0) break;
        in = (size_t)(crlf - body) + 2;
        if (in + n > len) n = len - in;
        memmove(body + out, body + in, n);
        out += n;
        in += n + 2;
        (void)end;
    }
    body[out] = 0;
    return out;
}

static inline Reply parse_reply(char *raw, size_t len) {
    Reply r = {0, raw, "", 0};
    char *sep = strstr(raw, "\r\n\r\n");
    if (strncmp(raw, "HTTP/1.", 7) || !sep) return r;
    r.status = atoi(raw + 9);
    *sep = 0;
    r.body = sep + 4;
    r.body_len = len - (size_t)(r.body - raw);
    if (strcasestr(r.head, "Transfer-Encoding: chunked")) r.body_len = dechunk(r.body, r.body_len);
    return r;
}

/* A raw request (it should say Connection: close); the whole reply. */
static inline Reply http_raw(int port, const char *req, size_t len) {
    int fd = connect_port(port);
    send_all(fd, req, len);
    size_t n;
    char *raw = read_to_eof(fd, &n);
    close(fd);
    return parse_reply(raw, n);
}

/* method path with Host 127.0.0.1:port, `extra` header lines (each ending
 * in \r\n, may be "") and a body (may be NULL). */
static inline Reply http_req(int port, const char *method, const char *path, const char *extra, const char *body,
                             size_t body_len) {
    size_t cap = strlen(method) + strlen(path) + strlen(extra) + 256;
    char *req = malloc(cap + (body ? body_len : 0));
    int n = snprintf(req, cap,
                     "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n%sContent-Length: %zu\r\nConnection: close\r\n\r\n",
                     method, path, port, extra, body ? body_len : 0);
    ck_assert_int_lt(n, (int)cap);
    size_t total = (size_t)n + (body ? body_len : 0);
    if (body) memcpy(req + n, body, body_len);
    Reply r = http_raw(port, req, total);
    free(req);
    return r;
}

static inline void reply_free(Reply *r) {
    free(r->head);
    r->head = NULL;
}

/* The Origin header line of this server's page. */
static inline const char *page_origin(int port) {
    static char line[96];
    snprintf(line, sizeof line, "Origin: http://127.0.0.1:%d\r\n", port);
    return line;
}

static inline Reply api_post(int port, const char *path, const char *body) {
    return http_req(port, "POST", path, page_origin(port), body, body ? strlen(body) : 0);
}

/* POST /api/session; the token (33 bytes). */
static inline void new_session(int port, char *token) {
    Reply r = api_post(port, "/api/session", "");
    ck_assert_msg(r.status == 200, "no session: %d %s", r.status, r.body);
    ck_assert_int_eq(r.body_len, 33);
    ck_assert_int_eq(strspn(r.body, "0123456789abcdef"), 32);
    memcpy(token, r.body, 32);
    token[32] = 0;
    reply_free(&r);
}

/* Opens the session's event stream; the reply's head is already read. */
static inline Client open_stream(int port, const char *token) {
    Client c = {connect_port(port), malloc(CLIENT_BUF), 0, 0, false};
    char req[512];
    snprintf(req, sizeof req,
             "GET /api/events?token=%.32s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nSec-Fetch-Site: same-origin\r\n"
             "Accept: text/event-stream\r\n\r\n",
             token, port);
    client_send(&c, req);
    char *head = expect(&c, "Content-Type: text/event-stream");
    ck_assert_msg(strstr(head, "HTTP/1.1 200"), "the stream did not open: %s", head);
    free(head);
    return c;
}

/* A new session (its token in token, 33 bytes) with its event stream open. */
static inline Client open_new_session(int port, char *token) {
    new_session(port, token);
    return open_stream(port, token);
}

/* POST /api/send with these lines; the status. */
static inline int send_lines(int port, const char *token, const char *lines) {
    char path[128];
    snprintf(path, sizeof path, "/api/send?token=%.32s", token);
    Reply r = api_post(port, path, lines);
    int status = r.status;
    reply_free(&r);
    return status;
}

static inline void send_ok(int port, const char *token, const char *lines) {
    ck_assert_int_eq(send_lines(port, token, lines), 204);
}

#endif
