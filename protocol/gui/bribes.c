/* The bribe lines of BRIBES.md, parsed and answered the same way in UCI and
 * CECP; only the error line differs. Every bad line gets an error (and, for
 * an offer, `bribe decline`; for a query, `bribe done`, so that an arbiter
 * waiting for the end of the answer never hangs) and changes nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "bribes.h"
#include "../../engine/notation.h"
#include "../../engine/number.h"

enum { DEFAULT_MOVETIME = 1000, MAX_MOVETIME = 3600 * 1000, MAX_OFFERS = 8 };

static void bribe_error(const Engine *e, BribeProto proto, const char *why) {
    if (proto == BRIBE_PROTO_UCI) engine_printf(e, "info string error: %s", why);
    else engine_printf(e, "Error (%s): bribe", why);
}

/* Reads an optional "movetime <ms>" at argv[at..]; false if anything else. */
static bool parse_movetime(int argc, char **argv, int at, int *ms) {
    *ms = DEFAULT_MOVETIME;
    if (at == argc) return true;
    if (at + 2 != argc || strcmp(argv[at], "movetime")) return false;
    long long v;
    if (!parse_integer(argv[at + 1], 1, MAX_MOVETIME, &v)) return false;
    *ms = (int)v;
    return true;
}

/* Parses "offer <kind> [<move>] <payment> [movetime <ms>]" (argv[1] is
 * "offer") and checks it against the rules; false with a reason. */
static bool parse_offer(const Game *g, int argc, char **argv, Bribe *b, int *ms, char *err, size_t n) {
    const char *kind = argc > 2 ? argv[2] : "";
    int at = 3;
    memset(b, 0, sizeof *b);
    if (!strcmp(kind, "refrain")) b->kind = BRIBE_REFRAIN;
    else if (!strcmp(kind, "purchase")) b->kind = BRIBE_PURCHASE;
    else if (!strcmp(kind, "takeback")) b->kind = BRIBE_TAKEBACK;
    else {
        snprintf(err, n, "bribe offer: unknown kind '%.32s' (refrain, purchase or takeback)", kind);
        return false;
    }
    const char *move = b->kind == BRIBE_TAKEBACK ? NULL : at < argc ? argv[at++] : "";
    const char *pay = at < argc ? argv[at++] : "";
    if (!bribe_parse_payment(g, pay, &b->type, &b->sq) || !parse_movetime(argc, argv, at, ms)) {
        snprintf(err, n, "usage: bribe offer refrain|purchase <move> <payment> [movetime <ms>] | takeback <payment> [movetime <ms>]");
        return false;
    }
    if (!bribe_rules_here(g, err, n)) return false;
    if (move && !step_from_str(&g->cur, move, &b->named)) {
        snprintf(err, n, "bribe: '%.32s' is not a legal move here", move);
        return false;
    }
    Game *after = malloc(sizeof *after);
    bool ok = after && bribe_apply(g, b, after, err, n);
    free(after);
    return ok;
}

static bool answer_offer(Engine *e, const Game *g, BribeProto proto, int argc, char **argv, Bribe *accepted) {
    Bribe b;
    char err[256];
    int ms;
    bool accept = false;
    const BribeSession *bs = engine_bribes(e);
    if (!parse_offer(g, argc, argv, &b, &ms, err, sizeof err)) {
        bribe_error(e, proto, err);
    } else if (!bs->on || bs->policy == POLICY_DECLINE_ALL || bs->policy == POLICY_RANDOM_OFFERS) {
        accept = false;
    } else if (bs->policy == POLICY_ACCEPT_ALL) {
        accept = true;
    } else {
        BribeBudget bud;
        engine_bribe_budget(e, ms, &bud);
        accept = bribe_should_accept(g, &b, &bud, NULL);
    }
    engine_printf(e, "bribe %s", accept ? "accept" : "decline");
    if (accept && accepted) *accepted = b;
    return accept;
}

static void answer_query(Engine *e, const Game *g, BribeProto proto, int argc, char **argv) {
    int ms, n = 0;
    Bribe offers[MAX_OFFERS];
    Outcome o;
    char err[160];
    BribeSession *bs = engine_bribes(e);
    game_outcome(g, &o);
    if (!parse_movetime(argc, argv, 2, &ms)) bribe_error(e, proto, "usage: bribe query [movetime <ms>]");
    else if (!bribe_rules_here(g, err, sizeof err)) bribe_error(e, proto, err);
    else if (!bs->on || o.code != RES_NONE) n = 0;
    else if (bs->policy == POLICY_RANDOM_OFFERS) n = bribe_random_offer(g, &bs->rng, offers);
    else if (bs->policy == POLICY_SEARCH) {
        BribeBudget bud;
        engine_bribe_budget(e, ms, &bud);
        n = bribe_find_offers(g, &bud, offers, MAX_OFFERS);
    }
    for (int i = 0; i < n; i++) {
        char text[128];
        bribe_offer_text(g, &offers[i], text, sizeof text);
        engine_printf(e, "bribe offer %s", text);
    }
    engine_printf(e, "bribe done");
}

bool bribes_command(Engine *e, BribeProto proto, int argc, char **argv, Bribe *accepted) {
    const char *sub = argc > 1 ? argv[1] : "";
    engine_stop(e); /* the decision searches use the session's hash table */
    if (!strcmp(sub, "offer") || !strcmp(sub, "query")) {
        Game *g = engine_game_snapshot(e);
        bool offer = sub[0] == 'o', accept = false;
        if (!g) {
            bribe_error(e, proto, "out of memory");
            engine_printf(e, "%s", offer ? "bribe decline" : "bribe done");
        } else if (offer) {
            accept = answer_offer(e, g, proto, argc, argv, accepted);
        } else {
            answer_query(e, g, proto, argc, argv);
        }
        free(g);
        return accept;
    }
    if (!strcmp(sub, "result")) {
        if (argc != 3 || (strcmp(argv[2], "accept") && strcmp(argv[2], "decline")))
            bribe_error(e, proto, "usage: bribe result accept|decline");
    } else {
        char err[128];
        snprintf(err, sizeof err, "unknown bribe command '%.32s' (offer, query or result)", sub);
        bribe_error(e, proto, err);
    }
    return false;
}

bool bribes_apply(Engine *e, const Bribe *b, char *token, size_t n, char *err, size_t errlen) {
    engine_stop(e);
    Game *before = engine_game_snapshot(e), *after = malloc(sizeof *after);
    bool ok = before && after;
    if (!ok) snprintf(err, errlen, "out of memory");
    else if ((ok = bribe_apply(before, b, after, err, errlen))) {
        bribe_token(before, b, token, n);
        engine_set_game(e, after);
    }
    free(before);
    free(after);
    return ok;
}

/* ---- options ---------------------------------------------------------------- */

bool bribes_set_option(Engine *e, const char *name, const char *value, char *err, size_t errlen) {
    if (!strcasecmp(name, "Corruption")) {
        bool on;
        if (!read_boolean("Corruption", value, &on, err, errlen)) return false;
        engine_bribes(e)->on = on;
        return true;
    }
    for (int p = 0; p < POLICY_NB; p++)
        if (!strcasecmp(value, bribe_policy_names[p])) {
            engine_bribes(e)->policy = (BribePolicy)p;
            return true;
        }
    snprintf(err, errlen, "BribePolicy must be search, accept-all, decline-all or random-offers, not '%.64s'", value);
    return false;
}

static void bribes_uci_options(const Engine *e) {
    engine_printf(e, "option name Corruption type check default false");
    engine_printf(e, "option name BribePolicy type combo default search var search var accept-all var decline-all var random-offers");
}

static void bribes_cecp_features(const Engine *e) {
    engine_printf(e, "feature option=\"Corruption -check 0\"");
    engine_printf(e, "feature option=\"BribePolicy -combo *search /// accept-all /// decline-all /// random-offers\"");
}

static const char *const option_names[] = {"Corruption", "BribePolicy", NULL};
const OptionGroup bribe_options = {option_names, bribes_set_option, bribes_uci_options, bribes_cecp_features, false};
