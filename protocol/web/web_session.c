/* The web board's sessions (protocol/web/web_int.h, docs/web.md "HTTP
 * API"). POST /api/session admits a remote session (daemon_remote.c) under
 * the limits every TCP session has and names it by a random token; GET
 * /api/events opens its one event stream, which carries every output line
 * as an event; POST /api/send queues UCI lines. The session ends when its
 * stream closes, when it was not opened in time, at its idle timeout, or
 * by itself (`quit`): then the stream is ended and the token forgotten. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/keyvalq_struct.h>
#include "web_int.h"
#include "../daemon/loop_util.h"

static void set_timer(struct event *ev, long seconds) {
    struct timeval tv = {seconds, 0};
    event_add(ev, &tv);
}

static void idle_arm(WebSession *ws) {
    int idle = ws->w->d->opt.idle_timeout;
    if (idle > 0) set_timer(ws->idle, idle);
}

static void ws_free(WebSession *ws) {
    Web *w = ws->w;
    DLIST_UNLINK(w->sessions, ws);
    event_free(ws->open_deadline);
    event_free(ws->keepalive);
    event_free(ws->idle);
    remote_destroy(&ws->r);
    free(ws);
    daemon_maybe_exit(w->d);
}

/* ---- the event stream ---- */

static size_t stream_backlog(const WebSession *ws) {
    return evbuffer_get_length(bufferevent_get_output(evhttp_connection_get_bufferevent(ws->evcon)));
}

/* Each line as one event. A carriage return would end the event's line
 * early (SSE takes CR as a line end too), so it goes as a space. */
static void stream_send_lines(WebSession *ws, struct evbuffer *lines) {
    struct evbuffer *events = evbuffer_new();
    char *line;
    size_t len;
    while (events && (line = evbuffer_readln(lines, &len, EVBUFFER_EOL_LF))) {
        for (size_t i = 0; i < len; i++)
            if (line[i] == '\r') line[i] = ' ';
        evbuffer_add(events, "data: ", 6);
        evbuffer_add(events, line, len);
        evbuffer_add(events, "\n\n", 2);
        free(line);
    }
    evbuffer_drain(lines, evbuffer_get_length(lines));
    if (!events) return;
    evhttp_send_reply_chunk(ws->stream, events);
    evbuffer_free(events);
}

static void stream_send_text(WebSession *ws, const char *text) {
    struct evbuffer *b = evbuffer_new();
    if (!b) return;
    evbuffer_add(b, text, strlen(text));
    evhttp_send_reply_chunk(ws->stream, b);
    evbuffer_free(b);
}

/* The stream no longer belongs to the session: the command thread looks
 * at its socket no more, and a running session stops. */
static void stream_detach(WebSession *ws) {
    if (ws->evcon) evhttp_connection_set_closecb(ws->evcon, NULL, NULL);
    ws->stream = NULL;
    ws->evcon = NULL;
    event_del(ws->keepalive);
    remote_drop_fd(&ws->r);
}

/* A finished stream's connection has closed (flushed, or failed). */
static void finished_stream_closed(struct evhttp_connection *evcon, void *arg) {
    (void)evcon;
    Web *w = arg;
    w->flushing--;
    daemon_maybe_exit(w->d);
}

/* The session is over: the last events are flushed, then the connection
 * closes (the reply said "Connection: close"). At shutdown a page that
 * does not read gets a second for it. */
static void stream_finish(WebSession *ws) {
    struct evhttp_request *req = ws->stream;
    struct evhttp_connection *evcon = ws->evcon;
    if (!req) return;
    stream_detach(ws);
    ws->w->flushing++;
    evhttp_connection_set_closecb(evcon, finished_stream_closed, ws->w);
    if (ws->w->d->shutting_down) evhttp_connection_set_timeout(evcon, 1);
    evhttp_send_reply_end(req);
}

/* The page does not read its events: close at once. */
static void stream_abort(WebSession *ws) {
    struct evhttp_connection *evcon = ws->evcon;
    if (!evcon) return;
    stream_detach(ws);
    evhttp_connection_free(evcon);
}

/* The page closed the stream (or its writes timed out): the session ends
 * at once. evhttp frees the connection, but a reply it has not seen
 * finished it only detaches from it, for us to free: ending a detached
 * reply frees it. */
static void stream_closed(struct evhttp_connection *evcon, void *arg) {
    (void)evcon;
    WebSession *ws = arg;
    if (ws->stream && !evhttp_request_get_connection(ws->stream)) evhttp_send_reply_end(ws->stream);
    ws->stream = NULL;
    ws->evcon = NULL;
    event_del(ws->keepalive);
    remote_drop_fd(&ws->r);
    if (!ws->r.has_thread) ws_free(ws);
}

/* ---- the session's events (loop thread) ---- */

static void ws_woken(Remote *r, const RemoteWake *wk) {
    WebSession *ws = (WebSession *)r;
    size_t n = evbuffer_get_length(wk->out);
    if (ws->stream) {
        if (n) {
            stream_send_lines(ws, wk->out);
            idle_arm(ws);
        }
        if (wk->overflow || stream_backlog(ws) > OUTPUT_MAX) stream_abort(ws);
    } else if (ws->opened) {
        evbuffer_drain(wk->out, n); /* the stream has closed: nobody will read it */
    } else if (wk->overflow || n > OUTPUT_MAX) {
        evbuffer_drain(wk->out, n); /* kept for a stream that does not come */
        remote_request_stop(r);
    }
    if (wk->ended) {
        stream_finish(ws);
        ws_free(ws);
    }
}

static void on_keepalive(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    WebSession *ws = arg;
    if (!ws->stream) return;
    if (stream_backlog(ws) > OUTPUT_MAX) stream_abort(ws);
    else stream_send_text(ws, ": keepalive\n\n");
}

static void on_idle(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    WebSession *ws = arg;
    if (ws->stream) {
        char msg[160];
        snprintf(msg, sizeof msg, "data: %s: no traffic for %d s, closing\n\n",
                 atomic_load(&ws->r.proto) == PROTO_CECP ? "Error (idle timeout)" : "info string error: idle timeout",
                 ws->w->d->opt.idle_timeout);
        stream_send_text(ws, msg);
    }
    remote_request_stop(&ws->r); /* the stream ends when the thread is done */
}

static void on_open_deadline(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    WebSession *ws = arg;
    if (!ws->opened) remote_request_stop(&ws->r);
}

/* ---- tokens ---- */

static bool random_token(char token[WEB_TOKEN_CHARS + 1]) {
    unsigned char raw[WEB_TOKEN_BYTES];
    size_t got = 0;
    while (got < sizeof raw) {
        ssize_t n = getrandom(raw + got, sizeof raw - got, 0);
        if (n < 0 && errno != EINTR) return false;
        if (n > 0) got += (size_t)n;
    }
    for (size_t i = 0; i < sizeof raw; i++) snprintf(token + 2 * i, 3, "%02x", raw[i]);
    return true;
}

/* Compares every character whatever the first difference, so that the
 * time taken says nothing about how much of a guess was right. */
static bool token_equal(const char *a, const char *b) {
    unsigned diff = 0;
    for (int i = 0; i < WEB_TOKEN_CHARS; i++) diff |= (unsigned)(a[i] ^ b[i]);
    return !diff;
}

/* The live session named by the request's ?token=, or NULL. */
static WebSession *find_session(Web *w, struct evhttp_request *req) {
    const char *query = evhttp_uri_get_query(evhttp_request_get_evhttp_uri(req));
    char token[WEB_TOKEN_CHARS + 1] = "";
    struct evkeyvalq params;
    if (!query) return NULL;
    if (!evhttp_parse_query_str(query, &params)) {
        const char *t = evhttp_find_header(&params, "token");
        if (t && strlen(t) == WEB_TOKEN_CHARS) memcpy(token, t, sizeof token);
    }
    evhttp_clear_headers(&params);
    if (!token[0]) return NULL;
    WebSession *found = NULL;
    for (WebSession *ws = w->sessions; ws; ws = ws->next)
        if (token_equal(ws->token, token)) found = ws;
    if (found && found->opened && !found->stream) return NULL; /* its stream has closed: it is ending */
    return found;
}

/* ---- the API ---- */

static WebSession *ws_new(Web *w) {
    WebSession *ws = calloc(1, sizeof *ws);
    if (!ws) return NULL;
    if (!remote_init(&ws->r, w->d, ws_woken, -1)) {
        free(ws);
        return NULL;
    }
    struct event_base *base = w->d->base;
    ws->w = w;
    ws->open_deadline = evtimer_new(base, on_open_deadline, ws);
    ws->keepalive = event_new(base, -1, EV_PERSIST, on_keepalive, ws);
    ws->idle = evtimer_new(base, on_idle, ws);
    if (!events_all_made((struct event *[]){ws->open_deadline, ws->keepalive, ws->idle}, 3)) {
        remote_destroy(&ws->r);
        free(ws);
        return NULL;
    }
    DLIST_PUSH(w->sessions, ws);
    return ws;
}

static void reply_busy(Web *w, struct evhttp_request *req, const char *why) {
    char msg[192];
    snprintf(msg, sizeof msg, "%s (this server allows %d sessions and %d MB of hash); try again later", why,
             w->d->opt.max_sessions, w->d->opt.hash_cap_mb);
    web_reply_text(req, 503, msg);
}

void web_api_session(Web *w, struct evhttp_request *req) {
    Daemon *d = w->d;
    if (d->shutting_down) {
        web_reply_text(req, 503, "the server is shutting down");
        return;
    }
    const char *why = daemon_full_reason(d);
    if (why) {
        reply_busy(w, req, why);
        return;
    }
    WebSession *ws = ws_new(w);
    if (!ws) {
        web_reply_text(req, 503, "out of memory; try again later");
        return;
    }
    if (!random_token(ws->token)) {
        ws_free(ws);
        web_reply_text(req, 503, "no random numbers for a session token; try again later");
        return;
    }
    if ((why = remote_admit(&ws->r))) {
        ws_free(ws);
        reply_busy(w, req, why);
        return;
    }
    set_timer(ws->open_deadline, WEB_OPEN_DEADLINE_S);
    web_reply_text(req, 200, ws->token); /* the body is the token and '\n' */
}

void web_api_events(Web *w, struct evhttp_request *req) {
    WebSession *ws = find_session(w, req);
    if (!ws) {
        web_reply_text(req, 404, "unknown session (it may have ended: start a new one)");
        return;
    }
    if (ws->opened) {
        web_reply_text(req, 409, "this session's event stream is already open");
        return;
    }
    struct evhttp_connection *evcon = evhttp_request_get_connection(req);
    struct evkeyvalq *h = evhttp_request_get_output_headers(req);
    web_add_common_headers(req);
    evhttp_add_header(h, "Content-Type", "text/event-stream; charset=utf-8");
    evhttp_add_header(h, "Cache-Control", "no-store");
    evhttp_add_header(h, "Connection", "close"); /* the stream's end closes the connection */
    ws->opened = true;
    event_del(ws->open_deadline);
    evhttp_send_reply_start(req, 200, "OK");
    ws->stream = req;
    ws->evcon = evcon;
    evhttp_connection_set_closecb(evcon, stream_closed, ws);
    evhttp_connection_set_timeout(evcon, WEB_STREAM_TIMEOUT_S);
    remote_set_fd(&ws->r, bufferevent_getfd(evhttp_connection_get_bufferevent(evcon)));
    if (evbuffer_get_length(ws->r.sending)) stream_send_lines(ws, ws->r.sending);
    set_timer(ws->keepalive, WEB_KEEPALIVE_S);
    idle_arm(ws);
}

size_t web_next_line(const char *body, size_t len, size_t *at) {
    const char *nl = memchr(body + *at, '\n', len - *at);
    size_t end = nl ? (size_t)(nl - body) : len, n = end - *at;
    if (n && body[end - 1] == '\r') n--;
    *at = end + 1;
    return n;
}

static bool lines_fit(const char *body, size_t len, size_t max_line) {
    for (size_t at = 0; at < len;)
        if (web_next_line(body, len, &at) > max_line) return false;
    return true;
}

static void queue_lines(WebSession *ws, const char *body, size_t len) {
    for (size_t at = 0; at < len;) {
        size_t start = at, n = web_next_line(body, len, &at);
        Item *it = remote_item_new(ITEM_LINE, n);
        if (!it) continue;
        memcpy(it->text, body + start, n);
        it->text[n] = 0;
        remote_push(&ws->r, it);
    }
}

void web_api_send(Web *w, struct evhttp_request *req) {
    WebSession *ws = find_session(w, req);
    if (!ws) {
        web_reply_text(req, 404, "unknown session (it may have ended: start a new one)");
        return;
    }
    struct evbuffer *in = evhttp_request_get_input_buffer(req);
    size_t len = evbuffer_get_length(in);
    const char *body = len ? (const char *)evbuffer_pullup(in, -1) : "";
    char msg[128];
    if (!body || memchr(body, 0, len)) {
        web_reply_text(req, 400, "refused: a NUL byte in the input");
    } else if (!lines_fit(body, len, w->d->opt.max_line)) {
        snprintf(msg, sizeof msg, "refused: a line too long (at most %zu bytes)", w->d->opt.max_line);
        web_reply_text(req, 400, msg);
    } else if (remote_queued(&ws->r) > INPUT_QUEUE_MAX) {
        web_reply_text(req, 503, "the session has not caught up with its input; send again later");
    } else {
        queue_lines(ws, body, len);
        idle_arm(ws);
        evhttp_send_reply(req, 204, NULL, NULL);
    }
}

void web_end_sessions(Web *w) {
    for (WebSession *ws = w->sessions; ws; ws = ws->next) remote_request_stop(&ws->r);
}

void web_detach_streams(Web *w) {
    for (WebSession *ws = w->sessions; ws; ws = ws->next)
        if (ws->evcon) evhttp_connection_set_closecb(ws->evcon, NULL, NULL);
}
