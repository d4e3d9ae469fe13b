#include "number.h"
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

bool parse_integer(const char *s, long long lo, long long hi, long long *out) {
    const char *d = *s == '-' ? s + 1 : s;
    if (!*d) return false;
    for (const char *p = d; *p; p++)
        if (!isdigit((unsigned char)*p)) return false;
    errno = 0;
    long long v = strtoll(s, NULL, 10);
    if (errno || v < lo || v > hi) return false;
    *out = v;
    return true;
}
