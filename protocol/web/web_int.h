/* The web server's insides, shared by protocol/web/web_server.c (evhttp,
 * routing, the origin check), web_static.c (files) and web_session.c (the
 * API's sessions and event streams). */
#ifndef RATNIK_WEB_INT_H
#define RATNIK_WEB_INT_H

#include <limits.h>
#include <event2/http.h>
#include "../daemon/daemon_int.h"
#include "web.h"

enum {
    WEB_TOKEN_BYTES = 16,     /* 128 random bits */
    WEB_TOKEN_CHARS = 2 * WEB_TOKEN_BYTES,
    WEB_OPEN_DEADLINE_S = 10, /* a session whose stream is not opened by then is freed */
    WEB_KEEPALIVE_S = 15,     /* a comment on a quiet stream, so that proxies and browsers keep it */
    WEB_TIMEOUT_S = 30,       /* evhttp: to read a request, to write a reply */
    WEB_STREAM_TIMEOUT_S = 45, /* a stream's writes stalled this long: the page is gone */
    WEB_MAX_HEADERS = 16 << 10,
};

typedef struct Web Web;
typedef struct WebProxy WebProxy;

/* One page session: a remote session (r, first) whose input comes by
 * POST /api/send and whose output goes to one event stream. */
typedef struct WebSession {
    Remote r;
    Web *w;
    struct WebSession *prev, *next;
    char token[WEB_TOKEN_CHARS + 1];
    struct evhttp_request *stream;   /* the open event stream, or NULL */
    struct evhttp_connection *evcon; /* its connection */
    struct event *open_deadline, *keepalive, *idle;
    bool opened; /* its one stream was opened (and may have closed since) */
} WebSession;

struct Web {
    Daemon *d;
    struct evhttp *http;
    struct evhttp_bound_socket *bound; /* NULL once shutting down */
    struct event *accept_retry;
    char root[PATH_MAX];
    char url[128];
    WebSession *sessions;
    int flushing; /* ended streams whose connection has not closed yet */
    WebProxy *proxies; /* connections to the TCP port relayed to this server (web_proxy.c) */
    bool internal;     /* no --http: bound on loopback, reached only through the TCP port */
};

/* web_server.c: a reply with a one-line text/plain reason. */
void web_reply_text(struct evhttp_request *req, int code, const char *reason);
/* Headers every reply gets (no sniffing, no framing by other sites). */
void web_add_common_headers(struct evhttp_request *req);

/* web_static.c: GET or HEAD of a file below the web root, else 404/405. */
void web_serve_static(Web *w, struct evhttp_request *req);

/* web_session.c */
void web_api_session(Web *w, struct evhttp_request *req);
void web_api_events(Web *w, struct evhttp_request *req);
void web_api_send(Web *w, struct evhttp_request *req);
/* Shutdown: every session is told to stop (each frees itself when done). */
void web_end_sessions(Web *w);
/* web_proxy.c: after the loop, every relayed connection is closed. */
void web_free_proxies(Web *w);
/* Before evhttp is freed: no stream may call back into a session. */
void web_detach_streams(Web *w);

#endif
