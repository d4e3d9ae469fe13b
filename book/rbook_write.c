/* The ratnik book writer (layout in rbook_format.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rbook_write.h"
#include "rbook_format.h"
#include "../engine/fileio.h"

typedef struct {
    uint64_t key;
    char turn[TURN_STR_MAX];
    unsigned weight;
    uint32_t learn;
} WEntry;

struct RBookWriter {
    WEntry *e;
    size_t n, cap;
    size_t positions;
};

RBookWriter *rbook_writer_new(void) { return calloc(1, sizeof(RBookWriter)); }

void rbook_writer_free(RBookWriter *w) {
    if (!w) return;
    free(w->e);
    free(w);
}

bool rbook_writer_add(RBookWriter *w, uint64_t key, const char *turn, unsigned weight, uint32_t learn) {
    size_t len = strnlen(turn, TURN_STR_MAX);
    if (!len || len == TURN_STR_MAX) return false;
    for (size_t i = 0; i < len; i++)
        if (turn[i] <= ' ' || turn[i] > '~') return false;
    if (w->n == w->cap) {
        size_t cap = w->cap ? w->cap * 2 : 256;
        WEntry *e = realloc(w->e, cap * sizeof *e);
        if (!e) return false;
        w->e = e, w->cap = cap;
    }
    WEntry *e = &w->e[w->n++];
    e->key = key, e->weight = weight > 65535 ? 65535 : weight, e->learn = learn;
    memcpy(e->turn, turn, len + 1);
    return true;
}

static int by_key_turn(const void *a, const void *b) {
    const WEntry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    return strcmp(x->turn, y->turn);
}

static int by_text(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Sorts and merges the entries in place; counts the positions. */
static void merge(RBookWriter *w) {
    if (w->n) qsort(w->e, w->n, sizeof *w->e, by_key_turn); /* w->e is NULL while empty */
    size_t out = 0;
    w->positions = 0;
    for (size_t i = 0; i < w->n; i++) {
        WEntry *last = out ? &w->e[out - 1] : NULL;
        if (last && last->key == w->e[i].key && !strcmp(last->turn, w->e[i].turn)) {
            unsigned sum = last->weight + w->e[i].weight;
            last->weight = sum > 65535 ? 65535 : sum;
            last->learn = last->learn > UINT32_MAX - w->e[i].learn ? UINT32_MAX : last->learn + w->e[i].learn;
            continue;
        }
        if (!last || last->key != w->e[i].key) w->positions++;
        w->e[out++] = w->e[i];
    }
    w->n = out;
}

unsigned char *rbook_writer_image(RBookWriter *w, const Variant *v, size_t *size) {
    merge(w);
    /* The string table: each distinct text once, in sorted order. */
    char **texts = malloc((w->n ? w->n : 1) * sizeof *texts);
    uint32_t *offs = malloc((w->n ? w->n : 1) * sizeof *offs);
    size_t nt = 0, strsize = 0;
    for (size_t i = 0; i < w->n; i++) texts[i] = w->e[i].turn;
    qsort(texts, w->n, sizeof *texts, by_text);
    for (size_t i = 0; i < w->n; i++)
        if (!nt || strcmp(texts[nt - 1], texts[i])) texts[nt++] = texts[i];
    for (size_t i = 0; i < nt; i++) offs[i] = (uint32_t)strsize, strsize += strlen(texts[i]) + 1;
    *size = RBOOK_HEADER_SIZE + w->n * RBOOK_ENTRY_SIZE + strsize;
    unsigned char *img = calloc(1, *size), *p = img + RBOOK_HEADER_SIZE;
    memcpy(img, RBOOK_MAGIC, 8);
    rb_put(img + 8, RBOOK_VERSION, 4);
    rb_put(img + 12, w->n, 4);
    rb_put(img + 16, strsize, 4);
    snprintf((char *)img + RBOOK_NAME_AT, RBOOK_NAME_SIZE, "%s", v->name);
    for (size_t i = 0; i < w->n; i++, p += RBOOK_ENTRY_SIZE) {
        const char *t = w->e[i].turn;
        char **hit = bsearch(&t, texts, nt, sizeof *texts, by_text);
        rb_put(p, w->e[i].key, 8);
        rb_put(p + 8, offs[hit - texts], 4);
        rb_put(p + 12, w->e[i].learn, 4);
        rb_put(p + 16, w->e[i].weight, 2);
    }
    for (size_t i = 0; i < nt; i++) memcpy(p + offs[i], texts[i], strlen(texts[i]) + 1);
    free(texts);
    free(offs);
    return img;
}

bool rbook_writer_save(RBookWriter *w, const Variant *v, const char *path, char *err, size_t errlen) {
    size_t size;
    unsigned char *img = rbook_writer_image(w, v, &size);
    char why[160];
    FILE *f = file_open_write(path, false, why, sizeof why);
    bool ok = f && fwrite(img, 1, size, f) == size;
    if (f && !file_close_ok(f, why, sizeof why)) ok = false;
    if (!ok) snprintf(err, errlen, "cannot write '%s': %s", path, why);
    free(img);
    return ok;
}

size_t rbook_writer_entries(const RBookWriter *w) { return w->n; }
size_t rbook_writer_positions(const RBookWriter *w) { return w->positions; }
