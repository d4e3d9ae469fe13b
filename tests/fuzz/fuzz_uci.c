/* Fuzz target: UCI command lines through a real session (uci_command via
 * session_line). The session starts with `uci`, so the bytes are UCI lines;
 * fuzz_session.h says what the harness bounds. */
#include "fuzz_session.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_session_run("uci", data, size, NULL);
    return 0;
}
