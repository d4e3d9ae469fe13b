/* The web board's HTTP server (protocol/web/web.h): libevent's evhttp on
 * the daemon's loop, with its own limits on what a request may be (header
 * size, body size, time to send it), the routes of the API and the static
 * files, and the check that every API request comes from the page itself
 * (docs/web.md, "Security"). */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <event2/buffer.h>
#include <event2/keyvalq_struct.h>
#include <event2/listener.h>
#include "web_int.h"

enum { ACCEPT_RETRY_MS = 200 };

void web_add_common_headers(struct evhttp_request *req) {
    struct evkeyvalq *h = evhttp_request_get_output_headers(req);
    evhttp_add_header(h, "X-Content-Type-Options", "nosniff");
    evhttp_add_header(h, "X-Frame-Options", "DENY");
    evhttp_add_header(h, "Referrer-Policy", "no-referrer");
}

void web_reply_text(struct evhttp_request *req, int code, const char *reason) {
    struct evkeyvalq *h = evhttp_request_get_output_headers(req);
    web_add_common_headers(req);
    evhttp_add_header(h, "Content-Type", "text/plain; charset=utf-8");
    evhttp_add_header(h, "Cache-Control", "no-store");
    struct evbuffer *body = evbuffer_new();
    if (body) evbuffer_add_printf(body, "%s\n", reason);
    evhttp_send_reply(req, code, NULL, body);
    if (body) evbuffer_free(body);
}

bool web_host_is_literal(const char *host) {
    char name[64];
    const char *port;
    if (host[0] == '[') {
        const char *rb = strchr(host, ']');
        if (!rb || (size_t)(rb - host - 1) >= sizeof name) return false;
        memcpy(name, host + 1, (size_t)(rb - host - 1));
        name[rb - host - 1] = 0;
        port = rb + 1;
        struct in6_addr a6;
        if (inet_pton(AF_INET6, name, &a6) != 1) return false;
    } else {
        size_t len = strcspn(host, ":");
        if (len >= sizeof name) return false;
        memcpy(name, host, len);
        name[len] = 0;
        port = host + len;
        struct in_addr a4;
        if (strcasecmp(name, "localhost") && inet_pton(AF_INET, name, &a4) != 1) return false;
    }
    if (!*port) return true;
    return port[0] == ':' && port[1] && strspn(port + 1, "0123456789") == strlen(port + 1) && strlen(port + 1) <= 5;
}

/* The request's one header of that name; NULL if absent. *dup is set when
 * it comes more than once. */
static const char *one_header(struct evkeyvalq *h, const char *name, bool *dup) {
    const char *found = NULL;
    for (struct evkeyval *kv = h->tqh_first; kv; kv = kv->next.tqe_next) {
        if (strcasecmp(kv->key, name)) continue;
        if (found) *dup = true;
        found = kv->value;
    }
    return found;
}

/* Whether the request comes from a page of this server: the Host names
 * the machine by an address (no DNS rebinding), and the Origin is
 * http://<Host>. Browsers leave the Origin out of a same-origin GET (the
 * event stream), so there Sec-Fetch-Site, which no page script can set,
 * says so instead. */
static bool same_origin(struct evhttp_request *req) {
    struct evkeyvalq *h = evhttp_request_get_input_headers(req);
    bool dup = false;
    const char *host = one_header(h, "Host", &dup);
    const char *origin = one_header(h, "Origin", &dup);
    const char *site = one_header(h, "Sec-Fetch-Site", &dup);
    if (dup || !host || !web_host_is_literal(host)) return false;
    if (origin) return !strncasecmp(origin, "http://", 7) && !strcasecmp(origin + 7, host);
    return evhttp_request_get_command(req) == EVHTTP_REQ_GET && site && !strcmp(site, "same-origin");
}

static void reply_method_not_allowed(struct evhttp_request *req, const char *allow) {
    evhttp_add_header(evhttp_request_get_output_headers(req), "Allow", allow);
    web_reply_text(req, 405, "method not allowed");
}

static void serve_api(Web *w, struct evhttp_request *req, const char *name) {
    if (!same_origin(req)) {
        web_reply_text(req, 403, "refused: the API answers only its own page (Origin must be http://<Host>)");
        return;
    }
    enum evhttp_cmd_type cmd = evhttp_request_get_command(req);
    if (!strcmp(name, "session") || !strcmp(name, "send")) {
        if (cmd != EVHTTP_REQ_POST) reply_method_not_allowed(req, "POST");
        else if (!strcmp(name, "session")) web_api_session(w, req);
        else web_api_send(w, req);
    } else if (!strcmp(name, "events")) {
        if (cmd != EVHTTP_REQ_GET) reply_method_not_allowed(req, "GET");
        else web_api_events(w, req);
    } else {
        web_reply_text(req, 404, "no such API call");
    }
}

static void on_request(struct evhttp_request *req, void *arg) {
    Web *w = arg;
    const char *path = evhttp_uri_get_path(evhttp_request_get_evhttp_uri(req));
    if (path && !strncmp(path, "/api/", 5)) serve_api(w, req, path + 5);
    else web_serve_static(w, req);
}

/* Out of descriptors, say: pause accepting for a moment instead of
 * spinning on a listener that stays readable. */
static void on_accept_error(struct evconnlistener *l, void *arg) {
    Web *w = arg;
    evconnlistener_disable(l);
    struct timeval tv = {0, ACCEPT_RETRY_MS * 1000};
    event_add(w->accept_retry, &tv);
}

static void on_accept_retry(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Web *w = arg;
    if (w->bound) evconnlistener_enable(evhttp_bound_socket_get_listener(w->bound));
}

/* Without --http the server takes an ephemeral loopback port that only the
 * TCP port's relay uses; the page's address is then the TCP port's. */
static bool web_listen(Web *w) {
    const DaemonOptions *opt = &w->d->opt;
    const char *host = w->internal ? "127.0.0.1" : opt->http_host;
    ev_uint16_t port = w->internal ? 0 : (ev_uint16_t)atoi(opt->http_port);
    w->bound = evhttp_bind_socket_with_handle(w->http, host, port);
    if (!w->bound) {
        fprintf(stderr, "ratnik: cannot listen for the web board on %s:%s\n", host, w->internal ? "0" : opt->http_port);
        return false;
    }
    evconnlistener_set_error_cb(evhttp_bound_socket_get_listener(w->bound), on_accept_error);
    char addr[96] = "?";
    evutil_socket_t fd = w->internal && w->d->listener ? evconnlistener_get_fd(w->d->listener)
                                                       : evhttp_bound_socket_get_fd(w->bound);
    daemon_socket_address(fd, addr, sizeof addr);
    snprintf(w->url, sizeof w->url, "http://%s/", addr);
    return true;
}

Web *web_start(Daemon *d, int *rc) {
    Web *w = calloc(1, sizeof *w);
    char err[PATH_MAX + 256];
    *rc = 1;
    if (!w) return NULL;
    w->d = d;
    w->internal = !d->opt.http;
    if (!web_find_root(d->opt.web_root, w->root, sizeof w->root, err, sizeof err)) {
        if (w->internal) fprintf(stderr, "ratnik: no web board on the TCP port: %s\n", err);
        else fprintf(stderr, "ratnik --http: %s\n", err);
        *rc = 2;
        free(w);
        return NULL;
    }
    w->http = evhttp_new(d->base);
    w->accept_retry = evtimer_new(d->base, on_accept_retry, w);
    if (!w->http || !w->accept_retry) {
        web_free(w);
        return NULL;
    }
    size_t body_max = d->opt.max_line + 2 > INPUT_QUEUE_MAX ? d->opt.max_line + 2 : INPUT_QUEUE_MAX;
    evhttp_set_allowed_methods(w->http, EVHTTP_REQ_GET | EVHTTP_REQ_HEAD | EVHTTP_REQ_POST);
    evhttp_set_max_headers_size(w->http, WEB_MAX_HEADERS);
    evhttp_set_max_body_size(w->http, (ev_ssize_t)body_max);
    evhttp_set_timeout(w->http, WEB_TIMEOUT_S);
    evhttp_set_default_content_type(w->http, "text/plain; charset=utf-8");
    evhttp_set_gencb(w->http, on_request, w);
    if (!web_listen(w)) {
        web_free(w);
        return NULL;
    }
    return w;
}

void web_print_ready(const Web *w) {
    fprintf(stderr, "ratnik: web board at %s (files from %s)\n", w->url, w->root);
}

void web_shutdown(Web *w) {
    if (w->bound) evhttp_del_accept_socket(w->http, w->bound);
    w->bound = NULL;
    web_end_sessions(w);
}

bool web_idle(const Web *w) { return !w->sessions && !w->flushing; }

void web_free(Web *w) {
    if (!w) return;
    web_detach_streams(w);
    web_free_proxies(w);
    if (w->http) evhttp_free(w->http);
    if (w->accept_retry) event_free(w->accept_retry);
    free(w);
}
