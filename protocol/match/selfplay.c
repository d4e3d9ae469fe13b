/* `ratnik selfplay`: games between two search settings of ratnik in one
 * process, refereed by the variant's own rules. It answers the questions
 * "is deeper search better in this variant?" and "does the clock hold?"
 * before a match runner against other engines is needed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "selfplay.h"
#include "../../engine/fen.h"
#include "../../engine/notation.h"
#include "../../search/search.h"
#include "../../variants/registry.h"
#include "../../engine/clock.h"

typedef struct {
    int movetime, depth;     /* fixed time or depth per move */
    int base_ms, inc_ms;     /* or a clock: base + increment */
    int clock;
    TT tt;
} Player;

typedef struct {
    const char *variant;
    int games, random_plies, max_plies, threads;
    unsigned seed;
    Player p[2];
} SelfplayArgs;

typedef struct {
    int wins, draws, losses, forfeits, illegal;
    double slowest_overrun_ms;
} Tally;

static unsigned next_rand(unsigned *s) {
    *s = *s * 1103515245u + 12345u;
    return *s >> 16;
}

/* Plays one search for the side to move; returns the turn text or "". */
static void think(Player *pl, Game *g, int threads, char *turn, size_t n, double *used_ms) {
    SearchRequest rq = {.game = g, .tt = &pl->tt, .threads = threads};
    rq.limits.depth = pl->depth;
    rq.limits.movetime = pl->movetime;
    if (pl->base_ms) {
        rq.limits.time[g->cur.side] = pl->clock;
        rq.limits.inc[g->cur.side] = pl->inc_ms;
    }
    SearchResult res;
    double t0 = clock_now_ms();
    bool ok = search_blocking(&rq, &res);
    *used_ms = clock_now_ms() - t0;
    snprintf(turn, n, "%s", ok ? res.best : "");
}

/* +1: player 0 won, -1: lost, 0: draw. */
static int play_game(SelfplayArgs *a, Game *g, int first, unsigned opening_seed, Tally *t, char *why, size_t n) {
    Position start;
    char err[256];
    fen_parse(&start, variant_find(a->variant), variant_find(a->variant)->start_fen, err, sizeof err);
    game_reset(g, &start);
    for (int i = 0; i < 2; i++) a->p[i].clock = a->p[i].base_ms, tt_clear(&a->p[i].tt);
    unsigned s = opening_seed;
    for (int ply = 0; ply < a->random_plies; ply++) {
        Outcome o;
        game_outcome(g, &o);
        char turn[TURN_STR_MAX];
        if (o.code != RES_NONE || !legal_turn_random(&g->cur, next_rand(&s), turn) || !game_play(g, turn, err, sizeof err))
            break;
    }
    for (int ply = 0;; ply++) {
        Outcome o;
        game_outcome(g, &o);
        if (o.code == RES_NONE && !g->cur.v->repetition_draw && game_repetitions(g) >= 3)
            o.code = RES_DRAW, o.reason = "threefold repetition (adjudicated)";
        if (o.code == RES_NONE && ply >= a->max_plies) o.code = RES_DRAW, o.reason = "move cap (adjudicated)";
        if (o.code != RES_NONE) {
            snprintf(why, n, "%s", o.reason);
            if (o.code == RES_DRAW) return 0;
            int winner_color = o.code == RES_WHITE_WINS ? WHITE : BLACK;
            int player0_color = first == 0 ? WHITE : BLACK;
            return winner_color == player0_color ? 1 : -1;
        }
        int side = g->cur.side;
        int who = (side == WHITE) == (first == 0) ? 0 : 1;
        Player *pl = &a->p[who];
        char turn[TURN_STR_MAX * 2];
        double used;
        think(pl, g, a->threads, turn, sizeof turn, &used);
        if (pl->base_ms) {
            int before = pl->clock;
            pl->clock -= (int)used;
            if (pl->clock < 0) {
                t->forfeits++;
                if (-pl->clock > t->slowest_overrun_ms) t->slowest_overrun_ms = -pl->clock;
                snprintf(why, n, "time forfeit (%.0f ms used, %d left)", used, before);
                return who == 0 ? -1 : 1;
            }
            pl->clock += pl->inc_ms;
        }
        if (!turn[0] || !game_play(g, turn, err, sizeof err)) {
            t->illegal++;
            snprintf(why, n, "illegal move %.40s: %.100s", turn, err);
            return who == 0 ? -1 : 1;
        }
    }
}

static bool parse_player(const char *spec, Player *p) {
    memset(p, 0, sizeof *p);
    if (!strncmp(spec, "movetime=", 9)) p->movetime = atoi(spec + 9);
    else if (!strncmp(spec, "depth=", 6)) p->depth = atoi(spec + 6);
    else if (!strncmp(spec, "tc=", 3)) {
        double base = 0, inc = 0;
        if (sscanf(spec + 3, "%lf+%lf", &base, &inc) < 1) return false;
        p->base_ms = (int)(base * 1000), p->inc_ms = (int)(inc * 1000);
    } else return false;
    return p->movetime > 0 || p->depth > 0 || p->base_ms > 0;
}

static int usage(void) {
    fprintf(stderr, "usage: ratnik selfplay [--variant NAME] [--games N] [--a SPEC] [--b SPEC] [--random-plies K]\n"
                    "                       [--max-plies N] [--seed S] [--threads N] [--hash MB]\n"
                    "       SPEC: movetime=MS | depth=D | tc=SECONDS+INC   (defaults: --a movetime=1000 --b depth=2)\n");
    return 2;
}

int selfplay_main(int argc, char **argv) {
    SelfplayArgs a = {"chess", 10, 4, 400, 1, 1, {{0}}};
    const char *spec[2] = {"movetime=1000", "depth=2"};
    int hash = 16;
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) return usage();
        const char *k = argv[i], *v = argv[++i];
        if (!strcmp(k, "--variant")) a.variant = v;
        else if (!strcmp(k, "--games")) a.games = atoi(v);
        else if (!strcmp(k, "--a")) spec[0] = v;
        else if (!strcmp(k, "--b")) spec[1] = v;
        else if (!strcmp(k, "--random-plies")) a.random_plies = atoi(v);
        else if (!strcmp(k, "--max-plies")) a.max_plies = atoi(v);
        else if (!strcmp(k, "--seed")) a.seed = (unsigned)atoi(v);
        else if (!strcmp(k, "--threads")) a.threads = atoi(v);
        else if (!strcmp(k, "--hash")) hash = atoi(v);
        else return usage();
    }
    if (!variant_find(a.variant) || !parse_player(spec[0], &a.p[0]) || !parse_player(spec[1], &a.p[1])) return usage();
    Game *g = malloc(sizeof *g);
    if (!g || !tt_resize(&a.p[0].tt, (size_t)hash) || !tt_resize(&a.p[1].tt, (size_t)hash)) {
        fprintf(stderr, "selfplay: out of memory\n");
        for (int i = 0; i < 2; i++) tt_free(&a.p[i].tt);
        free(g);
        return 2;
    }
    Tally t = {0};
    unsigned s = a.seed;
    unsigned opening = 0;
    for (int i = 0; i < a.games; i++) {
        if (i % 2 == 0) opening = next_rand(&s) * 65536u + next_rand(&s); /* each opening with both colours */
        char why[160] = "";
        int r = play_game(&a, g, i % 2, opening, &t, why, sizeof why);
        if (r > 0) t.wins++;
        else if (r < 0) t.losses++;
        else t.draws++;
        printf("game %3d  A(%s) as %s: %s  %-40s plies %d\n", i + 1, spec[0], i % 2 == 0 ? "white" : "black",
               r > 0 ? "win " : r < 0 ? "loss" : "draw", why, g->nsteps);
        fflush(stdout);
    }
    double score = a.games ? (t.wins + 0.5 * t.draws) / a.games : 0;
    printf("%s: A(%s) vs B(%s): +%d =%d -%d, score %.1f%%, time forfeits %d, illegal moves %d\n", a.variant, spec[0],
           spec[1], t.wins, t.draws, t.losses, 100 * score, t.forfeits, t.illegal);
    for (int i = 0; i < 2; i++) tt_free(&a.p[i].tt);
    free(g);
    return t.forfeits || t.illegal ? 1 : 0;
}
