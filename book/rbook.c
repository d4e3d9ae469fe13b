/* Placeholder until the ratnik book format lands: knows no books. */
#include <stdio.h>
#include "rbook.h"

bool rbook_is_ratnik(const unsigned char *head, size_t n) {
    (void)head;
    (void)n;
    return false;
}

RBook *rbook_load(const unsigned char *data, size_t n, const Variant *v, char *err, size_t errlen) {
    (void)data;
    (void)n;
    (void)v;
    snprintf(err, errlen, "ratnik books are not supported yet");
    return NULL;
}

void rbook_free(RBook *b) { (void)b; }

int rbook_moves(const RBook *b, const Position *pos, BookMove *out, int max) {
    (void)b;
    (void)pos;
    (void)out;
    (void)max;
    return 0;
}

size_t rbook_entries(const RBook *b) {
    (void)b;
    return 0;
}
