/* The daemon's insides, shared by protocol/daemon.c (the libevent loop:
 * sockets, admission, shutdown), protocol/daemon_session.c (each session's
 * command thread) and protocol/daemon_watchdog.c (signals and the shutdown
 * deadline). Not for other modules: they use daemon.h. */
#ifndef RATNIK_DAEMON_INT_H
#define RATNIK_DAEMON_INT_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <event2/event.h>
#include "daemon.h"
#include "session.h"

enum {
    INPUT_QUEUE_MAX = 256 << 10, /* queued input; beyond it stop reading the socket until drained */
    OUTPUT_MAX = 1 << 20,        /* unsent output per session; beyond it the client is not reading: close */
    SHUTDOWN_DEADLINE_MS = 3000, /* after SIGTERM, the process ends by then whatever the sessions do (documented: 5 s) */
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
    struct Conn *prev, *next;   /* the daemon's list of connections */
    struct Conn *pprev, *pnext; /* the list of connections that sent no line yet */

    /* Loop thread only. */
    struct bufferevent *bev;  /* NULL once the socket is closed */
    struct event *wake;       /* made active by any thread: output, thread done, read may resume */
    struct event *idle;       /* idle timeout */
    struct event *linger;     /* deadline for a closing socket */
    bool pending;             /* on the pending list: no line yet, no session */
    bool refused;             /* never had a session */
    bool has_thread;          /* command thread started, its end not yet seen */
    bool lingering;           /* flushing, then waiting for the client's EOF */
    bool shut_wr;
    bool peer_eof;            /* the client will send nothing more */
    bool read_paused;         /* input queue full */
    bool discarding;          /* inside an over-long line */

    /* Shared, under lock. */
    pthread_mutex_t lock;
    pthread_cond_t cond;
    int fd;                   /* the socket, for the command thread's look at the peer; -1 once closed */
    Item *in_head, *in_tail;
    size_t in_bytes;
    bool stop;                /* end the session now: the peer is gone, idle, or shutdown */
    bool done;                /* the command thread has freed the session and touches c no more */
    bool pause_noted;         /* the loop paused reading; tell it when the queue drains */
    bool resume_read;
    bool overflow;            /* output dropped: the client does not read */
    bool wake_pending;
    struct evbuffer *outq;    /* output lines not yet given to the socket */
    atomic_int proto;         /* the session's protocol, for messages the loop writes */
} Conn;

struct Daemon {
    DaemonOptions opt;
    const char *const *book_dirs; /* resolved --book-dir list (NULL-terminated) for every session */
    struct event_base *base;
    struct evconnlistener *listener;
    struct event *shutdown, *accept_retry;
    Conn *conns;
    Conn *pending_head, *pending_tail;
    int sessions; /* admitted connections whose command thread has not ended */
    int pending;
    int refused;
    bool shutting_down;
    pthread_mutex_t hash_lock;
    long hash_total_mb; /* reserved by all sessions */
    struct Watchdog *watchdog;
};

/* daemon_session.c (hash_reserve: any thread) */
bool daemon_hash_reserve(void *daemon, int old_mb, int new_mb);
bool daemon_hash_fits(Daemon *d, int mb); /* whether mb more would be within the cap */
/* Starts c's command thread, which creates the session and runs its
 * lines; false if no thread could be started. */
bool conn_start_thread(Conn *c);
void conn_request_stop(Conn *c);
/* Drops the queued lines; under c->lock, or once c's thread is done. */
void conn_free_items(Conn *c);
/* Whether the client has closed or reset the connection, from the socket
 * itself (before the loop has seen it). Caller holds c->lock. */
bool conn_peer_gone_locked(const Conn *c);

/* daemon_watchdog.c: SIGTERM and SIGINT are taken by a thread of their own,
 * which makes d->shutdown active and, should the loop not have ended by
 * SHUTDOWN_DEADLINE_MS, ends the process with status 0. Start before any
 * other thread (it sets the signal mask they inherit). */
bool watchdog_start(Daemon *d);
/* The loop has ended: stops and joins the watchdog. */
void watchdog_finish(Daemon *d);

#endif
