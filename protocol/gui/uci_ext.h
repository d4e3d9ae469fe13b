/* The UCI extension commands a board needs beyond standard UCI
 * (docs/uci-extensions.md): variantinfo, legal, state, pgn. Each is a pure
 * query on a snapshot of the game, answered with `info string` lines (which
 * ordinary GUIs ignore) and ended by `info string <command> end`. */
#ifndef RATNIK_UCI_EXT_H
#define RATNIK_UCI_EXT_H

#include "../../search/engine.h"

/* Answers the command if argv[0] names one of them; false otherwise. */
bool uci_ext_command(const Engine *e, int argc, char **argv);

#endif
