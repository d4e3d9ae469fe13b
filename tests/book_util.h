/* Assertions on the moves a book offers, shared by the book suites. */
#ifndef RATNIK_TEST_BOOK_UTIL_H
#define RATNIK_TEST_BOOK_UTIL_H

#include "test_util.h"
#include "../book/book.h"

/* The n moves in m are, in order, the space-separated `turns`. */
static inline void assert_book_turns(const BookMove *m, int n, const char *turns) {
    char buf[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", turns);
    int i = 0;
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save), i++) {
        ck_assert_msg(i < n, "book offers %d moves, want %s", n, turns);
        ck_assert_str_eq(m[i].turn, t);
    }
    ck_assert_msg(i == n, "book offers %d moves, want %s", n, turns);
}

#endif
