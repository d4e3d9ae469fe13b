/* The TCP daemon through the real binary: ./ratnik --listen 127.0.0.1:0
 * runs as a child process and the tests talk to it over sockets. Every
 * wait is bounded; all traffic stays on 127.0.0.1. */
#include "daemon_client.h"
#include "suites.h"

/* A line of 200 bytes, over a --max-line of 100. */
static void send_long_line(Client *c) {
    char line[202];
    memset(line, 'x', 200);
    line[200] = '\n';
    line[201] = 0;
    client_send(c, line);
}

START_TEST(daemon_uci_session) {
    Server s = server_start(NULL);
    Client c = client_open(&s);
    client_send(&c, "uci\n");
    char *seg = expect(&c, "uciok");
    ck_assert_ptr_nonnull(strstr(seg, "id name ratnik"));
    free(seg);
    send_expect(&c, "isready\n", "readyok");
    client_send(&c, "position startpos moves e2e4\ngo depth 3\n");
    seg = expect(&c, "bestmove");
    ck_assert_ptr_nonnull(strstr(seg, "info depth 3"));
    expect_no(seg, "bestmove (none)");
    expect_no(seg, "error");
    free(seg);
    client_send(&c, "quit\n");
    free(expect_eof(&c));
    daemon_end(&s, &c);
}
END_TEST

/* Two sessions at once, different variants, searching at the same time. */
START_TEST(daemon_two_variants) {
    Server s = server_start(NULL);
    Client a = client_open(&s), b = client_open(&s);
    send_expect_both(&a, "uci\nsetoption name UCI_Variant value japanese\n",
                     "info string variant japanese files 9 ranks 9", &b,
                     "uci\nsetoption name UCI_Variant value chess\n", "info string variant chess files 8 ranks 8");
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
    daemon_end(&s, &a, &b);
}
END_TEST

START_TEST(daemon_bad_input) {
    Server s = server_start(NULL);
    Client c = client_open(&s);
    send_expect(&c, "foobar\n", "info string error: unknown command 'foobar'");
    send_expect(&c, "position startpos moves e2e5\n", "info string error");
    client_send(&c, "d\n");
    char *seg = expect(&c, "Result:");
    ck_assert_ptr_nonnull(strstr(seg, "Fen: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"));
    free(seg);
    /* Binary garbage with NUL bytes, CRLF lines, empty lines. */
    static const char junk[] = "\x01\x02\xff\xfe\n\0\0\0\n\r\n\n   \nisready\r\n";
    ck_assert_int_eq(send(c.fd, junk, sizeof junk - 1, MSG_NOSIGNAL), (ssize_t)(sizeof junk - 1));
    free(expect(&c, "readyok"));
    expect_clean(&c);
    daemon_end(&s, &c);
}
END_TEST

/* Each connection picks its protocol by its first command. */
START_TEST(daemon_cecp_and_uci) {
    Server s = server_start("--max-line 100");
    Client x = client_open(&s), u = client_open(&s);
    send_expect_both(&x, "xboard\nprotover 2\n", "feature done=1", &u, "uci\n", "uciok");
    send_expect(&x, "variant japanese\nping 7\n", "pong 7");
    send_long_line(&x);
    send_long_line(&u);
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
    daemon_end(&s, &x, &u);
}
END_TEST

/* A line of 8 MB: one error, the connection stays, memory does not grow. */
START_TEST(daemon_huge_line) {
    Server s = server_start(NULL);
    Client c = client_ready(&s);
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
    daemon_end(&s, &c);
}
END_TEST

START_TEST(daemon_max_line_flag) {
    Server s = server_start("--max-line 100");
    Client c = client_open(&s);
    send_long_line(&c);
    char *seg = expect(&c, "line too long");
    ck_assert_ptr_nonnull(strstr(seg, "at most 100 bytes"));
    free(seg);
    expect_clean(&c);
    daemon_end(&s, &c);
}
END_TEST

/* A client vanishes (reset) in the middle of an endless search. */
START_TEST(daemon_disconnect_mid_search) {
    Server s = server_start(NULL);
    Client a = client_ready(&s), b = client_open(&s);
    send_expect(&b, "position startpos\ngo infinite\n", "info depth 2");
    send_expect(&a, "go infinite\n", "info depth 1");
    client_abort(&b);
    Client c = client_open(&s);
    send_expect(&c, "go infinite\n", "info depth 1");
    client_close(&c); /* an orderly close, also mid-search */
    send_expect(&a, "stop\n", "bestmove");
    send_expect(&a, "go depth 3\n", "bestmove");
    expect_clean(&a);
    Client d = client_ready(&s);
    daemon_end(&s, &d, &a);
}
END_TEST

START_TEST(daemon_max_sessions) {
    Server s = server_start("--max-sessions 2");
    Client a = client_ready(&s), b = client_ready(&s);
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
    daemon_end(&s, &b);
}
END_TEST

START_TEST(daemon_hash_cap) {
    Server s = server_start("--hash 2 --hash-cap 5");
    Client a = client_ready(&s), b = client_ready(&s);
    send_expect(&a, "setoption name Hash value 4\n", "info string error"); /* 4 + 2 > 5 */
    client_send(&a, "setoption name Hash value 3\n"); /* 3 + 2 = 5 */
    expect_clean(&a);
    Client c = client_open(&s); /* a third session's 2 MB would exceed the cap */
    char *seg = expect_eof(&c);
    ck_assert_msg(strstr(seg, "hash memory cap"), "got: %s", seg);
    free(seg);
    client_close(&c);
    send_expect(&a, "go depth 3\n", "bestmove");
    daemon_end(&s, &a, &b);
}
END_TEST

START_TEST(daemon_idle_timeout) {
    Server s = server_start("--idle-timeout 1");
    Client c = client_ready(&s);
    double t0 = clock_now_ms();
    char *seg = expect_eof(&c);
    ck_assert_msg(strstr(seg, "info string error: idle timeout"), "got: %s", seg);
    ck_assert(clock_now_ms() - t0 > 500);
    free(seg);
    daemon_end(&s, &c);
}
END_TEST

/* SIGTERM stops the searches, sends their bestmoves, closes, exits 0. */
START_TEST(daemon_sigterm) {
    Server s = server_start(NULL);
    Client a = client_open(&s), b = client_open(&s);
    send_expect_both(&a, "go infinite\n", "info depth 1", &b,
                     "setoption name UCI_Variant value belarusian\ngo infinite\n", "info depth 1");
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
    return suite_of("daemon",
                    CASE("tcp", 120, daemon_uci_session, daemon_two_variants, daemon_bad_input, daemon_cecp_and_uci,
                         daemon_huge_line, daemon_max_line_flag, daemon_disconnect_mid_search, daemon_max_sessions,
                         daemon_hash_cap, daemon_idle_timeout, daemon_sigterm),
                    NULL);
}
