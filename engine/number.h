/* Numbers typed by a user or read from a file: one reading for all. */
#ifndef RATNIK_NUMBER_H
#define RATNIK_NUMBER_H

#include <stdbool.h>

/* Whether s is a whole decimal integer from lo to hi: an optional '-' and
 * digits only (no space, no '+', nothing after), so that every command and
 * flag accepts the same forms; the value in *out, which is untouched when
 * s is refused. */
bool parse_integer(const char *s, long long lo, long long hi, long long *out);

#endif
