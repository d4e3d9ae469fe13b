/* The daemon's command threads (protocol/daemon/daemon_int.h): one per admitted
 * remote session (a TCP connection at its first line, a web session when
 * the page asks for it). It creates the session, runs the queued lines in
 * order and, as soon as the client is gone (EOF or reset, seen by the loop
 * or on the socket itself), runs no more of them: the running search is
 * stopped, the session freed, and the loop told. */
#include <errno.h>
#include <time.h>
#include <poll.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <event2/buffer.h>
#include "daemon_int.h"

enum {
    THREAD_STACK = 64 << 20, /* same as search threads: `bench` searches on the command thread */
    SESSION_NICE = 5,        /* sessions below the loop and the watchdog; see lower_priority */
};
#define COUNT_POLL_NS 20000000L /* how often a wait for a perft looks at the client */

bool daemon_hash_reserve(void *ctx, int old_mb, int new_mb) {
    Daemon *d = ctx;
    pthread_mutex_lock(&d->hash_lock);
    long total = d->hash_total_mb - old_mb + new_mb;
    bool ok = new_mb <= old_mb || total <= d->opt.hash_cap_mb;
    if (ok) d->hash_total_mb = total;
    pthread_mutex_unlock(&d->hash_lock);
    return ok;
}

bool daemon_hash_fits(Daemon *d, int mb) {
    pthread_mutex_lock(&d->hash_lock);
    bool ok = d->hash_total_mb + mb <= d->opt.hash_cap_mb;
    pthread_mutex_unlock(&d->hash_lock);
    return ok;
}

/* The session's output callback; the engine already serialises calls. */
static void remote_output(void *ctx, const char *line) {
    Remote *r = ctx;
    size_t n = strlen(line);
    pthread_mutex_lock(&r->lock);
    if (r->overflow || evbuffer_get_length(r->outq) + n + 1 > OUTPUT_MAX) {
        r->overflow = true;
    } else {
        evbuffer_add(r->outq, line, n);
        evbuffer_add(r->outq, "\n", 1);
    }
    bool wake = !r->wake_pending;
    r->wake_pending = true;
    pthread_mutex_unlock(&r->lock);
    if (wake) event_active(r->wake, EV_WRITE, 0);
}

bool remote_peer_gone_locked(const Remote *r) {
    if (r->fd < 0) return false; /* none to look at: the transport sets stop itself */
    struct pollfd p = {r->fd, POLLRDHUP, 0};
    return poll(&p, 1, 0) > 0 && (p.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

void remote_request_stop(Remote *r) {
    pthread_mutex_lock(&r->lock);
    r->stop = true;
    pthread_cond_signal(&r->cond);
    pthread_mutex_unlock(&r->lock);
}

void remote_free_items(Remote *r) {
    for (Item *it = r->in_head, *next; it; it = next) {
        next = it->next;
        free(it);
    }
    r->in_head = r->in_tail = NULL;
    r->in_bytes = 0;
}

/* The next line to run, or NULL when the session must end: told to stop,
 * or the client is gone (its remaining lines are dropped, so no search
 * starts for a client that left). */
static Item *next_item(Remote *r) {
    pthread_mutex_lock(&r->lock);
    while (!r->stop && !r->in_head) pthread_cond_wait(&r->cond, &r->lock);
    if (!r->stop && remote_peer_gone_locked(r)) r->stop = true;
    Item *it = r->stop ? NULL : r->in_head;
    bool wake = false;
    if (it) {
        r->in_head = it->next;
        if (!r->in_head) r->in_tail = NULL;
        r->in_bytes -= it->len;
        if (r->pause_noted && r->in_bytes <= INPUT_QUEUE_MAX / 2) {
            r->pause_noted = false;
            r->resume_read = true;
            wake = !r->wake_pending;
            r->wake_pending = true;
        }
    } else {
        remote_free_items(r);
    }
    pthread_mutex_unlock(&r->lock);
    if (wake) event_active(r->wake, EV_WRITE, 0);
    return it;
}

static Session *open_session(Remote *r) {
    Daemon *d = r->d;
    Session *s = session_new(remote_output, r, d->opt.hash_mb);
    if (!s) return NULL;
    engine_set_hash_reserve(s->engine, daemon_hash_reserve, d);
    engine_set_book_dirs(s->engine, d->book_dirs);
    return s;
}

/* Whether UCI makes this line wait for a running perft: all but isready,
 * stop and the board queries (protocol/gui/uci.c, uci_ext.c). */
static bool waits_for_count(const char *line) {
    static const char *const at_once[] = {"isready", "stop", "variantinfo", "legal", "state", "pgn"};
    line += strspn(line, " \t");
    size_t n = strcspn(line, " \t");
    for (size_t i = 0; i < sizeof at_once / sizeof *at_once; i++)
        if (n == strlen(at_once[i]) && !strncmp(line, at_once[i], n)) return false;
    return n > 0;
}

/* The wait that protocol/gui/uci.c would do for a perft before this line, done
 * here while watching the client: false if it left (or the session must
 * end), so that its perft is stopped rather than counted to the end. */
static bool wait_for_count(Remote *r, Session *s, const Item *it) {
    if (s->proto == PROTO_CECP || it->kind != ITEM_LINE || !waits_for_count(it->text)) return true;
    while (engine_count_running(s->engine)) {
        pthread_mutex_lock(&r->lock);
        bool gone = r->stop || remote_peer_gone_locked(r);
        if (!gone) {
            struct timespec until;
            clock_gettime(CLOCK_REALTIME, &until);
            until.tv_nsec += COUNT_POLL_NS;
            if (until.tv_nsec >= 1000000000L) until.tv_sec++, until.tv_nsec -= 1000000000L;
            pthread_cond_timedwait(&r->cond, &r->lock, &until);
        }
        pthread_mutex_unlock(&r->lock);
        if (gone) return false;
    }
    return true;
}

static void run_lines(Remote *r, Session *s) {
    for (Item *it; (it = next_item(r));) {
        bool more = true;
        if (!wait_for_count(r, s, it)) {
            free(it);
            return;
        }
        if (it->kind == ITEM_TOO_LONG)
            engine_printf(s->engine, "%s (at most %zu bytes)",
                          s->proto == PROTO_CECP ? "Error (line too long): input discarded"
                                                 : "info string error: line too long, discarded",
                          r->d->opt.max_line);
        else {
            /* it->len counts the terminator; a CR before the newline was
             * overwritten with one, which is not a NUL the client sent. */
            size_t n = it->len - 1;
            if (n && !it->text[n - 1]) n--;
            more = session_input(s, it->text, n);
        }
        atomic_store(&r->proto, (int)s->proto);
        free(it);
        if (!more) return;
    }
}

/* Hundreds of searches at the loop's priority leave it a few ms a second:
 * closes, resets and SIGTERM would wait for it. A higher nice value for
 * this thread (Linux keeps it per thread, and the search threads it starts
 * inherit it) lets the loop and the watchdog run as soon as they wake;
 * sessions still share the CPU evenly among themselves. */
static void lower_priority(void) {
    pid_t tid = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int nice = getpriority(PRIO_PROCESS, (id_t)tid);
    if (errno == 0) setpriority(PRIO_PROCESS, (id_t)tid, nice + SESSION_NICE);
}

static void *remote_thread_main(void *arg) {
    Remote *r = arg;
    Daemon *d = r->d;
    pthread_mutex_lock(&r->lock);
    bool gone = r->stop || remote_peer_gone_locked(r);
    pthread_mutex_unlock(&r->lock);
    Session *s = gone ? NULL : open_session(r);
    int mb = d->opt.hash_mb; /* what admission reserved */
    if (s) {
        lower_priority(); /* after making the session, so that a new client is answered soon */
        run_lines(r, s);
        mb = engine_hash_mb(s->engine); /* setoption Hash moved the reservation along */
        session_free(s);         /* stops a search; its bestmove still reaches the queue */
    } else if (!gone) {
        remote_output(r, "info string error: out of memory; try again later");
    }
    daemon_hash_reserve(d, mb, 0);
    pthread_mutex_lock(&r->lock);
    remote_free_items(r);
    r->done = true;
    /* Under the lock: once the loop sees done, this thread is past its last
     * use of r and the loop may free it. */
    event_active(r->wake, EV_WRITE, 0);
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

bool remote_start_thread(Remote *r) {
    pthread_attr_t attr;
    pthread_t thread;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, THREAD_STACK);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED); /* the loop never waits for a thread */
    int rc = pthread_create(&thread, &attr, remote_thread_main, r);
    pthread_attr_destroy(&attr);
    return rc == 0;
}
