/* The daemon process for the storm client (storm_proc.h). */
#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "storm_proc.h"
#include "../../engine/clock.h"

enum { START_MS = 20000, MAX_ARGS = 64 };

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static void sanitizer_option(const char *var, const char *opt) {
    const char *old = getenv(var);
    char opts[512];
    snprintf(opts, sizeof opts, "%s%s%s", old ? old : "", old && *old ? ":" : "", opt);
    setenv(var, opts, 1);
}

static void exec_daemon(char **argv, int logfd) {
    char *args[MAX_ARGS + 4] = {argv[0], "--listen", "127.0.0.1:0"};
    int n = 3;
    for (int i = 1; argv[i] && n < MAX_ARGS; i++) args[n++] = argv[i];
    args[n] = NULL;
    prctl(PR_SET_PDEATHSIG, SIGKILL); /* never outlive the client */
    /* Under ASan, the quarantine would keep freed sessions in the RSS;
     * ThreadSanitizer sleeps a second at exit, which the SIGTERM bound
     * would count. Other builds ignore both. */
    sanitizer_option("ASAN_OPTIONS", "quarantine_size_mb=0");
    sanitizer_option("TSAN_OPTIONS", "atexit_sleep_ms=0");
    dup2(logfd, 2);
    close(logfd);
    execv(args[0], args);
    fprintf(stderr, "cannot run %s\n", args[0]);
    _exit(127);
}

static int read_port(const char *log) {
    FILE *f = fopen(log, "r");
    if (!f) return 0;
    char line[512];
    int port = 0;
    while (!port && fgets(line, sizeof line, f)) {
        const char *at = strstr(line, "listening on 127.0.0.1:");
        if (at && strchr(at, '\n')) port = atoi(at + strlen("listening on 127.0.0.1:"));
    }
    fclose(f);
    return port;
}

bool daemon_start(DaemonProc *d, char **argv) {
    memset(d, 0, sizeof *d);
    snprintf(d->log, sizeof d->log, "/tmp/ratnik-storm-XXXXXX");
    int fd = mkstemp(d->log);
    if (fd < 0) {
        perror("storm: mkstemp");
        return false;
    }
    d->pid = fork();
    if (d->pid < 0) {
        perror("storm: fork");
        return false;
    }
    if (!d->pid) exec_daemon(argv, fd);
    close(fd);
    double end = clock_now_ms() + START_MS;
    while (!(d->port = read_port(d->log)) && clock_now_ms() < end && waitpid(d->pid, NULL, WNOHANG) == 0) sleep_ms(20);
    if (!d->port) {
        fprintf(stderr, "storm: the daemon did not start\n");
        daemon_dump_log(d);
        kill(d->pid, SIGKILL);
        waitpid(d->pid, NULL, 0);
        remove(d->log);
        return false;
    }
    return true;
}

void daemon_signal(DaemonProc *d, int sig) {
    d->signal_ms = clock_now_ms();
    kill(d->pid, sig);
}

int daemon_wait(DaemonProc *d, int ms) {
    double end = clock_now_ms() + ms;
    int status = 0;
    pid_t r;
    while ((r = waitpid(d->pid, &status, WNOHANG)) == 0 && clock_now_ms() < end) sleep_ms(5);
    if (r != d->pid) {
        kill(d->pid, SIGKILL);
        waitpid(d->pid, &status, 0);
        status = -1;
    } else {
        status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    return status;
}

void daemon_remove_log(const DaemonProc *d) { remove(d->log); }

void daemon_dump_log(const DaemonProc *d) {
    FILE *f = fopen(d->log, "r");
    if (!f) return;
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f) && n++ < 40) fprintf(stderr, "daemon: %s", line);
    fclose(f);
}

static int count_fds(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/fd", (int)pid);
    DIR *dir = opendir(path);
    if (!dir) return -1;
    int n = 0;
    for (struct dirent *e; (e = readdir(dir));) n += e->d_name[0] != '.';
    closedir(dir);
    return n;
}

bool proc_sample(ProcSample *s, pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
    FILE *f = fopen(path, "r");
    if (!f) return false;
    s->threads = -1;
    s->rss_kb = -1;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "Threads:", 8)) s->threads = atoi(line + 8);
        else if (!strncmp(line, "VmRSS:", 6)) s->rss_kb = atol(line + 6);
    }
    fclose(f);
    s->fds = count_fds(pid);
    return s->threads >= 0 && s->rss_kb >= 0 && s->fds >= 0;
}

void proc_peak(ProcSample *peak, pid_t pid) {
    ProcSample s;
    if (!proc_sample(&s, pid)) return;
    if (s.threads > peak->threads) peak->threads = s.threads;
    if (s.fds > peak->fds) peak->fds = s.fds;
    if (s.rss_kb > peak->rss_kb) peak->rss_kb = s.rss_kb;
}

void proc_settle(ProcSample *s, pid_t pid, int ms) {
    double end = clock_now_ms() + ms;
    ProcSample prev = {-1, -1, -1};
    sleep_ms(100);
    while (proc_sample(s, pid) && clock_now_ms() < end) {
        if (s->threads == prev.threads && s->fds == prev.fds) return;
        prev = *s;
        sleep_ms(100);
    }
}

double proc_wait_baseline(ProcSample *now, pid_t pid, const ProcSample *base, long slack_kb, double bound_ms) {
    double t0 = clock_now_ms();
    for (;;) {
        if (!proc_sample(now, pid)) return -1;
        double ms = clock_now_ms() - t0;
        if (now->threads <= base->threads && now->fds <= base->fds && now->rss_kb <= base->rss_kb + slack_kb) return ms;
        if (ms > bound_ms) return -1;
        sleep_ms(20);
    }
}
