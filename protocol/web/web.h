/* The web board's server (`ratnik --http [HOST:PORT]`, docs/web.md): the
 * page's static files and its sessions over HTTP (POST for input, Server-
 * Sent Events for output), on libevent's evhttp in the daemon's loop. Each
 * page session is a remote session like a TCP connection (daemon_int.h),
 * under the same limits. */
#ifndef RATNIK_WEB_H
#define RATNIK_WEB_H

#include <stdbool.h>
#include <stddef.h>

struct Daemon;
typedef struct Web Web;

/* Finds the web root and listens on opt.http_host:http_port of d's loop
 * (without --http: on a loopback port of its own, for the TCP port's
 * relay); NULL with a message on stderr and the exit status in *rc. */
Web *web_start(struct Daemon *d, int *rc);
/* Whether the first n bytes a client sent start an HTTP request: 1 yes,
 * 0 no (a UCI or CECP line: their commands are lowercase), -1 too few
 * bytes to tell. */
int web_http_method_prefix(const char *buf, size_t n);
/* Serves the connected socket fd (an HTTP client on the TCP port) by
 * relaying it to this server; takes fd, true. False (fd untouched) when
 * the server no longer accepts. */
bool web_take_connection(Web *w, int fd);
/* The line with the page's URL, for the daemon's ready message. */
void web_print_ready(const Web *w);
/* Shutdown: accepts nothing more and ends every session. */
void web_shutdown(Web *w);
/* Whether no web session is left. */
bool web_idle(const Web *w);
/* After the loop: frees the server and its connections. */
void web_free(Web *w);

/* The web root: `given` (--web-root) if set, else protocol/web/www beside
 * the binary (or two levels up, for a build directory's binary), else the
 * data directory's www/; as an absolute path without links. False with
 * the places looked at in err. */
bool web_find_root(const char *given, char *root, size_t n, char *err, size_t errlen);
/* The file below root (absolute, without links) that a request's path,
 * still percent-encoded, names: index.html for "/". False for anything
 * that is not a regular file inside root: `..` or any segment starting
 * with '.', encoded '/', '\' or NUL, control characters, a directory, a
 * link that leaves root, a missing file. */
bool web_resolve(const char *root, const char *uri_path, char *file, size_t n);
/* The Content-Type served for a file name. */
const char *web_content_type(const char *path);
/* The line of a POST body that starts at *at: its length without the
 * '\n' and a '\r' before it; *at moves to the next line. A final line
 * needs no '\n'. */
size_t web_next_line(const char *body, size_t len, size_t *at);
/* Whether a Host header names this machine by an address or as
 * localhost (with an optional port): a DNS name could be a rebinding. */
bool web_host_is_literal(const char *host);

#endif
