/* The Check test runner: every suite of tests/suites.h in one binary.
 * RATNIK_SKIP_SUITES (names separated by spaces or commas) leaves suites
 * out: the tsan and valgrind runs skip those that add nothing under their
 * tool (Makefile), so that a suite added later runs everywhere by default. */
#include <check.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../engine/variant.h"
#include "../variants/registry.h"
#include "suites.h"

typedef Suite *(*SuiteFn)(void);
#define ENTRY(name) {#name, suite_##name},
static const struct {
    const char *name;
    SuiteFn make;
} suites[] = {SUITES(ENTRY)};
enum { NSUITES = sizeof suites / sizeof suites[0] };

static int suite_index(const char *name, size_t len) {
    for (int i = 0; i < NSUITES; i++)
        if (strlen(suites[i].name) == len && !strncmp(suites[i].name, name, len)) return i;
    return -1;
}

/* Marks the suites the list names; false (and a message) on a name that
 * is not a suite, so a typo cannot silently run everything. */
static bool parse_skip_list(const char *list, bool skip[NSUITES]) {
    const char *sep = " ,\t\n";
    for (const char *p = list; *p;) {
        p += strspn(p, sep);
        size_t len = strcspn(p, sep);
        if (!len) break;
        int i = suite_index(p, len);
        if (i < 0) {
            fprintf(stderr, "RATNIK_SKIP_SUITES: no suite named '%.*s'\n", (int)len, p);
            return false;
        }
        skip[i] = true;
        p += len;
    }
    return true;
}

int main(void) {
    bool skip[NSUITES] = {false};
    const char *list = getenv("RATNIK_SKIP_SUITES");
    if (list && !parse_skip_list(list, skip)) return 2;
    variants_init();
    SRunner *sr = NULL;
    for (int i = 0; i < NSUITES; i++) {
        if (skip[i]) continue;
        if (!sr) sr = srunner_create(suites[i].make());
        else srunner_add_suite(sr, suites[i].make());
    }
    if (!sr) {
        fprintf(stderr, "RATNIK_SKIP_SUITES leaves no suite to run\n");
        return 2;
    }
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
