/* The reference generator for `japanese` (RULES.md section 3); tests/ref.h
 * says what a reference generator is. */
#ifndef RATNIK_REF_JAPANESE_H
#define RATNIK_REF_JAPANESE_H

#include "ref.h"

extern const RefGen ref_japanese;

#endif
