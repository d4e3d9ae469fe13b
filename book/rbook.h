/* ratnik's own book format (docs/books.md): read and write. */
#ifndef RATNIK_RBOOK_H
#define RATNIK_RBOOK_H

#include "book.h"

typedef struct RBook RBook;

/* True when the first bytes (at least 8) are a ratnik book's magic. */
bool rbook_is_ratnik(const unsigned char *head, size_t n);
/* Parses a whole file image (the caller keeps or frees data). NULL + err
 * when malformed or for another variant. */
RBook *rbook_load(const unsigned char *data, size_t n, const Variant *v, char *err, size_t errlen);
void rbook_free(RBook *b);
int rbook_moves(const RBook *b, const Position *pos, BookMove *out, int max);
size_t rbook_entries(const RBook *b);

#endif
