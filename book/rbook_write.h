/* Writing ratnik books: collect (position key, turn, weight, learn) in any
 * order, then save; duplicates are merged and the entries sorted on save. */
#ifndef RATNIK_RBOOK_WRITE_H
#define RATNIK_RBOOK_WRITE_H

#include "book.h"

typedef struct RBookWriter RBookWriter;

RBookWriter *rbook_writer_new(void);
void rbook_writer_free(RBookWriter *w);
/* False (and nothing added) when turn is not 1..TURN_STR_MAX-1 visible
 * characters. Weights above 65535 are capped. */
bool rbook_writer_add(RBookWriter *w, uint64_t key, const char *turn, unsigned weight, uint32_t learn);
/* The file image for variant v (malloc'd, *size bytes): entries with the
 * same key and turn merged (weights and learn values added, capped). */
unsigned char *rbook_writer_image(RBookWriter *w, const Variant *v, size_t *size);
bool rbook_writer_save(RBookWriter *w, const Variant *v, const char *path, char *err, size_t errlen);
/* After an image or save: entries and distinct positions written. */
size_t rbook_writer_entries(const RBookWriter *w);
size_t rbook_writer_positions(const RBookWriter *w);

#endif
