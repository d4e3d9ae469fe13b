/* Rule tests as data: tests/rules/VARIANT.rules holds the cases that only
 * set up positions and say what the rules make of them, one Check test per
 * case, each line checked by engine and reference alike through the
 * rules_util.h helpers. The format, one line each ('#' starts a comment):
 *
 *     test NAME                      a new case
 *     moves FEN | FROM | TURNS        the exact legal turns starting with FROM
 *     has FEN | TURN                  TURN is legal (not: it is not)
 *     after FEN | TURNS | FEN2        playing TURNS from FEN gives FEN2
 *     plays FEN | TURNS               both accept TURNS, in step
 *     result FEN | RESULT             "none", "1-0 reason", ...
 *     rejected FEN | TURN | WHY       refused, the message contains WHY
 *     fen-rejected FEN | WHY          the FEN is refused
 *     round-trip FEN | FEN2           read and written back as FEN2 (empty: FEN)
 *
 * A suite adds the cases to a TCase with RULES_FILE_LOOP; a file that is
 * missing or holds no case is a failing test, never none. */
#ifndef RATNIK_RULES_FILE_H
#define RATNIK_RULES_FILE_H

#include <check.h>
#include "ref.h"

/* How many cases path holds; at least 1, so that an unreadable or empty
 * file still runs one case, which fails. */
int rules_file_count(const char *path);
/* Runs case i (from 0) of path against engine and reference r. */
void rules_file_run(const RefGen *r, const char *path, int i);

/* One loop test over the cases of tests/rules/<variant>.rules, in a suite
 * whose reference generator is RULES. */
#define RULES_FILE_TEST(variant)                                                         \
    static const char rules_file_path[] = "tests/rules/" variant ".rules";               \
    START_TEST(rules_file_case) { rules_file_run(RULES, rules_file_path, _i); }          \
    END_TEST
/* The loop over the cases, for LOOPS (test_util.h). */
#define RULES_FILE_LOOP {rules_file_case, rules_file_count(rules_file_path)}

#endif
