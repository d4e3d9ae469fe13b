/* The Check test runner: every suite of tests/suites.h in one binary. */
#include <check.h>
#include <stdlib.h>
#include "../engine/variant.h"
#include "../variants/registry.h"
#include "suites.h"

typedef Suite *(*SuiteFn)(void);
#define ENTRY(name) suite_##name,
static const SuiteFn suites[] = {SUITES(ENTRY)};

int main(void) {
    variants_init();
    SRunner *sr = srunner_create(suites[0]());
    for (size_t i = 1; i < sizeof suites / sizeof suites[0]; i++) srunner_add_suite(sr, suites[i]());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
