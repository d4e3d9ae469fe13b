/* The Check test runner: every suite of tests/ in one binary. Each suite is
 * a plain external reference, so a runner linked without one of them fails
 * to link instead of reporting 100% on fewer tests. */
#include <check.h>
#include <stdlib.h>
#include "../engine/variant.h"
#include "../variants/registry.h"

typedef Suite *(*SuiteFn)(void);
#define SUITES(X) X(core) X(chess) X(uci) X(buratia) X(japanese) X(belarusian) X(voodoo) X(daemon) X(daemon_limits) X(cecp) X(cecp_highlight) X(buratia_search) X(japanese_search) X(belarusian_search) X(voodoo_search) X(bribes) X(reliability) X(match) X(match_results) X(perft) X(polyglot) X(books) X(uci_ext) X(input) X(tools) X(concurrent) X(web) X(web_sessions) X(web_tcp_port) X(conventions) X(play_options) X(tuning) X(nnue)
#define DECLARE(name) extern Suite *suite_##name(void);
SUITES(DECLARE)
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
