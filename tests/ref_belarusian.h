/* The reference generator for `belarusian` (RULES.md section 4); tests/ref.h
 * says what a reference generator is. */
#ifndef RATNIK_REF_BELARUSIAN_H
#define RATNIK_REF_BELARUSIAN_H

#include "ref.h"

extern const RefGen ref_belarusian;

#endif
