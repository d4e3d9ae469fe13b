/* Small helpers shared by the test suites. */
#ifndef RATNIK_TEST_UTIL_H
#define RATNIK_TEST_UTIL_H

#include <check.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../engine/fen.h"
#include "../engine/notation.h"
#include "../engine/perft.h"
#include "../engine/game.h"
#include "../variants/registry.h"
#include "../engine/clock.h"

/* Parses a FEN that the test knows to be valid. */
static inline Position test_pos(const char *variant, const char *fen) {
    Position pos;
    char err[256] = "";
    const Variant *v = variant_find(variant);
    ck_assert_ptr_nonnull(v);
    bool ok = fen_parse(&pos, v, fen ? fen : v->start_fen, err, sizeof err);
    ck_assert_msg(ok, "FEN rejected: %s (%s)", fen ? fen : "startpos", err);
    return pos;
}

/* Whether `turn` is among the legal turns of pos. */
static inline bool test_has_turn(const Position *pos, const char *turn) {
    static char list[4096][TURN_STR_MAX];
    int n = legal_turn_strings(pos, list, 4096);
    for (int i = 0; i < n && i < 4096; i++)
        if (!strcmp(list[i], turn)) return true;
    return false;
}

/* The FEN after playing space-separated turns from fen. */
static inline void test_play(const char *variant, const char *fen, const char *turns, char *out, size_t n) {
    Position pos = test_pos(variant, fen);
    char buf[1024], err[256];
    snprintf(buf, sizeof buf, "%s", turns);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        ck_assert_msg(play_turn_str(&pos, t, err, sizeof err), "turn %s rejected: %s", t, err);
    fen_write(&pos, out, n);
}

static inline ResultCode test_result(const Position *pos, const char **reason) {
    Outcome o;
    pos->v->outcome(pos, &o);
    if (reason) *reason = o.reason;
    return o.code;
}

/* The binary the protocol tests run: ./ratnik, or $RATNIK_BIN (`make
 * sanitize` points it at its own build so that ./ratnik stays a release). */
static inline const char *ratnik_bin(void) {
    const char *b = getenv("RATNIK_BIN");
    return b && *b ? b : "./ratnik";
}

/* Runs a shell command; its stdout in out (n bytes at most, ended), its
 * exit status returned (-1 if it did not exit). */
static inline int run_shell(const char *cmd, char *out, size_t n) {
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t len = fread(out, 1, n - 1, p);
    out[len] = 0;
    int status = pclose(p);
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Runs ./ratnik with `input` on stdin; returns its whole stdout in out. */
static inline void run_ratnik(const char *args, const char *input, size_t input_len, char *out, size_t n) {
    char path[] = "/tmp/ratnik-test-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    FILE *f = fdopen(fd, "wb");
    fwrite(input, 1, input_len, f);
    fclose(f);
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s < %s 2>/dev/null", ratnik_bin(), args ? args : "", path);
    run_shell(cmd, out, n);
    remove(path);
}

/* The same, with the output in a new buffer of n bytes (the caller frees it). */
static inline char *ratnik_output(const char *input, size_t n) {
    char *out = malloc(n);
    ck_assert_ptr_nonnull(out);
    run_ratnik(NULL, input, strlen(input), out, n);
    return out;
}

/* ARGS with every engine `cmd=./ratnik` of a `ratnik match` pointed at
 * ratnik_bin(), so that the sanitizer and valgrind runs play their own
 * build, not the release. */
static inline void engine_cmds(const char *args, char *out, size_t n) {
    static const char self[] = "cmd=./ratnik";
    size_t len = 0;
    for (const char *at; (at = strstr(args, self)); args = at + sizeof self - 1)
        len += (size_t)snprintf(out + len, n - len, "%.*scmd=%s", (int)(at - args), args, ratnik_bin());
    snprintf(out + len, n - len, "%s", args);
}

static inline int count_substr(const char *hay, const char *needle) {
    int c = 0;
    for (const char *s = hay; (s = strstr(s, needle)); s += strlen(needle)) c++;
    return c;
}

/* Forks argv[0] (a path) with stdin and stdout on pipes; *in is our end of
 * its stdin, *out of its stdout. The child dies with the test. */
static inline pid_t spawn_on_pipes(char *const argv[], int *in, int *out) {
    int to[2], from[2];
    ck_assert_int_eq(pipe(to), 0);
    ck_assert_int_eq(pipe(from), 0);
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (!pid) {
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execv(argv[0], argv);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    *in = to[1];
    *out = from[0];
    return pid;
}

/* ratnik_bin() on a live pipe, for tests that talk to the engine while it
 * works: write commands to in, read replies from out. */
typedef struct {
    pid_t pid;
    int in, out;
    char buf[1 << 16];
    size_t len;
} EnginePipe;

static inline EnginePipe *pipe_start(void) {
    EnginePipe *p = calloc(1, sizeof *p);
    ck_assert_ptr_nonnull(p);
    char *argv[] = {(char *)ratnik_bin(), NULL};
    p->pid = spawn_on_pipes(argv, &p->in, &p->out);
    return p;
}

static inline void pipe_send(EnginePipe *p, const char *text) {
    ck_assert_int_eq(write(p->in, text, strlen(text)), (ssize_t)strlen(text));
}

static inline void pipe_send_line(EnginePipe *p, const char *line) {
    pipe_send(p, line);
    pipe_send(p, "\n");
}

/* Reads until a line starting with `prefix` arrives (true, the line in
 * line unless it is NULL) or ms pass (false). Lines before it are dropped. */
static inline bool pipe_wait_line(EnginePipe *p, const char *prefix, double ms, char *line, size_t n) {
    double end = clock_now_ms() + ms;
    for (;;) {
        char *nl;
        while ((nl = memchr(p->buf, '\n', p->len))) {
            size_t l = (size_t)(nl - p->buf);
            bool hit = !strncmp(p->buf, prefix, strlen(prefix));
            if (hit && line) snprintf(line, n, "%.*s", (int)l, p->buf);
            memmove(p->buf, nl + 1, p->len - l - 1);
            p->len -= l + 1;
            if (hit) return true;
        }
        double left = end - clock_now_ms();
        if (left <= 0) return false;
        struct pollfd q = {p->out, POLLIN, 0};
        if (poll(&q, 1, (int)left + 1) <= 0) continue;
        ssize_t r = read(p->out, p->buf + p->len, sizeof p->buf - p->len - 1);
        if (r <= 0) return false;
        p->len += (size_t)r;
        if (p->len == sizeof p->buf - 1) p->len = 0; /* a flood of info lines: drop */
    }
}

/* Whether the engine exits (status 0) within ms; killed otherwise. Frees p. */
static inline bool pipe_end(EnginePipe *p, double ms) {
    int status = 0;
    pid_t done = 0;
    for (double end = clock_now_ms() + ms; !(done = waitpid(p->pid, &status, WNOHANG)) && clock_now_ms() < end;)
        usleep(10000);
    if (!done) kill(p->pid, SIGKILL), waitpid(p->pid, &status, 0);
    close(p->out);
    if (p->in >= 0) close(p->in);
    free(p);
    return done && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

/* `quit`, and up to 5 s for the engine to go. */
static inline void pipe_quit(EnginePipe *p) {
    pipe_send_line(p, "quit");
    pipe_end(p, 5000);
}

/* Sanitized builds run many times slower; the suite's own per-test timeout
 * scales by CK_TIMEOUT_MULTIPLIER, and so must the waits inside a test. */
static inline double test_timeout_multiplier(void) {
    const char *m = getenv("CK_TIMEOUT_MULTIPLIER");
    double f = m ? atof(m) : 1;
    return f >= 1 ? f : 1;
}

/* Like run_ratnik, but stdin stays open until `marker` has appeared
 * `count` times in the output (or the engine exits, or 60 s pass): the end
 * of input stops a search, so a script whose searches must end by their
 * own limits waits for their answers before it ends. */
static inline void run_ratnik_until(const char *args, const char *input, size_t input_len, const char *marker,
                                    int count, char *out, size_t n) {
    char cmd[512];
    snprintf(cmd, sizeof cmd, "exec %s %s 2>/dev/null", ratnik_bin(), args ? args : "");
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    int to_in, from_out;
    pid_t pid = spawn_on_pipes(argv, &to_in, &from_out);
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    ck_assert_int_eq(write(to_in, input, input_len), (ssize_t)input_len);
    size_t len = 0;
    bool open_in = true;
    double end = clock_now_ms() + 60000 * test_timeout_multiplier();
    for (;;) {
        out[len] = 0;
        if (open_in && (count_substr(out, marker) >= count || clock_now_ms() > end)) {
            close(to_in);
            open_in = false;
        }
        struct pollfd p = {from_out, POLLIN, 0};
        if (poll(&p, 1, 100) <= 0) continue;
        char spill[4096]; /* output beyond n is read and dropped, so the engine never blocks */
        bool room = len < n - 1;
        ssize_t r = room ? read(from_out, out + len, n - 1 - len) : read(from_out, spill, sizeof spill);
        if (r <= 0) break;
        if (room) len += (size_t)r;
    }
    out[len] = 0;
    if (open_in) close(to_in);
    close(from_out);
    waitpid(pid, NULL, 0);
    signal(SIGPIPE, old);
}

/* One TCase of a suite: its name, its timeout in seconds (0: Check's
 * default), whether it is tagged "slow" (the long differential tests, which
 * CK_EXCLUDE_TAGS=slow leaves out under valgrind and tsan) and its tests. */
typedef struct {
    const TTest *test;
    int n; /* runs with _i = 0..n-1 */
} CaseLoop;

typedef struct {
    const char *name;
    int timeout;
    bool slow;
    const TTest *const *tests; /* NULL-ended */
    const CaseLoop *loops;     /* NULL, or ended by a NULL test */
} CaseSpec;

#define CASE_TESTS(...) ((const TTest *const[]){__VA_ARGS__, NULL})
#define CASE(name, timeout, ...) (&(const CaseSpec){(name), (timeout), false, CASE_TESTS(__VA_ARGS__), NULL})
#define SLOW_CASE(name, timeout, ...) (&(const CaseSpec){(name), (timeout), true, CASE_TESTS(__VA_ARGS__), NULL})
/* A case with loop tests: LOOPS({test, n}, ...) and its plain tests (NULL: none). */
#define LOOPS(...) ((const CaseLoop[]){__VA_ARGS__, {NULL, 0}})
#define LOOP_CASE(name, timeout, loops, ...) (&(const CaseSpec){(name), (timeout), false, CASE_TESTS(__VA_ARGS__), (loops)})
#define SLOW_LOOP_CASE(name, timeout, loops, ...) \
    (&(const CaseSpec){(name), (timeout), true, CASE_TESTS(__VA_ARGS__), (loops)})

/* Adds the case to s. */
static inline void suite_case(Suite *s, const CaseSpec *c) {
    TCase *tc = tcase_create(c->name);
    if (c->timeout) tcase_set_timeout(tc, c->timeout);
    if (c->slow) tcase_set_tags(tc, "slow");
    for (const TTest *const *t = c->tests; *t; t++) tcase_add_test(tc, *t);
    for (const CaseLoop *l = c->loops; l && l->test; l++) tcase_add_loop_test(tc, l->test, 0, l->n);
    suite_add_tcase(s, tc);
}

/* A suite of the cases given (CASE, SLOW_CASE), NULL-ended. */
static inline Suite *suite_of(const char *name, ...) {
    Suite *s = suite_create(name);
    va_list ap;
    va_start(ap, name);
    for (const CaseSpec *c; (c = va_arg(ap, const CaseSpec *));) suite_case(s, c);
    va_end(ap);
    return s;
}

#endif
