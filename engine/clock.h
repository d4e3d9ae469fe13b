/* The one clock every deadline, time limit and latency is measured on. */
#ifndef RATNIK_CLOCK_H
#define RATNIK_CLOCK_H

#include <time.h>

/* Milliseconds on CLOCK_MONOTONIC: it never jumps with the wall clock, so a
 * deadline set now stays the same length if the system time is changed.
 * Inline so that the standalone load clients can use it without linking. */
static inline double clock_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

#endif
