/* A game: the start position, every step played since, and the keys that
 * repetition needs. Fixed size, so a session's memory never grows. */
#ifndef RATNIK_GAME_H
#define RATNIK_GAME_H

#include "variant.h"

enum { GAME_MAX_STEPS = 4096 };

typedef struct {
    Position start;
    Position cur;
    int nsteps;
    Move steps[GAME_MAX_STEPS];
    uint64_t keys[GAME_MAX_STEPS + 1];  /* key after i steps; keys[0] is the start */
    bool turn_start[GAME_MAX_STEPS + 1]; /* whether the position after i steps begins a turn */
} Game;

void game_reset(Game *g, const Position *start);
/* Plays a turn written as text; on failure the game is unchanged. */
bool game_play(Game *g, const char *text, char *err, size_t errlen);
/* Takes back the last `turns` turns (every step of each) by replaying the
 * game from its start. False, the game unchanged, if fewer were played.
 * The steps taken back stay in steps[nsteps..] until overwritten, for a
 * caller that checks what was taken back. */
bool game_undo(Game *g, int turns);
/* The rules' verdict on the current position, history included. */
void game_outcome(const Game *g, Outcome *o);
/* How often the current position has occurred at the start of a turn. */
int game_repetitions(const Game *g);

#endif
