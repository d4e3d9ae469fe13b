/* Opening books: one API over two on-disk formats (docs/books.md).
 * - Polyglot .bin (chess only): the published Polyglot keys and 16-bit
 *   move encoding (book/polyglot.c).
 * - ratnik books (any variant): keys from ratnik's Zobrist hashing, turns in
 *   RULES.md notation (book/rbook.c).
 * A Book is read whole into memory when opened and never changes after, so
 * one session's memory for it is the file's size. */
#ifndef RATNIK_BOOK_H
#define RATNIK_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../engine/notation.h"
#include "../engine/variant.h"

typedef struct {
    char turn[TURN_STR_MAX]; /* the whole turn as RULES.md writes it (UCI move string) */
    unsigned weight;
    uint32_t learn;
} BookMove;

typedef struct Book Book;

/* Opens a book for variant v: the format is found from the file's first
 * bytes. NULL with a message in err when the file is missing, unreadable,
 * malformed or made for another variant. */
Book *book_open(const char *path, const Variant *v, char *err, size_t errlen);
void book_close(Book *b);
/* The book's moves that are legal in pos, highest weight first. */
int book_moves(const Book *b, const Position *pos, BookMove *out, int max);
/* One book move for pos: variety 0 always takes the highest weight, 100
 * picks in proportion to the weights, values between flatten the choice
 * gradually. rng is the caller's (per session) state. False: out of book. */
bool book_choose(const Book *b, const Position *pos, int variety, uint64_t *rng, BookMove *out);
/* The key the book uses for pos (Polyglot key or ratnik Zobrist key). */
uint64_t book_key(const Book *b, const Position *pos);
const char *book_format(const Book *b); /* "polyglot" or "ratnik" */
size_t book_entries(const Book *b);

#endif
