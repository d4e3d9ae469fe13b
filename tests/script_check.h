/* Scripted protocol sessions through the real binary, and the table that
 * says what each one's output must and must not hold: most protocol tests
 * are a script and a few substrings, so they are written as rows. */
#ifndef RATNIK_SCRIPT_CHECK_H
#define RATNIK_SCRIPT_CHECK_H

#include "test_util.h"

enum { SCRIPT_OUT_MAX = 1 << 21 };

#define HAS(out, s) ck_assert_msg(strstr((out), (s)) != NULL, "missing '%s' in:\n%s", (s), (out))
#define HASNT(out, s) ck_assert_msg(strstr((out), (s)) == NULL, "unexpected '%s' in:\n%s", (s), (out))

/* How many of the lines are a `go` that answers bestmove (all but perft). */
static inline int searches_in(const char *input) {
    int n = 0;
    for (const char *l = input; *l; l += strcspn(l, "\n"), l += *l == '\n')
        if (!strncmp(l, "go", 2) && (l[2] == '\n' || l[2] == ' ' || !l[2]) && strncmp(l, "go perft", 8)) n++;
    return n;
}

/* Runs input, stdin open until `marker` came count times (the end of input
 * would stop a search); the output in a new buffer the caller frees. */
static inline char *session_until(const char *input, const char *marker, int count) {
    char *out = malloc(SCRIPT_OUT_MAX);
    ck_assert_ptr_nonnull(out);
    run_ratnik_until(NULL, input, strlen(input), marker, count, out, SCRIPT_OUT_MAX);
    return out;
}

/* A UCI script, its searches run to their own ends. */
static inline char *uci_session(const char *input) { return session_until(input, "bestmove", searches_in(input)); }

/* A CECP session: the handshake, body, then a ping whose pong (sent after
 * the engine's move) closes the input. */
static inline char *cecp_session(const char *body) {
    static const char hello[] = "xboard\nprotover 2\n", last[] = "ping 987654\n";
    size_t n = strlen(body);
    char *in = malloc(sizeof hello + n + sizeof last);
    ck_assert_ptr_nonnull(in);
    memcpy(in, hello, sizeof hello - 1);
    memcpy(in + sizeof hello - 1, body, n);
    memcpy(in + sizeof hello - 1 + n, last, sizeof last);
    char *out = session_until(in, "pong 987654", 1);
    free(in);
    return out;
}

/* Text that must stand exactly n times in the output. */
typedef struct {
    const char *text;
    int n;
} TextCount;

/* One script and what its output holds: text in it, whole lines of it, text
 * not in it, text so many times. Every list ends at its first NULL. `name`
 * is the test the row stands for; `cecp` runs it as a CECP session. */
typedef struct {
    const char *name;
    bool cecp;
    const char *input;
    const char *has[10];
    const char *lines[8];
    const char *hasnt[4];
    TextCount counts[3];
} ScriptCheck;

/* Whether `line` is one whole line of out. */
static inline bool has_line(const char *out, const char *line) {
    size_t n = strlen(line);
    for (const char *p = strstr(out, line); p; p = strstr(p + 1, line))
        if ((p == out || p[-1] == '\n') && (p[n] == '\n' || !p[n])) return true;
    return false;
}

static inline void check_output(const char *out, const ScriptCheck *c) {
    for (int i = 0; i < 10 && c->has[i]; i++)
        ck_assert_msg(strstr(out, c->has[i]), "%s: script:\n%s\nmissing '%s' in:\n%s", c->name, c->input, c->has[i], out);
    for (int i = 0; i < 8 && c->lines[i]; i++)
        ck_assert_msg(has_line(out, c->lines[i]), "%s: script:\n%s\nno line '%s' in:\n%s", c->name, c->input,
                      c->lines[i], out);
    for (int i = 0; i < 4 && c->hasnt[i]; i++)
        ck_assert_msg(!strstr(out, c->hasnt[i]), "%s: script:\n%s\nunexpected '%s' in:\n%s", c->name, c->input,
                      c->hasnt[i], out);
    for (int i = 0; i < 3 && c->counts[i].text; i++) {
        int got = count_substr(out, c->counts[i].text);
        ck_assert_msg(got == c->counts[i].n, "%s: script:\n%s\n'%s' %d times, not %d, in:\n%s", c->name, c->input,
                      c->counts[i].text, got, c->counts[i].n, out);
    }
}

/* Runs the row's script through the real binary and checks its output. */
static inline void check_script(const ScriptCheck *c) {
    char *out = c->cecp ? cecp_session(c->input) : uci_session(c->input);
    check_output(out, c);
    free(out);
}

#define SCRIPT_COUNT(table) ((int)(sizeof(table) / sizeof *(table)))

/* A loop test over the rows of table, for LOOPS({test, SCRIPT_COUNT(table)}):
 * each row is one scripted session, named in a failure by its `name`. */
#define SCRIPT_LOOP_TEST(test, table) \
    START_TEST(test) { check_script(&(table)[_i]); } \
    END_TEST

#endif
