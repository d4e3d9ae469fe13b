/* The web board's sessions through the real binary (docs/web.md, "HTTP
 * API"): POST /api/session, the event stream of GET /api/events, UCI lines
 * by POST /api/send, and how a session ends. Web sessions share the TCP
 * sessions' limits, which the tests use to see that a session has ended
 * (its place is free again). Every wait is bounded; all traffic stays on
 * 127.0.0.1. */
#include <check.h>
#include "web_client.h"
#include "../engine/clock.h"
#include "suites.h"

/* The page files do not matter here: the web root is tests/. */
static WebServer start(const char *flags) { return web_server_start("tests", flags); }

/* The daemon with one page on it: a session and its open event stream. */
typedef struct {
    WebServer w;
    char token[33];
    Client c;
} Page;

static Page page_open(const char *flags) {
    Page p = {.w = start(flags)};
    p.c = open_new_session(p.w.http, p.token);
    return p;
}

static void page_send(const Page *p, const char *lines) { send_ok(p->w.http, p->token, lines); }

/* Sends lines from the page and waits for an event containing needle. */
static void page_send_expect(Page *p, const char *lines, const char *needle) {
    page_send(p, lines);
    free(expect(&p->c, needle));
}

START_TEST(web_uci_round_trip) {
    Page p = page_open(NULL);
    page_send(&p, "uci\n");
    char *seg = expect(&p.c, "data: uciok");
    ck_assert_ptr_nonnull(strstr(seg, "data: id name ratnik\n\n"));
    free(seg);
    page_send(&p, "isready\r\nposition startpos moves e2e4\r\ngo depth 3"); /* CRLF, no final newline */
    seg = expect(&p.c, "data: bestmove");
    ck_assert_ptr_nonnull(strstr(seg, "data: readyok\n\n"));
    ck_assert_ptr_nonnull(strstr(seg, "data: info depth 3"));
    expect_no(seg, "error");
    expect_no(seg, "(none)");
    free(seg);
    page_send(&p, "legal\n");
    seg = expect(&p.c, "data: info string legal end");
    ck_assert_ptr_nonnull(strstr(seg, "data: info string legal "));
    ck_assert_ptr_nonnull(strstr(seg, " g8f6"));
    free(seg);
    /* a bad command: an error line, the session goes on */
    page_send_expect(&p, "foobar\n", "data: info string error: unknown command 'foobar'");
    page_send(&p, "state\n");
    seg = expect(&p.c, "data: info string state end");
    ck_assert_ptr_nonnull(strstr(seg, "data: info string state moves e2e4"));
    free(seg);
    daemon_end(&p.w.s, &p.c);
}
END_TEST

/* An ended session's token is forgotten: its lines are refused. */
static void expect_token_forgotten(int port, const char *token) {
    ck_assert_int_eq(send_lines(port, token, "isready\n"), 404);
}

/* The status of a GET of the session's event stream, through its own
 * new connection. */
static int stream_status(int port, const char *token) {
    char path[96];
    snprintf(path, sizeof path, "/api/events?token=%s", token);
    Reply r = http_req(port, "GET", path, "Sec-Fetch-Site: same-origin\r\n", NULL, 0);
    int status = r.status;
    reply_free(&r);
    return status;
}

/* After the page's session has ended: its stream is closed, its token
 * forgotten, and the daemon stops with status 0. */
static void page_ended(Page *p) {
    client_close(&p->c);
    expect_token_forgotten(p->w.http, p->token);
    ck_assert_int_eq(server_stop(&p->w.s), 0);
}

/* Waits until a session can be had again (the one place is free). */
static double wait_for_place(int port, char *token, double bound_ms) {
    double start = clock_now_ms();
    for (;;) {
        Reply r = api_post(port, "/api/session", "");
        int status = r.status;
        if (status == 200) memcpy(token, r.body, 32), token[32] = 0;
        else ck_assert_msg(status == 503 && strstr(r.body, "too many sessions"), "%d %s", status, r.body);
        reply_free(&r);
        if (status == 200) return clock_now_ms() - start;
        ck_assert_msg(clock_now_ms() - start < bound_ms, "the place was not freed within %.0f ms", bound_ms);
        usleep(50000);
    }
}

/* Closing the stream ends the session at once: its endless search is
 * stopped and its place (shared with TCP) is free again. */
START_TEST(web_closed_stream_ends_the_session) {
    Page p = page_open("--max-sessions 1");
    char again[33];
    page_send_expect(&p, "uci\nposition startpos\ngo infinite\n", "data: info depth 2");
    /* The one place is taken, for TCP too. */
    Reply r = api_post(p.w.http, "/api/session", "");
    ck_assert_int_eq(r.status, 503);
    ck_assert_ptr_nonnull(strstr(r.body, "too many sessions"));
    reply_free(&r);
    Client tcp = client_open(&p.w.s);
    client_send(&tcp, "uci\n");
    free(expect(&tcp, "info string error: too many sessions"));
    client_close(&tcp);
    client_close(&p.c);
    double ms = wait_for_place(p.w.http, again, 5000);
    ck_assert_msg(ms < 3000, "the session took %.0f ms to end", ms);
    ck_assert_str_ne(p.token, again);
    expect_token_forgotten(p.w.http, p.token);
    ck_assert_int_eq(server_stop(&p.w.s), 0);
}
END_TEST

/* The same for a perft, which a search's stop does not end by itself. */
START_TEST(web_closed_stream_stops_a_perft) {
    Page p = page_open("--max-sessions 1");
    char again[33];
    page_send_expect(&p, "uci\nisready\ngo perft 7\nisready\n", "data: readyok");
    usleep(200000);
    client_abort(&p.c);
    double ms = wait_for_place(p.w.http, again, 5000);
    ck_assert_msg(ms < 3000, "the perft's session took %.0f ms to end", ms);
    ck_assert_int_eq(server_stop(&p.w.s), 0);
}
END_TEST

START_TEST(web_unopened_session_is_freed) {
    WebServer w = start("--max-sessions 1");
    char token[33], again[33];
    new_session(w.http, token);
    send_ok(w.http, token, "uci\n"); /* input without a stream is allowed, but the stream must come */
    double ms = wait_for_place(w.http, again, 14000);
    ck_assert_msg(ms > 8000, "freed after %.0f ms, before its 10 s", ms);
    ck_assert_int_eq(stream_status(w.http, token), 404);
    /* The new one, opened in time, gets what was sent before its stream opened. */
    send_ok(w.http, again, "uci\n");
    Client c = open_stream(w.http, again);
    free(expect(&c, "data: uciok"));
    daemon_end(&w.s, &c);
}
END_TEST

enum { TABS = 6 };

/* Many tabs at once; one of them sends everything bad it can, and the
 * others see nothing of it. */
START_TEST(web_tabs_are_independent) {
    WebServer w = start("--max-line 4096");
    static const char *const variants[TABS] = {"chess", "japanese", "belarusian", "buratia", "voodoo", "chess"};
    char token[TABS][33];
    Client c[TABS];
    for (int i = 0; i < TABS; i++) {
        c[i] = open_new_session(w.http, token[i]);
        char lines[128];
        snprintf(lines, sizeof lines, "uci\nsetoption name UCI_Variant value %s\n", variants[i]);
        send_ok(w.http, token[i], lines);
    }
    int bad = TABS - 1, p = w.http;
    char path[96], huge[5000];
    snprintf(path, sizeof path, "/api/send?token=%s", token[bad]);
    Reply r = http_req(p, "POST", path, page_origin(p), "go infinite\n\0\0\n", 15);
    ck_assert_int_eq(r.status, 400);
    reply_free(&r);
    memset(huge, 'q', sizeof huge - 1);
    huge[sizeof huge - 1] = 0;
    ck_assert_int_eq(send_lines(p, token[bad], huge), 400);
    send_ok(p, token[bad], "\x01\x02\xff\xfe\nposition startpos moves e2e5\nsetoption name Hash value 65536\n"
                           "go infinite\ngo infinite\n");
    for (int i = 0; i < bad; i++) send_ok(p, token[i], "position startpos\ngo depth 3\n");
    for (int i = 0; i < bad; i++) {
        char want[96];
        snprintf(want, sizeof want, "data: info string variant %s", variants[i]);
        char *seg = expect(&c[i], "data: bestmove");
        ck_assert_msg(strstr(seg, want), "tab %d: %s", i, seg);
        expect_no(seg, "error");
        expect_no(seg, "(none)");
        free(seg);
        send_ok(p, token[i], "isready\n");
        seg = expect(&c[i], "data: readyok");
        expect_no(seg, "error");
        free(seg);
    }
    char *seg = expect(&c[bad], "data: info string error: illegal");
    free(seg);
    send_ok(p, token[bad], "stop\nquit\n");
    free(expect(&c[bad], "data: bestmove"));
    for (int i = 0; i < TABS; i++) client_close(&c[i]);
    ck_assert_int_eq(server_stop(&w.s), 0);
}
END_TEST

START_TEST(web_idle_timeout_ends_the_stream) {
    Page p = page_open("--idle-timeout 1");
    page_send_expect(&p, "uci\n", "data: uciok");
    double start_ms = clock_now_ms();
    free(expect(&p.c, "data: info string error: idle timeout: no traffic for 1 s, closing"));
    free(expect_eof_within(&p.c, 5000));
    ck_assert_double_lt(clock_now_ms() - start_ms, 5000);
    page_ended(&p);
}
END_TEST

START_TEST(web_quit_and_one_stream) {
    Page p = page_open(NULL);
    ck_assert_int_eq(stream_status(p.w.http, p.token), 409); /* one stream per session */
    page_send(&p, "uci\nquit\n");
    char *rest = expect_eof(&p.c);
    ck_assert_ptr_nonnull(strstr(rest, "data: uciok"));
    free(rest);
    page_ended(&p);
}
END_TEST

/* SIGTERM with a page searching: the search is stopped, its bestmove
 * reaches the page, and the daemon exits 0 within 5 s. */
START_TEST(web_sigterm) {
    Page p = page_open(NULL);
    page_send_expect(&p, "uci\ngo infinite\n", "data: info depth 2");
    double t0 = clock_now_ms();
    kill(p.w.s.pid, SIGTERM);
    char *rest = expect_eof_within(&p.c, 5000);
    ck_assert_ptr_nonnull(strstr(rest, "data: bestmove"));
    free(rest);
    client_close(&p.c);
    ck_assert_int_eq(server_wait(&p.w.s), 0);
    ck_assert_double_lt(clock_now_ms() - t0, 5000);
}
END_TEST

/* The hash cap counts web and TCP sessions together. */
START_TEST(web_hash_cap_shared) {
    WebServer w = start("--hash 2 --hash-cap 4");
    char a[33];
    new_session(w.http, a);
    Client tcp = client_open(&w.s);
    client_send(&tcp, "uci\n");
    free(expect(&tcp, "uciok"));
    Reply r = api_post(w.http, "/api/session", "");
    ck_assert_int_eq(r.status, 503);
    ck_assert_ptr_nonnull(strstr(r.body, "hash memory cap"));
    reply_free(&r);
    Client c = open_stream(w.http, a);
    send_ok(w.http, a, "setoption name Hash value 4\nisready\n");
    free(expect(&c, "data: info string error"));
    daemon_end(&w.s, &c, &tcp);
}
END_TEST

static int proc_threads(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    int n = -1;
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "Threads:", 8)) n = atoi(line + 8);
    if (f) fclose(f);
    return n;
}

static int proc_fds(pid_t pid) {
    char cmd[96];
    snprintf(cmd, sizeof cmd, "ls /proc/%d/fd | wc -l", (int)pid);
    FILE *p = popen(cmd, "r");
    int n = -1;
    if (p && fscanf(p, "%d", &n) != 1) n = -1;
    if (p) pclose(p);
    return n;
}

enum { CROWD = 40 };

/* Many tabs searching at once, then all gone (half closing, half reset):
 * every thread and descriptor of theirs is given back within seconds. */
START_TEST(web_many_tabs_come_and_go) {
    WebServer w = start(NULL);
    Reply r = http_req(w.http, "GET", "/", "", NULL, 0); /* the first request's lazy allocations */
    reply_free(&r);
    int threads0 = proc_threads(w.s.pid), fds0 = proc_fds(w.s.pid);
    ck_assert_int_gt(threads0, 0);
    static Client c[CROWD];
    char token[CROWD][33];
    for (int i = 0; i < CROWD; i++) {
        c[i] = open_new_session(w.http, token[i]);
        send_ok(w.http, token[i], "uci\nposition startpos\ngo infinite\n");
    }
    for (int i = 0; i < CROWD; i++) free(expect(&c[i], "data: info depth 1"));
    ck_assert_int_ge(proc_threads(w.s.pid), threads0 + CROWD);
    for (int i = 0; i < CROWD; i++) {
        if (i % 2) client_abort(&c[i]);
        else client_close(&c[i]);
    }
    double end = clock_now_ms() + 5000;
    int threads = -1, fds = -1;
    while (clock_now_ms() < end && ((threads = proc_threads(w.s.pid)) > threads0 || (fds = proc_fds(w.s.pid)) > fds0))
        usleep(50000);
    ck_assert_msg(threads <= threads0 && fds <= fds0, "threads %d (at start %d), descriptors %d (at start %d)", threads,
                  threads0, fds, fds0);
    for (int i = 0; i < CROWD; i++) expect_token_forgotten(w.http, token[i]);
    ck_assert_int_eq(server_stop(&w.s), 0);
}
END_TEST

Suite *suite_web_sessions(void) {
    return suite_of("web_sessions",
                    CASE("sessions", 120, web_uci_round_trip, web_closed_stream_ends_the_session,
                         web_closed_stream_stops_a_perft, web_unopened_session_is_freed, web_tabs_are_independent,
                         web_idle_timeout_ends_the_stream, web_quit_and_one_stream, web_sigterm, web_hash_cap_shared,
                         web_many_tabs_come_and_go),
                    NULL);
}
