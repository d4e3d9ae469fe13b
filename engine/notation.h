/* Square and move strings (RULES.md "Moves"), and turns of several steps.
 * A move string is parsed by matching it against the strings of the legal
 * steps, so every variant's notation is defined in one place: move_to_str. */
#ifndef RATNIK_NOTATION_H
#define RATNIK_NOTATION_H

#include "variant.h"

enum { MOVE_STR_MAX = 32, TURN_STR_MAX = 64 };

void square_to_str(const Geometry *g, int sq, char *buf);
/* Parses "e4"/"i9" at text; returns characters read (2) or 0. */
int square_parse(const Geometry *g, const char *text, int *sq);

/* Reads a square list: squares and rectangles given by two corners
 * ("a9:i9 b8 h8"), separated by spaces. False if any word is neither. */
bool squares_parse(const Geometry *g, const char *text, bb_t *out);

/* The text of one step, e.g. "e7e8q", "N@b8", "b1c3,c3d4", "xb1,g8f6". */
void move_to_str(const Position *pos, Move m, char *buf);
/* The legal step written exactly as `text` (as move_to_str writes it), if any. */
bool step_from_str(const Position *pos, const char *text, Move *out);

/* Plays a whole turn written as text ("e2e4", "xb1,g8f6,e2e4", "+N@b8") on
 * pos. On failure returns false with a reason and pos unchanged. */
bool play_turn_str(Position *pos, const char *text, char *err, size_t errlen);
/* The same, also storing the steps played (at most MAX_TURN_STEPS). */
enum { MAX_TURN_STEPS = 8 };
bool play_turn_steps(Position *pos, const char *text, Move *steps, int *nsteps, char *err, size_t errlen);

/* Every legal complete turn of the side to move, as strings (steps joined by
 * commas); returns how many, at most `max` are stored. A finished game has none. */
int legal_turn_strings(const Position *pos, char (*out)[TURN_STR_MAX], int max);
/* How many legal turns there are, and turn number `index` of the order
 * above (false past the last): a random turn needs no list, however many
 * turns a Voodoo position has. */
int legal_turn_count(const Position *pos);
bool legal_turn_string_at(const Position *pos, int index, char out[TURN_STR_MAX]);
/* Turn number r mod the count: a random turn for a random r (false if
 * there is none). */
bool legal_turn_random(const Position *pos, unsigned long long r, char out[TURN_STR_MAX]);

#endif
