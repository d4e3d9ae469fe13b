/* Commands that arrive while a search runs, through the real binary over
 * stdin/stdout and over TCP (the daemon), in UCI and CECP: each gets a sane
 * reply, and every search ends in exactly one `bestmove` (UCI) or in one
 * `move` unless the command cancels it (CECP), a move that is legal in the
 * position it was played from. `make tsan` runs these against a
 * ThreadSanitizer build, where a race between the command thread and the
 * search thread is a failure; the exit status (tsan exits 66 after a
 * report) is checked too. All traffic stays on 127.0.0.1. */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "daemon_client.h"
#include "../engine/clock.h"
#include "suites.h"

enum { PEER_WAIT_MS = 30000, LOG_MAX = 4 << 20 };

/* One connection to a ratnik: a child on pipes, or a TCP session. */
typedef struct {
    pid_t pid; /* the child of a pipe session, -1 over TCP */
    int in, out;
    char *log; /* everything received, NUL-terminated */
    size_t len, seen;
} Peer;

static Peer *peer_new(pid_t pid, int in, int out) {
    Peer *p = calloc(1, sizeof *p);
    ck_assert_ptr_nonnull(p);
    p->pid = pid, p->in = in, p->out = out;
    p->log = malloc(LOG_MAX);
    ck_assert_ptr_nonnull(p->log);
    p->log[0] = 0;
    return p;
}

static Peer *pipe_peer(void) {
    char *argv[] = {(char *)ratnik_bin(), NULL};
    int in, out;
    pid_t pid = spawn_on_pipes(argv, &in, &out);
    return peer_new(pid, in, out);
}

static void send_line(Peer *p, const char *line) {
    char buf[1024];
    int n = snprintf(buf, sizeof buf, "%s\n", line);
    ck_assert_int_eq(write(p->in, buf, (size_t)n), n);
}

/* Reads what is there within ms; false at end of stream. */
static bool pump(Peer *p, int ms) {
    struct pollfd pfd = {p->out, POLLIN, 0};
    if (poll(&pfd, 1, ms) <= 0) return true;
    ck_assert_msg(p->len < LOG_MAX - 1, "too much output");
    ssize_t r = read(p->out, p->log + p->len, LOG_MAX - 1 - p->len);
    if (r <= 0) return false;
    p->len += (size_t)r;
    p->log[p->len] = 0;
    return true;
}

/* Waits for a line starting with prefix after what earlier waits took;
 * returns its offset in the log. */
static size_t wait_line(Peer *p, const char *prefix) {
    double end = clock_now_ms() + PEER_WAIT_MS;
    size_t n = strlen(prefix);
    for (;;) {
        char *nl;
        while ((nl = strchr(p->log + p->seen, '\n'))) {
            size_t at = p->seen;
            p->seen = (size_t)(nl + 1 - p->log);
            if (!strncmp(p->log + at, prefix, n)) return at;
        }
        ck_assert_msg(clock_now_ms() < end, "timed out waiting for '%s'; got:\n%.3000s", prefix, p->log);
        ck_assert_msg(pump(p, 50), "stream ended while waiting for '%s'; got:\n%.3000s", prefix, p->log);
    }
}

static int lines_from(const Peer *p, size_t from, const char *prefix) {
    int count = 0;
    size_t n = strlen(prefix);
    for (const char *s = p->log + from; *s;) {
        if (!strncmp(s, prefix, n)) count++;
        const char *nl = strchr(s, '\n');
        if (!nl) break;
        s = nl + 1;
    }
    return count;
}

/* Ends a peer: quit and, for a child, its exit status (0, not tsan's 66). */
static void peer_close(Peer *p) {
    send_line(p, "quit");
    if (p->pid > 0) {
        int status = -1;
        double end = clock_now_ms() + PEER_WAIT_MS;
        while (waitpid(p->pid, &status, WNOHANG) == 0 && clock_now_ms() < end) usleep(5000);
        if (clock_now_ms() >= end) {
            kill(p->pid, SIGKILL);
            waitpid(p->pid, &status, 0);
        }
        ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "ratnik ended with status %d; output:\n%.3000s",
                      status, p->log);
    } else {
        double end = clock_now_ms() + PEER_WAIT_MS;
        while (pump(p, 50)) ck_assert_msg(clock_now_ms() < end, "the daemon kept the connection open after quit");
    }
    close(p->in);
    if (p->out != p->in) close(p->out);
    free(p->log);
    free(p);
}

/* ---- the daemon -------------------------------------------------------- */

static Peer *tcp_peer(const Server *d) {
    int fd = connect_port(d->port);
    return peer_new(-1, fd, fd);
}

/* SIGTERM; the daemon must exit 0 (a tsan report would make it 66). */
static void daemon_stop(Server *d) {
    int status = server_stop(d);
    ck_assert_msg(status == 0, "the daemon ended with status %d", status);
}

/* A pipe session, or a connection to d when d is given. */
static Peer *open_peer(const Server *d) { return d ? tcp_peer(d) : pipe_peer(); }

/* A peer that has said `uci` and had its uciok. */
static Peer *open_uci_peer(const Server *d) {
    Peer *p = open_peer(d);
    send_line(p, "uci");
    wait_line(p, "uciok");
    return p;
}

/* A peer in CECP protocol version 2, its features all sent. */
static Peer *open_cecp_peer(const Server *d) {
    Peer *p = open_peer(d);
    send_line(p, "xboard");
    send_line(p, "protover 2");
    wait_line(p, "feature done=1");
    return p;
}

/* ---- UCI ----------------------------------------------------------------- */

/* A command sent while `go` runs; reply: the start of a line it must
 * produce (NULL: none, and no error); gos: how many searches the case
 * starts in all. */
typedef struct {
    const char *go, *cmd, *reply;
    int gos;
} UciCase;

static const UciCase uci_cases[] = {
    {"go infinite", "isready", "readyok", 1},
    {"go infinite", "d", "Fen: ", 1},
    {"go infinite", "state", "info string state end", 1},
    {"go infinite", "legal", "info string legal end", 1},
    {"go infinite", "setoption name Hash value 8", NULL, 1},
    {"go infinite", "setoption name Threads value 2", NULL, 1},
    {"go infinite", "setoption name MultiPV value 2", NULL, 1},
    {"go infinite", "setoption name Clear Hash", NULL, 1},
    {"go infinite", "setoption name MoveLimit value 50", NULL, 1},
    {"go infinite", "setoption name UCI_Variant value japanese", "info string variant japanese", 1},
    {"go infinite", "setoption name OwnBook value true", NULL, 1},
    {"go infinite", "setoption name BookDepth value 4", NULL, 1},
    {"go infinite", "setoption name NoSuchOption value 1", "info string error: unknown option", 1},
    {"go infinite", "position startpos moves e2e4", NULL, 1},
    {"go infinite", "position startpos moves e2e5", "info string error", 1},
    {"go infinite", "ucinewgame", NULL, 1},
    {"go infinite", "go depth 2", NULL, 2},
    {"go infinite", "go perft 2", "Nodes searched: 400", 1},
    {"go infinite", "stop", NULL, 1},
    {"go infinite", "ponderhit", NULL, 1},
    {"go ponder wtime 3000 btime 3000", "ponderhit", NULL, 1},
    {"go wtime 200 btime 200", "isready", "readyok", 1},
    {"go movetime 40", "setoption name Threads value 1", NULL, 1},
};

/* One case on peer p: go, wait for the search to report, the command,
 * then stop; the reply and the bestmove count are checked. */
static void uci_case(Peer *p, const UciCase *c) {
    send_line(p, "position startpos");
    size_t start = p->len;
    p->seen = p->len;
    send_line(p, c->go);
    wait_line(p, "info depth 1 ");
    send_line(p, c->cmd);
    if (c->reply) wait_line(p, c->reply);
    send_line(p, "isready");
    wait_line(p, "readyok");
    send_line(p, "stop");
    send_line(p, "isready");
    wait_line(p, "readyok");
    const char *text = p->log + start;
    if (!c->reply)
        ck_assert_msg(!strstr(text, "error"), "'%s' during '%s' gave an error:\n%.3000s", c->cmd, c->go, text);
    int n = lines_from(p, start, "bestmove ");
    ck_assert_msg(n == c->gos, "'%s' during '%s': %d bestmoves for %d searches:\n%.3000s", c->cmd, c->go, n, c->gos,
                  text);
    ck_assert_msg(!strstr(text, "bestmove (none)"), "no move found:\n%.3000s", text);
    send_line(p, "setoption name UCI_Variant value chess");
    send_line(p, "setoption name MultiPV value 1");
    send_line(p, "setoption name OwnBook value false");
}

static void uci_all_cases(const Server *d) {
    Peer *p = open_uci_peer(d);
    for (size_t i = 0; i < sizeof uci_cases / sizeof *uci_cases; i++) uci_case(p, &uci_cases[i]);
    peer_close(p);
}

/* Commands that race with a search's own end: sent right after a short `go`. */
static void uci_racing_ends(const Server *d) {
    static const char *const cmds[] = {"isready", "d", "position startpos moves d2d4", "setoption name Hash value 4",
                                       "ucinewgame", "stop", "ponderhit"};
    Peer *p = open_uci_peer(d);
    int gos = 0;
    size_t start = p->len;
    for (int round = 0; round < 3; round++)
        for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
            send_line(p, round == 1 ? "go depth 3" : "go movetime 15");
            gos++;
            if (round) usleep((useconds_t)(1000 * (i % 4) * round * 4));
            send_line(p, cmds[i]);
        }
    send_line(p, "isready");
    wait_line(p, "readyok");
    p->seen = start;
    for (int k = 0; k < gos; k++) wait_line(p, "bestmove ");
    send_line(p, "isready");
    wait_line(p, "readyok");
    ck_assert_int_eq(lines_from(p, start, "bestmove "), gos);
    ck_assert_msg(!strstr(p->log + start, "error"), "an error:\n%.3000s", p->log + start);
    peer_close(p);
}

/* ---- CECP ---------------------------------------------------------------- */

/* setup: lines after `new` that leave the engine thinking; cmd: sent while
 * it thinks; reply: a line it must produce; moves: the engine's moves in
 * all; fen/after: the position the move was played from (NULL fen: the
 * start; after: turns played from there). */
typedef struct {
    const char *setup, *cmd, *reply;
    int moves;
    const char *fen, *after;
} CecpCase;

#define BLACK_THINKS "usermove e2e4"
#define WHITE_THINKS "force\nusermove e2e4\nusermove e7e5\ngo"
static const char D4_FEN[] = "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1";

/* Commands the engine answers without leaving its search: it still plays
 * one legal move after 1. e4, and nothing says Error. */
static const char *const cecp_harmless[] = {
    "bk", "hint", "?", ".", "post", "nopost", "time 6000", "otim 6000", "hard", "option OwnBook=1",
    "option BookVariety=0", "option MoveLimit=50", "option Clear Hash", "memory 8", "cores 2", "go",
};

/* Commands that end the search without a move, and nothing says Error. */
static const char *const cecp_cancelling[] = {
    "undo", "playother", "force", "new", "result 1-0 {resign}", "variant japanese",
};

static const CecpCase cecp_cases[] = {
    {BLACK_THINKS, "ping 5", "pong 5", 1, NULL, "e2e4"},
    {BLACK_THINKS, "remove", "Error (command not legal now): remove", 1, NULL, "e2e4"},
    {WHITE_THINKS, "remove", NULL, 1, NULL, ""},
    {WHITE_THINKS, "undo", NULL, 0, NULL, ""},
    {BLACK_THINKS, "setboard rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1", NULL, 1, D4_FEN, ""},
    {BLACK_THINKS, "setboard nonsense", "tellusererror Illegal position", 0, NULL, ""},
    {BLACK_THINKS, "bribe offer", "Error", 1, NULL, "e2e4"},
};

static void send_lines(Peer *p, const char *text) {
    char buf[512];
    snprintf(buf, sizeof buf, "%s", text);
    char *save = NULL;
    for (char *l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) send_line(p, l);
}

/* The engine's move must be legal where the case says it was played. */
static void check_move(const CecpCase *c, const char *log) {
    const char *m = strstr(log, "\nmove ");
    ck_assert_ptr_nonnull(m);
    char turn[TURN_STR_MAX];
    ck_assert_int_eq(sscanf(m + 6, "%63s", turn), 1);
    char fen[FEN_MAX];
    test_play("chess", c->fen, c->after, fen, sizeof fen);
    Position pos = test_pos("chess", fen);
    ck_assert_msg(test_has_turn(&pos, turn), "'%s' while thinking: move %s is not legal in %s", c->cmd, turn, fen);
}

static void cecp_case(Peer *p, const CecpCase *c, int id) {
    char ping[32];
    send_lines(p, "new\npost\nst 100");
    send_line(p, "ping 1");
    wait_line(p, "pong 1");
    size_t start = p->len;
    send_lines(p, c->setup);
    wait_line(p, "1 "); /* the first thinking line: the search runs */
    send_line(p, c->cmd);
    snprintf(ping, sizeof ping, "ping %d", 1000 + id);
    send_line(p, ping);
    send_line(p, "?"); /* move now, if still thinking */
    snprintf(ping, sizeof ping, "ping %d", 2000 + id);
    send_line(p, ping);
    snprintf(ping, sizeof ping, "pong %d", 2000 + id);
    wait_line(p, ping);
    const char *text = p->log + start;
    if (c->reply) ck_assert_msg(strstr(text, c->reply), "'%s' while thinking: no '%s' in:\n%.3000s", c->cmd, c->reply, text);
    else ck_assert_msg(!strstr(text, "Error"), "'%s' while thinking gave an error:\n%.3000s", c->cmd, text);
    int n = lines_from(p, start, "move ");
    ck_assert_msg(n == c->moves, "'%s' while thinking: %d moves, expected %d:\n%.3000s", c->cmd, n, c->moves, text);
    if (n) check_move(c, p->log + start - 1);
    send_line(p, "force");
    send_line(p, "option OwnBook=0");
    send_line(p, "variant normal");
}

static void cecp_all_cases(const Server *d) {
    Peer *p = open_cecp_peer(d);
    int id = 0;
    for (size_t i = 0; i < sizeof cecp_harmless / sizeof *cecp_harmless; i++)
        cecp_case(p, &(CecpCase){BLACK_THINKS, cecp_harmless[i], NULL, 1, NULL, "e2e4"}, id++);
    for (size_t i = 0; i < sizeof cecp_cancelling / sizeof *cecp_cancelling; i++)
        cecp_case(p, &(CecpCase){BLACK_THINKS, cecp_cancelling[i], NULL, 0, NULL, ""}, id++);
    for (size_t i = 0; i < sizeof cecp_cases / sizeof *cecp_cases; i++) cecp_case(p, &cecp_cases[i], id++);
    peer_close(p);
}

/* `bk` and `hint` while the engine's own search ends by itself and plays
 * its move on the search thread: without `post`, nothing else orders the
 * command thread's look at the game before the search thread's move. */
static void cecp_book_list_as_engine_moves(const Server *d) {
    static const CecpCase after_e4 = {NULL, "bk", NULL, 1, NULL, "e2e4"};
    Peer *p = open_cecp_peer(d);
    for (int round = 0; round < 6; round++) {
        char ping[32];
        send_lines(p, "new\nst 0.03");
        snprintf(ping, sizeof ping, "ping %d", 3000 + round);
        send_line(p, ping);
        ping[1] = 'o'; /* the answer: pong N */
        wait_line(p, ping);
        size_t start = p->len;
        send_line(p, "usermove e2e4");
        for (int k = 0; k < 4; k++) {
            usleep((useconds_t)(round * 3000));
            send_line(p, k & 1 ? "hint" : "bk");
        }
        wait_line(p, "move ");
        snprintf(ping, sizeof ping, "ping %d", 4000 + round);
        send_line(p, ping);
        ping[1] = 'o';
        wait_line(p, ping);
        ck_assert_int_eq(lines_from(p, start, "move "), 1);
        check_move(&after_e4, p->log + start - 1);
    }
    peer_close(p);
}

START_TEST(cecp_book_list_as_engine_moves_stdin) { cecp_book_list_as_engine_moves(NULL); }
END_TEST

START_TEST(uci_commands_during_search_stdin) { uci_all_cases(NULL); }
END_TEST

START_TEST(uci_commands_racing_search_end_stdin) { uci_racing_ends(NULL); }
END_TEST

START_TEST(cecp_commands_while_thinking_stdin) { cecp_all_cases(NULL); }
END_TEST

START_TEST(commands_during_search_tcp) {
    Server d = server_start_opts(NULL, false); /* ASan's quarantine on: no RSS check here */
    uci_all_cases(&d);
    uci_racing_ends(&d);
    cecp_all_cases(&d);
    cecp_book_list_as_engine_moves(&d);
    daemon_stop(&d);
}
END_TEST

Suite *suite_concurrent(void) {
    return suite_of("concurrent",
                    CASE("commands during a search", 300, uci_commands_during_search_stdin,
                         uci_commands_racing_search_end_stdin, cecp_commands_while_thinking_stdin,
                         cecp_book_list_as_engine_moves_stdin, commands_during_search_tcp),
                    NULL);
}
