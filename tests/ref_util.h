/* Small pieces the reference generators (tests/ref_*.c) share: walking a
 * game tree for perft and writing a board as FEN text. Like the references
 * themselves they use nothing from the engine. */
#ifndef RATNIK_REF_UTIL_H
#define RATNIK_REF_UTIL_H

#include <stddef.h>

#include "ref.h" /* REF_TURN_MAX */

/* How a reference walks its game tree, whatever its position and move
 * types: `legal` writes the legal moves of a position (at most max_moves;
 * none once the game is over) and returns how many, `play` makes one. */
typedef struct {
    size_t pos_size, move_size;
    int max_moves;
    int (*legal)(const void *pos, void *moves);
    void (*play)(void *pos, const void *move);
} RefTree;

/* Complete moves to `depth` from pos (1 for depth 0). */
unsigned long long ref_perft(const RefTree *t, const void *pos, int depth);

/* Writes one of a reference's moves as the turn text GUIs send (shorter
 * than REF_TURN_MAX). */
typedef void RefTurnName(const void *move, char *out);

/* Writes the turns of pos's legal moves into out (at most max) and returns
 * how many legal moves there are. */
int ref_turn_names(const RefTree *t, const void *pos, RefTurnName *name, char out[][REF_TURN_MAX], int max);

/* Plays on pos the legal move written as turn; -1 (pos unchanged) when no
 * legal move is, else 0. */
int ref_play_turn(const RefTree *t, void *pos, RefTurnName *name, const char *turn);

enum { REF_WORD_MAX = 32 };

/* Splits s into its space-separated words, at most `max`; returns how many,
 * or -1 when there are more or one is REF_WORD_MAX long or longer. */
int ref_split_words(const char *s, char word[][REF_WORD_MAX], int max);

/* Reads the placement field at s into cells (laid out as for
 * ref_write_placement): `letters` are the pieces that may stand there, and a
 * '+' before one of the second letters of `promoted` stands for the first.
 * Returns the text after it (a space, '[' or the end), or NULL when it is
 * not exactly a full board. */
const char *ref_read_placement(const char *s, char *cells, int size, const char *letters, const char *promoted);

/* Skips spaces, then reads a counter of digits only (at most 100000) and
 * moves *s past it; 0 when there is none. */
int ref_read_number(const char **s, int *out);

/* Writes the placement field of a size x size board, cells[rank * size +
 * file] with rank 0 the first rank and '.' empty. `promoted` lists pairs of
 * an internal letter and the letter written after a '+' for it ("SPsp":
 * 'S' is written "+P"). Returns the length written (out always ends). */
size_t ref_write_placement(const char *cells, int size, const char *promoted, char *out, size_t n);

#endif
