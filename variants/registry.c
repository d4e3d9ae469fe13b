/* The list of variants. Each plugin is linked in by name; the weak
 * references let a build carry any subset while plugins are developed. */
#include <string.h>
#include "variant.h"

extern const Variant variant_chess;
extern const Variant variant_buratia __attribute__((weak));
extern const Variant variant_japanese __attribute__((weak));
extern const Variant variant_belarusian __attribute__((weak));
extern const Variant variant_voodoo __attribute__((weak));

static const Variant *const all_variants[] = {
    &variant_chess, &variant_buratia, &variant_japanese, &variant_belarusian, &variant_voodoo,
};
enum { ALL_NB = sizeof all_variants / sizeof all_variants[0] };

static const Variant *present[ALL_NB];
static int present_nb;

/* Called once at start-up, before any session or thread exists. */
void variants_init(void) {
    if (present_nb) return;
    geometry_init();
    zobrist_init();
    for (int i = 0; i < ALL_NB; i++) {
        const Variant *v = all_variants[i];
        if (!v) continue;
        if (v->init) v->init();
        present[present_nb++] = v;
    }
}

int variant_count(void) { return present_nb; }
const Variant *variant_at(int i) { return i >= 0 && i < present_nb ? present[i] : NULL; }
const Variant *variant_default(void) { return &variant_chess; }

const Variant *variant_find(const char *name) {
    for (int i = 0; i < present_nb; i++)
        if (!strcmp(present[i]->name, name)) return present[i];
    if (!strcmp(name, "normal") || !strcmp(name, "fide")) return &variant_chess;
    return NULL;
}
