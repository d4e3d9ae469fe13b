/* Small helpers shared by the test suites. */
#ifndef RATNIK_TEST_UTIL_H
#define RATNIK_TEST_UTIL_H

#include <check.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "../engine/fen.h"
#include "../engine/notation.h"
#include "../engine/perft.h"
#include "../engine/game.h"
#include "../variants/registry.h"

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
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    size_t len = fread(out, 1, n - 1, p);
    out[len] = 0;
    pclose(p);
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

static inline double test_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
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
    int to[2], from[2];
    ck_assert_int_eq(pipe(to), 0);
    ck_assert_int_eq(pipe(from), 0);
    char cmd[512];
    snprintf(cmd, sizeof cmd, "exec %s %s 2>/dev/null", ratnik_bin(), args ? args : "");
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (!pid) {
        dup2(to[0], 0);
        dup2(from[1], 1);
        close(to[0]), close(to[1]), close(from[0]), close(from[1]);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    close(to[0]);
    close(from[1]);
    void (*old)(int) = signal(SIGPIPE, SIG_IGN);
    ck_assert_int_eq(write(to[1], input, input_len), (ssize_t)input_len);
    size_t len = 0;
    bool open_in = true;
    double end = test_now_ms() + 60000 * test_timeout_multiplier();
    for (;;) {
        out[len] = 0;
        if (open_in && (count_substr(out, marker) >= count || test_now_ms() > end)) {
            close(to[1]);
            open_in = false;
        }
        struct pollfd p = {from[0], POLLIN, 0};
        if (poll(&p, 1, 100) <= 0) continue;
        char spill[4096]; /* output beyond n is read and dropped, so the engine never blocks */
        bool room = len < n - 1;
        ssize_t r = room ? read(from[0], out + len, n - 1 - len) : read(from[0], spill, sizeof spill);
        if (r <= 0) break;
        if (room) len += (size_t)r;
    }
    out[len] = 0;
    if (open_in) close(to[1]);
    close(from[0]);
    waitpid(pid, NULL, 0);
    signal(SIGPIPE, old);
}

#endif
