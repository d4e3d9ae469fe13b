/* The match runner as the arbiter of BRIBES.md: before every turn of a
 * corrupt game (in a variant whose rules have bribes) it asks the engine not
 * to move (X) for offers, checks them against the rules (Variant.bribes),
 * passes the first legal one to the engine to move
 * (Y), tells X the answer, and plays an accepted bribe into the game as the
 * token a move list carries. The time spent negotiating is on no clock.
 *
 * CECP engines are kept in force mode by the runner: Y plays an accepted
 * bribe into its own game (docs/bribes.md), X learns it as a usermove, and
 * for a take-back X is sent `undo` first. UCI engines get the whole list. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "match_bribes.h"
#include "../../search/bribe_decide.h"
#include "../../engine/clock.h"

enum { LINE_MAX_LEN = 8192, REPLY_MARGIN_MS = 2000 };

/* Time for one query or offer: half the engine's move time, capped. */
static int bribe_ms(const EngineSpec *s) {
    long long ms = 100;
    if (s->st > 0) ms = (long long)(s->st * 500);
    else if (s->tc.set && !s->tc.infinite) ms = (s->tc.base_ms / 40 + s->tc.inc_ms) / 2;
    return ms < 20 ? 20 : ms > 1000 ? 1000 : (int)ms;
}

static bool is_uci(const MatchPlayer *pl) { return pl->spec->proto == MP_UCI; }

/* Brings an engine up to the game: UCI gets the position and every turn,
 * CECP (in force mode) the turns it has not seen. */
static void sync(MatchPlayer *pl, const MatchGame *mg) {
    if (is_uci(pl)) {
        size_t cap = (size_t)mg->nturns * (TURN_STR_MAX + 1) + FEN_MAX + 64, len = 0;
        char *s = malloc(cap);
        if (!s) return;
        if (mg->from_startpos) len = (size_t)snprintf(s, cap, "position startpos");
        else len = (size_t)snprintf(s, cap, "position fen %s", mg->start_fen);
        for (int i = 0; i < mg->nturns; i++)
            len += (size_t)snprintf(s + len, cap - len, "%s%s", i ? " " : " moves ", mg->turns[i]);
        proc_send(&pl->proc, "%s", s);
        free(s);
        return;
    }
    for (int i = pl->sent; i < mg->nturns; i++) proc_send(&pl->proc, pl->f_usermove ? "usermove %s" : "%s", mg->turns[i]);
    pl->sent = mg->nturns;
}

/* Reads an offer line's text ("refrain e7e5 N@b8") into b; false if it is
 * malformed or illegal here. */
static bool parse_offer(const Game *g, const char *text, Bribe *b) {
    char kind[16] = "", a[TURN_STR_MAX] = "", c[16] = "", err[256];
    int n = sscanf(text, "%15s %63s %15s", kind, a, c);
    memset(b, 0, sizeof *b);
    const char *pay = c;
    if (!strcmp(kind, "takeback") && n == 2) b->kind = BRIBE_TAKEBACK, pay = a;
    else if (!strcmp(kind, "refrain") && n == 3) b->kind = BRIBE_REFRAIN;
    else if (!strcmp(kind, "purchase") && n == 3) b->kind = BRIBE_PURCHASE;
    else return false;
    if (!bribe_parse_payment(g, pay, &b->type, &b->sq)) return false;
    if (b->kind != BRIBE_TAKEBACK) {
        Move moves[MAX_MOVES];
        char str[MOVE_STR_MAX];
        int count = g->cur.v->generate(&g->cur, moves);
        for (int i = 0; i < count && !b->named; i++) {
            move_to_str(&g->cur, moves[i], str);
            if (!strcmp(str, a)) b->named = moves[i];
        }
        if (!b->named) return false;
    }
    Game *tmp = malloc(sizeof *tmp);
    bool ok = tmp && bribe_apply(g, b, tmp, err, sizeof err);
    free(tmp);
    return ok;
}

/* Asks X for offers; the first legal one in *b. Reads until `bribe done`. */
static bool ask_offers(MatchPlayer *x, const MatchGame *mg, Bribe *b) {
    char line[LINE_MAX_LEN];
    int ms = bribe_ms(x->spec);
    bool found = false;
    sync(x, mg);
    proc_send(&x->proc, "bribe query movetime %d", ms);
    double deadline = clock_now_ms() + ms + REPLY_MARGIN_MS;
    while (proc_read_line(&x->proc, line, sizeof line, deadline) == 1 && strcmp(line, "bribe done"))
        if (!found && !strncmp(line, "bribe offer ", 12)) found = parse_offer(&mg->game, line + 12, b);
    return found;
}

/* Passes the offer to Y; true if Y accepts in time. */
static bool offer(MatchPlayer *y, const MatchGame *mg, const char *text) {
    char line[LINE_MAX_LEN];
    int ms = bribe_ms(y->spec);
    sync(y, mg);
    proc_send(&y->proc, "bribe offer %s movetime %d", text, ms);
    double deadline = clock_now_ms() + ms + REPLY_MARGIN_MS;
    while (proc_read_line(&y->proc, line, sizeof line, deadline) == 1) {
        if (!strcmp(line, "bribe accept")) return true;
        if (!strcmp(line, "bribe decline")) return false;
    }
    return false; /* silence is a refusal */
}

/* Removes the game's last turn by replaying the others. */
static bool drop_last_turn(MatchGame *mg) {
    int keep = mg->nturns - 1;
    char (*turns)[TURN_STR_MAX] = malloc(sizeof *turns * (size_t)(keep + 1));
    char (*comments)[40] = malloc(sizeof *comments * (size_t)(keep + 1));
    bool ok = turns && comments;
    if (ok) {
        memcpy(turns, mg->turns, sizeof *turns * (size_t)keep);
        memcpy(comments, mg->comments, sizeof *comments * (size_t)keep);
        Position start = mg->game.start;
        game_reset(&mg->game, &start);
        mg->nturns = 0;
        char err[256];
        for (int i = 0; i < keep && ok; i++) ok = match_game_apply(mg, turns[i], comments[i], err, sizeof err);
    }
    free(turns);
    free(comments);
    return ok;
}

/* Plays the accepted bribe into the game and tells CECP engines. */
static bool play_bribe(MatchGame *mg, MatchPlayer *x, MatchPlayer *y, const Bribe *b, const char *text) {
    char token[TURN_STR_MAX], comment[40], err[256];
    bribe_token(&mg->game, b, token, sizeof token);
    snprintf(comment, sizeof comment, "bribe %.32s", text);
    if (b->kind == BRIBE_TAKEBACK) {
        snprintf(comment, sizeof comment, "bribe takeback of %.20s", mg->turns[mg->nturns - 1]);
        if (!is_uci(x)) {
            proc_send(&x->proc, "undo");
            if (x->sent > mg->nturns - 1) x->sent = mg->nturns - 1;
        }
        if (!drop_last_turn(mg)) return false;
    }
    if (!match_game_apply(mg, token, comment, err, sizeof err)) return false;
    if (!is_uci(y)) y->sent = mg->nturns; /* Y played the bribe into its own game */
    return true;
}

bool match_bribe_turn(void *ctx, MatchGame *mg, MatchPlayer *players[2]) {
    (void)ctx;
    if (!mg->game.cur.v->bribes) return false;
    int side = mg->game.cur.side;
    MatchPlayer *y = players[side], *x = players[side ^ 1];
    Bribe b;
    if (!ask_offers(x, mg, &b)) return false;
    if (b.kind == BRIBE_TAKEBACK && mg->nturns <= mg->book_turns) return false; /* the opening is not X's to undo */
    char text[128];
    bribe_offer_text(&mg->game, &b, text, sizeof text);
    bool accepted = offer(y, mg, text);
    proc_send(&x->proc, "bribe result %s", accepted ? "accept" : "decline");
    printf("Bribe in round %d (%s vs %s), turn %d: %s offers %s: %s\n", mg->round, mg->names[WHITE], mg->names[BLACK], mg->nturns + 1,
           side == WHITE ? "Black" : "White", text, accepted ? "accepted" : "declined");
    fflush(stdout);
    return accepted && play_bribe(mg, x, y, &b, text);
}
