/* The daemon's insides, shared by protocol/daemon/daemon.c (the libevent loop:
 * the TCP transport, admission, shutdown), protocol/daemon/daemon_remote.c (a
 * remote session's queues on the loop side), protocol/daemon/daemon_session.c
 * (each session's command thread), protocol/daemon/daemon_watchdog.c (signals
 * and the shutdown deadline) and the web transport (protocol/web/). Not
 * for other modules: they use daemon.h. */
#ifndef RATNIK_DAEMON_INT_H
#define RATNIK_DAEMON_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <event2/event.h>
#include "daemon.h"
#include "../gui/session.h"

enum {
    INPUT_QUEUE_MAX = 256 << 10, /* queued input; beyond it stop reading the client until drained */
    OUTPUT_MAX = 1 << 20,        /* unsent output per session; beyond it the client is not reading: close */
    SHUTDOWN_DEADLINE_MS = 3000, /* after SIGTERM, the process ends by then whatever the sessions do (documented: 5 s) */
};

typedef struct Daemon Daemon;
typedef struct Remote Remote;

typedef enum { ITEM_LINE, ITEM_TOO_LONG } ItemKind;

/* One input line waiting for the command thread. */
typedef struct Item {
    struct Item *next;
    ItemKind kind;
    size_t len;
    char text[];
} Item;

/* What a session's wake brings its transport, on the loop thread. */
typedef struct {
    struct evbuffer *out; /* new output lines, each ending in '\n': the transport takes or drains them */
    bool ended;           /* the command thread is done: the session is gone, the transport may free r */
    bool overflow;        /* output was dropped: the client does not read */
    bool resume;          /* the input queue has drained: reading may resume */
} RemoteWake;

typedef void (*RemoteWakeFn)(Remote *r, const RemoteWake *w);

/* A remote session, whatever carries it (a TCP connection, a web page's
 * event stream): its input queue, its command thread, its output queue
 * and the event that hands the output to the loop. The transport embeds it
 * as its first member and gets it back in on_wake. */
struct Remote {
    Daemon *d;
    RemoteWakeFn on_wake;

    /* Loop thread only. */
    struct event *wake;       /* made active by any thread: output, thread done, read may resume */
    struct evbuffer *sending; /* output taken from outq, for on_wake */
    bool has_thread;          /* command thread started, its end not yet seen */

    /* Shared, under lock. */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int fd;                   /* the client's socket, for the command thread's look at the peer; -1: none */
    Item *in_head, *in_tail;
    size_t in_bytes;
    bool stop;                /* end the session now: the peer is gone, idle, or shutdown */
    bool done;                /* the command thread has freed the session and touches r no more */
    bool pause_noted;         /* the transport paused reading; tell it when the queue drains */
    bool resume_read;
    bool overflow;            /* output dropped: the client does not read */
    bool wake_pending;
    struct evbuffer *outq;    /* output lines not yet given to the transport */
    atomic_int proto;         /* the session's protocol, for messages the loop writes */
};

struct Conn;
struct Web;

struct Daemon {
    DaemonOptions opt;
    const char *const *book_dirs; /* resolved --book-dir list (NULL-terminated) for every session */
    struct event_base *base;
    struct evconnlistener *listener; /* NULL without --listen */
    struct Web *web;                 /* NULL without --http */
    struct event *shutdown, *accept_retry;
    struct Conn *conns;
    struct Conn *pending_head, *pending_tail;
    int sessions; /* admitted sessions, TCP and web, whose command thread has not ended */
    int pending;
    int refused;
    bool shutting_down;
    pthread_mutex_t hash_lock;
    long hash_total_mb; /* reserved by all sessions */
    struct Watchdog *watchdog;
};

/* daemon.c: ends the loop once shutting down and no connection or web
 * session is left. */
void daemon_maybe_exit(Daemon *d);
/* The local address of a socket as HOST:PORT ([HOST]:PORT for IPv6). */
bool daemon_socket_address(evutil_socket_t fd, char *text, size_t n);

/* daemon_remote.c (loop thread) */
/* fd: the client's socket, or -1 (remote_set_fd later). */
bool remote_init(Remote *r, Daemon *d, RemoteWakeFn on_wake, int fd);
/* Frees what remote_init made; the thread must be done (or never started). */
void remote_destroy(Remote *r);
/* Why no session can be admitted now ("too many sessions", ...), or NULL. */
const char *daemon_full_reason(Daemon *d);
/* Admits r: counts it, reserves its hash and starts its command thread.
 * NULL on success, else why not (nothing is then held). */
const char *remote_admit(Remote *r);
/* A new input item of len bytes of text (plus the terminating 0 the caller
 * writes), or NULL. */
Item *remote_item_new(ItemKind kind, size_t len);
/* Queues it for the command thread; true if the queue is now over
 * INPUT_QUEUE_MAX (the transport stops reading until on_wake's resume). */
bool remote_push(Remote *r, Item *it);
/* Bytes of input waiting. */
size_t remote_queued(Remote *r);
void remote_set_fd(Remote *r, int fd);
/* The client's socket is closing: the thread looks at it no more, and a
 * running session is told to stop. */
void remote_drop_fd(Remote *r);

/* daemon_session.c (hash_reserve: any thread) */
bool daemon_hash_reserve(void *daemon, int old_mb, int new_mb);
bool daemon_hash_fits(Daemon *d, int mb); /* whether mb more would be within the cap */
/* Starts r's command thread, which creates the session and runs its
 * lines; false if no thread could be started. */
bool remote_start_thread(Remote *r);
void remote_request_stop(Remote *r);
/* Drops the queued lines; under r->lock, or once r's thread is done. */
void remote_free_items(Remote *r);
/* Whether the client has closed or reset its socket, from the socket
 * itself (before the loop has seen it); false without one. Caller holds
 * r->lock. */
bool remote_peer_gone_locked(const Remote *r);

/* daemon_watchdog.c: SIGTERM and SIGINT are taken by a thread of their own,
 * which makes d->shutdown active and, should the loop not have ended by
 * SHUTDOWN_DEADLINE_MS, ends the process with status 0. Start before any
 * other thread (it sets the signal mask they inherit). */
bool watchdog_start(Daemon *d);
/* The loop has ended: stops and joins the watchdog. */
void watchdog_finish(Daemon *d);

#endif
