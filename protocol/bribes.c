/* The bribe lines of BRIBES.md, parsed and answered the same way in UCI and
 * CECP; only the error line differs. Every bad line gets an error (and, for
 * an offer, `bribe decline`; for a query, `bribe done`, so that an arbiter
 * waiting for the end of the answer never hangs) and changes nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "bribes.h"
#include "../engine/notation.h"

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
    char *end;
    long v = strtol(argv[at + 1], &end, 10);
    if (!*argv[at + 1] || *end || v < 1 || v > MAX_MOVETIME) return false;
    *ms = (int)v;
    return true;
}

/* Parses "offer <kind> [<move>] <payment> [movetime <ms>]" (argv[1] is
 * "offer") and checks it against the rules; false with a reason. */
static bool parse_offer(const Engine *e, int argc, char **argv, Bribe *b, int *ms, char *err, size_t n) {
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
    if (!bribe_parse_payment(&e->game, pay, &b->type, &b->sq) || !parse_movetime(argc, argv, at, ms)) {
        snprintf(err, n, "usage: bribe offer refrain|purchase <move> <payment> [movetime <ms>] | takeback <payment> [movetime <ms>]");
        return false;
    }
    if (!bribe_rules_here(&e->game, err, n)) return false;
    if (move && !step_from_str(&e->game.cur, move, &b->named)) {
        snprintf(err, n, "bribe: '%.32s' is not a legal move here", move);
        return false;
    }
    Game *after = malloc(sizeof *after);
    bool ok = after && bribe_apply(&e->game, b, after, err, n);
    free(after);
    return ok;
}

static bool answer_offer(Engine *e, BribeProto proto, int argc, char **argv, Bribe *accepted) {
    Bribe b;
    char err[256];
    int ms;
    bool accept = false;
    if (!parse_offer(e, argc, argv, &b, &ms, err, sizeof err)) {
        bribe_error(e, proto, err);
    } else if (!e->bribes.on || e->bribes.policy == POLICY_DECLINE_ALL || e->bribes.policy == POLICY_RANDOM_OFFERS) {
        accept = false;
    } else if (e->bribes.policy == POLICY_ACCEPT_ALL) {
        accept = true;
    } else {
        BribeBudget bud = {&e->tt, e->threads, ms, 0};
        accept = bribe_should_accept(&e->game, &b, &bud, NULL);
    }
    engine_printf(e, "bribe %s", accept ? "accept" : "decline");
    if (accept && accepted) *accepted = b;
    return accept;
}

static void answer_query(Engine *e, BribeProto proto, int argc, char **argv) {
    int ms, n = 0;
    Bribe offers[MAX_OFFERS];
    Outcome o;
    char err[160];
    game_outcome(&e->game, &o);
    if (!parse_movetime(argc, argv, 2, &ms)) bribe_error(e, proto, "usage: bribe query [movetime <ms>]");
    else if (!bribe_rules_here(&e->game, err, sizeof err)) bribe_error(e, proto, err);
    else if (!e->bribes.on || o.code != RES_NONE) n = 0;
    else if (e->bribes.policy == POLICY_RANDOM_OFFERS) n = bribe_random_offer(&e->game, &e->bribes.rng, offers);
    else if (e->bribes.policy == POLICY_SEARCH) {
        BribeBudget bud = {&e->tt, e->threads, ms, 0};
        n = bribe_find_offers(&e->game, &bud, offers, MAX_OFFERS);
    }
    for (int i = 0; i < n; i++) {
        char text[128];
        bribe_offer_text(&e->game, &offers[i], text, sizeof text);
        engine_printf(e, "bribe offer %s", text);
    }
    engine_printf(e, "bribe done");
}

bool bribes_command(Engine *e, BribeProto proto, int argc, char **argv, Bribe *accepted) {
    const char *sub = argc > 1 ? argv[1] : "";
    engine_stop(e); /* the decision searches use the session's hash table */
    if (!strcmp(sub, "offer")) return answer_offer(e, proto, argc, argv, accepted);
    if (!strcmp(sub, "query")) answer_query(e, proto, argc, argv);
    else if (!strcmp(sub, "result")) {
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
    Game *after = malloc(sizeof *after);
    if (!after) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    engine_stop(e);
    bool ok = bribe_apply(&e->game, b, after, err, errlen);
    if (ok) {
        bribe_token(&e->game, b, token, n);
        memcpy(&e->game, after, sizeof *after);
    }
    free(after);
    return ok;
}

/* ---- options ---------------------------------------------------------------- */

bool bribes_is_option(const char *name) { return !strcasecmp(name, "Corruption") || !strcasecmp(name, "BribePolicy"); }

bool bribes_set_option(Engine *e, const char *name, const char *value, char *err, size_t errlen) {
    if (!strcasecmp(name, "Corruption")) {
        bool on = !strcasecmp(value, "true") || !strcmp(value, "1");
        if (!on && strcasecmp(value, "false") && strcmp(value, "0")) {
            snprintf(err, errlen, "Corruption must be true or false, not '%.64s'", value);
            return false;
        }
        e->bribes.on = on;
        return true;
    }
    for (int p = 0; p < POLICY_NB; p++)
        if (!strcasecmp(value, bribe_policy_names[p])) {
            e->bribes.policy = (BribePolicy)p;
            return true;
        }
    snprintf(err, errlen, "BribePolicy must be search, accept-all, decline-all or random-offers, not '%.64s'", value);
    return false;
}

void bribes_uci_options(const Engine *e) {
    engine_printf(e, "option name Corruption type check default false");
    engine_printf(e, "option name BribePolicy type combo default search var search var accept-all var decline-all var random-offers");
}

void bribes_cecp_features(const Engine *e) {
    engine_printf(e, "feature option=\"Corruption -check 0\"");
    engine_printf(e, "feature option=\"BribePolicy -combo *search /// accept-all /// decline-all /// random-offers\"");
}
