/* The daemon: `ratnik --listen [HOST:PORT] [--http [HOST:PORT]] [limits]`.
 * Every TCP connection and every web page's session is one Session (its
 * own protocol, position, options, TT and threads); one libevent loop does
 * all socket I/O and never runs engine code. docs/daemon.md and
 * docs/web.md describe the flags and their defaults. */
#ifndef RATNIK_DAEMON_H
#define RATNIK_DAEMON_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

enum { DAEMON_MAX_BOOK_DIRS = 16, DAEMON_ADDR_MAX = 256 };

typedef struct {
    bool tcp;           /* --listen: serve UCI/CECP over TCP */
    char host[DAEMON_ADDR_MAX];   /* numeric address or name to bind; default 127.0.0.1 */
    char port[16];      /* default 4640; 0 picks a free port (printed at start) */
    bool http;          /* --http: serve the web board */
    char http_host[DAEMON_ADDR_MAX]; /* default 127.0.0.1 */
    char http_port[16];  /* default 8080; 0 picks a free port */
    const char *web_root; /* --web-root: the page's files; NULL: found beside the binary, then installed */
    int max_sessions;   /* sessions at once; more are refused with one error line */
    size_t max_line;    /* longest input line in bytes; longer ones are discarded */
    int idle_timeout;   /* seconds without traffic before a session is closed; 0: never */
    int hash_mb;        /* each session's Hash when it starts */
    int hash_cap_mb;    /* total Hash of all sessions */
    int max_pending;    /* connections that sent no line yet; a new one closes the oldest */
    int nbook_dirs;     /* --book-dir: where BookFile finds books by name; 0: the defaults */
    const char *book_dirs[DAEMON_MAX_BOOK_DIRS];
} DaemonOptions;

enum {
    DAEMON_DEFAULT_PORT = 4640,
    DAEMON_DEFAULT_HTTP_PORT = 8080,
    DAEMON_DEFAULT_MAX_SESSIONS = 1000,
    DAEMON_DEFAULT_MAX_LINE = 65536,
    DAEMON_DEFAULT_IDLE_TIMEOUT = 3600,
    DAEMON_DEFAULT_HASH_MB = 2,
    DAEMON_DEFAULT_HASH_CAP_MB = 4096,
    DAEMON_DEFAULT_MAX_PENDING = 1024,
};

/* Fills opt from `--listen [HOST:PORT] [--http [HOST:PORT]] [--max-sessions
 * N] ...` (argv[0] is "--listen" or "--http"); false with a message in err
 * on a bad argument. */
bool daemon_parse_args(int argc, char **argv, DaemonOptions *opt, char *err, size_t errlen);
/* The book directories of opt as absolute paths without links, in dirs,
 * and a NULL-terminated list of them in list (the defaults that exist when
 * opt names none); false with a message on stderr if a named one is not a
 * directory. */
bool daemon_book_dirs(const DaemonOptions *opt, char dirs[][PATH_MAX], const char *list[]);
/* Serves until SIGTERM or SIGINT; returns the process exit code. */
int daemon_run(const DaemonOptions *opt);
/* Both of the above, for main(). */
int daemon_main(int argc, char **argv);

#endif
