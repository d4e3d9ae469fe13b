/* A second, deliberately simple move generator for Buratia (RULES.md section
 * 2), written from the rules with plain arrays and sharing no code with the
 * engine (not even its FEN reader). The differential tests hold the engine's
 * plugin against it. Everything works on FEN strings and RULES.md move
 * strings, so the engine's FEN writer and notation are checked too. */
#ifndef RATNIK_REF_BURATIA_H
#define RATNIK_REF_BURATIA_H

#include <stddef.h>

enum { REF_BURATIA_TURN_MAX = 64, REF_BURATIA_DEFAULT_LIMIT = 100 };

/* All legal turn strings of the side to move ("e2e4", "b1c3,c3d4"), at most
 * `max` stored; returns how many there are, 0 if the game is over, -1 on a
 * FEN it cannot read or that describes an impossible position. */
int ref_buratia_moves(const char *fen, char out[][REF_BURATIA_TURN_MAX], int max);

/* The result of the position: "none", or "1-0 <reason>", "0-1 <reason>",
 * "1/2-1/2 <reason>". Returns the code (0 none, 1 white wins, 2 black wins,
 * 3 draw) or -1 on a bad FEN. The _limit form takes the MoveLimit (full
 * moves, 0 = none); the plain form uses the default 100. */
int ref_buratia_result(const char *fen, char *buf, size_t n);
int ref_buratia_result_limit(const char *fen, int limit, char *buf, size_t n);

/* Plays one turn (a legal move, or a bribe token: refrain "N@b8", purchase
 * "N@b8,e7e5", take-back "+N@b8") and writes the FEN after it. Returns 0, or
 * -1 if the FEN is bad or the turn is not legal there. */
int ref_buratia_play(const char *fen, const char *turn, char *out_fen, size_t n);

/* Complete turns to `depth` (a finished game has none); 0 on a bad FEN. */
unsigned long long ref_buratia_perft(const char *fen, int depth);
unsigned long long ref_buratia_perft_limit(const char *fen, int limit, int depth);

#endif
