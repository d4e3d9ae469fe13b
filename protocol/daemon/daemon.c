/* The TCP daemon. One libevent loop owns every socket; each admitted
 * session runs on its own command thread, so no command (a search, `go
 * perft`, `bench`) ever blocks the loop or another session.
 *
 * Threads and who touches what:
 *   loop thread     accepts, reads lines into the session's input queue,
 *                   writes queued output to the socket, timers, admission.
 *   command thread  one per admitted session (protocol/daemon/daemon_session.c),
 *                   started at its first line: creates the session, pops
 *                   lines, calls session_line, and frees the session at the
 *                   end (which stops the search). Detached: the loop never
 *                   waits for it.
 *   search threads  started by the engine; print through the session's
 *                   output callback.
 *   watchdog        SIGTERM/SIGINT and the shutdown deadline
 *                   (protocol/daemon/daemon_watchdog.c).
 * The other threads never touch libevent objects except event_active()
 * (thread-safe after evthread_use_pthreads()); output goes to a queue
 * guarded by the connection's mutex and the loop moves it to the socket.
 * Nothing is held while the engine joins a search thread, so a search
 * writing to a dead connection can never deadlock with its teardown: the
 * connection is freed only after its command thread said it is done.
 *
 * Admission: a connection costs a socket and a few KB until its first
 * line; only then does it get a session (engine, hash table, thread),
 * within --max-sessions and --hash-cap. At most --max-pending connections
 * wait for their first line; a new one closes the oldest. A client that
 * closes or resets ends its session at once: lines it sent but that did
 * not start yet are dropped, so no search starts for a client that left. */
#include <errno.h>
#include <limits.h>
#include <malloc.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <event2/util.h>
#include "daemon_int.h"
#include "loop_util.h"
#include "../web/web.h"

enum {
    REFUSED_MAX = 1024,      /* refused connections still saying goodbye; beyond it close at once */
    LINGER_MS = 2000,        /* how long a closing connection waits for the client's EOF */
    SHUTDOWN_LINGER_MS = 200,
    ACCEPT_RETRY_MS = 200,
    SNIFF_BYTES = 8,    /* the longest HTTP method with its space ("OPTIONS ") */
    SNIFF_WAIT_MS = 20, /* between looks while the first bytes could still begin a request */
    MMAP_THRESHOLD = 64 << 10,
    SHUTDOWN_HOLD_MS = 60000,
    LISTEN_BACKLOG = 4096, /* a burst of connects waits in the kernel rather than being dropped (the kernel caps it at somaxconn) */
};

/* A TCP connection: a remote session (r, first) carried by one socket. */
typedef struct Conn {
    Remote r;
    struct Conn *prev, *next;   /* the daemon's list of connections */
    struct Conn *pprev, *pnext; /* the list of connections that sent no line yet */
    struct bufferevent *bev;    /* NULL once the socket is closed */
    struct event *idle;         /* idle timeout */
    struct event *linger;       /* deadline for a closing socket */
    struct event *sniff;        /* the first bytes: an HTTP request goes to the web board */
    struct event *sniff_wait;   /* a few bytes came that may begin one: look again soon */
    bool pending;               /* on the pending list: no line yet, no session */
    bool refused;               /* never had a session */
    bool lingering;             /* flushing, then waiting for the client's EOF */
    bool shut_wr;
    bool peer_eof;              /* the client will send nothing more */
    bool read_paused;           /* input queue full */
    bool discarding;            /* inside an over-long line */
} Conn;

/* ---- connection life (loop thread) ---- */

static void set_timer(struct event *ev, long ms) {
    struct timeval tv = {ms / 1000, (ms % 1000) * 1000};
    event_add(ev, &tv);
}

static void idle_arm(Conn *c) {
    if (c->r.d->opt.idle_timeout > 0 && !c->lingering) set_timer(c->idle, c->r.d->opt.idle_timeout * 1000L);
}

static void pending_add(Conn *c) {
    Daemon *d = c->r.d;
    c->pending = true;
    c->pprev = d->pending_tail;
    c->pnext = NULL;
    if (d->pending_tail) d->pending_tail->pnext = c;
    else d->pending_head = c;
    d->pending_tail = c;
    d->pending++;
}

static void sniff_stop(Conn *c) {
    if (c->sniff) event_del(c->sniff);
    if (c->sniff_wait) event_del(c->sniff_wait);
}

static void pending_remove(Conn *c) {
    Daemon *d = c->r.d;
    sniff_stop(c);
    if (!c->pending) return;
    if (c->pprev) c->pprev->pnext = c->pnext;
    else d->pending_head = c->pnext;
    if (c->pnext) c->pnext->pprev = c->pprev;
    else d->pending_tail = c->pprev;
    c->pending = false;
    d->pending--;
}

/* Frees the connection once both its socket and its thread are gone. */
static void conn_maybe_free(Conn *c) {
    if (c->bev || c->r.has_thread) return;
    Daemon *d = c->r.d;
    pending_remove(c);
    DLIST_UNLINK(d->conns, c);
    if (c->refused) d->refused--;
    event_free(c->idle);
    event_free(c->linger);
    if (c->sniff) event_free(c->sniff);
    if (c->sniff_wait) event_free(c->sniff_wait);
    remote_destroy(&c->r);
    free(c);
    daemon_maybe_exit(d);
}

/* Closes the socket (the session, if any, is told to stop). May free c. */
static void conn_close_socket(Conn *c) {
    if (c->bev) {
        remote_drop_fd(&c->r); /* and the session, if any, stops */
        bufferevent_free(c->bev);
        c->bev = NULL;
    }
    pending_remove(c);
    event_del(c->idle);
    event_del(c->linger);
    conn_maybe_free(c);
}

static void linger_read(struct bufferevent *bev, void *arg) {
    (void)arg;
    struct evbuffer *in = bufferevent_get_input(bev);
    evbuffer_drain(in, evbuffer_get_length(in));
}

/* All output written: half-close, then wait for the client's EOF so that
 * unread input cannot turn the close into a reset that loses our output. */
static void linger_written(struct bufferevent *bev, void *arg) {
    Conn *c = arg;
    if (c->shut_wr || evbuffer_get_length(bufferevent_get_output(bev))) return;
    if (c->peer_eof) {
        conn_close_socket(c); /* may free c */
        return;
    }
    c->shut_wr = true;
    shutdown(bufferevent_getfd(bev), SHUT_WR);
}

static void linger_event(struct bufferevent *bev, short what, void *arg) {
    Conn *c = arg;
    if ((what & BEV_EVENT_EOF) && (what & BEV_EVENT_READING) && evbuffer_get_length(bufferevent_get_output(bev))) {
        c->peer_eof = true; /* finish writing first */
        bufferevent_disable(bev, EV_READ);
        return;
    }
    conn_close_socket(c);
}

static void linger_timeout(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    conn_close_socket(arg);
}

/* Sends what is queued, then closes politely. The session must be done. */
static void conn_linger(Conn *c) {
    if (!c->bev) {
        conn_maybe_free(c);
        return;
    }
    if (c->lingering) return;
    pending_remove(c);
    c->lingering = true;
    event_del(c->idle);
    bufferevent_setcb(c->bev, linger_read, linger_written, linger_event, c);
    bufferevent_enable(c->bev, c->peer_eof ? EV_WRITE : EV_READ | EV_WRITE);
    set_timer(c->linger, c->r.d->shutting_down ? SHUTDOWN_LINGER_MS : LINGER_MS);
    linger_written(c->bev, c);
}

/* One line to the client, then close: a connection that gets no session. */
static void conn_refuse(Conn *c, const char *msg) {
    Daemon *d = c->r.d;
    pending_remove(c);
    c->refused = true;
    d->refused++;
    if (d->refused > REFUSED_MAX) {
        conn_close_socket(c);
        return;
    }
    bufferevent_write(c->bev, msg, strlen(msg));
    conn_linger(c);
}

static void conn_refuse_busy(Conn *c, const char *why) {
    char msg[192];
    snprintf(msg, sizeof msg,
             "info string error: %s (this server allows %d sessions and %d MB of hash); try again later\n", why,
             c->r.d->opt.max_sessions, c->r.d->opt.hash_cap_mb);
    conn_refuse(c, msg);
}

/* The first line has come: a session, if the client is still there and
 * the limits allow. False if c was refused or closed (it may be freed). */
static bool conn_admit(Conn *c) {
    pending_remove(c);
    if (remote_peer_gone_locked(&c->r)) { /* only the loop writes r.fd */
        conn_close_socket(c);
        return false;
    }
    const char *why = remote_admit(&c->r);
    if (why) conn_refuse_busy(c, why);
    return !why;
}

static void conn_enqueue(Conn *c, ItemKind kind, struct evbuffer *in, size_t len) {
    Item *it = remote_item_new(kind, len);
    if (!it) {
        evbuffer_drain(in, len);
        return;
    }
    if (len) evbuffer_remove(in, it->text, len);
    it->text[len] = 0;
    if (len && it->text[len - 1] == '\r') it->text[len - 1] = 0;
    if (remote_push(&c->r, it)) {
        c->read_paused = true;
        bufferevent_disable(c->bev, EV_READ);
    }
}

/* Splits the input into lines for the command thread. A line longer than
 * max_line is dropped as it arrives (never held whole) and reported once. */
static void conn_read(struct bufferevent *bev, void *arg) {
    Conn *c = arg;
    struct evbuffer *in = bufferevent_get_input(bev);
    size_t max = c->r.d->opt.max_line;
    idle_arm(c);
    while (!c->read_paused) {
        size_t eol_len;
        struct evbuffer_ptr p = evbuffer_search_eol(in, NULL, &eol_len, EVBUFFER_EOL_LF);
        size_t len = evbuffer_get_length(in);
        if (p.pos < 0) {
            if (c->discarding) {
                evbuffer_drain(in, len);
            } else if (len > max) {
                evbuffer_drain(in, len);
                if (c->pending && !conn_admit(c)) return;
                c->discarding = true;
                conn_enqueue(c, ITEM_TOO_LONG, in, 0);
            }
            return;
        }
        size_t line = (size_t)p.pos;
        if (c->pending && !conn_admit(c)) return;
        if (c->discarding || line > max) {
            evbuffer_drain(in, line + 1);
            if (!c->discarding) conn_enqueue(c, ITEM_TOO_LONG, in, 0);
            c->discarding = false;
            continue;
        }
        conn_enqueue(c, ITEM_LINE, in, line);
        evbuffer_drain(in, 1);
    }
}

static void conn_event(struct bufferevent *bev, short what, void *arg) {
    Conn *c = arg;
    if ((what & BEV_EVENT_EOF) && (what & BEV_EVENT_READING) && c->r.has_thread) {
        /* The client is done: stop the session now and drop what it sent
         * but did not see started; what the session still says (the
         * stopped search's bestmove) is sent before the close. */
        struct evbuffer *in = bufferevent_get_input(bev);
        evbuffer_drain(in, evbuffer_get_length(in));
        bufferevent_disable(bev, EV_READ);
        c->peer_eof = true;
        remote_request_stop(&c->r);
        return;
    }
    conn_close_socket(c); /* reset, write error, or EOF before any line: the client is gone */
}

static void conn_idle(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Conn *c = arg;
    if (!c->bev || c->lingering) return;
    char msg[128];
    snprintf(msg, sizeof msg, "%s: no traffic for %d s, closing\n",
             atomic_load(&c->r.proto) == PROTO_CECP ? "Error (idle timeout)" : "info string error: idle timeout",
             c->r.d->opt.idle_timeout);
    bufferevent_write(c->bev, msg, strlen(msg));
    bufferevent_disable(c->bev, EV_READ);
    if (c->r.has_thread) remote_request_stop(&c->r); /* lingers when the thread is done */
    else conn_linger(c);
}

/* The session's wake: output to send, its end, or reading may resume. */
static void conn_woken(Remote *r, const RemoteWake *w) {
    Conn *c = (Conn *)r;
    size_t n = evbuffer_get_length(w->out);
    if (c->bev && n) bufferevent_write_buffer(c->bev, w->out);
    else evbuffer_drain(w->out, n);
    if (c->bev && (w->overflow || evbuffer_get_length(bufferevent_get_output(c->bev)) > OUTPUT_MAX)) {
        conn_close_socket(c); /* may free c */
        return;
    }
    if (w->ended) {
        conn_linger(c); /* may free c */
        return;
    }
    if (c->bev && n) idle_arm(c);
    if (w->resume && c->bev && c->read_paused && !c->lingering) {
        c->read_paused = false;
        bufferevent_enable(c->bev, EV_READ);
        conn_read(c->bev, c);
    }
}

static Conn *conn_new(Daemon *d, struct bufferevent *bev, evutil_socket_t fd) {
    Conn *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    if (!remote_init(&c->r, d, conn_woken, (int)fd)) {
        free(c);
        return NULL;
    }
    c->bev = bev;
    c->idle = evtimer_new(d->base, conn_idle, c);
    c->linger = evtimer_new(d->base, linger_timeout, c);
    if (!events_all_made((struct event *[]){c->idle, c->linger}, 2)) {
        remote_destroy(&c->r);
        free(c);
        return NULL;
    }
    DLIST_PUSH(d->conns, c);
    return c;
}

/* Too many connections wait for their first line: the oldest makes room. */
static void evict_oldest_pending(Daemon *d) {
    Conn *old = d->pending_head;
    if (!old) return;
    char msg[160];
    snprintf(msg, sizeof msg, "info string error: no command yet and %d other connections waiting; closing\n",
             d->opt.max_pending);
    conn_refuse(old, msg);
}

/* The first bytes decide, still unread (MSG_PEEK) so that either reader
 * gets them all: an HTTP request is relayed to the web board, anything else
 * is a UCI or CECP client. */
static void conn_sniff_again(evutil_socket_t fd, short what, void *arg);

static void conn_sniff(evutil_socket_t fd, short what, void *arg) {
    (void)what;
    Conn *c = arg;
    char head[SNIFF_BYTES];
    ssize_t n = recv(fd, head, sizeof head, MSG_PEEK);
    int http = n > 0 ? web_http_method_prefix(head, (size_t)n) : 0;
    if (http < 0) { /* a strict prefix: the peer sent a few bytes and paused */
        if (!c->sniff_wait) c->sniff_wait = evtimer_new(c->r.d->base, conn_sniff_again, c);
        if (c->sniff_wait) {
            set_timer(c->sniff_wait, SNIFF_WAIT_MS);
            return;
        }
        http = 0;
    }
    if (http) {
        int copy = dup(fd);
        if (copy >= 0 && web_take_connection(c->r.d->web, copy)) {
            conn_close_socket(c); /* the relay holds its own descriptor; may free c */
            return;
        }
        if (copy >= 0) close(copy);
    }
    bufferevent_enable(c->bev, EV_READ); /* and an end or error shows there */
}

static void conn_sniff_again(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    conn_sniff(bufferevent_getfd(((Conn *)arg)->bev), what, arg);
}

static void on_accept(struct evconnlistener *l, evutil_socket_t fd, struct sockaddr *sa, int socklen, void *arg) {
    (void)l;
    (void)sa;
    (void)socklen;
    Daemon *d = arg;
    if (d->shutting_down) {
        evutil_closesocket(fd);
        return;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    struct bufferevent *bev = bufferevent_socket_new(d->base, fd, BEV_OPT_CLOSE_ON_FREE);
    if (!bev) {
        evutil_closesocket(fd);
        return;
    }
    Conn *c = conn_new(d, bev, fd);
    if (!c) {
        bufferevent_free(bev);
        return;
    }
    const char *full = daemon_full_reason(d);
    if (full) { /* say so now rather than at the first line */
        conn_refuse_busy(c, full);
        return;
    }
    if (d->pending >= d->opt.max_pending) evict_oldest_pending(d);
    pending_add(c);
    bufferevent_setcb(bev, conn_read, NULL, conn_event, c);
    idle_arm(c);
    if (d->web && (c->sniff = event_new(d->base, fd, EV_READ, conn_sniff, c))) {
        bufferevent_enable(bev, EV_WRITE);
        event_add(c->sniff, NULL);
        return;
    }
    bufferevent_enable(bev, EV_READ | EV_WRITE);
}

/* Out of descriptors, say: the pending connection would wake the loop again
 * at once, so pause accepting for a moment instead of spinning. */
static void on_accept_error(struct evconnlistener *l, void *arg) {
    Daemon *d = arg;
    int err = EVUTIL_SOCKET_ERROR();
    fprintf(stderr, "ratnik: accept: %s\n", evutil_socket_error_to_string(err));
    evconnlistener_disable(l);
    set_timer(d->accept_retry, ACCEPT_RETRY_MS);
}

static void on_accept_retry(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Daemon *d = arg;
    if (!d->shutting_down) evconnlistener_enable(d->listener);
}

/* ---- shutdown: made active by the watchdog on SIGTERM/SIGINT ---- */

static void on_shutdown(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Daemon *d = arg;
    if (d->shutting_down) return;
    fprintf(stderr, "ratnik: closing %d sessions\n", d->sessions);
    d->shutting_down = true;
    if (d->listener) evconnlistener_disable(d->listener);
    for (Conn *c = d->conns, *next; c; c = next) {
        next = c->next;
        if (c->r.has_thread) remote_request_stop(&c->r); /* flushes and closes when done */
        else conn_close_socket(c);                       /* may free c */
    }
    if (d->web) web_shutdown(d->web);
    daemon_maybe_exit(d);
    /* Sessions whose socket is closed have no event in the base, and a base
     * without events ends its loop at once, under threads that still use
     * it: a timer holds the loop until the last connection and web session
     * is freed (the watchdog's deadline comes first). */
    set_timer(d->shutdown, SHUTDOWN_HOLD_MS);
}

void daemon_maybe_exit(Daemon *d) {
    if (d->shutting_down && !d->conns && (!d->web || web_idle(d->web))) event_base_loopexit(d->base, NULL);
}

/* ---- main ---- */

static struct evconnlistener *listen_on(Daemon *d) {
    struct evutil_addrinfo hints = {0}, *res = NULL;
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = EVUTIL_AI_PASSIVE | EVUTIL_AI_NUMERICSERV;
    int rc = evutil_getaddrinfo(d->opt.host, d->opt.port, &hints, &res);
    if (rc) {
        fprintf(stderr, "ratnik: cannot resolve %s: %s\n", d->opt.host, evutil_gai_strerror(rc));
        return NULL;
    }
    struct evconnlistener *l = NULL;
    for (struct evutil_addrinfo *a = res; a && !l; a = a->ai_next)
        l = evconnlistener_new_bind(d->base, on_accept, d, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE, LISTEN_BACKLOG,
                                    a->ai_addr, (int)a->ai_addrlen);
    evutil_freeaddrinfo(res);
    if (!l) {
        fprintf(stderr, "ratnik: cannot listen on %s:%s: %s\n", d->opt.host, d->opt.port, strerror(errno));
        return NULL;
    }
    evconnlistener_set_error_cb(l, on_accept_error);
    return l;
}

bool daemon_socket_address(evutil_socket_t fd, char *text, size_t n) {
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    char addr[INET6_ADDRSTRLEN] = "?";
    int port = 0;
    if (getsockname(fd, (struct sockaddr *)&ss, &len)) return false;
    if (ss.ss_family == AF_INET6) {
        struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
        evutil_inet_ntop(AF_INET6, &s6->sin6_addr, addr, sizeof addr);
        port = ntohs(s6->sin6_port);
    } else {
        struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
        evutil_inet_ntop(AF_INET, &s4->sin_addr, addr, sizeof addr);
        port = ntohs(s4->sin_port);
    }
    bool v6 = ss.ss_family == AF_INET6;
    return snprintf(text, n, "%s%s%s:%d", v6 ? "[" : "", addr, v6 ? "]" : "", port) < (int)n;
}

/* The web board's line first: "listening on" (or "web sessions") is the
 * last line, when every listener is up. */
static void print_ready(const Daemon *d) {
    fprintf(stderr, "ratnik: BookFile names a book in:");
    for (int i = 0; d->book_dirs[i]; i++) fprintf(stderr, " %s", d->book_dirs[i]);
    fprintf(stderr, "%s\n", d->book_dirs[0] ? "" : " (no directory: only the automatic books)");
    if (d->web) web_print_ready(d->web);
    char addr[128] = "?";
    if (d->listener) daemon_socket_address(evconnlistener_get_fd(d->listener), addr, sizeof addr);
    char pending[32] = "";
    if (d->listener) snprintf(pending, sizeof pending, ", %d pending", d->opt.max_pending);
    fprintf(stderr, "ratnik: %s%s (max %d sessions%s, line %zu bytes, idle %d s, hash %d MB each, %d MB in all)\n",
            d->listener ? "listening on " : "web sessions only", d->listener ? addr : "", d->opt.max_sessions, pending,
            d->opt.max_line, d->opt.idle_timeout, d->opt.hash_mb, d->opt.hash_cap_mb);
}

/* Process-wide settings for serving many sessions. A fixed mmap threshold
 * gives each freed hash table, engine and search thread's state back to
 * the system at once (the default threshold rises after the first big
 * free, and every later table then stays in the heap). The descriptor
 * limit is raised as far as allowed for the sessions and pending sockets. */
static void tune_process(const DaemonOptions *opt) {
    mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD);
    struct rlimit rl;
    rlim_t want = (rlim_t)opt->max_sessions + (rlim_t)opt->max_pending + REFUSED_MAX + 64;
    if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < want) {
        rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
        setrlimit(RLIMIT_NOFILE, &rl);
    }
}

static void daemon_free(Daemon *d) {
    if (d->web) web_free(d->web); /* before the base: it owns events of it */
    if (d->accept_retry) event_free(d->accept_retry);
    if (d->shutdown) event_free(d->shutdown);
    if (d->listener) evconnlistener_free(d->listener);
    if (d->base) event_base_free(d->base);
}

int daemon_run(const DaemonOptions *opt) {
    Daemon d = {.opt = *opt};
    char dirs[DAEMON_MAX_BOOK_DIRS][PATH_MAX];
    const char *dir_list[DAEMON_MAX_BOOK_DIRS + 1];
    if (!daemon_book_dirs(opt, dirs, dir_list)) return 2;
    d.book_dirs = dir_list;
    if (evthread_use_pthreads()) {
        fprintf(stderr, "ratnik: libevent has no thread support\n");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN); /* a vanished client is an error event, not a signal */
    tune_process(opt);
    pthread_mutex_init(&d.hash_lock, NULL);
    int rc = 1;
    d.base = event_base_new();
    if (!d.base) goto out;
    d.shutdown = event_new(d.base, -1, 0, on_shutdown, &d);
    d.accept_retry = evtimer_new(d.base, on_accept_retry, &d);
    /* The watchdog first: once the ready line is printed, SIGTERM is handled. */
    if (!d.shutdown || !d.accept_retry || !watchdog_start(&d)) goto out;
    if (opt->tcp && !(d.listener = listen_on(&d))) goto out;
    if (opt->http && !(d.web = web_start(&d, &rc))) goto out;
    if (opt->tcp && !opt->http) d.web = web_start(&d, &rc); /* the page on the TCP port too, if its files are here */
    print_ready(&d);
    event_base_dispatch(d.base);
    rc = 0;
out:
    watchdog_finish(&d);
    daemon_free(&d);
    pthread_mutex_destroy(&d.hash_lock);
    return rc;
}
