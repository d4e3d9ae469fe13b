/* The TCP daemon. One libevent loop owns every socket; each session runs
 * on its own command thread, so no command (a search, `go perft`, `bench`)
 * ever blocks the loop or another session.
 *
 * Threads and who touches what:
 *   loop thread     accepts, reads lines into the session's input queue,
 *                   writes queued output to the socket, timers, signals.
 *   command thread  one per session: pops lines, calls session_line, and
 *                   at the end session_free (which stops the search).
 *   search threads  started by the engine; print through the session's
 *                   output callback.
 * The command and search threads never touch libevent objects except
 * event_active() on the connection's `wake` event (thread-safe after
 * evthread_use_pthreads()); output goes to a queue guarded by the
 * connection's mutex and the loop moves it to the socket. Nothing is held
 * while the engine joins a search thread, so a search writing to a dead
 * connection can never deadlock with its teardown: the connection is freed
 * only after the loop has joined the command thread, which has joined the
 * search. */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <event2/buffer.h>
#include <event2/bufferevent.h>
#include <event2/event.h>
#include <event2/listener.h>
#include <event2/thread.h>
#include <event2/util.h>
#include "daemon.h"
#include "session.h"

enum {
    OUTPUT_MAX = 1 << 20,       /* unsent output per session; beyond it the client is not reading: close */
    INPUT_QUEUE_MAX = 256 << 10, /* queued input lines; beyond it stop reading the socket until drained */
    REFUSED_MAX = 64,           /* refused connections still saying goodbye; beyond it close at once */
    LINGER_MS = 2000,           /* how long a closing connection waits for the client's EOF */
    SHUTDOWN_LINGER_MS = 200,
    SHUTDOWN_DEADLINE_MS = 5000, /* sessions stuck in an uninterruptible command are abandoned */
    THREAD_STACK = 64 << 20,
    ACCEPT_RETRY_MS = 200,    /* same as search threads: `bench` searches on the command thread */
};

typedef struct Daemon Daemon;

typedef enum { ITEM_LINE, ITEM_TOO_LONG } ItemKind;

/* One input line waiting for the command thread. */
typedef struct Item {
    struct Item *next;
    ItemKind kind;
    size_t len;
    char text[];
} Item;

typedef struct Conn {
    Daemon *d;
    struct Conn *prev, *next; /* the daemon's list */

    /* Loop thread only. */
    struct bufferevent *bev;  /* NULL once the socket is closed */
    struct event *wake;       /* made active by any thread: output, thread done, read may resume */
    struct event *idle;       /* idle timeout */
    struct event *linger;     /* deadline for a closing socket */
    bool refused;             /* never had a session */
    bool has_thread;          /* command thread started and not yet joined */
    bool lingering;           /* flushing, then waiting for the client's EOF */
    bool shut_wr;
    bool peer_eof;            /* the client will send nothing more */
    bool read_paused;         /* input queue full */
    bool discarding;          /* inside an over-long line */

    /* Shared, under lock. */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    Item *in_head, *in_tail;
    size_t in_bytes;
    bool in_eof;              /* client sent EOF: finish the queue, then end */
    bool stop;                /* end the session now */
    bool done;                /* the command thread has freed the session */
    bool pause_noted;         /* the loop paused reading; tell it when the queue drains */
    bool resume_read;
    bool overflow;            /* output dropped: the client does not read */
    bool wake_pending;
    struct evbuffer *outq;    /* output lines not yet given to the socket */

    Session *session;         /* the command thread's after start */
    pthread_t thread;
    atomic_int proto;         /* session->proto, for messages the loop writes */
} Conn;

struct Daemon {
    DaemonOptions opt;
    struct event_base *base;
    struct evconnlistener *listener;
    struct event *sig_term, *sig_int, *deadline, *accept_retry;
    Conn *conns;
    int sessions; /* connections with a session whose thread is not yet joined */
    int refused;
    bool shutting_down;
    pthread_mutex_t hash_lock;
    long hash_total_mb; /* reserved by all sessions */
};

/* ---- the hash memory cap (any thread) ---- */

static bool hash_reserve(void *ctx, int old_mb, int new_mb) {
    Daemon *d = ctx;
    pthread_mutex_lock(&d->hash_lock);
    long total = d->hash_total_mb - old_mb + new_mb;
    bool ok = new_mb <= old_mb || total <= d->opt.hash_cap_mb;
    if (ok) d->hash_total_mb = total;
    pthread_mutex_unlock(&d->hash_lock);
    return ok;
}

/* ---- output (any thread) ---- */

static void conn_wake(Conn *c) {
    pthread_mutex_lock(&c->lock);
    bool wake = !c->wake_pending;
    c->wake_pending = true;
    pthread_mutex_unlock(&c->lock);
    if (wake) event_active(c->wake, EV_WRITE, 0);
}

/* The session's output callback; the engine already serialises calls. */
static void conn_output(void *ctx, const char *line) {
    Conn *c = ctx;
    size_t n = strlen(line);
    pthread_mutex_lock(&c->lock);
    if (c->overflow || evbuffer_get_length(c->outq) + n + 1 > OUTPUT_MAX) {
        c->overflow = true;
    } else {
        evbuffer_add(c->outq, line, n);
        evbuffer_add(c->outq, "\n", 1);
    }
    bool wake = !c->wake_pending;
    c->wake_pending = true;
    pthread_mutex_unlock(&c->lock);
    if (wake) event_active(c->wake, EV_WRITE, 0);
}

/* ---- the command thread ---- */

static void *conn_thread_main(void *arg) {
    Conn *c = arg;
    Session *s = c->session;
    bool running = true;
    while (running) {
        pthread_mutex_lock(&c->lock);
        while (!c->stop && !c->in_head && !c->in_eof) pthread_cond_wait(&c->cond, &c->lock);
        Item *it = c->stop ? NULL : c->in_head;
        bool wake = false;
        if (it) {
            c->in_head = it->next;
            if (!c->in_head) c->in_tail = NULL;
            c->in_bytes -= it->len;
            if (c->pause_noted && c->in_bytes <= INPUT_QUEUE_MAX / 2) {
                c->pause_noted = false;
                c->resume_read = true;
                wake = true;
            }
        }
        pthread_mutex_unlock(&c->lock);
        if (wake) conn_wake(c);
        if (!it) break;
        if (it->kind == ITEM_TOO_LONG)
            engine_printf(s->engine, "%s (at most %zu bytes)",
                          s->proto == PROTO_CECP ? "Error (line too long): input discarded"
                                                 : "info string error: line too long, discarded",
                          c->d->opt.max_line);
        else
            running = session_line(s, it->text);
        atomic_store(&c->proto, (int)s->proto);
        free(it);
    }
    int mb = engine_hash_mb(s->engine);
    session_free(s); /* stops a search; its bestmove still reaches the queue */
    hash_reserve(c->d, mb, 0);
    pthread_mutex_lock(&c->lock);
    c->session = NULL;
    c->done = true;
    for (Item *it = c->in_head, *next; it; it = next) {
        next = it->next;
        free(it);
    }
    c->in_head = c->in_tail = NULL;
    c->in_bytes = 0;
    pthread_mutex_unlock(&c->lock);
    event_active(c->wake, EV_WRITE, 0);
    return NULL;
}

static void conn_request_stop(Conn *c) {
    pthread_mutex_lock(&c->lock);
    c->stop = true;
    pthread_cond_signal(&c->cond);
    pthread_mutex_unlock(&c->lock);
}

/* ---- connection life (loop thread) ---- */

static void set_timer(struct event *ev, long ms) {
    struct timeval tv = {ms / 1000, (ms % 1000) * 1000};
    event_add(ev, &tv);
}

static void idle_arm(Conn *c) {
    if (c->d->opt.idle_timeout > 0 && !c->lingering) set_timer(c->idle, c->d->opt.idle_timeout * 1000L);
}

/* Frees the connection once both its socket and its thread are gone. */
static void conn_maybe_free(Conn *c) {
    if (c->bev || c->has_thread) return;
    Daemon *d = c->d;
    if (c->prev) c->prev->next = c->next;
    else d->conns = c->next;
    if (c->next) c->next->prev = c->prev;
    if (c->refused) d->refused--;
    event_free(c->wake);
    event_free(c->idle);
    event_free(c->linger);
    evbuffer_free(c->outq);
    pthread_cond_destroy(&c->cond);
    pthread_mutex_destroy(&c->lock);
    free(c);
    if (d->shutting_down && !d->conns) event_base_loopexit(d->base, NULL);
}

/* Closes the socket (the session, if any, is told to stop). May free c. */
static void conn_close_socket(Conn *c) {
    if (c->bev) {
        bufferevent_free(c->bev);
        c->bev = NULL;
    }
    event_del(c->idle);
    event_del(c->linger);
    if (c->has_thread) conn_request_stop(c);
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
    c->lingering = true;
    event_del(c->idle);
    bufferevent_setcb(c->bev, linger_read, linger_written, linger_event, c);
    bufferevent_enable(c->bev, c->peer_eof ? EV_WRITE : EV_READ | EV_WRITE);
    set_timer(c->linger, c->d->shutting_down ? SHUTDOWN_LINGER_MS : LINGER_MS);
    linger_written(c->bev, c);
}

static void conn_enqueue(Conn *c, ItemKind kind, struct evbuffer *in, size_t len) {
    Item *it = malloc(sizeof *it + len + 1);
    if (!it) {
        evbuffer_drain(in, len);
        return;
    }
    it->next = NULL;
    it->kind = kind;
    it->len = len + 1;
    if (len) evbuffer_remove(in, it->text, len);
    it->text[len] = 0;
    if (len && it->text[len - 1] == '\r') it->text[len - 1] = 0;
    pthread_mutex_lock(&c->lock);
    if (c->in_tail) c->in_tail->next = it;
    else c->in_head = it;
    c->in_tail = it;
    c->in_bytes += it->len;
    if (c->in_bytes > INPUT_QUEUE_MAX) {
        c->pause_noted = true;
        c->read_paused = true;
    }
    pthread_cond_signal(&c->cond);
    pthread_mutex_unlock(&c->lock);
    if (c->read_paused) bufferevent_disable(c->bev, EV_READ);
}

/* Splits the input into lines for the command thread. A line longer than
 * max_line is dropped as it arrives (never held whole) and reported once. */
static void conn_read(struct bufferevent *bev, void *arg) {
    Conn *c = arg;
    struct evbuffer *in = bufferevent_get_input(bev);
    size_t max = c->d->opt.max_line;
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
                c->discarding = true;
                conn_enqueue(c, ITEM_TOO_LONG, in, 0);
            }
            return;
        }
        size_t line = (size_t)p.pos;
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
    if ((what & BEV_EVENT_EOF) && (what & BEV_EVENT_READING)) {
        /* The client is done sending: an unterminated last line still counts. */
        struct evbuffer *in = bufferevent_get_input(bev);
        size_t len = evbuffer_get_length(in);
        if (len && !c->discarding && len <= c->d->opt.max_line) conn_enqueue(c, ITEM_LINE, in, len);
        evbuffer_drain(in, evbuffer_get_length(in));
        bufferevent_disable(bev, EV_READ);
        c->peer_eof = true;
        pthread_mutex_lock(&c->lock);
        c->in_eof = true;
        pthread_cond_signal(&c->cond);
        pthread_mutex_unlock(&c->lock);
        return;
    }
    conn_close_socket(c); /* reset, write error: the client is gone */
}

static void conn_idle(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Conn *c = arg;
    if (!c->bev || c->lingering) return;
    char msg[128];
    snprintf(msg, sizeof msg, "%s: no traffic for %d s, closing\n",
             atomic_load(&c->proto) == PROTO_CECP ? "Error (idle timeout)" : "info string error: idle timeout",
             c->d->opt.idle_timeout);
    bufferevent_write(c->bev, msg, strlen(msg));
    bufferevent_disable(c->bev, EV_READ);
    if (c->has_thread) conn_request_stop(c); /* lingers when the thread is done */
    else conn_linger(c);
}

/* Output is queued, the thread ended, or reading may resume. */
static void conn_wake_cb(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Conn *c = arg;
    pthread_mutex_lock(&c->lock);
    c->wake_pending = false;
    bool done = c->done, resume = c->resume_read, overflow = c->overflow;
    c->resume_read = false;
    size_t n = evbuffer_get_length(c->outq);
    if (c->bev && n) bufferevent_write_buffer(c->bev, c->outq);
    else evbuffer_drain(c->outq, n);
    pthread_mutex_unlock(&c->lock);
    if (done && c->has_thread) {
        pthread_join(c->thread, NULL);
        c->has_thread = false;
        c->d->sessions--;
    }
    if (c->bev && (overflow || evbuffer_get_length(bufferevent_get_output(c->bev)) > OUTPUT_MAX)) {
        conn_close_socket(c); /* may free c */
        return;
    }
    if (!c->has_thread) {
        conn_linger(c); /* may free c */
        return;
    }
    if (c->bev && n) idle_arm(c);
    if (resume && c->bev && c->read_paused && !c->lingering) {
        c->read_paused = false;
        bufferevent_enable(c->bev, EV_READ);
        conn_read(c->bev, c);
    }
}

static Conn *conn_new(Daemon *d, struct bufferevent *bev) {
    Conn *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->d = d;
    c->bev = bev;
    c->outq = evbuffer_new();
    c->wake = event_new(d->base, -1, 0, conn_wake_cb, c);
    c->idle = evtimer_new(d->base, conn_idle, c);
    c->linger = evtimer_new(d->base, linger_timeout, c);
    if (!c->outq || !c->wake || !c->idle || !c->linger) {
        if (c->outq) evbuffer_free(c->outq);
        if (c->wake) event_free(c->wake);
        if (c->idle) event_free(c->idle);
        if (c->linger) event_free(c->linger);
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    pthread_cond_init(&c->cond, NULL);
    atomic_init(&c->proto, PROTO_NONE);
    c->next = d->conns;
    if (d->conns) d->conns->prev = c;
    d->conns = c;
    return c;
}

/* Creates the session and its thread; NULL on success, else why not. */
static const char *conn_start_session(Conn *c) {
    Daemon *d = c->d;
    if (d->sessions >= d->opt.max_sessions) return "too many sessions";
    if (!hash_reserve(d, 0, d->opt.hash_mb)) return "the total hash memory cap is reached";
    char err[128];
    Session *s = session_new(conn_output, c);
    if (!s || !engine_set_hash(s->engine, d->opt.hash_mb, err, sizeof err)) {
        session_free(s);
        hash_reserve(d, d->opt.hash_mb, 0);
        return "out of memory";
    }
    engine_set_hash_reserve(s->engine, hash_reserve, d);
    c->session = s;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, THREAD_STACK);
    int rc = pthread_create(&c->thread, &attr, conn_thread_main, c);
    pthread_attr_destroy(&attr);
    if (rc) {
        c->session = NULL;
        session_free(s);
        hash_reserve(d, d->opt.hash_mb, 0);
        return "cannot start a thread";
    }
    c->has_thread = true;
    d->sessions++;
    return NULL;
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
    Conn *c = conn_new(d, bev);
    if (!c) {
        bufferevent_free(bev);
        return;
    }
    const char *why = conn_start_session(c);
    if (why) {
        c->refused = true;
        d->refused++;
        if (d->refused > REFUSED_MAX) {
            conn_close_socket(c);
            return;
        }
        char msg[192];
        snprintf(msg, sizeof msg,
                 "info string error: %s (this server allows %d sessions and %d MB of hash); try again later\n",
                 why, d->opt.max_sessions, d->opt.hash_cap_mb);
        bufferevent_write(bev, msg, strlen(msg));
        conn_linger(c);
        return;
    }
    bufferevent_setcb(bev, conn_read, NULL, conn_event, c);
    bufferevent_enable(bev, EV_READ | EV_WRITE);
    idle_arm(c);
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

/* ---- shutdown ---- */

static void on_deadline(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Daemon *d = arg;
    fprintf(stderr, "ratnik: shutdown deadline reached, abandoning busy sessions\n");
    event_base_loopexit(d->base, NULL);
}

static void on_signal(evutil_socket_t sig, short what, void *arg) {
    (void)what;
    Daemon *d = arg;
    if (d->shutting_down) return;
    fprintf(stderr, "ratnik: signal %d, closing %d sessions\n", (int)sig, d->sessions);
    d->shutting_down = true;
    evconnlistener_disable(d->listener);
    for (Conn *c = d->conns, *next; c; c = next) {
        next = c->next;
        if (c->has_thread) conn_request_stop(c); /* flushes and closes when done */
        else conn_close_socket(c);                /* may free c */
    }
    if (!d->conns) event_base_loopexit(d->base, NULL);
    else set_timer(d->deadline, SHUTDOWN_DEADLINE_MS);
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
        l = evconnlistener_new_bind(d->base, on_accept, d, LEV_OPT_CLOSE_ON_FREE | LEV_OPT_REUSEABLE, 1024,
                                    a->ai_addr, (int)a->ai_addrlen);
    evutil_freeaddrinfo(res);
    if (!l) {
        fprintf(stderr, "ratnik: cannot listen on %s:%s: %s\n", d->opt.host, d->opt.port, strerror(errno));
        return NULL;
    }
    evconnlistener_set_error_cb(l, on_accept_error);
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    char addr[128] = "?";
    int port = 0;
    if (!getsockname(evconnlistener_get_fd(l), (struct sockaddr *)&ss, &len)) {
        if (ss.ss_family == AF_INET6) {
            struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
            evutil_inet_ntop(AF_INET6, &s6->sin6_addr, addr, sizeof addr);
            port = ntohs(s6->sin6_port);
        } else {
            struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
            evutil_inet_ntop(AF_INET, &s4->sin_addr, addr, sizeof addr);
            port = ntohs(s4->sin_port);
        }
    }
    fprintf(stderr,
            "ratnik: listening on %s%s%s:%d (max %d sessions, line %zu bytes, idle %d s, hash %d MB each, %d MB in all)\n",
            ss.ss_family == AF_INET6 ? "[" : "", addr, ss.ss_family == AF_INET6 ? "]" : "", port,
            d->opt.max_sessions, d->opt.max_line, d->opt.idle_timeout, d->opt.hash_mb, d->opt.hash_cap_mb);
    return l;
}

int daemon_run(const DaemonOptions *opt) {
    Daemon d = {.opt = *opt};
    if (evthread_use_pthreads()) {
        fprintf(stderr, "ratnik: libevent has no thread support\n");
        return 1;
    }
    signal(SIGPIPE, SIG_IGN); /* a vanished client is an error event, not a signal */
    pthread_mutex_init(&d.hash_lock, NULL);
    int rc = 1;
    d.base = event_base_new();
    if (!d.base) goto out;
    /* Signals first: once the ready line is printed, SIGTERM is handled. */
    d.sig_term = evsignal_new(d.base, SIGTERM, on_signal, &d);
    d.sig_int = evsignal_new(d.base, SIGINT, on_signal, &d);
    d.deadline = evtimer_new(d.base, on_deadline, &d);
    d.accept_retry = evtimer_new(d.base, on_accept_retry, &d);
    if (!d.sig_term || !d.sig_int || !d.deadline || !d.accept_retry) goto out;
    if (event_add(d.sig_term, NULL) || event_add(d.sig_int, NULL)) goto out;
    if (!(d.listener = listen_on(&d))) goto out;
    event_base_dispatch(d.base);
    rc = 0;
    /* A second signal while we tidy up must not kill us with its default
     * action (freeing the signal events restores it): block them. */
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGINT);
    pthread_sigmask(SIG_BLOCK, &block, NULL);
    if (d.conns) {
        /* Past the deadline: threads still run uninterruptible commands.
         * Their memory stays valid until the process exits. */
        fprintf(stderr, "ratnik: %d sessions did not finish in time\n", d.sessions);
        return rc;
    }
out:
    if (d.accept_retry) event_free(d.accept_retry);
    if (d.deadline) event_free(d.deadline);
    if (d.sig_int) event_free(d.sig_int);
    if (d.sig_term) event_free(d.sig_term);
    if (d.listener) evconnlistener_free(d.listener);
    if (d.base) event_base_free(d.base);
    pthread_mutex_destroy(&d.hash_lock);
    return rc;
}
