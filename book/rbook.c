/* Reading ratnik books (layout in rbook_format.h, docs/books.md). A book is
 * untrusted input: every count, offset and string is checked before it is
 * used, and a bad file is refused whole with the first problem found. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rbook.h"
#include "rbook_format.h"

struct RBook {
    RBookEntry *entries;
    size_t count;
    char *strings;
    size_t strsize;
};

bool rbook_is_ratnik(const unsigned char *head, size_t n) {
    return n >= 8 && !memcmp(head, RBOOK_MAGIC, 8);
}

static RBook *fail(RBook *b, char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static RBook *fail(RBook *b, char *err, size_t errlen, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int k = snprintf(err, errlen, "ratnik book: ");
    if (k >= 0 && (size_t)k < errlen) vsnprintf(err + k, errlen - (size_t)k, fmt, ap);
    va_end(ap);
    rbook_free(b);
    return NULL;
}

/* The variant field: a NUL-terminated name, zeros after it. */
static bool name_ok(const unsigned char *p, char *name) {
    const unsigned char *nul = memchr(p, 0, RBOOK_NAME_SIZE);
    if (!nul) return false;
    for (const unsigned char *q = nul; q < p + RBOOK_NAME_SIZE; q++)
        if (*q) return false;
    memcpy(name, p, (size_t)(nul - p) + 1);
    return true;
}

/* A turn's text: 1 to TURN_STR_MAX-1 visible ASCII characters. */
static bool turn_text_ok(const char *s, size_t room) {
    size_t lim = room < TURN_STR_MAX ? room : TURN_STR_MAX;
    const char *nul = memchr(s, 0, lim);
    if (!nul || nul == s) return false;
    for (const char *c = s; c < nul; c++)
        if (*c <= ' ' || *c > '~') return false;
    return true;
}

/* Checks the header and that the sizes it gives add up to the file's. */
static bool check_header(const unsigned char *d, size_t n, const Variant *v, size_t *count, size_t *strsize,
                         char *err, size_t errlen) {
    char name[RBOOK_NAME_SIZE];
    if (n < RBOOK_HEADER_SIZE) return fail(NULL, err, errlen, "truncated header (%zu bytes)", n), false;
    if (!rbook_is_ratnik(d, n)) return fail(NULL, err, errlen, "bad magic"), false;
    uint64_t version = rb_get(d + 8, 4);
    if (version != RBOOK_VERSION)
        return fail(NULL, err, errlen, "unsupported version %llu", (unsigned long long)version), false;
    if (rb_get(d + 20, 4)) return fail(NULL, err, errlen, "reserved header field is not zero"), false;
    if (!name_ok(d + RBOOK_NAME_AT, name)) return fail(NULL, err, errlen, "bad variant name field"), false;
    if (strcmp(name, v->name))
        return fail(NULL, err, errlen, "book is for variant '%s', not '%s'", name, v->name), false;
    uint64_t c = rb_get(d + 12, 4), s = rb_get(d + 16, 4), body = n - RBOOK_HEADER_SIZE;
    if (c * RBOOK_ENTRY_SIZE > body)
        return fail(NULL, err, errlen, "entry count %llu too large for a %zu-byte file", (unsigned long long)c, n),
               false;
    if (c * RBOOK_ENTRY_SIZE + s != body)
        return fail(NULL, err, errlen, "size mismatch: %llu entries and a %llu-byte string table need %llu bytes, file has %zu",
                    (unsigned long long)c, (unsigned long long)s,
                    (unsigned long long)(RBOOK_HEADER_SIZE + c * RBOOK_ENTRY_SIZE + s), n),
               false;
    *count = (size_t)c, *strsize = (size_t)s;
    return true;
}

RBook *rbook_load(const unsigned char *data, size_t n, const Variant *v, char *err, size_t errlen) {
    size_t count, strsize;
    if (!check_header(data, n, v, &count, &strsize, err, errlen)) return NULL;
    const unsigned char *ents = data + RBOOK_HEADER_SIZE, *strs = ents + count * RBOOK_ENTRY_SIZE;
    if (strsize && strs[strsize - 1]) return fail(NULL, err, errlen, "unterminated string at the end of the table");
    RBook *b = calloc(1, sizeof *b);
    b->entries = malloc(count ? count * sizeof *b->entries : 1);
    b->strings = malloc(strsize ? strsize : 1);
    if (!b->entries || !b->strings) return fail(b, err, errlen, "out of memory");
    memcpy(b->strings, strs, strsize);
    b->count = count, b->strsize = strsize;
    for (size_t i = 0; i < count; i++) {
        const unsigned char *p = ents + i * RBOOK_ENTRY_SIZE;
        RBookEntry *e = &b->entries[i];
        e->key = rb_get(p, 8), e->str = (uint32_t)rb_get(p + 8, 4), e->learn = (uint32_t)rb_get(p + 12, 4);
        e->weight = (uint16_t)rb_get(p + 16, 2);
        if (i && e->key < e[-1].key) return fail(b, err, errlen, "entries not sorted by key at entry %zu", i);
        if (rb_get(p + 18, 2)) return fail(b, err, errlen, "reserved field of entry %zu is not zero", i);
        if (e->str >= strsize)
            return fail(b, err, errlen, "entry %zu: string offset %u out of bounds (table %zu bytes)", i, e->str,
                        strsize);
        if (!turn_text_ok(b->strings + e->str, strsize - e->str))
            return fail(b, err, errlen, "entry %zu: bad turn text (empty, too long or not printable)", i);
    }
    return b;
}

void rbook_free(RBook *b) {
    if (!b) return;
    free(b->entries);
    free(b->strings);
    free(b);
}

size_t rbook_entries(const RBook *b) { return b ? b->count : 0; }

/* First entry whose key is >= key. */
static size_t lower_bound(const RBook *b, uint64_t key) {
    size_t lo = 0, hi = b->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->entries[mid].key < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

/* Whether text is a turn the rules generate in pos: play_turn_str alone
 * would also take the tokens a variant accepts but never generates (a
 * Buratia bribe), and a book must not pay bribes. */
static bool generated_turn(const Position *pos, const char *text) {
    Move steps[MAX_TURN_STEPS], list[MAX_MOVES];
    int nsteps = 0;
    char err[128];
    Position cur = *pos;
    if (!play_turn_steps(&cur, text, steps, &nsteps, err, sizeof err)) return false;
    cur = *pos;
    for (int i = 0; i < nsteps; i++) {
        int n = cur.v->generate(&cur, list), k = 0;
        while (k < n && list[k] != steps[i]) k++;
        if (k == n) return false;
        cur.v->make(&cur, steps[i]);
    }
    return true;
}

/* Inserts m into out (n moves, highest weight first, at most max): equal
 * weights keep the file's order. Returns the new count. */
static int insert_by_weight(BookMove *out, int n, int max, const BookMove *m) {
    int at = n;
    while (at > 0 && out[at - 1].weight < m->weight) at--;
    if (at >= max) return n;
    int last = n < max ? n : max - 1;
    memmove(out + at + 1, out + at, (size_t)(last - at) * sizeof *out);
    out[at] = *m;
    return n < max ? n + 1 : n;
}

int rbook_moves(const RBook *b, const Position *pos, BookMove *out, int max) {
    if (!b || max <= 0) return 0;
    int n = 0;
    for (size_t i = lower_bound(b, pos->key); i < b->count && b->entries[i].key == pos->key; i++) {
        const RBookEntry *e = &b->entries[i];
        /* A key collision or a hand-edited file can hold any text: only a
         * turn that plays whole in this position is offered. */
        if (!generated_turn(pos, b->strings + e->str)) continue;
        BookMove m = {.weight = e->weight, .learn = e->learn};
        snprintf(m.turn, sizeof m.turn, "%s", b->strings + e->str);
        n = insert_by_weight(out, n, max, &m);
    }
    return n;
}
