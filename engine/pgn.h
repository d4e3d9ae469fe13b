/* PGN export: tags, then movetext wrapped at 79 columns. The one writer of
 * the project: the match runner's game files and the UCI `pgn` command both
 * use it, so whatever one writes `ratnik match -openings format=pgn` reads. */
#ifndef RATNIK_PGN_H
#define RATNIK_PGN_H

#include "game.h"

typedef struct {
    char *s; /* NULL until something is written, or after running out of memory */
    size_t len, cap, col;
    bool failed;
    int last_mover; /* fullmove * 2 + side of the previous turn; -1: none */
} PgnText;

void pgn_init(PgnText *p);
/* [name "value"], the value's quotes and backslashes escaped. */
void pgn_tag(PgnText *p, const char *name, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The blank line between the tags and the movetext. */
void pgn_begin_moves(PgnText *p);
/* One turn: its number where it is due ("12." before White's, "12..."
 * before Black's unless it follows White's of the same number), the move,
 * a {comment} unless comment is NULL or empty. mover = fullmove * 2 + side
 * of the position the turn was played from (a Buratia take-back lets one
 * side move twice, so the numbers come from each turn's own position). */
void pgn_turn(PgnText *p, int mover, const char *move, const char *comment);
/* The closing {reason} (if any), the result token and the blank line. */
void pgn_end(PgnText *p, const char *reason, const char *result);
/* The text written, for the caller to free; NULL if memory ran out. */
char *pgn_take(PgnText *p);

/* "1-0", "0-1", "1/2-1/2", "*". */
const char *pgn_result_str(ResultCode r);

/* A whole game (engine/game.h) as PGN: the seven tags with `event`, the
 * Variant, SetUp and FEN when the start is not the variant's, PlyCount and
 * Termination; SAN where the variant writes it; the rules' verdict as the
 * closing comment and the result. The caller frees it; NULL: out of memory. */
char *game_pgn(const Game *g, const char *event);

#endif
