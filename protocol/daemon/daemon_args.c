/* The daemon's command line: `ratnik --listen [HOST:PORT] [--http
 * [HOST:PORT]] [limits]`; either listener may come alone. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "daemon.h"
#include "../../search/engine.h"
#include "../../engine/number.h"

/* HOST:PORT, [V6HOST]:PORT, HOST or PORT, into host and port (each of
 * DAEMON_ADDR_MAX / 16 bytes); what arg leaves out is left as it was. */
static bool parse_address(const char *arg, char *host_out, char *port_out) {
    const char *colon = strrchr(arg, ':');
    const char *host = arg, *port = NULL;
    size_t hlen = strlen(arg);
    long long p;
    if (arg[0] == '[') {
        const char *rb = strchr(arg, ']');
        if (!rb || (rb[1] && rb[1] != ':')) return false;
        host = arg + 1;
        hlen = (size_t)(rb - host);
        port = rb[1] ? rb + 2 : NULL;
    } else if (colon && strchr(arg, ':') == colon) {
        hlen = (size_t)(colon - arg);
        port = colon + 1;
    } else if (!colon && parse_integer(arg, 0, 65535, &p)) {
        hlen = 0;
        port = arg;
    }
    if (port && !parse_integer(port, 0, 65535, &p)) return false;
    if (hlen >= DAEMON_ADDR_MAX) return false;
    if (hlen) {
        memcpy(host_out, host, hlen);
        host_out[hlen] = 0;
    }
    if (port) snprintf(port_out, 16, "%lld", p);
    return true;
}

/* `--listen [ADDRESS]` or `--http [ADDRESS]` at argv[*i]; moves *i past
 * the address if one follows. */
static bool parse_listener(int argc, char **argv, int *i, DaemonOptions *opt, char *err, size_t errlen) {
    bool web = !strcmp(argv[*i], "--http");
    if (web) opt->http = true;
    else opt->tcp = true;
    if (*i + 1 >= argc || !strncmp(argv[*i + 1], "--", 2)) return true;
    (*i)++;
    if (parse_address(argv[*i], web ? opt->http_host : opt->host, web ? opt->http_port : opt->port)) return true;
    snprintf(err, errlen, "bad address '%.64s' after %s (want HOST:PORT)", argv[*i], web ? "--http" : "--listen");
    return false;
}

bool daemon_parse_args(int argc, char **argv, DaemonOptions *opt, char *err, size_t errlen) {
    memset(opt, 0, sizeof *opt);
    snprintf(opt->host, sizeof opt->host, "127.0.0.1");
    snprintf(opt->port, sizeof opt->port, "%d", DAEMON_DEFAULT_PORT);
    snprintf(opt->http_host, sizeof opt->http_host, "127.0.0.1");
    snprintf(opt->http_port, sizeof opt->http_port, "%d", DAEMON_DEFAULT_HTTP_PORT);
    opt->max_sessions = DAEMON_DEFAULT_MAX_SESSIONS;
    opt->max_line = DAEMON_DEFAULT_MAX_LINE;
    opt->idle_timeout = DAEMON_DEFAULT_IDLE_TIMEOUT;
    opt->hash_mb = DAEMON_DEFAULT_HASH_MB;
    opt->hash_cap_mb = DAEMON_DEFAULT_HASH_CAP_MB;
    opt->max_pending = DAEMON_DEFAULT_MAX_PENDING;
    int i = 0;
    static const struct { const char *flag; long lo, hi; } flags[] = {
        {"--max-sessions", 1, 100000}, {"--max-line", 64, 64L << 20}, {"--idle-timeout", 0, 1L << 30},
        {"--hash", 1, 65536},          {"--hash-cap", 1, 1L << 30},        {"--max-pending", 1, 100000},
    };
    for (; i < argc; i++) {
        if (!strcmp(argv[i], "--listen") || !strcmp(argv[i], "--http")) {
            if (!parse_listener(argc, argv, &i, opt, err, errlen)) return false;
            continue;
        }
        if (!strcmp(argv[i], "--web-root")) {
            if (i + 1 >= argc || !argv[i + 1][0]) {
                snprintf(err, errlen, "--web-root needs a directory");
                return false;
            }
            opt->web_root = argv[++i];
            continue;
        }
        if (!strcmp(argv[i], "--book-dir")) {
            if (i + 1 >= argc || !argv[i + 1][0] || opt->nbook_dirs == DAEMON_MAX_BOOK_DIRS) {
                snprintf(err, errlen, "--book-dir needs a directory (at most %d of them)", DAEMON_MAX_BOOK_DIRS);
                return false;
            }
            opt->book_dirs[opt->nbook_dirs++] = argv[++i];
            continue;
        }
        size_t f = 0;
        while (f < sizeof flags / sizeof *flags && strcmp(argv[i], flags[f].flag)) f++;
        if (f == sizeof flags / sizeof *flags) {
            snprintf(err, errlen, "unknown argument '%.64s'", argv[i]);
            return false;
        }
        long long v;
        if (i + 1 >= argc || !parse_integer(argv[i + 1], flags[f].lo, flags[f].hi, &v)) {
            snprintf(err, errlen, "%s needs an integer %ld..%ld", flags[f].flag, flags[f].lo, flags[f].hi);
            return false;
        }
        i++;
        switch (f) {
        case 0: opt->max_sessions = (int)v; break;
        case 1: opt->max_line = (size_t)v; break;
        case 2: opt->idle_timeout = (int)v; break;
        case 3: opt->hash_mb = (int)v; break;
        case 4: opt->hash_cap_mb = (int)v; break;
        default: opt->max_pending = (int)v; break;
        }
    }
    if (opt->hash_mb > opt->hash_cap_mb) {
        snprintf(err, errlen, "--hash %d is above --hash-cap %d", opt->hash_mb, opt->hash_cap_mb);
        return false;
    }
    return true;
}

static bool is_dir(const char *path) {
    struct stat st;
    return !stat(path, &st) && S_ISDIR(st.st_mode);
}

bool daemon_book_dirs(const DaemonOptions *opt, char dirs[][PATH_MAX], const char *list[]) {
    int n = 0;
    for (int i = 0; i < opt->nbook_dirs; i++) {
        errno = 0;
        if (!realpath(opt->book_dirs[i], dirs[n]) || !is_dir(dirs[n])) {
            fprintf(stderr, "ratnik --listen: --book-dir %s: %s\n", opt->book_dirs[i],
                    errno ? strerror(errno) : "not a directory");
            return false;
        }
        list[n] = dirs[n];
        n++;
    }
    char path[PATH_MAX];
    for (int i = 0; !opt->nbook_dirs && n < DAEMON_MAX_BOOK_DIRS && engine_default_book_dir(i, path, sizeof path); i++) {
        bool seen = false;
        if (!path[0] || !realpath(path, dirs[n]) || !is_dir(dirs[n])) continue; /* a default that is not there */
        for (int k = 0; k < n; k++) seen = seen || !strcmp(list[k], dirs[n]);
        if (!seen) {
            list[n] = dirs[n];
            n++;
        }
    }
    list[n] = NULL;
    return true;
}

int daemon_main(int argc, char **argv) {
    DaemonOptions opt;
    char err[256];
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        printf("usage: ratnik --listen [HOST:PORT] [--http [HOST:PORT]] [--web-root DIR]\n"
               "              [--max-sessions N] [--max-line BYTES] [--idle-timeout SECONDS]\n"
               "              [--hash MB] [--hash-cap MB] [--max-pending N] [--book-dir DIR]...\n"
               "       ratnik --http [HOST:PORT] [the same flags]   (the web board alone)\n"
               "the --listen port also serves the web board to a browser (http://HOST:PORT/)\n"
               "defaults: 127.0.0.1:%d, web 127.0.0.1:%d, %d sessions, %d bytes, %d s (0: never),\n"
               "          %d MB, %d MB, %d, book/ beside the binary, ./book and the data\n"
               "          directory's book/; the web root protocol/web/www in the source tree,\n"
               "          else the data directory's www/\n",
               DAEMON_DEFAULT_PORT, DAEMON_DEFAULT_HTTP_PORT, DAEMON_DEFAULT_MAX_SESSIONS, DAEMON_DEFAULT_MAX_LINE,
               DAEMON_DEFAULT_IDLE_TIMEOUT, DAEMON_DEFAULT_HASH_MB, DAEMON_DEFAULT_HASH_CAP_MB,
               DAEMON_DEFAULT_MAX_PENDING);
        return 0;
    }
    if (!daemon_parse_args(argc, argv, &opt, err, sizeof err)) {
        fprintf(stderr, "ratnik %s: %s (try ratnik --listen --help)\n", argv[0], err);
        return 2;
    }
    return daemon_run(&opt);
}
