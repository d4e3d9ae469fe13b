/* Engines as child processes: fork/exec with two pipes, line writes, and
 * line reads that give up at a deadline (poll), so a silent engine never
 * blocks the runner. Every descriptor is close-on-exec: with -concurrency,
 * an engine must not inherit the pipes of another game's engines (it would
 * keep them open and hide that engine's death). */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "match.h"
#include "../../engine/clock.h"

/* In the child: what it failed at and the errno, on the close-on-exec
 * pipe, so the runner can say why the engine never started (a successful
 * exec closes the pipe with nothing written). */
static void child_fail(int fd, int step) {
    int msg[2] = {step, errno};
    ssize_t w = write(fd, msg, sizeof msg);
    (void)w;
    _exit(127);
}

enum { STEP_CHDIR = 1, STEP_EXEC = 2 };

/* The child's report: true when the exec happened, else the reason. */
static bool exec_happened(int fd, const EngineSpec *spec, char *err, size_t errlen) {
    int msg[2];
    ssize_t got;
    while ((got = read(fd, msg, sizeof msg)) < 0 && errno == EINTR) {}
    if (got != (ssize_t)sizeof msg) return true;
    if (msg[0] == STEP_CHDIR) snprintf(err, errlen, "cannot enter dir '%s': %s", spec->dir, strerror(msg[1]));
    else snprintf(err, errlen, "cannot run '%s': %s", spec->cmd, strerror(msg[1]));
    return false;
}

static void close_pair(int p[2]) { close(p[0]), close(p[1]); }

void match_children_add(MatchChildren *c, pid_t pid) {
    if (!c) return;
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < MATCH_MAX_CHILDREN; i++)
        if (!c->pid[i]) {
            c->pid[i] = pid;
            break;
        }
    pthread_mutex_unlock(&c->lock);
}

void match_children_remove(MatchChildren *c, pid_t pid) {
    if (!c) return;
    pthread_mutex_lock(&c->lock);
    for (int i = 0; i < MATCH_MAX_CHILDREN; i++)
        if (c->pid[i] == pid) c->pid[i] = 0;
    pthread_mutex_unlock(&c->lock);
}

bool proc_start(EngineProc *p, const EngineSpec *spec, bool debug, MatchChildren *children, char *err, size_t errlen) {
    memset(p, 0, sizeof *p);
    p->pid = -1, p->to_fd = p->from_fd = -1;
    p->debug = debug;
    p->children = children;
    p->tag = spec->name;
    int in[2], out[2], report[2];
    if (pipe2(in, O_CLOEXEC)) { snprintf(err, errlen, "pipe: %s", strerror(errno)); return false; }
    if (pipe2(out, O_CLOEXEC)) {
        close_pair(in);
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return false;
    }
    if (pipe2(report, O_CLOEXEC)) {
        close_pair(in), close_pair(out);
        snprintf(err, errlen, "pipe: %s", strerror(errno));
        return false;
    }
    /* argv is built before fork: the child only calls async-signal-safe functions. */
    char *argv[MATCH_MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = (char *)spec->cmd;
    for (int i = 0; i < spec->nargs; i++) argv[argc++] = (char *)spec->args[i];
    argv[argc] = NULL;
    int devnull = debug ? -1 : open("/dev/null", O_WRONLY | O_CLOEXEC);
    pid_t pid = fork();
    if (pid == 0) {
        setpgid(0, 0); /* its own group: a script's children die with it */
        sigset_t none; /* the runner's threads block the signals its watcher waits for */
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        dup2(in[0], 0);
        dup2(out[1], 1);
        if (devnull >= 0) dup2(devnull, 2);
        if (spec->dir[0] && chdir(spec->dir)) child_fail(report[1], STEP_CHDIR);
        execvp(spec->cmd, argv);
        child_fail(report[1], STEP_EXEC);
    }
    close(in[0]), close(out[1]), close(report[1]);
    if (devnull >= 0) close(devnull);
    if (pid < 0) {
        close(in[1]), close(out[0]), close(report[0]);
        snprintf(err, errlen, "fork: %s", strerror(errno));
        return false;
    }
    p->pid = pid, p->to_fd = in[1], p->from_fd = out[0];
    match_children_add(children, pid);
    bool started = exec_happened(report[0], spec, err, errlen);
    close(report[0]);
    if (!started) proc_stop(p, false);
    return started;
}

static bool write_all(int fd, const char *s, size_t n) {
    while (n) {
        ssize_t w = write(fd, s, n);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0) return false;
        s += w, n -= (size_t)w;
    }
    return true;
}

bool proc_send(EngineProc *p, const char *fmt, ...) {
    if (p->dead || p->to_fd < 0) return false;
    va_list ap;
    va_start(ap, fmt);
    char *line = NULL;
    int len = vasprintf(&line, fmt, ap);
    va_end(ap);
    if (len < 0) return false;
    if (p->debug) fprintf(stderr, "%.0f <%s: %s\n", clock_now_ms(), p->tag, line);
    bool ok = write_all(p->to_fd, line, (size_t)len) && write_all(p->to_fd, "\n", 1);
    free(line);
    if (!ok) p->dead = true;
    return ok;
}

/* Moves one complete line out of the buffer, if there is one. An over-long
 * line is cut at the buffer size rather than stalling the reader. */
static bool take_line(EngineProc *p, char *line, size_t n) {
    char *nl = memchr(p->buf, '\n', p->len);
    if (!nl && p->len < sizeof p->buf) return false;
    size_t used = nl ? (size_t)(nl - p->buf) + 1 : p->len;
    size_t keep = nl ? (size_t)(nl - p->buf) : p->len;
    if (keep && p->buf[keep - 1] == '\r') keep--;
    if (keep >= n) keep = n - 1;
    memcpy(line, p->buf, keep);
    line[keep] = 0;
    memmove(p->buf, p->buf + used, p->len - used);
    p->len -= used;
    if (p->debug) fprintf(stderr, "%.0f >%s: %s\n", clock_now_ms(), p->tag, line);
    return true;
}

int proc_read_line(EngineProc *p, char *line, size_t n, double deadline_ms) {
    for (;;) {
        if (take_line(p, line, n)) return 1;
        if (p->dead || p->from_fd < 0) return -1;
        double left = deadline_ms - clock_now_ms();
        if (left <= 0) return 0;
        struct pollfd pfd = {p->from_fd, POLLIN, 0};
        int r = poll(&pfd, 1, left > 1e6 ? 1000000 : (int)left + 1);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue; /* the deadline check above decides */
        ssize_t got = read(p->from_fd, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            p->dead = true;
            /* a last line without its newline still counts */
            if (p->len) {
                p->buf[p->len < sizeof p->buf ? p->len : sizeof p->buf - 1] = '\n';
                if (p->len < sizeof p->buf) p->len++;
                if (take_line(p, line, n)) return 1;
            }
            return -1;
        }
        p->len += (size_t)got;
    }
}

/* Waits up to ms for the child to exit; true once it is reaped. */
static bool reap(pid_t pid, int ms) {
    double until = clock_now_ms() + ms;
    do {
        pid_t r = waitpid(pid, NULL, WNOHANG);
        if (r == pid || (r < 0 && errno == ECHILD)) return true;
        struct timespec ts = {0, 5 * 1000 * 1000};
        nanosleep(&ts, NULL);
    } while (clock_now_ms() < until);
    return false;
}

void proc_stop(EngineProc *p, bool polite) {
    if (p->pid <= 0) return;
    if (polite && !p->dead) {
        proc_send(p, "quit");
        if (p->to_fd >= 0) close(p->to_fd), p->to_fd = -1; /* EOF for engines that ignore quit */
    }
    if (p->to_fd >= 0) close(p->to_fd), p->to_fd = -1;
    if (!reap(p->pid, polite ? 500 : 0)) {
        kill(p->pid, SIGKILL);
        waitpid(p->pid, NULL, 0);
    }
    kill(-p->pid, SIGKILL); /* what a script engine left behind (its group) */
    match_children_remove(p->children, p->pid);
    if (p->from_fd >= 0) close(p->from_fd), p->from_fd = -1;
    p->pid = -1;
    p->dead = true;
}
