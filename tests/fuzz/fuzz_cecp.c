/* Fuzz target: CECP (XBoard) command lines through a real session
 * (cecp_command via session_line), after `xboard` and `protover 2`.
 * fuzz_session.h says what the harness bounds. */
#include "fuzz_session.h"
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fuzz_session_run("xboard\nprotover 2", data, size, NULL);
    return 0;
}
