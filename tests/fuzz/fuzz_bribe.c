/* Fuzz target: the bribe sub-protocol (protocol/gui/bribes.c, BRIBES.md) through
 * a real UCI session playing a corrupt Buratia game in which both sides hold
 * pieces to pay with. Each input line goes to the session as it is (so
 * `position`, `setoption name BribePolicy` and moves with bribe tokens mix
 * with the offers), after fuzz_session.h's filter and this one:
 *  - a `bribe offer`/`bribe query` decides by searching for its movetime
 *    (default 1000 ms, at most an hour): a line whose movetime is above
 *    MAX_MS is dropped, and one without gets ` movetime 2` appended, so that
 *    an input costs milliseconds. */
#include <stdio.h>
#include "fuzz_session.h"
#include "fuzz.h"

enum { MAX_MS = 5 };

static const char preamble[] = "uci\n"
                               "setoption name UCI_Variant value buratia\n"
                               "setoption name Corruption value true\n"
                               "position fen r1bqk2r/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R1BQK2R[NBnb] w - - 0 6";

static bool bribe_filter(char *line) {
    size_t len;
    const char *w = fuzz_word(line, &len);
    if (!fuzz_word_is(w, len, "bribe")) return true;
    const char *sub = fuzz_word(w + len, &len);
    if (!fuzz_word_is(sub, len, "offer") && !fuzz_word_is(sub, len, "query")) return true;
    const char *mt = strstr(line, "movetime");
    if (!mt) {
        strcat(line, " movetime 2"); /* the caller left room */
        return true;
    }
    const char *num = fuzz_word(mt + 8, &len);
    return len > 0 && len <= 1 && strtol(num, NULL, 10) <= MAX_MS;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_session_run(preamble, data, size, bribe_filter);
    return 0;
}
