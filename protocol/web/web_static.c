/* The web board's static files (protocol/web/web.h): found in the web
 * root as books are found beside the binary, and served only when the
 * request names a regular file that is inside the root once every link is
 * resolved. Anything else is the same 404, whatever the reason. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>
#include <event2/buffer.h>
#include "web_int.h"
#include "../../search/engine.h"

/* No script, style, image or connection from anywhere but this server:
 * the page works offline and cannot be made to load another site. */
static const char CSP[] = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
                          "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

static bool is_dir(const char *path) {
    struct stat st;
    return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* A root candidate: a directory with the page's index.html. */
static bool page_root_at(const char *dir, char *root, size_t n) {
    char index[PATH_MAX + 16], real[PATH_MAX];
    if (snprintf(index, sizeof index, "%s/index.html", dir) >= (int)sizeof index) return false;
    if (access(index, R_OK) || !realpath(dir, real) || strlen(real) >= n) return false;
    memcpy(root, real, strlen(real) + 1);
    return true;
}

bool web_find_root(const char *given, char *root, size_t n, char *err, size_t errlen) {
    char real[PATH_MAX];
    if (given) {
        errno = 0;
        if (!realpath(given, real) || !is_dir(real) || strlen(real) >= n) {
            snprintf(err, errlen, "--web-root %s: %s", given, errno ? strerror(errno) : "not a directory");
            return false;
        }
        memcpy(root, real, strlen(real) + 1);
        return true;
    }
    char exe[PATH_MAX / 2] = "", dir[PATH_MAX];
    if (engine_exe_dir(exe, sizeof exe)) {
        snprintf(dir, sizeof dir, "%s/protocol/web/www", exe);
        if (page_root_at(dir, root, n)) return true;
        snprintf(dir, sizeof dir, "%s/../../protocol/web/www", exe); /* build/<kind>/ratnik */
        if (page_root_at(dir, root, n)) return true;
    }
#ifdef RATNIK_DATADIR
    if (page_root_at(RATNIK_DATADIR "/www", root, n)) return true;
    snprintf(err, errlen, "no web root (index.html) in %s/protocol/web/www, %s/../../protocol/web/www or %s/www; "
             "give one with --web-root DIR", exe, exe, RATNIK_DATADIR);
#else
    snprintf(err, errlen, "no web root (index.html) in %s/protocol/web/www; give one with --web-root DIR", exe);
#endif
    return false;
}

/* Whether the decoded path has only plain segments: none empty, none
 * starting with '.', no backslash or control character. */
static bool plain_segments(const char *path) {
    for (const char *p = path; *p; p++)
        if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == '\\') return false;
    for (const char *seg = path + 1;; seg++) {
        const char *end = strchr(seg, '/');
        if (seg[0] == '.' || seg[0] == '/' || !seg[0]) return false;
        if (!end) return true;
        seg = end;
    }
}

bool web_resolve(const char *root, const char *uri_path, char *file, size_t n) {
    if (uri_path[0] != '/' || strcasestr(uri_path, "%2f") || strcasestr(uri_path, "%5c") || strstr(uri_path, "%00"))
        return false;
    size_t len = 0;
    char *path = evhttp_uridecode(uri_path, 0, &len);
    if (!path) return false;
    bool ok = strlen(path) == len && (!strcmp(path, "/") || plain_segments(path));
    char joined[PATH_MAX], real[PATH_MAX];
    ok = ok && snprintf(joined, sizeof joined, "%s%s", root, strcmp(path, "/") ? path : "/index.html") <
                   (int)sizeof joined;
    free(path);
    if (!ok || !realpath(joined, real)) return false;
    size_t rlen = strlen(root);
    struct stat st;
    if (strncmp(real, root, rlen) || real[rlen] != '/' || stat(real, &st) || !S_ISREG(st.st_mode)) return false;
    if (strlen(real) >= n) return false;
    memcpy(file, real, strlen(real) + 1);
    return true;
}

const char *web_content_type(const char *path) {
    static const struct { const char *ext, *type; } types[] = {
        {".html", "text/html; charset=utf-8"},  {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"}, {".css", "text/css; charset=utf-8"},
        {".svg", "image/svg+xml"},              {".png", "image/png"},
        {".ico", "image/x-icon"},               {".json", "application/json"},
        {".txt", "text/plain; charset=utf-8"},  {".woff2", "font/woff2"},
    };
    const char *dot = strrchr(path, '.');
    if (dot && !strchr(dot, '/'))
        for (size_t i = 0; i < sizeof types / sizeof *types; i++)
            if (!strcasecmp(dot, types[i].ext)) return types[i].type;
    return "application/octet-stream";
}

/* The file as the body, or only its headers for HEAD. */
static void send_file(struct evhttp_request *req, const char *file) {
    int fd = open(file, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) || !S_ISREG(st.st_mode)) {
        if (fd >= 0) close(fd);
        web_reply_text(req, 404, "not found");
        return;
    }
    struct evkeyvalq *h = evhttp_request_get_output_headers(req);
    web_add_common_headers(req);
    evhttp_add_header(h, "Content-Type", web_content_type(file));
    evhttp_add_header(h, "Content-Security-Policy", CSP);
    evhttp_add_header(h, "Cache-Control", "no-cache");
    if (evhttp_request_get_command(req) == EVHTTP_REQ_HEAD) {
        char size[32];
        snprintf(size, sizeof size, "%lld", (long long)st.st_size);
        evhttp_add_header(h, "Content-Length", size);
        close(fd);
        evhttp_send_reply(req, 200, "OK", NULL);
        return;
    }
    struct evbuffer *body = evbuffer_new();
    if (!body || evbuffer_add_file(body, fd, 0, st.st_size)) { /* the buffer owns fd from here */
        if (body) evbuffer_free(body);
        else close(fd);
        evhttp_send_error(req, 500, NULL);
        return;
    }
    evhttp_send_reply(req, 200, "OK", body);
    evbuffer_free(body);
}

void web_serve_static(Web *w, struct evhttp_request *req) {
    enum evhttp_cmd_type cmd = evhttp_request_get_command(req);
    if (cmd != EVHTTP_REQ_GET && cmd != EVHTTP_REQ_HEAD) {
        evhttp_add_header(evhttp_request_get_output_headers(req), "Allow", "GET, HEAD");
        web_reply_text(req, 405, "method not allowed");
        return;
    }
    const char *path = evhttp_uri_get_path(evhttp_request_get_evhttp_uri(req));
    char file[PATH_MAX];
    if (!path || !web_resolve(w->root, path, file, sizeof file)) web_reply_text(req, 404, "not found");
    else send_file(req, file);
}
