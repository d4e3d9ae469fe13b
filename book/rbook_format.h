/* The ratnik book file layout (docs/books.md "The ratnik book format"),
 * shared by the reader (rbook.c) and the writer (rbook_write.c).
 * All integers are little-endian; nothing is padded.
 *
 * header, RBOOK_HEADER_SIZE (40) bytes:
 *   0  8  magic "RATNIKBK"
 *   8  4  version (RBOOK_VERSION)
 *  12  4  entry count
 *  16  4  string-table size in bytes
 *  20  4  reserved, 0
 *  24 16  variant name, NUL-padded (at most 15 characters)
 * entries, count x RBOOK_ENTRY_SIZE (20) bytes, sorted by key:
 *   0  8  key: ratnik's Zobrist key of the position (Position.key)
 *   8  4  offset of the turn's text in the string table
 *  12  4  learn (free for tools; the engine ignores it)
 *  16  2  weight
 *  18  2  reserved, 0
 * string table: NUL-terminated turns in RULES.md notation; a turn played
 *   from many positions is stored once. The file ends with the table. */
#ifndef RATNIK_RBOOK_FORMAT_H
#define RATNIK_RBOOK_FORMAT_H

#include <stdint.h>

#define RBOOK_MAGIC "RATNIKBK"
enum {
    RBOOK_VERSION = 1,
    RBOOK_HEADER_SIZE = 40,
    RBOOK_ENTRY_SIZE = 20,
    RBOOK_NAME_SIZE = 16,
    RBOOK_NAME_AT = 24,
};

/* One entry on disk, as byte arrays so that the compiler adds no padding. */
typedef struct {
    unsigned char key[8], str[4], learn[4], weight[2], reserved[2];
} RBookDiskEntry;
_Static_assert(sizeof(RBookDiskEntry) == RBOOK_ENTRY_SIZE, "an entry is 20 bytes on disk");

/* One entry as it is held in memory after loading. */
typedef struct {
    uint64_t key;
    uint32_t str;
    uint32_t learn;
    uint16_t weight;
} RBookEntry;

static inline uint64_t rb_get(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static inline void rb_put(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++) p[i] = (unsigned char)(v >> (8 * i));
}

#endif
