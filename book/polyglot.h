/* Polyglot opening books (chess only): the published key and move encoding
 * of the Polyglot book format, reading entries from a file image, and
 * writing a book (docs/books.md, "Chess: Polyglot").
 *
 * A file is a sequence of 16-byte entries, big-endian, sorted by key:
 *   key (8) | move (2) | weight (2) | learn (4)
 * move bits: 0-2 to file, 3-5 to row, 6-8 from file, 9-11 from row,
 * 12-14 promotion (0 none, 1 knight, 2 bishop, 3 rook, 4 queen).
 * Castling is stored as the king taking its own rook (e1h1, e1a1, e8h8,
 * e8a8); ratnik writes it e1g1, e1c1, e8g8, e8c8. */
#ifndef RATNIK_POLYGLOT_H
#define RATNIK_POLYGLOT_H

#include "book.h"

enum { POLY_ENTRY_BYTES = 16, POLY_RANDOM_COUNT = 781 };

typedef struct {
    uint64_t key;
    uint16_t move;
    uint16_t weight;
    uint32_t learn;
} PolyEntry;

extern const uint64_t polyglot_random64[POLY_RANDOM_COUNT];

/* The Polyglot key of a chess position. The en-passant file counts only
 * when a pawn of the side to move stands beside the pawn that just made
 * the double step (the spec's rule, legality of the capture aside). */
uint64_t polyglot_key(const Position *pos);

/* The Polyglot move of a legal turn of pos ("e2e4", "e7e8q", "e1g1"), or 0
 * when the text is not a legal turn or not a simple chess move. */
uint16_t polyglot_encode_move(const Position *pos, const char *turn);
/* The ratnik turn of a Polyglot move in pos; false when it is not legal. */
bool polyglot_decode_move(const Position *pos, uint16_t move, char *turn, size_t n);

/* One entry to and from its 16 bytes. */
void polyglot_entry_read(const unsigned char *bytes, PolyEntry *e);
void polyglot_entry_write(unsigned char *bytes, const PolyEntry *e);
/* Order of a book file: key ascending, then weight descending, then move. */
int polyglot_entry_cmp(const void *a, const void *b);

/* Checks a whole file image: a non-zero multiple of 16 bytes, keys sorted. */
bool polyglot_check(const unsigned char *data, size_t n, char *err, size_t errlen);
/* The legal book moves of pos in an image checked by polyglot_check,
 * highest weight first (a move listed twice keeps its first entry). */
int polyglot_moves(const unsigned char *data, size_t n, const Position *pos, BookMove *out, int max);

/* Writes entries (any order: a sorted copy is written) to path. Entries
 * with the same key and move are kept as given: merge them first. */
bool polyglot_save(const char *path, const PolyEntry *e, size_t n, char *err, size_t errlen);

#endif
