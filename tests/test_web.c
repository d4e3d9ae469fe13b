/* The web board's server through the real binary (docs/web.md): static
 * files from a web root the test makes, the paths that must not leave it,
 * the origin check of the API and evhttp's limits. ./ratnik --listen
 * 127.0.0.1:0 --http 127.0.0.1:0 runs as a child process; every wait is
 * bounded and all traffic stays on 127.0.0.1. The sessions are in
 * tests/test_web_session.c. */
#include <check.h>
#include <fcntl.h>
#include <sys/stat.h>
#include "web_client.h"
#include "suites.h"

/* A web root in a fresh temporary directory, with a secret beside it (and
 * a Makefile) that a path escaping the root would reach. */
typedef struct {
    char dir[64];   /* the temporary directory */
    char root[128]; /* dir/www */
} TempRoot;

static void write_file(const char *path, const char *text, size_t len) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_int_eq(fwrite(text, 1, len, f), len);
    fclose(f);
}

static void put(const TempRoot *t, const char *name, const char *text) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s", t->root, name);
    write_file(path, text, strlen(text));
}

static TempRoot temp_root(void) {
    TempRoot t;
    snprintf(t.dir, sizeof t.dir, "/tmp/ratnik-web-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(t.dir));
    snprintf(t.root, sizeof t.root, "%s/www", t.dir);
    ck_assert_int_eq(mkdir(t.root, 0755), 0);
    char path[256];
    snprintf(path, sizeof path, "%s/Makefile", t.dir);
    write_file(path, "SECRET-MAKEFILE\n", 16);
    snprintf(path, sizeof path, "%s/secret.txt", t.dir);
    write_file(path, "SECRET-TEXT\n", 12);
    snprintf(path, sizeof path, "%s/sub", t.root);
    ck_assert_int_eq(mkdir(path, 0755), 0);
    put(&t, "index.html", "<!DOCTYPE html><title>board</title>\n");
    put(&t, "app.js", "export const x = 1;\n");
    put(&t, "style.css", "body { margin: 0 }\n");
    put(&t, "piece.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n");
    write_file(strcat(strcpy(path, t.root), "/dot.png"), "\x89PNG\r\n\x1a\n\0\0", 10);
    put(&t, "favicon.ico", "ICO");
    put(&t, "sub/deep.js", "export const deep = 2;\n");
    put(&t, ".hidden", "HIDDEN\n");
    return t;
}

static void temp_root_remove(const TempRoot *t) {
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", t->dir);
    ck_assert_int_eq(system(cmd), 0);
}

static Reply get(int port, const char *path) { return http_req(port, "GET", path, "", NULL, 0); }

static void expect_get(int port, const char *path, int status, const char *type, const char *body) {
    Reply r = get(port, path);
    ck_assert_msg(r.status == status, "GET %s: %d, want %d (%s)", path, r.status, status, r.head);
    if (type) {
        char want[128];
        snprintf(want, sizeof want, "Content-Type: %s\r\n", type);
        ck_assert_msg(strstr(r.head, want), "GET %s: want %s in %s", path, type, r.head);
    }
    if (body) ck_assert_msg(r.body_len == strlen(body) && !memcmp(r.body, body, r.body_len), "GET %s: body %s", path,
                            r.body);
    expect_no(r.head, "Access-Control");
    reply_free(&r);
}

START_TEST(web_static_files) {
    TempRoot t = temp_root();
    WebServer w = web_server_start(t.root, NULL);
    expect_get(w.http, "/", 200, "text/html; charset=utf-8", "<!DOCTYPE html><title>board</title>\n");
    expect_get(w.http, "/index.html", 200, "text/html; charset=utf-8", NULL);
    expect_get(w.http, "/app.js", 200, "text/javascript; charset=utf-8", "export const x = 1;\n");
    expect_get(w.http, "/style.css", 200, "text/css; charset=utf-8", NULL);
    expect_get(w.http, "/piece.svg", 200, "image/svg+xml", NULL);
    expect_get(w.http, "/favicon.ico", 200, "image/x-icon", "ICO");
    expect_get(w.http, "/sub/deep.js?v=3", 200, "text/javascript; charset=utf-8", "export const deep = 2;\n");
    expect_get(w.http, "/%61pp.js", 200, "text/javascript; charset=utf-8", NULL); /* an encoded letter is fine */
    Reply r = get(w.http, "/dot.png");
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.head, "Content-Type: image/png\r\n"));
    ck_assert_int_eq(r.body_len, 10);
    ck_assert_int_eq(memcmp(r.body, "\x89PNG\r\n\x1a\n\0\0", 10), 0);
    /* The page may load nothing from elsewhere, nor be framed by another site. */
    ck_assert_ptr_nonnull(strstr(r.head, "Content-Security-Policy: default-src 'self'"));
    ck_assert_ptr_nonnull(strstr(r.head, "X-Content-Type-Options: nosniff"));
    reply_free(&r);
    r = http_req(w.http, "HEAD", "/app.js", "", NULL, 0);
    ck_assert_int_eq(r.status, 200);
    ck_assert_ptr_nonnull(strstr(r.head, "Content-Length: 20\r\n"));
    ck_assert_int_eq(r.body_len, 0);
    reply_free(&r);
    expect_get(w.http, "/missing.js", 404, "text/plain; charset=utf-8", "not found\n");
    expect_get(w.http, "/sub", 404, NULL, NULL);  /* directories: no listing */
    expect_get(w.http, "/sub/", 404, NULL, NULL);
    expect_get(w.http, "/.hidden", 404, NULL, NULL);
    r = http_req(w.http, "POST", "/index.html", "", "x", 1);
    ck_assert_int_eq(r.status, 405);
    reply_free(&r);
    r = http_req(w.http, "DELETE", "/index.html", "", NULL, 0);
    ck_assert_int_ge(r.status, 400);
    reply_free(&r);
    ck_assert_int_eq(server_stop(&w.s), 0);
    temp_root_remove(&t);
}
END_TEST

static void expect_not_served(int port, const char *path) {
    Reply r = get(port, path);
    ck_assert_msg(r.status == 404 || r.status == 400, "GET %s: %d %s", path, r.status, r.body);
    expect_no(r.body, "SECRET");
    expect_no(r.body, "root:");
    reply_free(&r);
}

START_TEST(web_no_path_leaves_the_root) {
    TempRoot t = temp_root();
    char link[256], target[256];
    snprintf(link, sizeof link, "%s/out.txt", t.root);
    snprintf(target, sizeof target, "%s/secret.txt", t.dir);
    ck_assert_int_eq(symlink(target, link), 0);
    snprintf(link, sizeof link, "%s/etc", t.root);
    ck_assert_int_eq(symlink("/etc", link), 0);
    snprintf(link, sizeof link, "%s/up", t.root);
    ck_assert_int_eq(symlink("..", link), 0);
    snprintf(link, sizeof link, "%s/inside.js", t.root);
    ck_assert_int_eq(symlink("app.js", link), 0);
    WebServer w = web_server_start(t.root, NULL);
    static const char *const paths[] = {
        "/../Makefile", "/%2e%2e/Makefile", "/..%2fMakefile", "/%2e%2e%2fMakefile", "/%2E%2E/Makefile",
        "/sub/../../Makefile", "/sub/%2e%2e/%2e%2e/secret.txt", "/.%2e/Makefile", "/..%5cMakefile", "/..\\Makefile",
        "/%00index.html", "/index.html%00.js", "/app.js%00", "//etc/passwd", "/%2fetc%2fpasswd", "/out.txt",
        "/etc/passwd", "/up/secret.txt", "/up/Makefile", "/sub/./deep.js", "/./index.html", "/%2e/index.html",
        "/../../../../../../etc/passwd", "../Makefile", "Makefile", "http://127.0.0.1/../Makefile",
        "/app.js/", "/%",
    };
    for (size_t i = 0; i < sizeof paths / sizeof *paths; i++) expect_not_served(w.http, paths[i]);
    /* A raw NUL in the request line. */
    static const char nul_req[] = "GET /index.html\0/../../Makefile HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    Reply r = http_raw(w.http, nul_req, sizeof nul_req - 1);
    ck_assert_int_ne(r.status, 200);
    expect_no(r.body, "SECRET");
    reply_free(&r);
    /* A link inside the root is served; the daemon serves on after all of it. */
    expect_get(w.http, "/inside.js", 200, "text/javascript; charset=utf-8", "export const x = 1;\n");
    expect_get(w.http, "/", 200, "text/html; charset=utf-8", NULL);
    ck_assert_int_eq(server_stop(&w.s), 0);
    temp_root_remove(&t);
}
END_TEST

/* Copies of the binary beside a page (the source tree's layout, and a
 * build directory's) find it without --web-root. */
START_TEST(web_root_beside_the_binary) {
    TempRoot t = temp_root();
    char cmd[1024], bin[256];
    snprintf(cmd, sizeof cmd,
             "mkdir -p '%s/tree/protocol/web/www' '%s/tree/build/kind' && cp '%s/index.html' '%s/tree/protocol/web/www/' "
             "&& cp '%s' '%s/tree/ratnik' && cp '%s' '%s/tree/build/kind/ratnik'",
             t.dir, t.dir, t.root, t.dir, ratnik_bin(), t.dir, ratnik_bin(), t.dir);
    ck_assert_int_eq(system(cmd), 0);
    static const char *const places[] = {"tree/ratnik", "tree/build/kind/ratnik"};
    for (int i = 0; i < 2; i++) {
        snprintf(bin, sizeof bin, "%s/%s", t.dir, places[i]);
        setenv("RATNIK_BIN", bin, 1);
        WebServer w = web_server_start_args("--http 127.0.0.1:0");
        ck_assert_int_eq(w.s.port, 0);
        expect_get(w.http, "/", 200, "text/html; charset=utf-8", "<!DOCTYPE html><title>board</title>\n");
        ck_assert_int_eq(server_stop(&w.s), 0);
    }
    unsetenv("RATNIK_BIN");
    temp_root_remove(&t);
}
END_TEST

START_TEST(web_root_missing) {
    int status = 0;
    pid_t pid = fork();
    if (!pid) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 2);
        execl(ratnik_bin(), ratnik_bin(), "--http", "127.0.0.1:0", "--web-root", "/nonexistent/www", (char *)NULL);
        _exit(127);
    }
    waitpid(pid, &status, 0);
    ck_assert(WIFEXITED(status));
    ck_assert_int_eq(WEXITSTATUS(status), 2);
}
END_TEST

static int post_session(int port, const char *headers) {
    Reply r = http_req(port, "POST", "/api/session", headers, "", 0);
    int status = r.status;
    expect_no(r.head, "Access-Control");
    if (status != 200) ck_assert_msg(strstr(r.head, "text/plain"), "not a text reason: %s", r.head);
    reply_free(&r);
    return status;
}

START_TEST(web_api_needs_the_pages_origin) {
    TempRoot t = temp_root();
    WebServer w = web_server_start(t.root, NULL);
    int p = w.http;
    char ok[128], rebind[256], twice[256], port_only[128];
    snprintf(ok, sizeof ok, "Origin: http://127.0.0.1:%d\r\n", p);
    ck_assert_int_eq(post_session(p, ok), 200);
    ck_assert_int_eq(post_session(p, ""), 403); /* missing */
    ck_assert_int_eq(post_session(p, "Origin: http://evil.example\r\n"), 403);
    ck_assert_int_eq(post_session(p, "Origin: null\r\n"), 403);
    snprintf(port_only, sizeof port_only, "Origin: http://127.0.0.1:%d\r\n", p + 1);
    ck_assert_int_eq(post_session(p, port_only), 403);
    snprintf(port_only, sizeof port_only, "Origin: https://127.0.0.1:%d\r\n", p);
    ck_assert_int_eq(post_session(p, port_only), 403);
    snprintf(twice, sizeof twice, "%sOrigin: http://evil.example\r\n", ok);
    ck_assert_int_eq(post_session(p, twice), 403);
    /* A name that resolves to us only by DNS (rebinding): Origin and Host agree, still refused. */
    snprintf(rebind, sizeof rebind,
             "POST /api/session HTTP/1.1\r\nHost: evil.example:%d\r\nOrigin: http://evil.example:%d\r\n"
             "Content-Length: 0\r\nConnection: close\r\n\r\n", p, p);
    Reply r = http_raw(p, rebind, strlen(rebind));
    ck_assert_int_eq(r.status, 403);
    reply_free(&r);
    snprintf(rebind, sizeof rebind,
             "POST /api/session HTTP/1.1\r\nHost: localhost:%d\r\nOrigin: http://localhost:%d\r\n"
             "Content-Length: 0\r\nConnection: close\r\n\r\n", p, p);
    r = http_raw(p, rebind, strlen(rebind));
    ck_assert_int_eq(r.status, 200);
    reply_free(&r);
    /* The event stream: a browser sends no Origin on a same-origin GET but
     * Sec-Fetch-Site; a cross-site one is refused, and so is neither. */
    char token[33], path[96];
    new_session(p, token);
    snprintf(path, sizeof path, "/api/events?token=%s", token);
    r = http_req(p, "GET", path, "Sec-Fetch-Site: cross-site\r\n", NULL, 0);
    ck_assert_int_eq(r.status, 403);
    reply_free(&r);
    r = http_req(p, "GET", path, "", NULL, 0);
    ck_assert_int_eq(r.status, 403);
    reply_free(&r);
    r = http_req(p, "GET", path, "Origin: http://evil.example\r\nSec-Fetch-Site: same-origin\r\n", NULL, 0);
    ck_assert_int_eq(r.status, 403);
    reply_free(&r);
    snprintf(path, sizeof path, "/api/send?token=%s", token);
    r = http_req(p, "POST", path, "Sec-Fetch-Site: same-origin\r\n", "uci\n", 4); /* POST needs the Origin */
    ck_assert_int_eq(r.status, 403);
    reply_free(&r);
    r = http_req(p, "OPTIONS", "/api/session", "Origin: http://evil.example\r\n", NULL, 0);
    ck_assert_int_ge(r.status, 400);
    expect_no(r.head, "Access-Control");
    reply_free(&r);
    ck_assert_int_eq(server_stop(&w.s), 0);
    temp_root_remove(&t);
}
END_TEST

START_TEST(web_api_errors) {
    TempRoot t = temp_root();
    WebServer w = web_server_start(t.root, "--max-line 1000");
    int p = w.http;
    char token[33], path[96];
    static const char zeros[] = "00000000000000000000000000000000";
    snprintf(path, sizeof path, "/api/send?token=%s", zeros);
    Reply r = api_post(p, path, "uci\n");
    ck_assert_int_eq(r.status, 404);
    ck_assert_ptr_nonnull(strstr(r.head, "Content-Type: text/plain"));
    reply_free(&r);
    snprintf(path, sizeof path, "/api/events?token=%s", zeros);
    r = http_req(p, "GET", path, page_origin(p), NULL, 0);
    ck_assert_int_eq(r.status, 404);
    reply_free(&r);
    static const char *const bad[] = {"/api/send", "/api/send?token=", "/api/send?token=abc", "/api/send?tok=1",
                                      "/api/nothing", "/api/send?token=%00"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        r = api_post(p, bad[i], "uci\n");
        ck_assert_msg(r.status == 404, "%s: %d", bad[i], r.status);
        reply_free(&r);
    }
    r = http_req(p, "GET", "/api/session", page_origin(p), NULL, 0);
    ck_assert_int_eq(r.status, 405);
    reply_free(&r);
    new_session(p, token);
    snprintf(path, sizeof path, "/api/send?token=%s", token);
    /* NUL: 400; a line over --max-line: 400; a body over evhttp's limit: 413. */
    r = http_req(p, "POST", path, page_origin(p), "uci\n\0isready\n", 13);
    ck_assert_int_eq(r.status, 400);
    ck_assert_ptr_nonnull(strstr(r.body, "NUL"));
    reply_free(&r);
    char line[1100];
    memset(line, 'x', sizeof line - 2);
    line[sizeof line - 2] = '\n';
    line[sizeof line - 1] = 0;
    ck_assert_int_eq(send_lines(p, token, line), 400);
    size_t huge = 16 << 20;
    char *big = malloc(huge);
    memset(big, 'a', huge);
    r = http_req(p, "POST", path, page_origin(p), big, huge);
    ck_assert_int_eq(r.status, 413);
    reply_free(&r);
    free(big);
    /* Headers past evhttp's limit. */
    char *hdr = malloc(40000);
    snprintf(hdr, 40000, "X-Junk: %0*d\r\n", 30000, 0);
    r = http_req(p, "GET", "/", hdr, NULL, 0);
    ck_assert_int_ne(r.status, 200);
    reply_free(&r);
    free(hdr);
    /* The session itself is untouched and the daemon serves on. */
    Client c = open_stream(p, token);
    send_ok(p, token, "uci\nisready\n");
    char *seg = expect(&c, "data: readyok");
    ck_assert_ptr_nonnull(strstr(seg, "data: uciok"));
    expect_no(seg, "error");
    free(seg);
    client_close(&c);
    expect_get(p, "/", 200, NULL, NULL);
    ck_assert_int_eq(server_stop(&w.s), 0);
    temp_root_remove(&t);
}
END_TEST

Suite *suite_web(void) {
    return suite_of("web",
                    CASE("server", 120, web_static_files, web_no_path_leaves_the_root, web_root_beside_the_binary,
                         web_root_missing, web_api_needs_the_pages_origin, web_api_errors),
                    NULL);
}
