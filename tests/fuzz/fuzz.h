/* The two functions libFuzzer calls: each fuzz_NAME.c defines the first,
 * init.c (linked into every target) the second. */
#ifndef RATNIK_FUZZ_H
#define RATNIK_FUZZ_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#endif
