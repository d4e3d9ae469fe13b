/* Standard algebraic notation for single-step moves (chess, and the chess-
 * like variants): used to read test suites such as WAC, whose best moves are
 * written in SAN. */
#ifndef RATNIK_SAN_H
#define RATNIK_SAN_H

#include "variant.h"

/* SAN of a legal step, without check marks ("Nbd7", "exd6", "e8=Q", "O-O"). */
void move_to_san(const Position *pos, Move m, char *buf, size_t n);
/* The same with '+' after a move that gives check, '#' after one that
 * also leaves no legal move (the variant's in_check decides; none: no mark). */
void move_to_san_marked(const Position *pos, Move m, char *buf, size_t n);
/* Whether `san` (check marks, "!" and "?" allowed) names the step m. */
bool san_matches(const Position *pos, Move m, const char *san);

#endif
