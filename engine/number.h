/* Numbers typed by a user or read from a file: one reading for all. */
#ifndef RATNIK_NUMBER_H
#define RATNIK_NUMBER_H

#include <stdbool.h>
#include <stddef.h>

/* Whether s is a whole decimal integer from lo to hi: an optional '-' and
 * digits only (no space, no '+', nothing after), so that every command and
 * flag accepts the same forms; the value in *out, which is untouched when
 * s is refused. */
bool parse_integer(const char *s, long long lo, long long hi, long long *out);

/* An option's or argument's value, as every command reads it: false with
 * "NAME must be an integer LO..HI, not 'VALUE'" in err. */
bool read_integer(const char *name, const char *value, long long lo, long long hi, long long *out, char *err,
                  size_t errlen);
/* true/false or 1/0 (UCI writes the words, CECP the digits): false with
 * "NAME must be true or false, not 'VALUE'" in err. */
bool read_boolean(const char *name, const char *value, bool *out, char *err, size_t errlen);

#endif
