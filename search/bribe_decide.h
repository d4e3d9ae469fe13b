/* Bribes decided by search (BRIBES.md, docs/bribes.md), for any variant
 * whose rules have them (Variant.bribes). The rule layer says what is legal;
 * this file says what is worth it, by comparing searches of the position
 * without the bribe and the position the bribe creates.
 *
 * Terms as in BRIBES.md: X offers (the side not to move), Y receives (the
 * side to move). Every function takes the game as it stands (Y to move). */
#ifndef RATNIK_BRIBE_DECIDE_H
#define RATNIK_BRIBE_DECIDE_H

#include "search.h"

typedef enum { BRIBE_REFRAIN, BRIBE_PURCHASE, BRIBE_TAKEBACK } BribeKind;

/* The test-only option BribePolicy (scripted opponents for measurements). */
typedef enum { POLICY_SEARCH, POLICY_ACCEPT_ALL, POLICY_DECLINE_ALL, POLICY_RANDOM_OFFERS, POLICY_NB } BribePolicy;
extern const char *const bribe_policy_names[POLICY_NB];

/* A session's part in negotiations, kept across variants: the option
 * Corruption (off by default), the test-only BribePolicy and the random
 * state of policy random-offers. */
typedef struct {
    bool on;
    BribePolicy policy;
    uint64_t rng;
} BribeSession;

typedef struct {
    BribeKind kind;
    Move named;     /* refrain and purchase: Y's move; MOVE_NONE for a take-back */
    int type, sq;   /* the payment: Y's piece type, the square on Y's home rank */
    int gain;       /* offers made by search: what X expects to win (centipawns) */
} Bribe;

/* How long the decision searches may run: movetime (ms) when > 0, else a
 * fixed depth (tests use depth for reproducible decisions). */
typedef struct {
    TT *tt;
    int threads;
    int movetime;
    int depth;
} BribeBudget;

/* Builds in *out the game the bribe creates (a copy of g with the bribe
 * played, as a move list would replay it). False, with a reason, if the
 * bribe is not legal here; *out is then unspecified. */
bool bribe_apply(const Game *g, const Bribe *b, Game *out, char *err, size_t errlen);

/* The bribe as wire text after "bribe offer " ("refrain e7e5 N@b8"). */
void bribe_offer_text(const Game *g, const Bribe *b, char *buf, size_t n);
/* The token that replays an accepted bribe: "N@b8", "N@b8,e7e5", "+N@b8". */
void bribe_token(const Game *g, const Bribe *b, char *buf, size_t n);

/* Receiving (Y): whether a legal bribe is worth accepting. *gain (may be
 * NULL) gets Y's expected gain in centipawns. */
bool bribe_should_accept(const Game *g, const Bribe *b, const BribeBudget *budget, int *gain);

/* Offering (X): the bribes worth their price, best first; returns how many
 * (at most max). Each is legal in g. */
int bribe_find_offers(const Game *g, const BribeBudget *budget, Bribe *out, int max);

/* One legal bribe chosen at random (policy random-offers); false if X has
 * nothing to pay with. *rng is a xorshift64 state (0 is replaced). */
bool bribe_random_offer(const Game *g, uint64_t *rng, Bribe *out);

/* Whether g's variant has bribes; false with "bribes exist only in ..."
 * (naming the variants that have them) if not. */
bool bribe_rules_here(const Game *g, char *err, size_t errlen);

/* Reads a payment text with the rules of g's variant or, when it has none,
 * with those of any variant that has them (so that a well-formed offer in
 * the wrong variant is told where bribes exist); false if it is none. */
bool bribe_parse_payment(const Game *g, const char *text, int *type, int *sq);

/* The names of the registered variants that have bribes, joined by sep
 * ("buratia"), for the errors that say where bribes exist. */
void bribe_variant_names(char *buf, size_t n, const char *sep);

#endif
