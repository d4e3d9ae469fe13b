/* What the turns of a game did, in terms every variant shares. A turn's
 * legs come from the generic step kinds (move.h) and from the boards before
 * and after each step, never from which variant it is: a board that shows
 * the last turn (docs/uci-extensions.md, "state last") and PGN read them. */
#ifndef RATNIK_TURN_INFO_H
#define RATNIK_TURN_INFO_H

#include "game.h"
#include "notation.h"

typedef enum {
    LEG_MOVE,    /* a piece of the mover went from -> to                    */
    LEG_CAPTURE, /* the same, taking `piece` (on sq, en passant, else on to) */
    LEG_CASTLE,  /* the king from -> to, the rook sq -> sq2                  */
    LEG_PUSH,    /* a displaced piece from -> to                             */
    LEG_REMOVE,  /* `piece` taken off its owner's own square `from`          */
    LEG_POSSESS, /* an enemy piece moved by magic from -> to (taking `piece`) */
    LEG_PLACE,   /* `piece` put on `to` from holdings; text is the step's    */
    LEG_CHANGE,  /* the piece on from changed in place; text is the step's  */
    LEG_PROMOTE, /* the piece on `to` became `piece`                        */
    LEG_ROLE_NB
} LegRole;

typedef struct {
    LegRole role;
    int from, to;
    int sq, sq2;     /* capture: where the taken piece stood; castle: the rook's path */
    Piece piece;
    char text[MOVE_STR_MAX];
} TurnLeg;

enum { MAX_TURN_LEGS = 4 * MAX_TURN_STEPS };

/* The legs of the turn whose `nsteps` steps were played from `before`;
 * returns how many (at most MAX_TURN_LEGS). */
int turn_legs(const Position *before, const Move *steps, int nsteps, TurnLeg *legs);
/* One leg as text, "role:detail" ("capture:e5d6:p:d5", "place:N@b8"). */
void turn_leg_str(const Position *before, const TurnLeg *leg, char *buf, size_t n);

/* One turn of a game, as game_each_turn shows it. */
typedef struct {
    int index;              /* 0 for the first turn */
    const Position *before; /* the position the turn was played from */
    const Move *steps;
    int nsteps;
    char text[TURN_STR_MAX]; /* RULES.md notation, steps joined by commas */
    char san[TURN_STR_MAX];  /* SAN where the variant writes it (Variant.san), else text */
} GameTurn;

/* Calls fn for each turn of g in order; returns the number of turns. */
typedef void (*GameTurnFn)(void *ctx, const GameTurn *turn);
int game_each_turn(const Game *g, GameTurnFn fn, void *ctx);

/* The last turn's legs as one line ("move:b1c3 push:c3d4"); false, buf
 * empty, when no turn has been played. */
bool game_last_turn_str(const Game *g, char *buf, size_t n);

#endif
