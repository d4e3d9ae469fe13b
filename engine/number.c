#include "number.h"
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

bool read_integer(const char *name, const char *value, long long lo, long long hi, long long *out, char *err,
                  size_t errlen) {
    if (parse_integer(value, lo, hi, out)) return true;
    snprintf(err, errlen, "%s must be an integer %lld..%lld, not '%.64s'", name, lo, hi, value);
    return false;
}

bool read_boolean(const char *name, const char *value, bool *out, char *err, size_t errlen) {
    if (!strcasecmp(value, "true") || !strcmp(value, "1")) *out = true;
    else if (!strcasecmp(value, "false") || !strcmp(value, "0")) *out = false;
    else {
        snprintf(err, errlen, "%s must be true or false, not '%.64s'", name, value);
        return false;
    }
    return true;
}
