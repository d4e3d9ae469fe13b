/* Every suite of the test runner, one X(name) each: tests/test_main.c runs
 * them all, and each tests/test_NAME.c defines its suite_NAME. A plain
 * external declaration, so a runner linked without one fails to link. */
#ifndef RATNIK_SUITES_H
#define RATNIK_SUITES_H

#include <check.h>

#define SUITES(X)                                                                                                  \
    X(core) X(chess) X(uci) X(buratia) X(japanese) X(belarusian) X(voodoo) X(daemon) X(daemon_limits) X(cecp)       \
    X(cecp_highlight) X(buratia_search) X(japanese_search) X(belarusian_search) X(voodoo_search) X(bribes)         \
    X(reliability) X(match) X(match_results) X(perft) X(polyglot) X(books) X(uci_ext) X(input) X(tools)           \
    X(concurrent) X(web) X(web_sessions) X(web_tcp_port) X(conventions) X(play_options) X(tuning) X(nnue) X(fileio) \
    X(search_stats) X(chess_eval)
#define SUITE_DECLARE(name) Suite *suite_##name(void);
SUITES(SUITE_DECLARE)

#endif
