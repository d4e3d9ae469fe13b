/* The rule suites' shared vocabulary: set up a FEN, list or find turns,
 * play them, read the result, assert what a rule says. Every helper takes
 * the variant's reference generator (tests/ref.h; a RefGen with only
 * `variant` set checks the engine alone) and holds the reference to the
 * same answer as the engine, so a rule test checks both readings of the
 * rules. A suite defines RULES, the RefGen its ASSERT_ macros use:
 *
 *     #define RULES (&ref_japanese)
 *     #include "rules_util.h"
 */
#ifndef RATNIK_RULES_UTIL_H
#define RATNIK_RULES_UTIL_H

#include <check.h>
#include <stdint.h>
#include <string.h>
#include "../engine/fen.h"
#include "../engine/notation.h"
#include "../engine/perft.h"
#include "ref.h"

_Static_assert((int)TURN_STR_MAX == (int)REF_TURN_MAX, "engine and reference turn strings share a size");

typedef char TurnStr[TURN_STR_MAX];

enum { RULES_LIST_TEXT = 16384, RULES_RESULT_MAX = 128 };

/* A turn list on the heap, big enough for any position of any variant. */
typedef struct {
    TurnStr *turn;
    int n, max;
} TurnList;

void turn_list_init(TurnList *l, int max);
void turn_list_free(TurnList *l);
void turn_list_sort(TurnList *l);

Position rules_load(const RefGen *r, const char *fen);
bool rules_parses(const RefGen *r, const char *fen, char *err, size_t n);

/* The engine's legal turns of fen, sorted (the caller frees the list). */
void rules_turns(const RefGen *r, const char *fen, TurnList *out);
/* Those starting with `prefix` ("" for all), sorted, joined by spaces;
 * the reference's list must be the same. */
void rules_moves_from(const RefGen *r, const char *fen, const char *prefix, char *out, size_t n);
bool rules_has_turn(const RefGen *r, const char *fen, const char *turn);
int rules_count_prefix(const RefGen *r, const char *fen, const char *prefix);

/* Plays space-separated turns from fen in engine and reference (each must
 * be accepted by both, keep the key in step and give the same FEN); the FEN
 * after the last. */
void rules_after(const RefGen *r, const char *fen, const char *turns, char *out, size_t n);

/* "none", or "1-0 reason", "0-1 reason", "1/2-1/2 reason". */
void rules_result(const Position *pos, char *buf, size_t n);
/* The result of fen, which the reference must give too; a finished game
 * has no legal turn, and a game with none is finished. */
void rules_result_of(const RefGen *r, const char *fen, char *buf, size_t n);

/* The turn is refused by both with an engine message containing `why`
 * ("" for any message), and the engine's position is untouched. */
void rules_assert_rejected(const RefGen *r, const char *fen, const char *turn, const char *why);
/* The FEN is refused with an engine message containing `why`, and by the
 * reference where it judges setups. */
void rules_assert_fen_rejected(const RefGen *r, const char *fen, const char *why);
/* fen reads and writes back as `expect` (NULL: itself), key in step. */
void rules_assert_round_trip(const RefGen *r, const char *fen, const char *expect);
/* Engine and reference perft agree on fen at every depth up to `depth`. */
void rules_assert_perft(const RefGen *r, const char *fen, int depth);

/* A row of a table of turns: played from fen, the space-separated `turns`
 * give `after`; or, with after NULL, both refuse the turn with an engine
 * message containing `why`. */
typedef struct {
    const char *fen, *turns, *after, *why;
} TurnCase;

void rules_assert_turns(const RefGen *r, const TurnCase *cases, size_t n);
#define ASSERT_TURNS(cases) rules_assert_turns(RULES, (cases), sizeof(cases) / sizeof(cases)[0])

/* Sorts the words of a space-separated list. */
void sort_words(const char *in, char *out, size_t n);

/* The exact set of legal turns starting with `from`, in any order. */
#define ASSERT_MOVES(fen, from, expected)                                                               \
    do {                                                                                                \
        char got_[RULES_LIST_TEXT], want_[RULES_LIST_TEXT];                                             \
        rules_moves_from(RULES, (fen), (from), got_, sizeof got_);                                     \
        sort_words((expected), want_, sizeof want_);                                                    \
        ck_assert_msg(!strcmp(got_, want_), "%s from '%s':\n got  [%s]\n want [%s]", (fen), (from), got_, \
                      want_);                                                                           \
    } while (0)

#define ASSERT_HAS(fen, turn) \
    ck_assert_msg(rules_has_turn(RULES, (fen), (turn)), "%s: %s should be legal", (fen), (turn))
#define ASSERT_NOT(fen, turn) \
    ck_assert_msg(!rules_has_turn(RULES, (fen), (turn)), "%s: %s should be illegal", (fen), (turn))

#define ASSERT_AFTER(fen, turns, expected)                                                                 \
    do {                                                                                                   \
        char got_[FEN_MAX];                                                                                \
        rules_after(RULES, (fen), (turns), got_, sizeof got_);                                             \
        ck_assert_msg(!strcmp(got_, (expected)), "%s + %s:\n got  %s\n want %s", (fen), (turns), got_, (expected)); \
    } while (0)

/* Both accept the turns and agree on every FEN on the way. */
#define ASSERT_PLAYS(fen, turns)                                  \
    do {                                                          \
        char got_[FEN_MAX];                                       \
        rules_after(RULES, (fen), (turns), got_, sizeof got_);    \
    } while (0)

#define ASSERT_RESULT(fen, expected)                                                                   \
    do {                                                                                               \
        char got_[RULES_RESULT_MAX];                                                                   \
        rules_result_of(RULES, (fen), got_, sizeof got_);                                              \
        ck_assert_msg(!strcmp(got_, (expected)), "%s: result %s, want %s", (fen), got_, (expected));   \
    } while (0)

#define ASSERT_REJECTED(fen, turn, why) rules_assert_rejected(RULES, (fen), (turn), (why))
#define ASSERT_FEN_REJECTED(fen, why) rules_assert_fen_rejected(RULES, (fen), (why))
#define ASSERT_ROUND_TRIP(fen, expect) rules_assert_round_trip(RULES, (fen), (expect))

#endif
