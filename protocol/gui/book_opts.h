/* The opening-book options and replies of UCI and CECP (docs/books.md):
 * OwnBook, BookFile, BookDepth, BookVariety, the book move answered to `go`
 * and CECP's `bk`. The book itself is the Engine's (search/engine_book.c). */
#ifndef RATNIK_BOOK_OPTS_H
#define RATNIK_BOOK_OPTS_H

#include "option_group.h"

extern const OptionGroup book_options;

/* UCI `go`: when the book has a move, prints `info string book move X` and
 * `bestmove X [ponder Y]` and returns true (no search is started). A book
 * that cannot be opened gives one `info string error: ...` line. */
bool book_opts_uci_go(Engine *e);
/* CECP: the book move for the engine's turn in turn (TURN_STR_MAX), after
 * a `# book move X` line; ponder gets the expected reply or "". */
bool book_opts_cecp_move(Engine *e, char *turn, char *ponder);
/* CECP `bk`: the book moves of the position, each line starting with a
 * space, then an empty line. */
void book_opts_cecp_bk(Engine *e);

#endif
