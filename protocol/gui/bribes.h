/* The bribe sub-protocol (../shared/BRIBES.md, docs/bribes.md): the lines
 * `bribe offer ...`, `bribe query ...`, `bribe result ...` and the options
 * Corruption and BribePolicy, shared by UCI and CECP. Decisions are made by
 * search/bribe_decide.c. */
#ifndef RATNIK_BRIBES_H
#define RATNIK_BRIBES_H

#include "../../search/bribe_decide.h"
#include "../../search/engine.h"
#include "option_group.h"

typedef enum { BRIBE_PROTO_UCI, BRIBE_PROTO_CECP } BribeProto;

/* Handles a command line whose first word (argv[0]) is "bribe"; prints
 * every reply. Returns true when an offer was accepted, with the bribe in
 * *accepted (may be NULL). The game is never changed here. */
bool bribes_command(Engine *e, BribeProto proto, int argc, char **argv, Bribe *accepted);

/* Plays an accepted bribe on the engine's game (CECP, where the engine keeps
 * the game); *token gets what a move list would carry ("N@b8,e7e5"). */
bool bribes_apply(Engine *e, const Bribe *b, char *token, size_t n, char *err, size_t errlen);

/* The options Corruption and BribePolicy; setting one (false: bad value). */
extern const OptionGroup bribe_options;
bool bribes_set_option(Engine *e, const char *name, const char *value, char *err, size_t errlen);

#endif
