/* A connection storm against the daemon, with bounds that make it a test.
 * It starts the daemon itself (RATNIK --listen 127.0.0.1:0 FLAGS), then:
 *   1. a warm-up session (`go depth 4`), then the baseline: the daemon's
 *      threads (/proc/PID/status), descriptors (/proc/PID/fd) and RSS;
 *   2. the storm: --connections short-lived connections on 127.0.0.1, at
 *      most --concurrency open at once, a quarter of each kind:
 *        silent   connect, close without sending anything
 *        uci      `uci`, close
 *        go-fin   `go infinite`, close (FIN)
 *        go-rst   `go infinite`, close with a reset (SO_LINGER 0)
 *      each kept open a pseudo-random 0..--hold-ms ms after connecting
 *      (so that some searches really start and must be stopped);
 *   3. meanwhile, probe sessions one after another: connect, `uci`,
 *      `position startpos`, `go depth 4`; each must be answered within
 *      --reply-bound ms of its connect: its bestmove, or the daemon's
 *      "too many sessions" line (admission may refuse, but not stall);
 *   4. after the storm: threads, descriptors and RSS (at most --rss-slack
 *      MB above the baseline) back to the baseline within --settle-bound s,
 *      then one more probe;
 *   5. SIGTERM: the daemon exits with status 0 within 5 s.
 * With --sigterm-during the SIGTERM comes in the middle of the storm (half
 * the connections made, at least 300 ms in) instead and only step 5 is
 * checked. Exit 0 only if every bound held.
 * Sends only to 127.0.0.1 and stops by itself (every wait is bounded).
 *
 *   storm_client [--connections N] [--concurrency C] [--hold-ms H]
 *                [--reply-bound MS] [--settle-bound S] [--rss-slack MB]
 *                [--rounds R] [--sigterm-during] -- RATNIK [daemon flags]
 * --rounds repeats the storm (a burst of --connections each) R times.
 * STORM_LOG=1 in the environment prints the daemon's stderr at the end.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "storm_proc.h"
#include "../../engine/clock.h"

enum { MAX_CONC = 4096, MAX_PROBES = 4096, CONNECT_MS = 10000, EXIT_BOUND_MS = 5000, PROBE_BUF = 1 << 16 };

typedef enum { K_SILENT, K_UCI, K_GO_FIN, K_GO_RST, K_NB } Kind;
static const char *const kind_line[K_NB] = {"", "uci\n", "go infinite\n", "go infinite\n"};

typedef struct {
    int fd;          /* -1: slot free */
    Kind kind;
    bool connected;
    double opened_ms, close_ms;
} StormConn;

typedef struct {
    int fd;
    bool connected;
    double start_ms;
    bool closed; /* by the daemon */
    double connected_ms, first_byte_ms;
    char buf[PROBE_BUF];
    size_t len;
} Probe;

typedef struct {
    int connections, concurrency, hold_ms, reply_bound_ms, settle_bound_s, rss_slack_mb, rounds;
    bool sigterm_during;
    char **daemon_argv;
} Options;

typedef struct {
    int started, closed, connect_failed, by_kind[K_NB];
    int probes, probes_failed, probes_refused;
    double slowest_probe_ms, probe_ms[MAX_PROBES]; /* the answered ones, up to MAX_PROBES */
    double slowest_connect_ms, slowest_first_byte_ms; /* of the slowest: connected, first byte (uciok) */
    int answered;
    ProcSample peak;
} StormStats;

static int connect_nonblocking(int port, bool *connected) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    *connected = !connect(fd, (struct sockaddr *)&a, sizeof a);
    if (!*connected && errno != EINPROGRESS) {
        close(fd);
        return -1;
    }
    return fd;
}

static void drain(int fd) {
    char buf[4096];
    while (recv(fd, buf, sizeof buf, MSG_DONTWAIT) > 0) {}
}

static void close_with_reset(int fd) {
    struct linger l = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
    close(fd);
}

/* ---- storm connections ---- */

static void storm_open(StormConn *c, int index, int port, const Options *o, StormStats *st) {
    c->kind = (Kind)(index % K_NB);
    c->opened_ms = clock_now_ms();
    /* a fixed pseudo-random hold, so that runs are comparable */
    unsigned h = (unsigned)index * 2654435761u;
    c->close_ms = c->opened_ms + (o->hold_ms > 0 ? (double)(h % (unsigned)(o->hold_ms + 1)) : 0);
    c->fd = connect_nonblocking(port, &c->connected);
    st->started++;
    st->by_kind[c->kind]++;
    if (c->fd < 0) st->connect_failed++;
}

static void storm_end(StormConn *c, StormStats *st) {
    if (c->kind == K_GO_RST) close_with_reset(c->fd);
    else {
        drain(c->fd);
        close(c->fd);
    }
    c->fd = -1;
    st->closed++;
}

/* Advances one connection: finish the connect, send its line, close it at
 * its time. */
static void storm_step(StormConn *c, short revents, StormStats *st) {
    double t = clock_now_ms();
    if (!c->connected) {
        if (revents & (POLLERR | POLLHUP)) {
            close(c->fd);
            c->fd = -1;
            st->connect_failed++;
            st->closed++;
            return;
        }
        if (!(revents & POLLOUT)) {
            if (t - c->opened_ms > CONNECT_MS) {
                close(c->fd);
                c->fd = -1;
                st->connect_failed++;
                st->closed++;
            }
            return;
        }
        c->connected = true;
        const char *line = kind_line[c->kind];
        if (*line && send(c->fd, line, strlen(line), MSG_NOSIGNAL) < 0) {} /* a refused one may be closed already */
    }
    if (revents & POLLIN) drain(c->fd);
    if (t >= c->close_ms) storm_end(c, st);
}

/* ---- probe sessions ---- */

static const char probe_script[] = "uci\nposition startpos\ngo depth 4\n";

static bool probe_start(Probe *p, int port) {
    p->len = 0;
    p->closed = false;
    p->start_ms = clock_now_ms();
    p->fd = connect_nonblocking(port, &p->connected);
    p->connected_ms = p->start_ms;
    if (p->fd >= 0 && p->connected) send(p->fd, probe_script, sizeof probe_script - 1, MSG_NOSIGNAL);
    return p->fd >= 0;
}

/* 1: bestmove arrived, 2: refused with the daemon's error line (an answer
 * too: admission said no), 0: still waiting, -1: closed or too slow. */
static int probe_step(Probe *p, short revents, int bound_ms) {
    if (!p->connected && (revents & POLLOUT)) {
        p->connected = true;
        p->connected_ms = clock_now_ms();
        if (send(p->fd, probe_script, sizeof probe_script - 1, MSG_NOSIGNAL) < 0) return -1;
    }
    if (revents & (POLLIN | POLLHUP | POLLERR)) {
        ssize_t n = recv(p->fd, p->buf + p->len, sizeof p->buf - 1 - p->len, MSG_DONTWAIT);
        if (n == 0 || (n < 0 && errno != EAGAIN)) {
            p->closed = true;
            return -1;
        }
        if (n > 0) {
            if (!p->len) p->first_byte_ms = clock_now_ms();
            p->len += (size_t)n;
            p->buf[p->len] = 0;
            if (strstr(p->buf, "bestmove ") && strchr(strstr(p->buf, "bestmove "), '\n')) return 1;
            if (strstr(p->buf, "info string error: too many sessions")) return 2;
            if (p->len > sizeof p->buf / 2) { /* keep the tail, where a line may be split */
                memmove(p->buf, p->buf + p->len - 256, 256);
                p->len = 256;
            }
        }
    }
    return clock_now_ms() - p->start_ms > bound_ms ? -1 : 0;
}

static void probe_finish(Probe *p, int result, StormStats *st, const char *when) {
    double ms = clock_now_ms() - p->start_ms;
    st->probes++;
    if (result < 0) {
        st->probes_failed++;
        if (st->probes_failed <= 3) {
            p->buf[p->len] = 0;
            fprintf(stderr, "storm: a probe %s got no bestmove in %.0f ms (%s, connected after %.0f ms, %zu bytes); "
                    "got: %.300s\n", when, ms, p->closed ? "the daemon closed it" : "timed out",
                    p->connected ? p->connected_ms - p->start_ms : -1.0, p->len, p->buf);
        }
    } else {
        st->probes_refused += result == 2;
        if (ms > st->slowest_probe_ms) {
            st->slowest_probe_ms = ms;
            st->slowest_connect_ms = p->connected_ms - p->start_ms;
            st->slowest_first_byte_ms = p->first_byte_ms - p->start_ms;
        }
        if (st->answered < MAX_PROBES) st->probe_ms[st->answered++] = ms;
    }
    close(p->fd);
    p->fd = -1;
}

/* One probe with nothing else going on; the ms to its bestmove, -1 if none. */
static double probe_alone(int port, int bound_ms, StormStats *st, const char *when) {
    Probe *p = calloc(1, sizeof *p);
    double ms = -1;
    if (p && probe_start(p, port)) {
        int r = 0;
        while (!r) {
            struct pollfd pfd = {p->fd, (short)(p->connected ? POLLIN : POLLOUT), 0};
            poll(&pfd, 1, 50);
            r = probe_step(p, pfd.revents, bound_ms);
        }
        ms = r == 1 ? clock_now_ms() - p->start_ms : -1;
        probe_finish(p, r, st, when);
    }
    free(p);
    return ms;
}

/* ---- the storm ---- */

/* Runs the storm and the probes beside it; with sigterm_during, sends
 * SIGTERM halfway and returns when the storm is cut short by it. */
static void run_storm(const Options *o, DaemonProc *d, StormStats *st) {
    StormConn *conns = calloc((size_t)o->concurrency, sizeof *conns);
    struct pollfd *pfd = calloc((size_t)o->concurrency + 1, sizeof *pfd);
    Probe *probe = calloc(1, sizeof *probe);
    if (!conns || !pfd || !probe) {
        fprintf(stderr, "storm: out of memory\n");
        exit(2);
    }
    for (int i = 0; i < o->concurrency; i++) conns[i].fd = -1;
    probe->fd = -1;
    int open = 0, first = st->started, target = st->started + o->connections;
    double t0 = clock_now_ms();
    bool signalled = false;
    double next_sample = 0, next_probe = 0;
    while (st->closed < target || open > 0 || probe->fd >= 0) {
        for (int i = 0; i < o->concurrency && st->started < target; i++)
            if (conns[i].fd < 0) {
                storm_open(&conns[i], st->started, d->port, o, st);
                if (conns[i].fd < 0) st->closed++;
                else open++;
            }
        if (o->sigterm_during && !signalled && st->started - first >= o->connections / 2 && clock_now_ms() - t0 > 300) {
            proc_peak(&st->peak, d->pid); /* what the daemon holds as the signal comes */
            signalled = true;
            daemon_signal(d, SIGTERM);
            break;
        }
        bool storming = st->closed < target || open > 0;
        if (storming && probe->fd < 0 && clock_now_ms() >= next_probe && !probe_start(probe, d->port)) {
            st->probes++;
            st->probes_failed++;
        }
        int n = 0;
        for (int i = 0; i < o->concurrency; i++)
            if (conns[i].fd >= 0) pfd[n++] = (struct pollfd){conns[i].fd, (short)(conns[i].connected ? POLLIN : POLLOUT), 0};
        if (probe->fd >= 0) pfd[n++] = (struct pollfd){probe->fd, (short)(probe->connected ? POLLIN : POLLOUT), 0};
        poll(pfd, (nfds_t)n, 5);
        int k = 0;
        for (int i = 0; i < o->concurrency; i++) {
            if (conns[i].fd < 0) continue;
            storm_step(&conns[i], pfd[k++].revents, st);
            if (conns[i].fd < 0) open--;
        }
        if (probe->fd >= 0) {
            int r = probe_step(probe, pfd[k].revents, o->reply_bound_ms);
            if (r) {
                probe_finish(probe, r, st, "during the storm");
                next_probe = clock_now_ms() + 100;
            }
        }
        if (clock_now_ms() >= next_sample) {
            proc_peak(&st->peak, d->pid);
            next_sample = clock_now_ms() + 100;
        }
    }
    for (int i = 0; i < o->concurrency; i++)
        if (conns[i].fd >= 0) close(conns[i].fd);
    if (probe->fd >= 0) close(probe->fd);
    free(conns);
    free(pfd);
    free(probe);
}

/* Waits for the daemon to come back to the baseline, probing it while it
 * has not: the ms that took, or -1 past --settle-bound. */
static double settle(const Options *o, DaemonProc *d, const ProcSample *base, ProcSample *after, StormStats *st) {
    double t0 = clock_now_ms();
    for (;;) {
        if (proc_wait_baseline(after, d->pid, base, o->rss_slack_mb * 1024L, 300) >= 0) return clock_now_ms() - t0;
        if (clock_now_ms() - t0 > o->settle_bound_s * 1000.0) return -1;
        probe_alone(d->port, o->reply_bound_ms, st, "after the storm");
    }
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    if (!n) return 0;
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return v[n / 2];
}

/* ---- main ---- */

static bool parse_options(int argc, char **argv, Options *o) {
    *o = (Options){.connections = 2000, .concurrency = 1000, .hold_ms = 0, .reply_bound_ms = 3000,
                   .settle_bound_s = 5, .rss_slack_mb = 32, .rounds = 1};
    static const char *const names[] = {"--connections", "--concurrency", "--hold-ms", "--reply-bound",
                                        "--settle-bound", "--rss-slack", "--rounds"};
    int *fields[] = {&o->connections, &o->concurrency, &o->hold_ms, &o->reply_bound_ms,
                     &o->settle_bound_s, &o->rss_slack_mb, &o->rounds};
    int i = 1;
    for (; i < argc && strcmp(argv[i], "--"); i++) {
        if (!strcmp(argv[i], "--sigterm-during")) {
            o->sigterm_during = true;
            continue;
        }
        size_t f = 0;
        while (f < sizeof names / sizeof *names && strcmp(argv[i], names[f])) f++;
        if (f == sizeof names / sizeof *names || i + 1 >= argc) return false;
        *fields[f] = atoi(argv[++i]);
    }
    if (i + 1 >= argc || o->connections < 1 || o->rounds < 1 || o->concurrency < 1 || o->concurrency > MAX_CONC) return false;
    o->daemon_argv = argv + i + 1;
    return true;
}

/* SIGTERM, then the exit status; false if the daemon took over 5 s. */
static bool stop_daemon(DaemonProc *d, bool already_signalled) {
    double t0 = clock_now_ms();
    if (!already_signalled) daemon_signal(d, SIGTERM);
    int status = daemon_wait(d, EXIT_BOUND_MS + 1000);
    double ms = clock_now_ms() - (already_signalled ? d->signal_ms : t0);
    bool ok = status == 0 && ms <= EXIT_BOUND_MS;
    printf("storm: SIGTERM%s: exit status %d after %.2f s (bound %.0f s): %s\n",
           already_signalled ? " during the storm" : "", status, ms / 1e3, EXIT_BOUND_MS / 1e3, ok ? "ok" : "FAILED");
    if (!ok || getenv("STORM_LOG")) daemon_dump_log(d);
    daemon_remove_log(d);
    return ok;
}

int main(int argc, char **argv) {
    Options o;
    if (!parse_options(argc, argv, &o)) {
        fprintf(stderr, "usage: storm_client [--connections N] [--concurrency C] [--hold-ms H] [--reply-bound MS]\n"
                        "                    [--settle-bound S] [--rss-slack MB] [--rounds R] [--sigterm-during]\n"
                        "                    -- RATNIK [flags]\n");
        return 2;
    }
    signal(SIGPIPE, SIG_IGN);
    DaemonProc d;
    if (!daemon_start(&d, o.daemon_argv)) return 1;
    StormStats st = {0};
    bool ok = true;
    double warm = probe_alone(d.port, o.reply_bound_ms, &st, "before the storm");
    ProcSample base;
    proc_settle(&base, d.pid, 2000); /* the warm-up session's teardown */
    printf("storm: daemon pid %d on 127.0.0.1:%d; baseline threads %d, descriptors %d, RSS %.1f MB; "
           "go depth 4 alone: %.0f ms\n", (int)d.pid, d.port, base.threads, base.fds, base.rss_kb / 1024.0, warm);
    if (warm < 0) ok = false;
    st = (StormStats){.peak = base};
    double t0 = clock_now_ms();
    for (int r = 0; r < o.rounds && !(o.sigterm_during && r); r++) run_storm(&o, &d, &st);
    double storm_s = (clock_now_ms() - t0) / 1e3;
    printf("storm: %d round%s of %d connections (in all %d silent, %d uci, %d go-fin, %d go-rst; %d failed to connect) "
           "in %.1f s, at most %d open at once, held 0..%d ms\n", o.rounds, o.rounds > 1 ? "s" : "", o.connections, st.by_kind[K_SILENT], st.by_kind[K_UCI],
           st.by_kind[K_GO_FIN], st.by_kind[K_GO_RST], st.connect_failed, storm_s, o.concurrency, o.hold_ms);
    printf("storm: daemon peak during the storm: threads %d, descriptors %d, RSS %.1f MB\n", st.peak.threads,
           st.peak.fds, st.peak.rss_kb / 1024.0);
    if (o.sigterm_during) return stop_daemon(&d, true) ? 0 : 1;
    ProcSample after;
    double settle_ms = settle(&o, &d, &base, &after, &st);
    bool settled = settle_ms >= 0;
    printf("storm: after the storm: threads %d, descriptors %d, RSS %.1f MB (baseline + %d MB allowed) %s %.2f s "
           "(bound %d s): %s\n", after.threads, after.fds, after.rss_kb / 1024.0, o.rss_slack_mb,
           settled ? "reached in" : "NOT reached in", settled ? settle_ms / 1e3 : (double)o.settle_bound_s,
           o.settle_bound_s, settled ? "ok" : "FAILED");
    ok = ok && settled;
    bool probes_ok = st.probes > 0 && st.probes_failed == 0;
    printf("storm: new sessions during the storm and until back to the baseline: %d probes, %d refused (too many "
           "sessions), %d without an answer; connect to answer median %.0f ms, slowest %.0f ms (connected after "
           "%.0f ms, first byte after %.0f ms; bound %d ms): %s\n",
           st.probes, st.probes_refused, st.probes_failed, median(st.probe_ms, st.answered), st.slowest_probe_ms,
           st.slowest_connect_ms, st.slowest_first_byte_ms, o.reply_bound_ms, probes_ok ? "ok" : "FAILED");
    ok = ok && probes_ok;
    double last = probe_alone(d.port, o.reply_bound_ms, &st, "after the storm");
    printf("storm: go depth 4 after the storm: %.0f ms\n", last);
    ok = ok && last >= 0;
    ok = stop_daemon(&d, false) && ok;
    printf("storm: %s\n", ok ? "ok" : "FAILED");
    return ok ? 0 : 1;
}
