/* Bribes decided by search: a bribe is worth it to a side when the position
 * it creates searches better, for that side, than the best line without it.
 * The rule layer (the variant's BribeRules) checks every bribe; here each
 * candidate is applied to a copy of the game (as a move list would replay it)
 * and the copy is searched with the engine's own search. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "bribe_decide.h"
#include "../engine/notation.h"
#include "../variants/registry.h"
#include "../engine/clock.h"

const char *const bribe_policy_names[POLICY_NB] = {"search", "accept-all", "decline-all", "random-offers"};

enum {
    ACCEPT_MARGIN = 10, /* cp: below this a bribe is search noise, not a gain */
    OFFER_MARGIN = 25,  /* cp: an offer must win more than noise for X */
    SCREEN_DEPTH = 1,   /* a quick look that finds hanging pieces */
    PURCHASE_VERIFY = 2, /* purchase candidates searched in full */
    MAX_CANDIDATES = 8,
};

static bool fail(char *err, size_t n, const char *msg) {
    snprintf(err, n, "%s", msg);
    return false;
}

bool bribe_rules_here(const Game *g, char *err, size_t n) {
    if (g->cur.v->bribes) return true;
    char names[128];
    bribe_variant_names(names, sizeof names, ", ");
    snprintf(err, n, "bribes exist only in %s", names);
    return false;
}

void bribe_variant_names(char *buf, size_t n, const char *sep) {
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < variant_count() && len < n; i++)
        if (variant_at(i)->bribes)
            len += (size_t)snprintf(buf + len, n - len, "%s%s", len ? sep : "", variant_at(i)->name);
}

bool bribe_parse_payment(const Game *g, const char *text, int *type, int *sq) {
    const BribeRules *r = g->cur.v->bribes;
    if (r) return r->parse_payment(text, type, sq);
    for (int i = 0; i < variant_count(); i++)
        if ((r = variant_at(i)->bribes) && r->parse_payment(text, type, sq)) return true;
    return false;
}

/* ---- applying a bribe to a copy of the game ------------------------------ */

/* Removes the last turn, which the side `offerer` must have played. */
static bool undo_last_turn(Game *g, int offerer, char *err, size_t n) {
    if (!game_undo(g, 1)) return fail(err, n, "takeback: there is no move to take back");
    /* steps[nsteps] is the first step of the turn just taken back */
    if (move_kind(g->steps[g->nsteps]) == MK_TAKEBACK) return fail(err, n, "takeback: the last move is a take-back payment");
    if (g->cur.side != offerer) return fail(err, n, "takeback: the last move was not the offerer's");
    return true;
}

/* The step of the bribe, checked by the rule layer, on the position it
 * applies to (for a take-back, g is first cut back by one turn). */
static bool bribe_step(Game *g, const Bribe *b, Move *turn, char *err, size_t n) {
    Outcome o;
    if (!bribe_rules_here(g, err, n)) return false;
    const BribeRules *r = g->cur.v->bribes;
    game_outcome(g, &o);
    if (o.code != RES_NONE) return fail(err, n, "bribe: the game is over");
    switch (b->kind) {
    case BRIBE_REFRAIN: return r->refrain(&g->cur, b->named, b->type, b->sq, turn, err, n);
    case BRIBE_PURCHASE: return r->purchase(&g->cur, b->named, b->type, b->sq, turn, err, n);
    case BRIBE_TAKEBACK:
        if (!undo_last_turn(g, g->cur.side ^ 1, err, n)) return false;
        return r->takeback(&g->cur, b->type, b->sq, turn, err, n);
    }
    return fail(err, n, "bribe: unknown kind");
}

bool bribe_apply(const Game *g, const Bribe *b, Game *out, char *err, size_t n) {
    Move turn;
    char text[MOVE_STR_MAX];
    memcpy(out, g, sizeof *out);
    if (!bribe_step(out, b, &turn, err, n)) return false;
    move_to_str(&out->cur, turn, text);
    return game_play(out, text, err, n);
}

static void payment_text(const Position *pos, const Bribe *b, char *buf) {
    char sq[3];
    square_to_str(pos->geo, b->sq, sq);
    snprintf(buf, 8, "%c@%s", pos->v->pieces[b->type].letter, sq);
}

void bribe_offer_text(const Game *g, const Bribe *b, char *buf, size_t n) {
    char pay[8], move[MOVE_STR_MAX] = "";
    payment_text(&g->cur, b, pay);
    if (b->kind != BRIBE_TAKEBACK) move_to_str(&g->cur, b->named, move);
    if (b->kind == BRIBE_REFRAIN) snprintf(buf, n, "refrain %s %s", move, pay);
    else if (b->kind == BRIBE_PURCHASE) snprintf(buf, n, "purchase %s %s", move, pay);
    else snprintf(buf, n, "takeback %s", pay);
}

void bribe_token(const Game *g, const Bribe *b, char *buf, size_t n) {
    char pay[8], move[MOVE_STR_MAX];
    payment_text(&g->cur, b, pay);
    if (b->kind == BRIBE_PURCHASE) {
        move_to_str(&g->cur, b->named, move);
        snprintf(buf, n, "%s,%s", pay, move);
    } else {
        snprintf(buf, n, "%s%s", b->kind == BRIBE_TAKEBACK ? "+" : "", pay);
    }
}

/* ---- searching a game ------------------------------------------------------ */

/* The score of g for its side to move (the search's own scale), the best
 * move and the depth completed. Whichever is set of movetime and depth
 * limits the search (both may be). */
static int decision_score(const Game *g, const BribeBudget *bud, int movetime, int depth, Move *best, int *done) {
    SearchLimits l = {.movetime = movetime > 0 ? movetime : 0, .depth = depth > 0 ? depth : movetime > 0 ? 0 : 1};
    SearchResult res;
    int score = search_score(g, bud->tt, bud->threads, &l, &res);
    if (best) *best = res.pv_len ? res.pv[0] : MOVE_NONE;
    if (done) *done = res.depth;
    return score;
}

/* A share of the budget: `pct` percent of the movetime, or the full depth. */
static int share(const BribeBudget *bud, int pct) {
    if (bud->movetime <= 0) return 0;
    int ms = bud->movetime * pct / 100;
    return ms < 1 ? 1 : ms;
}

/* The score, for X (the side to move after every bribe), of the game a
 * bribe creates; false if the bribe is illegal. */
static bool score_for_x(const Game *g, const Bribe *b, const BribeBudget *bud, int movetime, int depth, int *score) {
    char err[128];
    Game *after = malloc(sizeof *after);
    if (!after) return false;
    bool ok = bribe_apply(g, b, after, err, sizeof err);
    if (ok) *score = decision_score(after, bud, movetime, depth, NULL, NULL);
    free(after);
    return ok;
}

/* ---- receiving ------------------------------------------------------------- */

/* The depth for the position a bribe creates, given the depth the position
 * without it reached: one less, because the bribe used up one ply, so that
 * both searches look equally far into the game (no odd-even bias). */
static int after_depth(int base_depth) { return base_depth > 1 ? base_depth - 1 : 1; }

bool bribe_should_accept(const Game *g, const Bribe *b, const BribeBudget *bud, int *gain) {
    int ms = share(bud, 45), with_bribe, depth;
    char err[128];
    Game *check = malloc(sizeof *check);
    bool legal = check && bribe_apply(g, b, check, err, sizeof err);
    free(check);
    if (!legal) return false;
    int without = decision_score(g, bud, ms, bud->depth, NULL, &depth);
    if (!score_for_x(g, b, bud, ms, after_depth(depth), &with_bribe)) return false;
    int d = -with_bribe - without; /* for Y, the receiver */
    if (gain) *gain = d;
    return d > ACCEPT_MARGIN;
}

/* ---- offering -------------------------------------------------------------- */

/* Y's cheapest piece that X holds: the smallest price the rules give. */
static int cheapest_type(const Position *pos, int receiver) {
    int best = 0, best_value = 0;
    for (int t = 1; t < PT_NB; t++) {
        int v = pos->v->bribes->payment_price(pos, t);
        if (!v || !pos->hold[receiver][t]) continue;
        if (!best || v < best_value) best = t, best_value = v;
    }
    return best;
}

/* Fills b->sq with the square where the payment helps Y least, by a quick
 * search of each; false if none is legal. */
static bool choose_square(const Game *g, Bribe *b, const BribeBudget *bud) {
    int squares[BRIBE_SQUARES_MAX], best = -SCORE_INF - 1, best_sq = -1;
    int count = g->cur.v->bribes->payment_squares(&g->cur, g->cur.side, squares);
    for (int i = 0; i < count; i++) {
        int score;
        b->sq = squares[i];
        if (score_for_x(g, b, bud, 0, SCREEN_DEPTH, &score) && score > best) best = score, best_sq = b->sq;
    }
    b->sq = best_sq;
    return best_sq >= 0;
}

static void add_if_worth(const Game *g, Bribe b, int x_base, const BribeBudget *bud, int ms, Bribe *list, int *n) {
    int score;
    if (*n >= MAX_CANDIDATES || !score_for_x(g, &b, bud, ms, bud->depth, &score)) return;
    b.gain = score - x_base;
    if (b.gain > OFFER_MARGIN) list[(*n)++] = b;
}

/* The moves of Y that, bought with the payment, hurt Y most at a glance. */
static int purchase_candidates(const Game *g, Bribe proto, const BribeBudget *bud, Bribe *out, int max) {
    Move moves[MAX_MOVES];
    int count = g->cur.v->generate(&g->cur, moves), n = 0, score[PURCHASE_VERIFY];
    double t0 = clock_now_ms();
    for (int i = 0; i < count; i++) {
        int s;
        proto.named = moves[i];
        if (bud->movetime > 0 && clock_now_ms() - t0 > bud->movetime * 0.12) break;
        if (!score_for_x(g, &proto, bud, 0, SCREEN_DEPTH, &s)) continue;
        if (n == max && s <= score[max - 1]) continue;
        int at = n < max ? n++ : max - 1; /* insertion into a short sorted list */
        for (; at > 0 && score[at - 1] < s; at--) out[at] = out[at - 1], score[at] = score[at - 1];
        out[at] = proto, score[at] = s;
    }
    return n;
}

static int by_gain(const void *a, const void *b) { return ((const Bribe *)b)->gain - ((const Bribe *)a)->gain; }

int bribe_find_offers(const Game *g, const BribeBudget *bud, Bribe *out, int max) {
    Bribe list[MAX_CANDIDATES];
    int n = 0, y = g->cur.side;
    Outcome o;
    game_outcome(g, &o);
    if (!g->cur.v->bribes || o.code != RES_NONE) return 0;
    Move y_best;
    int depth;
    int x_base = -decision_score(g, bud, share(bud, 20), bud->depth, &y_best, &depth);
    BribeBudget capped = *bud; /* the candidates: the same horizon, time-capped */
    capped.depth = after_depth(depth);
    if (!y_best) {
        Move moves[MAX_MOVES];
        if (g->cur.v->generate(&g->cur, moves)) y_best = moves[0];
    }
    int type = cheapest_type(&g->cur, y);
    if (type && y_best) {
        /* Refrain from Y's best move: the payment is X's whole gain of a tempo. */
        Bribe b = {BRIBE_REFRAIN, y_best, type, -1, 0};
        if (choose_square(g, &b, bud)) {
            add_if_worth(g, b, x_base, &capped, share(bud, 16), list, &n);
            Bribe cand[PURCHASE_VERIFY];
            b.kind = BRIBE_PURCHASE;
            int k = purchase_candidates(g, b, bud, cand, PURCHASE_VERIFY);
            for (int i = 0; i < k; i++) add_if_worth(g, cand[i], x_base, &capped, share(bud, 16), list, &n);
        }
    }
    Game *before = malloc(sizeof *before);
    char err[128];
    if (before) {
        memcpy(before, g, sizeof *before);
        int tb_type = undo_last_turn(before, y ^ 1, err, sizeof err) ? cheapest_type(&before->cur, y) : 0;
        Bribe b = {BRIBE_TAKEBACK, MOVE_NONE, tb_type, -1, 0};
        if (tb_type && choose_square(g, &b, bud)) add_if_worth(g, b, x_base, &capped, share(bud, 16), list, &n);
        free(before);
    }
    qsort(list, (size_t)n, sizeof *list, by_gain);
    if (n > max) n = max;
    memcpy(out, list, sizeof *list * (size_t)n);
    return n;
}

/* ---- random offers (policy random-offers) ----------------------------------- */

static uint64_t next_random(uint64_t *s) {
    if (!*s) *s = 0x9E3779B97F4A7C15ull;
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

/* A random type X holds of Y's pieces in pos, and a random empty square a
 * payment may go to; false if there is none. */
static bool random_payment(const Position *pos, int y, uint64_t *rng, Bribe *b) {
    const BribeRules *r = pos->v->bribes;
    int types[PT_NB], nt = 0, squares[BRIBE_SQUARES_MAX], ns = 0, all[BRIBE_SQUARES_MAX];
    for (int t = 1; t < PT_NB; t++)
        if (pos->hold[y][t] && r->payment_price(pos, t)) types[nt++] = t;
    int count = r->payment_squares(pos, y, all);
    for (int i = 0; i < count; i++)
        if (!pos->board[all[i]]) squares[ns++] = all[i];
    if (!nt || !ns) return false;
    b->type = types[next_random(rng) % (uint64_t)nt];
    b->sq = squares[next_random(rng) % (uint64_t)ns];
    return true;
}

bool bribe_random_offer(const Game *g, uint64_t *rng, Bribe *out) {
    char err[128];
    if (!g->cur.v->bribes) return false;
    Game *tmp = malloc(sizeof *tmp);
    if (!tmp) return false;
    Move moves[MAX_MOVES];
    int count = g->cur.v->generate(&g->cur, moves);
    bool ok = false;
    /* A few draws: a kind may be impossible here, a purchased move illegal. */
    for (int attempt = 0; attempt < 16 && !ok && count; attempt++) {
        Bribe b = {(BribeKind)(next_random(rng) % 3), moves[next_random(rng) % (uint64_t)count], 0, 0, 0};
        if (b.kind == BRIBE_TAKEBACK) {
            b.named = MOVE_NONE;
            memcpy(tmp, g, sizeof *tmp);
            if (!undo_last_turn(tmp, g->cur.side ^ 1, err, sizeof err)) continue;
            if (!random_payment(&tmp->cur, g->cur.side, rng, &b)) continue;
        } else if (!random_payment(&g->cur, g->cur.side, rng, &b)) {
            continue;
        }
        ok = bribe_apply(g, &b, tmp, err, sizeof err);
        if (ok) *out = b;
    }
    free(tmp);
    return ok;
}
