/* Bribes (docs/bribes.md): decisions by search on hand-made
 * positions, the wire lines in-process and over pipes in UCI and CECP,
 * replays of corrupt move lists, and bad bribe lines. */
#include <stdlib.h>
#include <unistd.h>
#include "../protocol/gui/bribes.h"
#include "../variants/buratia.h"
#include "script_check.h"
#include "suites.h"

enum { OUT_MAX = 1 << 16, DECIDE_DEPTH = 4 };

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1"

/* A game from fen and space-separated turns (bribe tokens allowed). */
static Game *make_game(const char *fen, const char *turns) {
    Game *g = malloc(sizeof *g);
    ck_assert_ptr_nonnull(g);
    Position pos = test_pos("buratia", fen);
    game_reset(g, &pos);
    char buf[512], err[256], *save = NULL;
    snprintf(buf, sizeof buf, "%s", turns);
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        ck_assert_msg(game_play(g, t, err, sizeof err), "%s: %s", t, err);
    return g;
}

static Move find(const Position *pos, const char *text) {
    Move moves[MAX_MOVES];
    char str[MOVE_STR_MAX];
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++) {
        move_to_str(pos, moves[i], str);
        if (!strcmp(str, text)) return moves[i];
    }
    ck_abort_msg("%s is not legal", text);
    return MOVE_NONE;
}

static Bribe bribe(const Game *g, BribeKind kind, const char *move, const char *pay) {
    Bribe b = {kind, move ? find(&g->cur, move) : MOVE_NONE, 0, 0, 0};
    ck_assert(buratia_parse_payment(pay, &b.type, &b.sq));
    return b;
}

static bool decide(const Game *g, Bribe b, int *gain) {
    TT tt = {0};
    ck_assert(tt_resize(&tt, 4));
    BribeBudget bud = {&tt, 1, 0, DECIDE_DEPTH};
    bool accept = bribe_should_accept(g, &b, &bud, gain);
    tt_free(&tt);
    return accept;
}

static int offers(const Game *g, Bribe *out, int max) {
    TT tt = {0};
    ck_assert(tt_resize(&tt, 4));
    BribeBudget bud = {&tt, 1, 0, DECIDE_DEPTH};
    int n = bribe_find_offers(g, &bud, out, max);
    tt_free(&tt);
    return n;
}

/* ------------------------------------------------------------ decisions */

START_TEST(test_accept_a_free_boss) {
    /* White lost its a1 boss; Black pays it back for a tempo. */
    Game *g = make_game("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR[R] w - - 0 1", "");
    int gain;
    ck_assert(decide(g, bribe(g, BRIBE_REFRAIN, "e2e4", "R@a1"), &gain));
    ck_assert_int_gt(gain, 250);
    ck_assert(decide(g, bribe(g, BRIBE_PURCHASE, "e2e4", "R@a1"), &gain));
    free(g);
}
END_TEST

START_TEST(test_decline_when_winning) {
    /* White wins at once with d7d8; after a refrain Black's boss takes the director. */
    Game *g = make_game("k7/3K3r/8/8/8/8/8/8[P] w - - 0 1", "");
    int gain;
    ck_assert(!decide(g, bribe(g, BRIBE_REFRAIN, "d7d8", "P@a1"), &gain));
    ck_assert_int_lt(gain, -1000);
    ck_assert(!decide(g, bribe(g, BRIBE_PURCHASE, "d7c6", "P@e1"), &gain));
    free(g);
}
END_TEST

START_TEST(test_decline_takeback_of_a_blunder) {
    /* Black's a8a1 hangs its boss to h1xa1: a slave is no price for undoing it. */
    Game *g = make_game("r3k3/8/8/8/8/8/4K3/7R[P] b - - 0 1", "a8a1");
    int gain;
    ck_assert(!decide(g, bribe(g, BRIBE_TAKEBACK, NULL, "P@b1"), &gain));
    ck_assert_int_lt(gain, -200);
    free(g);
}
END_TEST

START_TEST(test_offer_refrain_against_a_deadly_move) {
    /* Black's director reaches rank 1 next move; White pays a slave so that
     * Black does not, and its boss then takes the director. */
    Game *g = make_game("8/8/8/8/8/8/3k3R/K7[p] b - - 0 1", "");
    Bribe list[8];
    int n = offers(g, list, 8);
    ck_assert_int_ge(n, 1);
    ck_assert_int_eq(list[0].kind, BRIBE_REFRAIN);
    ck_assert_int_gt(list[0].gain, 1000);
    char text[128];
    bribe_offer_text(g, &list[0], text, sizeof text);
    ck_assert_msg(!strncmp(text, "refrain d2", 10) && strstr(text, " P@"), "%s", text);
    free(g);
}
END_TEST

START_TEST(test_offer_takeback_of_own_blunder) {
    /* White's d1d2 walked into the boss on a2: take it back. */
    Game *g = make_game("4k3/8/8/8/8/8/r7/3K4[p] w - - 0 1", "d1d2");
    Bribe list[8];
    int n = offers(g, list, 8), takebacks = 0;
    Game *after = malloc(sizeof *after);
    char err[256];
    for (int i = 0; i < n; i++) {
        takebacks += list[i].kind == BRIBE_TAKEBACK;
        ck_assert_msg(bribe_apply(g, &list[i], after, err, sizeof err), "offer %d illegal: %s", i, err);
        ck_assert_int_gt(list[i].gain, 300);
        if (i) ck_assert_int_ge(list[i - 1].gain, list[i].gain); /* best first */
    }
    ck_assert_int_eq(takebacks, 1);
    free(after);
    free(g);
}
END_TEST

START_TEST(test_offer_purchase_of_a_blunder) {
    /* After c8g4 Black would love White's director on e2, under the foreman. */
    Game *g = make_game(START, "e2e4 d7d5 b1c3 d5e4 d2d3 c8g4");
    Bribe list[8];
    int n = offers(g, list, 8);
    ck_assert_int_ge(n, 1);
    char text[128];
    bribe_offer_text(g, &list[0], text, sizeof text);
    ck_assert_str_eq(text, "purchase e1e2 P@b1");
    free(g);
}
END_TEST

START_TEST(test_no_offer_without_payment) {
    Game *g = make_game(START, "e2e4 e7e5");
    Bribe list[8], b;
    ck_assert_int_eq(offers(g, list, 8), 0);
    uint64_t rng = 7;
    ck_assert(!bribe_random_offer(g, &rng, &b));
    free(g);
}
END_TEST

START_TEST(test_random_offers_are_legal) {
    Game *g = make_game(START, "e2e4 d7d5 b1c3 d5e4 d2d3 e4d3 c2d3 c8g4"), *after = malloc(sizeof(Game));
    uint64_t rng = 0;
    int kinds[3] = {0};
    char err[256];
    for (int i = 0; i < 300; i++) {
        Bribe b;
        ck_assert(bribe_random_offer(g, &rng, &b));
        ck_assert_msg(bribe_apply(g, &b, after, err, sizeof err), "%s", err);
        kinds[b.kind]++;
    }
    ck_assert(kinds[BRIBE_REFRAIN] && kinds[BRIBE_PURCHASE] && kinds[BRIBE_TAKEBACK]);
    free(after);
    free(g);
}
END_TEST

/* An applied bribe is exactly what its token replays to. */
START_TEST(test_apply_matches_replay) {
    static const struct { const char *turns, *pay, *move, *token; BribeKind kind; } c[] = {
        {"e2e4 d7d5 b1c3 d5e4", "P@b1", "d2d4", "P@b1", BRIBE_REFRAIN},
        {"e2e4 d7d5 b1c3 d5e4", "P@b1", "d2d4", "P@b1,d2d4", BRIBE_PURCHASE},
        {"e2e4 d7d5 b1c3 d5e4", "P@b1", "c3e4", "P@b1,c3e4,e4e5", BRIBE_PURCHASE},
        {"e2e4 d7d5 b1c3 d5e4 d2d3 c8g4", "P@b1", NULL, "+P@b1", BRIBE_TAKEBACK},
    };
    for (size_t i = 0; i < sizeof c / sizeof *c; i++) {
        Game *g = make_game(START, c[i].turns), *after = malloc(sizeof(Game));
        Bribe b = {c[i].kind, MOVE_NONE, 0, 0, 0};
        if (c[i].move) {
            /* c3e4 is a lawyer push: the purchase names one of its pushes. */
            Move moves[MAX_MOVES];
            char str[MOVE_STR_MAX];
            int n = g->cur.v->generate(&g->cur, moves);
            for (int k = 0; k < n && !b.named; k++) {
                move_to_str(&g->cur, moves[k], str);
                if (!strncmp(str, c[i].move, 4) && (!strcmp(str, c[i].move) || !strcmp(str, c[i].token + 5))) b.named = moves[k];
            }
        }
        ck_assert(buratia_parse_payment(c[i].pay, &b.type, &b.sq));
        char err[256], token[64], fen1[FEN_MAX], fen2[FEN_MAX], replay[512];
        ck_assert_msg(bribe_apply(g, &b, after, err, sizeof err), "%s", err);
        bribe_token(g, &b, token, sizeof token);
        ck_assert_str_eq(token, c[i].token);
        /* A take-back replaces X's last move by the token in the list. */
        snprintf(replay, sizeof replay, "%s", c[i].turns);
        if (c[i].kind == BRIBE_TAKEBACK) *strrchr(replay, ' ') = 0;
        snprintf(replay + strlen(replay), sizeof replay - strlen(replay), " %s", token);
        Game *r = make_game(START, replay);
        fen_write(&after->cur, fen1, sizeof fen1);
        fen_write(&r->cur, fen2, sizeof fen2);
        ck_assert_str_eq(fen1, fen2);
        ck_assert_int_eq(after->nsteps, r->nsteps);
        free(r);
        free(after);
        free(g);
    }
}
END_TEST

/* ------------------------------------------------- wire lines in-process */

typedef struct {
    char buf[OUT_MAX];
    size_t len;
} Capture;

static void capture(void *ctx, const char *line) {
    Capture *c = ctx;
    c->len += (size_t)snprintf(c->buf + c->len, sizeof c->buf - c->len, "%s\n", line);
}

/* Runs bribe lines on an engine set to `moves` from the start; returns
 * whether the position stayed the same. */
static bool run_lines(Engine *e, Capture *cap, BribeProto proto, const char *const *lines) {
    Game *g = engine_game_snapshot(e);
    ck_assert_ptr_nonnull(g);
    uint64_t key = g->cur.key;
    int nsteps = g->nsteps;
    free(g);
    cap->len = 0;
    cap->buf[0] = 0;
    for (int i = 0; lines[i]; i++) {
        char copy[256], *argv[16], *save = NULL;
        int argc = 0;
        snprintf(copy, sizeof copy, "%s", lines[i]);
        for (char *t = strtok_r(copy, " ", &save); t && argc < 16; t = strtok_r(NULL, " ", &save)) argv[argc++] = t;
        bribes_command(e, proto, argc, argv, NULL);
    }
    g = engine_game_snapshot(e);
    ck_assert_ptr_nonnull(g);
    bool same = g->cur.key == key && g->nsteps == nsteps;
    free(g);
    return same;
}

static Engine *buratia_engine(Capture *cap, const char *moves) {
    Engine *e = engine_new(capture, cap, HASH_DEFAULT_MB);
    char err[256], buf[256], *list[32], *save = NULL;
    int n = 0;
    ck_assert(engine_set_variant(e, "buratia", err, sizeof err));
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok_r(buf, " ", &save); t && n < 32; t = strtok_r(NULL, " ", &save)) list[n++] = t;
    ck_assert_msg(engine_set_position(e, NULL, (const char *const *)list, n, err, sizeof err), "%s", err);
    return e;
}

START_TEST(test_bad_lines_change_nothing) {
    static const char *const bad[] = {
        "bribe offer refrain d2d3 N@b1",          /* not held */
        "bribe offer refrain d2d3 P@a1",          /* not empty */
        "bribe offer refrain d2d3 P@b8",          /* not the home rank */
        "bribe offer refrain d2d5 P@b1",          /* not a legal move */
        "bribe offer purchase a1b1 P@b1",         /* not legal once placed */
        "bribe offer takeback P@b1",              /* the taken-back move captured it */
        "bribe offer refrain d2d3 p@b1",          /* lowercase payment */
        "bribe offer refrain d2d3 P@b1 movetime", /* movetime without a number */
        "bribe offer refrain d2d3 P@b1 movetime -5",
        "bribe offer refrain d2d3 P@b1 depth 3",
        "bribe offer refrain",
        "bribe offer bribe d2d3 P@b1",
        "bribe offer",
        NULL,
    };
    Capture *cap = calloc(1, sizeof *cap);
    Engine *e = buratia_engine(cap, "e2e4 d7d5 b1c3 d5e4");
    char err[128];
    ck_assert(bribes_set_option(e, "Corruption", "true", err, sizeof err));
    ck_assert(bribes_set_option(e, "BribePolicy", "accept-all", err, sizeof err));
    ck_assert(run_lines(e, cap, BRIBE_PROTO_UCI, bad));
    ck_assert_int_eq(count_substr(cap->buf, "info string error: "), 13);
    ck_assert_int_eq(count_substr(cap->buf, "bribe decline\n"), 13);
    ck_assert_int_eq(count_substr(cap->buf, "accept"), 0);
    ck_assert_msg(strstr(cap->buf, "holds no white lawyer") && strstr(cap->buf, "a1 is not empty")
                  && strstr(cap->buf, "home rank") && strstr(cap->buf, "once the piece is placed"), "%s", cap->buf);
    static const char *const others[] = {"bribe", "bribe accept", "bribe result", "bribe result maybe", "bribe query now", NULL};
    ck_assert(run_lines(e, cap, BRIBE_PROTO_CECP, others));
    ck_assert_int_eq(count_substr(cap->buf, "Error ("), 5);
    ck_assert_int_eq(count_substr(cap->buf, "): bribe\n"), 5);
    ck_assert_int_eq(count_substr(cap->buf, "bribe done\n"), 1); /* a bad query still ends */
    engine_free(e);
    free(cap);
}
END_TEST

START_TEST(test_policies_and_corruption_off) {
    static const char *const offer[] = {"bribe offer refrain d2d3 P@b1 movetime 200", "bribe query movetime 200", NULL};
    Capture *cap = calloc(1, sizeof *cap);
    Engine *e = buratia_engine(cap, "e2e4 d7d5 b1c3 d5e4");
    ck_assert(run_lines(e, cap, BRIBE_PROTO_UCI, offer)); /* Corruption off */
    ck_assert_str_eq(cap->buf, "bribe decline\nbribe done\n");
    char err[128];
    ck_assert(bribes_set_option(e, "Corruption", "true", err, sizeof err));
    ck_assert(bribes_set_option(e, "BribePolicy", "accept-all", err, sizeof err));
    ck_assert(run_lines(e, cap, BRIBE_PROTO_UCI, offer));
    ck_assert_str_eq(cap->buf, "bribe accept\nbribe done\n");
    ck_assert(bribes_set_option(e, "BribePolicy", "decline-all", err, sizeof err));
    ck_assert(run_lines(e, cap, BRIBE_PROTO_UCI, offer));
    ck_assert_str_eq(cap->buf, "bribe decline\nbribe done\n");
    ck_assert(!bribes_set_option(e, "BribePolicy", "bribe-all", err, sizeof err));
    ck_assert(!bribes_set_option(e, "Corruption", "yes", err, sizeof err));
    engine_free(e);
    /* random-offers: one legal offer when it holds a payment, declines all. */
    e = buratia_engine(cap, "e2e4 d7d5 b1c3 d5e4");
    ck_assert(bribes_set_option(e, "Corruption", "1", err, sizeof err));
    ck_assert(bribes_set_option(e, "BribePolicy", "random-offers", err, sizeof err));
    static const char *const query[] = {"bribe query", "bribe result decline", NULL};
    ck_assert(run_lines(e, cap, BRIBE_PROTO_UCI, query));
    ck_assert_int_eq(count_substr(cap->buf, "bribe offer "), 1);
    ck_assert_msg(strstr(cap->buf, "\nbribe done\n") && !strstr(cap->buf, "error"), "%s", cap->buf);
    engine_free(e);
    free(cap);
}
END_TEST

/* ------------------------------------------------------- over pipes */

START_TEST(test_uci_script) {
    char *out = uci_session("uci\n"
                        "setoption name UCI_Variant value buratia\n"
                        "position startpos moves e2e4 d7d5 b1c3 d5e4\n"
                        "bribe offer refrain d2d3 P@b1 movetime 100\n" /* Corruption off */
                        "setoption name Corruption value true\n"
                        "setoption name BribePolicy value accept-all\n"
                        "bribe offer purchase d2d4 P@b1 movetime 100\n"
                        "bribe offer refrain d2d3 Q@b1\n"
                        "setoption name BribePolicy value search\n"
                        "position startpos moves e2e4 d7d5 b1c3 d5e4 d2d3 c8g4\n"
                        "bribe query movetime 300\n"
                        "bribe result decline\n"
                        "d\n"
                        "setoption name UCI_Variant value chess\n"
                        "bribe offer takeback P@b1\n"
                        "isready\n");
    ck_assert_msg(strstr(out, "option name Corruption type check default false\n"), "%s", out);
    ck_assert(strstr(out, "option name BribePolicy type combo default search"));
    const char *offers = strstr(out, "bribe decline\nbribe accept\ninfo string error: bribe: the payer holds no white secretary\nbribe decline\n");
    ck_assert_msg(offers, "%s", out);
    /* Which offers a timed search makes depends on the machine's speed (the
     * decision tests pin them at fixed depth): here the query must end. */
    ck_assert_msg(strstr(offers, "bribe done\n"), "%s", out);
    ck_assert(strstr(out, "Fen: rn1qkbnr/ppp1pppp/8/8/4p1b1/2NP4/PPP2PPP/R1BQKBNR[P] w - - 1 4\n"));
    ck_assert(strstr(out, "info string error: bribes exist only in buratia\nbribe decline\nreadyok\n"));
    free(out);
}
END_TEST

/* The moves of every game of a PGN file as UCI `position` lines, each
 * followed by `d`: tags, comments, move numbers and results dropped. */
static void pgn_to_replay(const char *path, char *out, size_t n, int *games) {
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char line[4096];
    size_t len = 0;
    bool in_moves = false, in_comment = false;
    *games = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '[') {
            if (in_moves) len += (size_t)snprintf(out + len, n - len, "\nd\n");
            in_moves = false;
            continue;
        }
        char *save = NULL;
        for (char *t = strtok_r(line, " \n", &save); t; t = strtok_r(NULL, " \n", &save)) {
            if (in_comment || t[0] == '{') {
                in_comment = !strchr(t, '}');
                continue;
            }
            if (strchr(t, '.') || !strcmp(t, "1-0") || !strcmp(t, "0-1") || !strcmp(t, "1/2-1/2") || !strcmp(t, "*")) continue;
            if (!in_moves) {
                len += (size_t)snprintf(out + len, n - len, "position startpos moves");
                in_moves = true;
                (*games)++;
            }
            len += (size_t)snprintf(out + len, n - len, " %s", t);
        }
    }
    if (in_moves) len += (size_t)snprintf(out + len, n - len, "\nd\n");
    fclose(f);
}

/* A corrupt match between two ratniks (one over CECP offering random bribes,
 * one accepting every offer, so that bribes surely happen whatever the
 * machine's speed): every game ends by a rule, the PGN replays. */
START_TEST(test_corrupt_match) {
    char pgn[] = "/tmp/ratnik-bribes-XXXXXX";
    int fd = mkstemp(pgn);
    ck_assert_int_ge(fd, 0);
    close(fd);
    remove(pgn);
    char spec[400], args[1200];
    snprintf(spec, sizeof spec,
             "match -engine cmd=./ratnik name=S option.Corruption=true option.BribePolicy=accept-all "
             "-engine cmd=./ratnik name=R proto=xboard "
             "option.Corruption=true option.BribePolicy=random-offers -each depth=2 -variant buratia -corruption "
             "-games 2 -movelimit 30 -pgnout %s", pgn);
    engine_cmds(spec, args, sizeof args); /* the engines are the binary under test */
    char *out = malloc(OUT_MAX), *replay = malloc(OUT_MAX * 4), *rout = malloc(OUT_MAX * 4);
    run_ratnik(args, "", 0, out, OUT_MAX);
    ck_assert_msg(count_substr(out, "Finished game ") == 2 && strstr(out, "Finished match"), "%s", out);
    ck_assert_msg(count_substr(out, ": accepted\n") >= 2, "%s", out);
    /* Random offers make the games differ from run to run; whatever the
     * result, it must come from a rule, never from a runner error. */
    ck_assert_msg(!strstr(out, "illegal") && !strstr(out, "forfeit") && !strstr(out, "stall")
                  && !strstr(out, "abandoned") && !strstr(out, "crash"), "%s", out);
    int games;
    snprintf(replay, OUT_MAX * 4, "setoption name UCI_Variant value buratia\nsetoption name MoveLimit value 30\n");
    size_t len = strlen(replay);
    pgn_to_replay(pgn, replay + len, OUT_MAX * 4 - len, &games);
    ck_assert_int_eq(games, 2);
    ck_assert_msg(count_substr(replay, ",") + count_substr(replay, "@") > 0, "%s", replay);
    run_ratnik(NULL, replay, strlen(replay), rout, OUT_MAX * 4);
    ck_assert_msg(!strstr(rout, "error"), "%s", rout);
    ck_assert_int_eq(count_substr(rout, "Result: none"), 0);
    ck_assert_int_eq(count_substr(rout, "Result: "), 2);
    remove(pgn);
    free(out);
    free(replay);
    free(rout);
}
END_TEST

/* Scripts and what their output must hold. */
static const ScriptCheck bribe_scripts[] = {
    {.name = "test_uci_replays_corrupt_lists", .input = "setoption name UCI_Variant value buratia\n"
              "position startpos moves e2e4 d7d5 b1c3 d5e4 d2d3 +P@b1\nd\n"
              "position startpos moves e2e4 d7d5 e4d5 b8c6 d5c6 P@b8\nd\n"
              "position startpos moves e2e4 d7d5 b1c3 d5e4 P@b1,c3e4,e4e5\nd\n"
              "position startpos moves e2e4 d7d5 b1c3 d5e4 +P@b1\nd\n",
     .has = {"Fen: rnbqkbnr/ppp1pppp/8/8/4p3/2NP4/PPP2PPP/RPBQKBNR[] b - - 0 3\n",
             "Fen: rpbqkbnr/ppp1pppp/2P5/8/8/8/PPPP1PPP/RNBQKBNR[n] w - - 1 4\n",
             "Fen: rnbqkbnr/ppp1pppp/8/4p3/4N3/8/PPPP1PPP/RPBQKBNR[] b - - 1 3\n",
             "info string error: illegal move '+P@b1': bribe: the payer holds no black slave\n"}},
    /* An offer while the engine thinks: it stops, accepts, and plays the purchase. */
    {.name = "test_cecp_script", .cecp = true,
     .input = "variant buratia\noption Corruption=1\noption BribePolicy=accept-all\n"
              "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/1NBQKBNR[R] w - - 0 1\nst 1\ngo\n"
              "bribe offer purchase e2e4 R@a1\nping 1\n",
     .has = {"feature option=\"Corruption -check 0\"\n", "bribe accept\nmove R@a1,e2e4\npong 1\n"},
     .counts = {{"\nmove ", 1}}},
    /* Force mode: a take-back is applied silently; Black is to move again
     * and the paid slave stands on b1 (a1b1 is illegal). */
    {.name = "test_cecp_script", .cecp = true,
     .input = "variant buratia\noption Corruption=1\noption BribePolicy=accept-all\nforce\n"
              "e2e4\nd7d5\nb1c3\nd5e4\nd2d3\nc8g4\nbribe offer takeback P@b1\nc8f5\na1b1\n"
              "bribe offer takeback Q@c1\nbribe query\nping 2\n",
     .has = {"bribe accept\n", "Illegal move: a1b1\n",
             "Error (bribe: the payer holds no white secretary): bribe\nbribe decline\nbribe done\npong 2\n"},
     .counts = {{"Illegal move", 1}}},
    /* Corruption off: declined, and nothing else changes. */
    {.name = "test_cecp_script", .cecp = true,
     .input = "variant buratia\nforce\ne2e4\nd7d5\nb1c3\nd5e4\nbribe offer refrain d2d3 P@b1\nd2d3\nping 3\n",
     .has = {"bribe decline\npong 3\n"},
     .hasnt = {"Illegal"}},
};

SCRIPT_LOOP_TEST(bribe_scripted, bribe_scripts)

Suite *suite_bribes(void) {
    return suite_of("bribes",
                    CASE("decisions", 60, test_accept_a_free_boss, test_decline_when_winning,
                         test_decline_takeback_of_a_blunder, test_offer_refrain_against_a_deadly_move,
                         test_offer_takeback_of_own_blunder, test_offer_purchase_of_a_blunder,
                         test_no_offer_without_payment, test_random_offers_are_legal, test_apply_matches_replay),
                    LOOP_CASE("wire", 60, LOOPS({bribe_scripted, SCRIPT_COUNT(bribe_scripts)}),
                              test_bad_lines_change_nothing, test_policies_and_corruption_off, test_uci_script,
                              test_corrupt_match),
                    NULL);
}
