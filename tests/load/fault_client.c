/* Fault sessions for the daemon, run beside the load client (load.sh):
 * while the load plays its games, this client keeps misbehaving on its own
 * connections and checks that each misbehaviour gets its documented answer
 * (docs/daemon.md) and disturbs nothing:
 *   reset     `go infinite`, then a reset (SO_LINGER 0) mid-search
 *   halfclose `go infinite`, then shutdown(SHUT_WR): bestmove, then EOF
 *   bigline   a 1 MB line: one "line too long" error, then isready -> readyok
 *   garbage   4 KB of binary (NULs, CRs, high bytes): isready -> readyok
 *   idle      (with --idle S) one connection that sends nothing: the idle
 *             timeout line, then EOF, within S + 15 s
 * One fault at a time, in turn, for --duration seconds (the idle one runs
 * alongside). Exit 0 only if every fault got its answer.
 *
 *   fault_client --port P [--duration S] [--idle S]
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "../../engine/clock.h"

enum { REPLY_MS = 60000, BIG_LINE = 1 << 20 };

static int connect_to(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd < 0 || connect(fd, (struct sockaddr *)&a, sizeof a)) {
        if (fd >= 0) close(fd);
        return -1;
    }
    return fd;
}

static bool send_all(int fd, const char *p, size_t n) {
    while (n) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w <= 0) return false;
        p += w, n -= (size_t)w;
    }
    return true;
}

/* Reads until `want` appears in the input (true), EOF or timeout (false).
 * With want NULL, waits for EOF (true). If `first` is given, it must have
 * appeared too (the two may come in one read). */
static bool wait_for2(int fd, const char *first, const char *want, double timeout_ms) {
    static char buf[1 << 16];
    size_t len = 0;
    bool seen_first = !first;
    double end = clock_now_ms() + timeout_ms;
    for (;;) {
        double left = end - clock_now_ms();
        if (left <= 0) return false;
        struct pollfd p = {fd, POLLIN, 0};
        if (poll(&p, 1, (int)left + 1) <= 0) continue;
        ssize_t r = recv(fd, buf + len, sizeof buf - 1 - len, 0);
        if (r <= 0) return want == NULL;
        len += (size_t)r;
        buf[len] = 0;
        if (!seen_first && strstr(buf, first)) seen_first = true;
        if (want && strstr(buf, want)) return seen_first;
        if (len > sizeof buf / 2) { /* keep the tail, where a line may be split */
            memmove(buf, buf + len - 1024, 1024);
            len = 1024;
            buf[len] = 0;
        }
    }
}

static bool wait_for(int fd, const char *want, double timeout_ms) { return wait_for2(fd, NULL, want, timeout_ms); }

static bool fault_reset(int fd) {
    if (!send_all(fd, "uci\ngo infinite\n", 16) || !wait_for(fd, "info depth", REPLY_MS)) return false;
    struct linger l = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_LINGER, &l, sizeof l);
    return true; /* the caller's close() sends the reset */
}

static bool fault_halfclose(int fd) {
    if (!send_all(fd, "uci\ngo infinite\n", 16) || !wait_for(fd, "info depth", REPLY_MS)) return false;
    shutdown(fd, SHUT_WR);
    return wait_for(fd, "bestmove", REPLY_MS) && wait_for(fd, NULL, REPLY_MS);
}

static bool fault_bigline(int fd) {
    char *line = malloc(BIG_LINE + 1);
    memset(line, 'a', BIG_LINE);
    line[BIG_LINE] = '\n';
    bool ok = send_all(fd, "uci\n", 4) && send_all(fd, line, BIG_LINE + 1) && send_all(fd, "isready\n", 8)
           && wait_for2(fd, "line too long", "readyok", REPLY_MS);
    free(line);
    return ok;
}

static bool fault_garbage(int fd, unsigned *seed) {
    char junk[4096];
    for (size_t i = 0; i < sizeof junk; i++) {
        *seed = *seed * 1103515245u + 12345u;
        junk[i] = (char)(*seed >> 16);
    }
    /* `uci` first, so that junk cannot choose CECP for the session */
    return send_all(fd, "uci\n", 4) && send_all(fd, junk, sizeof junk) && send_all(fd, "\nisready\n", 9)
        && wait_for(fd, "readyok", REPLY_MS);
}

typedef enum { F_RESET, F_HALFCLOSE, F_BIGLINE, F_GARBAGE, F_NB } Fault;
static const char *const fault_name[F_NB] = {"reset", "halfclose", "bigline", "garbage"};

int main(int argc, char **argv) {
    int port = 0, duration = 60, idle = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--port")) port = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--duration")) duration = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--idle")) idle = atoi(argv[i + 1]);
    }
    if (port <= 0) {
        fprintf(stderr, "usage: fault_client --port P [--duration S] [--idle S]\n");
        return 2;
    }
    int idle_fd = idle > 0 ? connect_to(port) : -1;
    double idle_start = clock_now_ms();
    int done[F_NB] = {0}, failed[F_NB] = {0};
    unsigned seed = 2024u;
    double end = clock_now_ms() + duration * 1000.0;
    for (int k = 0; clock_now_ms() < end; k++) {
        Fault f = (Fault)(k % F_NB);
        int fd = connect_to(port);
        bool ok = fd >= 0;
        if (ok) {
            switch (f) {
            case F_RESET: ok = fault_reset(fd); break;
            case F_HALFCLOSE: ok = fault_halfclose(fd); break;
            case F_BIGLINE: ok = fault_bigline(fd); break;
            default: ok = fault_garbage(fd, &seed); break;
            }
            close(fd);
        }
        usleep(20000); /* at most ~50 faults a second: the load needs the CPU */
        done[f]++;
        if (!ok) {
            if (failed[0] + failed[1] + failed[2] + failed[3] < 5)
                fprintf(stderr, "fault: %s #%d got no proper answer\n", fault_name[f], done[f]);
            failed[f]++;
        }
    }
    int bad = 0;
    for (int f = 0; f < F_NB; f++) {
        printf("fault: %-9s %d sessions, %d failed\n", fault_name[f], done[f], failed[f]);
        bad += failed[f];
    }
    if (idle > 0) {
        double left = idle * 1000.0 + 15000 - (clock_now_ms() - idle_start);
        bool ok = idle_fd >= 0 && wait_for(idle_fd, "idle timeout", left > 0 ? left : 1) && wait_for(idle_fd, NULL, 15000);
        printf("fault: idle      1 session closed after the idle timeout: %s (%.0f s)\n", ok ? "yes" : "NO",
               (clock_now_ms() - idle_start) / 1000);
        if (!ok) bad++;
        if (idle_fd >= 0) close(idle_fd);
    }
    return bad ? 1 : 0;
}
