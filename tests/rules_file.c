/* The rule-case files (rules_file.h). */
#include "rules_file.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rules_util.h"

enum { LINE_MAX_LEN = 8192, FIELDS_MAX = 3 };

static bool is_case_start(const char *line) { return !strncmp(line, "test ", 5); }

int rules_file_count(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return 1;
    char line[LINE_MAX_LEN];
    int n = 0;
    while (fgets(line, sizeof line, f)) n += is_case_start(line);
    fclose(f);
    return n ? n : 1;
}

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    size_t len = strlen(s);
    while (len && strchr(" \t\r\n", s[len - 1])) s[--len] = 0;
    return s;
}

/* Splits "a | b | c" into at most FIELDS_MAX trimmed fields; returns how many. */
static int split_fields(char *s, char *field[FIELDS_MAX]) {
    int n = 0;
    for (char *at = s; at && n < FIELDS_MAX; n++) {
        char *bar = strstr(at, " |");
        if (bar) *bar = 0;
        field[n] = trim(at);
        at = bar ? bar + 2 : NULL;
    }
    return n;
}

/* One line of a case: a keyword and its fields (where says file:line). */
static void run_line(const RefGen *r, const char *where, const char *kw, char **f, int nf) {
    static const struct { const char *kw; int fields; } arity[] = {
        {"moves", 3}, {"has", 2}, {"not", 2}, {"after", 3}, {"plays", 2},
        {"result", 2}, {"rejected", 3}, {"fen-rejected", 2}, {"round-trip", 2},
    };
    size_t k = 0;
    while (k < sizeof arity / sizeof *arity && strcmp(arity[k].kw, kw)) k++;
    ck_assert_msg(k < sizeof arity / sizeof *arity, "%s: unknown line '%s'", where, kw);
    ck_assert_msg(nf == arity[k].fields, "%s: %s takes %d fields, not %d", where, kw, arity[k].fields, nf);
    char got[RULES_LIST_TEXT], want[RULES_LIST_TEXT];
    if (!strcmp(kw, "moves")) {
        rules_moves_from(r, f[0], f[1], got, sizeof got);
        sort_words(f[2], want, sizeof want);
        ck_assert_msg(!strcmp(got, want), "%s: %s from '%s':\n got  [%s]\n want [%s]", where, f[0], f[1], got, want);
    } else if (!strcmp(kw, "has") || !strcmp(kw, "not")) {
        bool legal = !strcmp(kw, "has");
        ck_assert_msg(rules_has_turn(r, f[0], f[1]) == legal, "%s: %s: %s should be %s", where, f[0], f[1],
                      legal ? "legal" : "illegal");
    } else if (!strcmp(kw, "after") || !strcmp(kw, "plays")) {
        rules_after(r, f[0], f[1], got, sizeof got);
        if (nf == 3)
            ck_assert_msg(!strcmp(got, f[2]), "%s: %s + %s:\n got  %s\n want %s", where, f[0], f[1], got, f[2]);
    } else if (!strcmp(kw, "result")) {
        rules_result_of(r, f[0], got, sizeof got);
        ck_assert_msg(!strcmp(got, f[1]), "%s: %s: result %s, want %s", where, f[0], got, f[1]);
    } else if (!strcmp(kw, "rejected")) {
        rules_assert_rejected(r, f[0], f[1], f[2]);
    } else if (!strcmp(kw, "fen-rejected")) {
        rules_assert_fen_rejected(r, f[0], f[1]);
    } else {
        rules_assert_round_trip(r, f[0], *f[1] ? f[1] : NULL);
    }
}

void rules_file_run(const RefGen *r, const char *path, int i) {
    FILE *file = fopen(path, "r");
    ck_assert_msg(file != NULL, "%s: cannot open the rule cases (run from the top of the tree)", path);
    char line[LINE_MAX_LEN];
    int at = -1, lineno = 0, checked = 0;
    while (fgets(line, sizeof line, file) && at <= i) {
        lineno++;
        char *s = trim(line);
        if (!*s || *s == '#') continue;
        if (is_case_start(s)) {
            at++;
            continue;
        }
        if (at != i) continue;
        char *sp = strchr(s, ' ');
        ck_assert_msg(sp != NULL, "%s:%d: a line with no fields", path, lineno);
        *sp = 0;
        char where[300], *field[FIELDS_MAX];
        snprintf(where, sizeof where, "%s:%d", path, lineno);
        run_line(r, where, s, field, split_fields(sp + 1, field));
        checked++;
    }
    fclose(file);
    ck_assert_msg(checked > 0, "%s: case %d has no line to check", path, i);
}
