/* Linked into every fuzz target (Makefile, fuzz_%): libFuzzer calls this
 * once before the first input, and every target needs the variant tables. */
#include "../../engine/variant.h"
#include "../../variants/registry.h"
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    variants_init();
    return 0;
}
