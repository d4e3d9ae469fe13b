/* The web board on the TCP daemon's own port (web.h, web_take_connection):
 * a connection whose first bytes are an HTTP request is relayed, byte for
 * byte, to the web server's socket on this machine. evhttp has no public
 * call that adopts a socket already accepted, and a relay keeps every rule
 * of the web server (its limits, the Host and origin checks, the token) in
 * one place: the page behaves the same on either port. */
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include "web_int.h"

enum {
    PROXY_BUFFER_MAX = 256 << 10, /* relayed bytes waiting on one side; beyond it stop reading the other */
};

struct WebProxy {
    Web *w;
    struct WebProxy *prev, *next;
    struct bufferevent *side[2]; /* 0: the browser, 1: the web server */
    bool eof[2];                 /* that side will send nothing more */
    bool server_shut;            /* the browser's end passed on to the server */
};

static void proxy_free(WebProxy *p) {
    Web *w = p->w;
    for (int i = 0; i < 2; i++)
        if (p->side[i]) bufferevent_free(p->side[i]);
    if (p->prev) p->prev->next = p->next;
    else w->proxies = p->next;
    if (p->next) p->next->prev = p->prev;
    free(p);
}

static int side_of(const WebProxy *p, const struct bufferevent *bev) { return bev == p->side[1]; }

/* The browser's end (side 0) is passed on as a half-close, since a client
 * may shut its writing side and still wait for the reply. The server's end
 * (side 1) ends the relay once the browser has all the server sent: what
 * the browser might send after that has no reader. */
static void proxy_maybe_close(WebProxy *p) {
    if (p->eof[1] && !evbuffer_get_length(bufferevent_get_output(p->side[0]))) {
        proxy_free(p);
        return;
    }
    if (p->eof[0] && !p->server_shut && !evbuffer_get_length(bufferevent_get_output(p->side[1]))) {
        shutdown(bufferevent_getfd(p->side[1]), SHUT_WR);
        p->server_shut = true;
    }
}

static void proxy_read(struct bufferevent *bev, void *arg) {
    WebProxy *p = arg;
    int i = side_of(p, bev);
    struct bufferevent *other = p->side[!i];
    struct evbuffer *in = bufferevent_get_input(bev);
    if (!other) {
        evbuffer_drain(in, evbuffer_get_length(in));
        return;
    }
    evbuffer_add_buffer(bufferevent_get_output(other), in);
    if (evbuffer_get_length(bufferevent_get_output(other)) > PROXY_BUFFER_MAX) bufferevent_disable(bev, EV_READ);
}

/* The other side's output has drained below its low-water mark (0): read
 * this side again, or close if this side has ended. */
static void proxy_written(struct bufferevent *bev, void *arg) {
    WebProxy *p = arg;
    int i = side_of(p, bev);
    struct bufferevent *other = p->side[!i];
    if (other && !p->eof[!i]) bufferevent_enable(other, EV_READ);
    proxy_maybe_close(p);
}

static void proxy_event(struct bufferevent *bev, short what, void *arg) {
    WebProxy *p = arg;
    int i = side_of(p, bev);
    if (what & BEV_EVENT_CONNECTED) return;
    if (what & BEV_EVENT_EOF) {
        proxy_read(bev, p); /* what came with the end */
        p->eof[i] = true;
        bufferevent_disable(bev, EV_READ);
        proxy_maybe_close(p);
        return;
    }
    proxy_free(p); /* a reset or a refused connect: nothing more can pass */
}

bool web_take_connection(Web *w, int fd) {
    struct sockaddr_storage to;
    socklen_t len = sizeof to;
    if (!w->bound || getsockname(evhttp_bound_socket_get_fd(w->bound), (struct sockaddr *)&to, &len)) return false;
    WebProxy *p = calloc(1, sizeof *p);
    if (!p) return false;
    p->w = w;
    struct event_base *base = w->d->base;
    p->side[0] = bufferevent_socket_new(base, fd, BEV_OPT_CLOSE_ON_FREE);
    p->side[1] = bufferevent_socket_new(base, -1, BEV_OPT_CLOSE_ON_FREE);
    p->next = w->proxies;
    if (w->proxies) w->proxies->prev = p;
    w->proxies = p;
    if (!p->side[0] || !p->side[1] || bufferevent_socket_connect(p->side[1], (struct sockaddr *)&to, (int)len)) {
        if (!p->side[0]) evutil_closesocket(fd);
        proxy_free(p);
        return true; /* fd is closed either way */
    }
    for (int i = 0; i < 2; i++) {
        bufferevent_setcb(p->side[i], proxy_read, proxy_written, proxy_event, p);
        bufferevent_enable(p->side[i], EV_READ | EV_WRITE);
    }
    return true;
}

void web_free_proxies(Web *w) {
    while (w->proxies) proxy_free(w->proxies);
}

int web_http_method_prefix(const char *buf, size_t n) {
    static const char *const methods[] = {"GET ", "HEAD ", "POST ", "PUT ", "DELETE ", "OPTIONS ", "PATCH ", "CONNECT ", "TRACE "};
    int verdict = 0;
    for (size_t m = 0; m < sizeof methods / sizeof *methods; m++) {
        size_t k = strlen(methods[m]);
        if (n >= k && !memcmp(buf, methods[m], k)) return 1;
        if (n < k && !memcmp(buf, methods[m], n)) verdict = -1;
    }
    return verdict;
}
