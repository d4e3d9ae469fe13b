#ifndef RATNIK_UCI_H
#define RATNIK_UCI_H

#include "../../search/engine.h"

/* Handles one UCI command line; returns false after `quit`. */
bool uci_command(Engine *e, char *line);

#endif
