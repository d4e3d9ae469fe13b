/* The registry: every variant the build has, looked up by name. The
 * interface a variant implements is engine/variant.h; this is the list of
 * the plugins that implement it, for the code above the rules (search,
 * protocols, tools) that picks one. */
#ifndef RATNIK_REGISTRY_H
#define RATNIK_REGISTRY_H

#include "../engine/variant.h"

/* The default variant is the game the protocols mean when they name none:
 * UCI without UCI_Variant, CECP's "normal", PGN without a Variant tag. */
const Variant *variant_find(const char *name);
const Variant *variant_default(void);
int variant_count(void);
const Variant *variant_at(int i);
void variants_init(void);

#endif
