/* The list of variants. Every plugin is a plain external reference, so a
 * build that leaves one out fails to link instead of running without it. */
#include <pthread.h>
#include <string.h>
#include "../engine/variant.h"
#include "registry.h"

extern const Variant variant_chess;
extern const Variant variant_buratia;
extern const Variant variant_japanese;
extern const Variant variant_belarusian;
extern const Variant variant_voodoo;

static const Variant *const all_variants[] = {
    &variant_chess, &variant_buratia, &variant_japanese, &variant_belarusian, &variant_voodoo,
};
enum { ALL_NB = sizeof all_variants / sizeof all_variants[0] };

static void init_tables(void) {
    geometry_init();
    zobrist_init();
    for (int i = 0; i < ALL_NB; i++)
        if (all_variants[i]->init) all_variants[i]->init();
}

/* Called at start-up; the tables it fills are read-only afterwards. */
void variants_init(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_tables);
}

int variant_count(void) { return ALL_NB; }
const Variant *variant_at(int i) { return i >= 0 && i < ALL_NB ? all_variants[i] : NULL; }
const Variant *variant_default(void) { return &variant_chess; }

const Variant *variant_find(const char *name) {
    for (int i = 0; i < ALL_NB; i++)
        if (!strcmp(all_variants[i]->name, name)) return all_variants[i];
    if (!strcmp(name, "normal") || !strcmp(name, "fide")) return &variant_chess;
    return NULL;
}
