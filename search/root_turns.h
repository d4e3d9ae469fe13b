/* The root turns a search may choose from (UCI `go searchmoves`): whole
 * turns, each the list of its steps, so that a Voodoo sacrifice or a
 * Buratia purchase is restricted as one turn and not step by step. */
#ifndef RATNIK_ROOT_TURNS_H
#define RATNIK_ROOT_TURNS_H

#include "../engine/notation.h"

enum { MAX_ROOT_TURNS = 1024 };

typedef struct {
    int n;                                   /* 0: no turn given */
    unsigned char nsteps[MAX_ROOT_TURNS];
    Move steps[MAX_ROOT_TURNS][MAX_TURN_STEPS];
} RootTurns;

/* Adds the turn written as `text` (RULES.md notation, as `position ...
 * moves` reads it) if it is legal in pos; a repeated turn is added once.
 * A step the move generator does not offer (a Buratia bribe token) is
 * taken only with `bribes`; a turn that leaves the same side to move (a
 * take-back payment) never. False with a reason otherwise. */
bool root_turns_add(RootTurns *r, const Position *pos, bool bribes, const char *text, char *err, size_t errlen);

/* The steps that may follow the first `len` steps of the root turn
 * (`path`): the next step of every listed turn that begins with them,
 * each once. Returns how many were written to out. */
int root_turns_next(const RootTurns *r, const Move *path, int len, Move *out);

#endif
