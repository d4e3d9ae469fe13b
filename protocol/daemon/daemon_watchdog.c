/* SIGTERM and SIGINT for the daemon (protocol/daemon/daemon_int.h). They are
 * blocked in every thread and taken by this one with sigwait, so that a
 * loop thread starved of CPU by busy sessions still shuts down in time:
 * the watchdog wakes the loop, which stops every session and flushes the
 * sockets, and if that has not finished SHUTDOWN_DEADLINE_MS after the
 * signal (a session in `go perft`, or simply too much to do), the watchdog
 * ends the process itself. The documented bound is 5 s. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "daemon_int.h"

struct Watchdog {
    Daemon *d;
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t cond;
    bool finished; /* the loop has ended */
    sigset_t signals;
};

static void deadline_after(struct timespec *ts, long ms) {
    clock_gettime(CLOCK_MONOTONIC, ts);
    ts->tv_sec += ms / 1000;
    ts->tv_nsec += (ms % 1000) * 1000000L;
    if (ts->tv_nsec >= 1000000000L) {
        ts->tv_sec++;
        ts->tv_nsec -= 1000000000L;
    }
}

static bool wait_finished(struct Watchdog *w, const struct timespec *deadline) {
    pthread_mutex_lock(&w->lock);
    int rc = 0;
    while (!w->finished && rc != ETIMEDOUT) rc = pthread_cond_timedwait(&w->cond, &w->lock, deadline);
    bool finished = w->finished;
    pthread_mutex_unlock(&w->lock);
    return finished;
}

static void *watchdog_main(void *arg) {
    struct Watchdog *w = arg;
    int sig = 0;
    if (sigwait(&w->signals, &sig)) return NULL;
    struct timespec deadline;
    deadline_after(&deadline, SHUTDOWN_DEADLINE_MS);
    pthread_mutex_lock(&w->lock);
    bool finished = w->finished; /* woken by watchdog_finish, not by a user */
    pthread_mutex_unlock(&w->lock);
    if (finished) return NULL;
    fprintf(stderr, "ratnik: signal %d, closing the sessions\n", sig);
    event_active(w->d->shutdown, EV_READ, 0);
    if (wait_finished(w, &deadline)) return NULL;
    fprintf(stderr, "ratnik: shutdown deadline reached, abandoning busy sessions\n");
    _exit(0); /* the sessions' threads may still run: no exit handlers */
}

bool watchdog_start(Daemon *d) {
    struct Watchdog *w = calloc(1, sizeof *w);
    if (!w) return false;
    w->d = d;
    sigemptyset(&w->signals);
    sigaddset(&w->signals, SIGTERM);
    sigaddset(&w->signals, SIGINT);
    /* Blocked here, so in every thread started after this one. Left blocked
     * at the end: a second signal while we tidy up must not kill us. */
    pthread_sigmask(SIG_BLOCK, &w->signals, NULL);
    pthread_condattr_t ca;
    pthread_condattr_init(&ca);
    pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
    pthread_cond_init(&w->cond, &ca);
    pthread_condattr_destroy(&ca);
    pthread_mutex_init(&w->lock, NULL);
    if (pthread_create(&w->thread, NULL, watchdog_main, w)) {
        pthread_cond_destroy(&w->cond);
        pthread_mutex_destroy(&w->lock);
        free(w);
        return false;
    }
    d->watchdog = w;
    return true;
}

void watchdog_finish(Daemon *d) {
    struct Watchdog *w = d->watchdog;
    if (!w) return;
    pthread_mutex_lock(&w->lock);
    w->finished = true;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->lock);
    pthread_kill(w->thread, SIGTERM); /* ends its sigwait if no signal came */
    pthread_join(w->thread, NULL);
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->lock);
    free(w);
    d->watchdog = NULL;
}
