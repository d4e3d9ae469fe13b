/* `ratnik book build|search|show|epd` (docs/books.md). */
#ifndef RATNIK_BOOK_CLI_H
#define RATNIK_BOOK_CLI_H

#include <stdbool.h>
#include "../../engine/variant.h"

int book_cli_main(int argc, char **argv);

/* The subcommands, each in its own file; argv[0] is the subcommand. */
int book_build_main(int argc, char **argv);
int book_search_main(int argc, char **argv);

/* Shared by the subcommands: the variant named by --variant (a message and
 * NULL when unknown). */
const Variant *book_cli_variant(const char *name);

#endif
