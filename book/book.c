/* The book API (book.h) over the two formats: the file is read whole, its
 * first bytes say which format it is, and every lookup goes to that
 * format's reader. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "book.h"
#include "../engine/fileio.h"
#include "polyglot.h"
#include "rbook.h"

/* A book bigger than this is refused rather than read into every session. */
enum { BOOK_MAX_BYTES = 512 << 20, BOOK_MAX_MOVES = 256 };

struct Book {
    const Variant *v;
    RBook *rbook;          /* a ratnik book, or NULL for Polyglot */
    unsigned char *data;   /* a Polyglot file image */
    size_t size;
};

Book *book_open(const char *path, const Variant *v, char *err, size_t errlen) {
    size_t size = 0;
    char why[256] = "";
    unsigned char *data = (unsigned char *)file_read_all(path, BOOK_MAX_BYTES, &size, why, sizeof why);
    if (!data) {
        snprintf(err, errlen, "cannot open book %s: %s", path, why);
        return NULL;
    }
    Book *b = calloc(1, sizeof *b);
    if (!b) {
        snprintf(err, errlen, "out of memory");
        free(data);
        return NULL;
    }
    b->v = v;
    if (size >= 8 && rbook_is_ratnik(data, size)) {
        b->rbook = rbook_load(data, size, v, why, sizeof why);
        free(data); /* rbook_load keeps what it needs */
        if (!b->rbook) {
            snprintf(err, errlen, "book %s: %s", path, why);
            free(b);
            return NULL;
        }
        return b;
    }
    if (!v->polyglot) {
        snprintf(err, errlen, "book %s is not a ratnik book, and Polyglot books are for chess only (variant %s)", path,
                 v->name);
    } else if (!polyglot_check(data, size, why, sizeof why)) {
        snprintf(err, errlen, "book %s: %s", path, why);
    } else {
        b->data = data;
        b->size = size;
        return b;
    }
    free(data);
    free(b);
    return NULL;
}

void book_close(Book *b) {
    if (!b) return;
    rbook_free(b->rbook);
    free(b->data);
    free(b);
}

int book_moves(const Book *b, const Position *pos, BookMove *out, int max) {
    if (!b || max <= 0 || pos->v != b->v) return 0;
    if (b->rbook) return rbook_moves(b->rbook, pos, out, max);
    return polyglot_moves(b->data, b->size, pos, out, max);
}

/* xorshift64*: the caller's state, so a session's choices repeat given its seed. */
static uint64_t next_random(uint64_t *s) {
    if (!*s) *s = 0x9E3779B97F4A7C15ull;
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 0x2545F4914F6CDD1Dull;
}

/* Variety v in 1..100 weighs each move by (weight / best) ^ (100 / v): at
 * 100 in proportion to the weights, lower values sharpen toward the best
 * move, 0 takes it always. Moves of weight 0 are listed but never played. */
bool book_choose(const Book *b, const Position *pos, int variety, uint64_t *rng, BookMove *out) {
    BookMove moves[BOOK_MAX_MOVES];
    int n = book_moves(b, pos, moves, BOOK_MAX_MOVES);
    while (n > 0 && moves[n - 1].weight == 0) n--; /* sorted: the zeros are last */
    if (n <= 0) return false;
    if (variety <= 0 || n == 1) {
        *out = moves[0];
        return true;
    }
    double exponent = 100.0 / (variety > 100 ? 100 : variety), share[BOOK_MAX_MOVES], total = 0;
    for (int i = 0; i < n; i++) total += share[i] = pow((double)moves[i].weight / moves[0].weight, exponent);
    double pick = (double)(next_random(rng) >> 11) / 9007199254740992.0 * total;
    for (int i = 0; i < n; i++) {
        if (pick < share[i] || i == n - 1) {
            *out = moves[i];
            return true;
        }
        pick -= share[i];
    }
    return false;
}

uint64_t book_key(const Book *b, const Position *pos) {
    return b && !b->rbook ? polyglot_key(pos) : pos->key;
}

const char *book_format(const Book *b) { return b && b->rbook ? "ratnik" : "polyglot"; }

size_t book_entries(const Book *b) {
    if (!b) return 0;
    return b->rbook ? rbook_entries(b->rbook) : b->size / POLY_ENTRY_BYTES;
}
