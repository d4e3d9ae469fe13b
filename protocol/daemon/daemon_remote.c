/* A remote session on the loop side (protocol/daemon/daemon_int.h): the part of a
 * client that does not depend on how it is carried. The TCP transport
 * (daemon.c) and the web transport (protocol/web/) both queue input lines
 * here, admit the session under the shared limits, and get its output,
 * its end and the resumption of reading through one wake callback. */
#include <stdlib.h>
#include <string.h>
#include <event2/buffer.h>
#include "daemon_int.h"

/* Output is queued, the thread ended, or reading may resume. */
static void remote_wake_cb(evutil_socket_t fd, short what, void *arg) {
    (void)fd;
    (void)what;
    Remote *r = arg;
    RemoteWake w = {.out = r->sending};
    pthread_mutex_lock(&r->lock);
    r->wake_pending = false;
    bool done = r->done;
    w.resume = r->resume_read;
    w.overflow = r->overflow;
    r->resume_read = false;
    evbuffer_add_buffer(r->sending, r->outq);
    pthread_mutex_unlock(&r->lock);
    if (done && r->has_thread) {
        r->has_thread = false;
        r->d->sessions--;
    }
    w.ended = !r->has_thread;
    r->on_wake(r, &w); /* may free r */
}

bool remote_init(Remote *r, Daemon *d, RemoteWakeFn on_wake, int fd) {
    memset(r, 0, sizeof *r);
    r->d = d;
    r->on_wake = on_wake;
    r->fd = fd;
    r->outq = evbuffer_new();
    r->sending = evbuffer_new();
    r->wake = event_new(d->base, -1, 0, remote_wake_cb, r);
    if (!r->outq || !r->sending || !r->wake) {
        if (r->outq) evbuffer_free(r->outq);
        if (r->sending) evbuffer_free(r->sending);
        if (r->wake) event_free(r->wake);
        return false;
    }
    pthread_mutex_init(&r->lock, NULL);
    pthread_cond_init(&r->cond, NULL);
    atomic_init(&r->proto, PROTO_NONE);
    return true;
}

void remote_destroy(Remote *r) {
    remote_free_items(r); /* lines read after the thread had ended */
    event_free(r->wake);
    evbuffer_free(r->outq);
    evbuffer_free(r->sending);
    pthread_cond_destroy(&r->cond);
    pthread_mutex_destroy(&r->lock);
}

const char *daemon_full_reason(Daemon *d) {
    if (d->sessions >= d->opt.max_sessions) return "too many sessions";
    if (!daemon_hash_fits(d, d->opt.hash_mb)) return "the total hash memory cap is reached";
    return NULL;
}

const char *remote_admit(Remote *r) {
    Daemon *d = r->d;
    if (d->sessions >= d->opt.max_sessions) return "too many sessions";
    if (!daemon_hash_reserve(d, 0, d->opt.hash_mb)) return "the total hash memory cap is reached";
    r->has_thread = true;
    d->sessions++;
    if (!remote_start_thread(r)) {
        r->has_thread = false;
        d->sessions--;
        daemon_hash_reserve(d, d->opt.hash_mb, 0);
        return "cannot start a thread";
    }
    return NULL;
}

Item *remote_item_new(ItemKind kind, size_t len) {
    Item *it = malloc(sizeof *it + len + 1);
    if (!it) return NULL;
    it->next = NULL;
    it->kind = kind;
    it->len = len + 1;
    return it;
}

bool remote_push(Remote *r, Item *it) {
    pthread_mutex_lock(&r->lock);
    if (r->in_tail) r->in_tail->next = it;
    else r->in_head = it;
    r->in_tail = it;
    r->in_bytes += it->len;
    bool full = r->in_bytes > INPUT_QUEUE_MAX;
    if (full) r->pause_noted = true;
    pthread_cond_signal(&r->cond);
    pthread_mutex_unlock(&r->lock);
    return full;
}

size_t remote_queued(Remote *r) {
    pthread_mutex_lock(&r->lock);
    size_t n = r->in_bytes;
    pthread_mutex_unlock(&r->lock);
    return n;
}

void remote_set_fd(Remote *r, int fd) {
    pthread_mutex_lock(&r->lock);
    r->fd = fd;
    pthread_mutex_unlock(&r->lock);
}

void remote_drop_fd(Remote *r) {
    pthread_mutex_lock(&r->lock);
    r->fd = -1;
    if (r->has_thread) {
        r->stop = true;
        pthread_cond_signal(&r->cond);
    }
    pthread_mutex_unlock(&r->lock);
}
