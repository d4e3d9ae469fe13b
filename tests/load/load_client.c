/* Load test for the TCP daemon: N sessions at once (default 200) on
 * 127.0.0.1, each playing one short game against itself with `go depth 3`
 * to its end (a result, or --plies turns), checking every reply:
 *   uci -> uciok, setoption UCI_Variant -> the variant line, isready -> readyok,
 *   position ... + d -> no error and a Result line, go depth 3 -> bestmove
 *   with a move (the next position command proves it legal).
 * Single-threaded poll() loop; bounded by --timeout seconds overall and by
 * --reply-timeout seconds per reply. Exit 0 only if every game finished.
 *
 *   load_client --port P [--sessions N] [--plies K] [--timeout S] [--reply-timeout S]
 *               [--variants chess,japanese,...]   (session i plays variant i mod count)
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>
#include "../../engine/clock.h"

enum { BUF = 1 << 16, MOVES = 8192 };

typedef enum { ST_CONNECT, ST_UCI, ST_VARIANT, ST_READY, ST_POSITION, ST_GO, ST_DONE, ST_FAILED } State;

typedef struct {
    int fd;
    State st;
    const char *variant;
    char in[BUF];
    size_t in_len;
    char moves[MOVES]; /* space-separated turns played so far */
    size_t moves_len;
    int plies;
    char result[64];
    double sent_ms;    /* when the awaited command was sent */
    char why[256];     /* first failure */
} Sess;

/* voodoo is left out by default: its `go depth 3` takes ~30 s alone (a
 * quiescence explosion, seldepth 27), far beyond a load test's budget. */
enum { MAX_VARIANTS = 16 };
static const char *default_variants = "chess,japanese,belarusian,buratia";

typedef struct {
    double slowest_ms, total_ms;
    long replies, bestmoves;
    double slowest_go_ms;
} Stats;

static void fail(Sess *s, const char *fmt, const char *arg) {
    if (s->st == ST_FAILED) return;
    snprintf(s->why, sizeof s->why, fmt, arg);
    s->st = ST_FAILED;
}

static void send_cmd(Sess *s, const char *text) {
    size_t len = strlen(text), off = 0;
    while (off < len) { /* short commands: the socket buffer takes them at once */
        ssize_t n = send(s->fd, text + off, len - off, MSG_NOSIGNAL);
        if (n < 0 && errno == EAGAIN) {
            struct pollfd p = {s->fd, POLLOUT, 0};
            poll(&p, 1, 1000);
            continue;
        }
        if (n <= 0) {
            fail(s, "send: %s", strerror(errno));
            return;
        }
        off += (size_t)n;
    }
    s->sent_ms = clock_now_ms();
}

static void send_position(Sess *s) {
    static char cmd[MOVES + 64];
    snprintf(cmd, sizeof cmd, "position startpos%s%.*s\nd\n", s->moves_len ? " moves" : "", (int)s->moves_len, s->moves);
    send_cmd(s, cmd);
    s->st = ST_POSITION;
}

static void reply_time(Sess *s, Stats *st, bool is_go) {
    double t = clock_now_ms() - s->sent_ms;
    st->replies++;
    st->total_ms += t;
    if (t > st->slowest_ms) st->slowest_ms = t;
    if (is_go && t > st->slowest_go_ms) st->slowest_go_ms = t;
}

/* One line from the server, in the session's current state. */
static void on_line(Sess *s, char *line, int max_plies, Stats *st) {
    if (strstr(line, "error")) {
        fail(s, "error reply: %.200s", line);
        return;
    }
    switch (s->st) {
    case ST_UCI:
        if (!strcmp(line, "uciok")) {
            reply_time(s, st, false);
            char cmd[128];
            snprintf(cmd, sizeof cmd, "setoption name UCI_Variant value %s\nisready\n", s->variant);
            send_cmd(s, cmd);
            s->st = ST_VARIANT;
        }
        break;
    case ST_VARIANT:
        if (!strncmp(line, "info string variant ", 20)) {
            char want[64];
            snprintf(want, sizeof want, "info string variant %s ", s->variant);
            if (strncmp(line, want, strlen(want))) fail(s, "wrong variant line: %.200s", line);
            else s->st = ST_READY;
        } else if (!strcmp(line, "readyok")) fail(s, "%s", "readyok before the variant line");
        break;
    case ST_READY:
        if (!strcmp(line, "readyok")) {
            reply_time(s, st, false);
            send_position(s);
        }
        break;
    case ST_POSITION:
        if (!strncmp(line, "Variant: ", 9) && strcmp(line + 9, s->variant)) fail(s, "wrong variant: %.200s", line);
        if (!strncmp(line, "Result: ", 8)) {
            reply_time(s, st, false);
            snprintf(s->result, sizeof s->result, "%s", line + 8);
            if (strcmp(s->result, "none") || s->plies >= max_plies) {
                send_cmd(s, "quit\n");
                s->st = ST_DONE;
            } else {
                send_cmd(s, "go depth 3\n");
                s->st = ST_GO;
            }
        }
        break;
    case ST_GO:
        if (!strncmp(line, "bestmove ", 9)) {
            reply_time(s, st, true);
            st->bestmoves++;
            char *mv = line + 9, *sp = strchr(mv, ' ');
            if (sp) *sp = 0;
            if (!*mv || !strcmp(mv, "(none)")) {
                fail(s, "no move in a game that is not over: %.200s", line);
                return;
            }
            size_t n = strlen(mv);
            if (s->moves_len + n + 2 >= MOVES) {
                fail(s, "%s", "move list overflow");
                return;
            }
            s->moves[s->moves_len++] = ' ';
            memcpy(s->moves + s->moves_len, mv, n);
            s->moves_len += n;
            s->plies++;
            send_position(s);
        } else if (strncmp(line, "info ", 5)) {
            fail(s, "unexpected reply to go: %.200s", line);
        }
        break;
    default:
        break;
    }
}

static int connect_to(int port) {
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0) return -1;
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK); /* 127.0.0.1 only */
    if (connect(fd, (struct sockaddr *)&a, sizeof a)) {
        close(fd);
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    return fd;
}

int main(int argc, char **argv) {
    int port = 0, nsess = 200, max_plies = 400, timeout_s = 600, reply_timeout_s = 60;
    char vlist[512];
    snprintf(vlist, sizeof vlist, "%s", default_variants);
    for (int i = 1; i + 1 < argc; i += 2) {
        int v = atoi(argv[i + 1]);
        if (!strcmp(argv[i], "--port")) port = v;
        else if (!strcmp(argv[i], "--variants")) snprintf(vlist, sizeof vlist, "%s", argv[i + 1]);
        else if (!strcmp(argv[i], "--sessions")) nsess = v;
        else if (!strcmp(argv[i], "--plies")) max_plies = v;
        else if (!strcmp(argv[i], "--timeout")) timeout_s = v;
        else if (!strcmp(argv[i], "--reply-timeout")) reply_timeout_s = v;
        else {
            fprintf(stderr, "unknown argument %s\n", argv[i]);
            return 2;
        }
    }
    if (port <= 0 || nsess < 1 || nsess > 100000 || max_plies < 1 || max_plies > 1000) {
        fprintf(stderr, "usage: load_client --port P [--sessions N] [--plies K] [--timeout S] [--reply-timeout S]\n");
        return 2;
    }
    const char *variants[MAX_VARIANTS];
    int nvariants = 0;
    char *save = NULL;
    for (char *t = strtok_r(vlist, ",", &save); t && nvariants < MAX_VARIANTS; t = strtok_r(NULL, ",", &save))
        variants[nvariants++] = t;
    if (!nvariants) return 2;
    Sess *ss = calloc((size_t)nsess, sizeof *ss);
    struct pollfd *pf = calloc((size_t)nsess, sizeof *pf);
    if (!ss || !pf) return 1;
    Stats st = {0};
    double t0 = clock_now_ms(), deadline = t0 + timeout_s * 1e3;
    for (int i = 0; i < nsess; i++) {
        Sess *s = &ss[i];
        s->variant = variants[i % nvariants];
        s->fd = connect_to(port);
        if (s->fd < 0) {
            fail(s, "connect: %s", strerror(errno));
            continue;
        }
        s->st = ST_UCI;
        send_cmd(s, "uci\n");
    }
    double connected_ms = clock_now_ms() - t0;
    for (;;) {
        int open = 0;
        double now = clock_now_ms();
        for (int i = 0; i < nsess; i++) {
            Sess *s = &ss[i];
            pf[i].fd = -1;
            pf[i].events = POLLIN;
            if (s->st == ST_DONE || s->st == ST_FAILED || s->fd < 0) continue;
            if (now - s->sent_ms > reply_timeout_s * 1e3) {
                fail(s, "%s", "no reply in time");
                continue;
            }
            pf[i].fd = s->fd;
            open++;
        }
        if (!open || now > deadline) break;
        if (poll(pf, (nfds_t)nsess, 100) < 0 && errno != EINTR) break;
        for (int i = 0; i < nsess; i++) {
            Sess *s = &ss[i];
            if (pf[i].fd < 0 || !(pf[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
            ssize_t n = recv(s->fd, s->in + s->in_len, sizeof s->in - 1 - s->in_len, 0);
            if (n <= 0) {
                if (n < 0 && errno == EAGAIN) continue;
                fail(s, "connection closed by the server%s", "");
                continue;
            }
            s->in_len += (size_t)n;
            s->in[s->in_len] = 0;
            char *p = s->in, *nl;
            while ((nl = strchr(p, '\n')) && s->st != ST_FAILED && s->st != ST_DONE) {
                *nl = 0;
                on_line(s, p, max_plies, &st);
                p = nl + 1;
            }
            if (s->st == ST_DONE || s->st == ST_FAILED) continue;
            s->in_len -= (size_t)(p - s->in);
            memmove(s->in, p, s->in_len);
            if (s->in_len >= sizeof s->in - 1) fail(s, "%s", "reply line too long");
        }
    }
    double elapsed = clock_now_ms() - t0;
    int done = 0, failed = 0, decided = 0;
    long plies = 0;
    for (int i = 0; i < nsess; i++) {
        Sess *s = &ss[i];
        if (s->st == ST_DONE) {
            done++;
            plies += s->plies;
            if (strcmp(s->result, "none")) decided++;
        } else {
            if (s->st != ST_FAILED) fail(s, "%s", "unfinished at the deadline");
            if (failed++ < 10) fprintf(stderr, "session %d (%s, ply %d): %s\n", i, s->variant, s->plies, s->why);
        }
        if (s->fd >= 0) close(s->fd);
    }
    printf("variants:");
    for (int v = 0; v < nvariants; v++) printf(" %s", variants[v]);
    printf("\n");
    printf("sessions %d: %d games finished (%d by a result, the rest at %d plies), %d failed\n", nsess, done,
           decided, max_plies, failed);
    printf("turns played %ld, bestmoves %ld, replies %ld\n", plies, st.bestmoves, st.replies);
    printf("connect all %.0f ms, total %.1f s, mean reply %.1f ms, slowest reply %.0f ms (slowest go depth 3: %.0f ms)\n",
           connected_ms, elapsed / 1e3, st.replies ? st.total_ms / (double)st.replies : 0.0, st.slowest_ms,
           st.slowest_go_ms);
    free(ss);
    free(pf);
    return failed ? 1 : 0;
}
