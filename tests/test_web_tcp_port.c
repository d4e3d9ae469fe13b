/* The web board on the TCP daemon's own port: `ratnik --listen HOST:PORT`
 * alone serves the page at http://HOST:PORT/ (docs/web.md, "Running it"),
 * and UCI and CECP clients on that port are served as before. The first
 * bytes decide: an HTTP method is relayed to the web server, anything
 * else is a protocol line. */
#include <check.h>
#include "web_client.h"
#include "suites.h"

static WebServer start_tcp_only(void) {
    WebServer w = web_server_start_args("--listen 127.0.0.1:0 --web-root protocol/web/www");
    ck_assert_int_eq(w.http, w.s.port); /* the page's address is the TCP port's */
    return w;
}

START_TEST(web_page_on_the_tcp_port) {
    WebServer w = start_tcp_only();
    Reply r = http_req(w.s.port, "GET", "/", "", NULL, 0);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.head, "Content-Type: text/html"));
    ck_assert_ptr_nonnull(strstr(r.body, "<html"));
    reply_free(&r);
    r = http_req(w.s.port, "GET", "/%2e%2e/%2e%2e/Makefile", "", NULL, 0); /* the same server's rules */
    ck_assert_int_eq(r.status, 404);
    reply_free(&r);
    r = http_req(w.s.port, "POST", "/api/session", "Origin: http://evil.example\r\n", "", 0);
    ck_assert_int_eq(r.status, 403);
    reply_free(&r);
    ck_assert_int_eq(server_stop(&w.s), 0);
}
END_TEST

START_TEST(web_session_on_the_tcp_port) {
    WebServer w = start_tcp_only();
    char token[33];
    Client c = open_new_session(w.s.port, token);
    send_ok(w.s.port, token, "uci\n");
    free(expect(&c, "data: uciok"));
    send_ok(w.s.port, token, "position startpos moves e2e4\ngo depth 2\n");
    free(expect(&c, "data: bestmove"));
    daemon_end(&w.s, &c);
}
END_TEST

/* UCI and CECP on the same port; a line that starts like a method but is
 * not one (lowercase, no space) is a protocol line with its error. */
START_TEST(web_tcp_port_still_speaks_uci) {
    WebServer w = start_tcp_only();
    Client c = client_open(&w.s);
    client_send(&c, "uci\n");
    free(expect(&c, "uciok"));
    client_send(&c, "get / HTTP/1.1\nGETX\nisready\n");
    char *seg = expect(&c, "readyok");
    ck_assert_ptr_nonnull(strstr(seg, "unknown command 'get"));
    ck_assert_ptr_nonnull(strstr(seg, "unknown command 'GETX'"));
    free(seg);
    client_close(&c);
    Client x = client_open(&w.s);
    client_send(&x, "xboard\nprotover 2\n");
    free(expect(&x, "feature done=1"));
    daemon_end(&w.s, &x);
}
END_TEST

/* A client that sends "GE", pauses, then the rest is still an HTTP client;
 * one that sends "G" and closes costs nothing. */
START_TEST(web_tcp_port_split_request_line) {
    WebServer w = start_tcp_only();
    int fd = connect_port(w.s.port);
    send_all(fd, "GE", 2);
    usleep(150 * 1000);
    char rest[128];
    int n = snprintf(rest, sizeof rest, "T / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n", w.s.port);
    send_all(fd, rest, (size_t)n);
    size_t len = 0;
    char *raw = read_to_eof(fd, &len);
    close(fd);
    ck_assert_msg(raw && !strncmp(raw, "HTTP/1.1 200", 12), "no page: %.80s", raw ? raw : "");
    free(raw);
    /* a client that shuts its writing side after the request still gets the reply */
    fd = connect_port(w.s.port);
    n = snprintf(rest, sizeof rest, "GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n", w.s.port);
    send_all(fd, rest, (size_t)n);
    shutdown(fd, SHUT_WR);
    raw = read_to_eof(fd, &len);
    close(fd);
    ck_assert_msg(raw && !strncmp(raw, "HTTP/1.1 200", 12), "no reply after a half-close: %.80s", raw ? raw : "");
    free(raw);
    fd = connect_port(w.s.port);
    send_all(fd, "G", 1);
    close(fd);
    Client c = client_open(&w.s);
    client_send(&c, "isready\n");
    free(expect(&c, "readyok"));
    daemon_end(&w.s, &c);
}
END_TEST

Suite *suite_web_tcp_port(void) {
    return suite_of("web_tcp_port",
                    CASE("tcp_port", 60, web_page_on_the_tcp_port, web_session_on_the_tcp_port,
                         web_tcp_port_still_speaks_uci, web_tcp_port_split_request_line),
                    NULL);
}
