/* `ratnik match`: the schedule of a two-engine match, worker threads for
 * -concurrency, live progress lines in cutechess-cli's format, the PGN file,
 * SPRT stopping. One game runs on one thread from start to end; the shared
 * tally is behind one mutex, and all of it lives in this call's Match. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "match.h"
#include "../../engine/fileio.h"

typedef struct {
    const MatchConfig *cfg;
    Opening *ops;
    int nops, *order;
    int total, next, finished;
    bool stop, failed, pgn_failed;
    int reported;           /* games counted by the last Elo line */
    MatchScore score;
    FILE *pgn;
    pthread_mutex_t lock;
} Match;

static void print_elo(const Match *m) {
    EloReport r;
    match_elo(&m->score, &r);
    /* an all-win or all-loss score has no finite Elo: print "inf" and "nan" as cutechess does */
    printf("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n", r.elo, isnan(r.margin) ? NAN : fabs(r.margin),
           100 * r.los, 100 * r.draw_ratio);
}

/* Prints the SPRT state; true once a hypothesis is accepted. */
static bool print_sprt(const Match *m) {
    const MatchConfig *c = m->cfg;
    double lo, hi, llr = match_sprt_llr(&m->score, c->sprt.elo0, c->sprt.elo1);
    match_sprt_bounds(c->sprt.alpha, c->sprt.beta, &lo, &hi);
    printf("SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g", llr, 100 * llr / hi, lo, hi);
    if (llr >= hi) printf(" - H1 was accepted\n");
    else if (llr <= lo) printf(" - H0 was accepted\n");
    else printf("\n");
    return llr >= hi || llr <= lo;
}

static void print_score(const Match *m) {
    const MatchConfig *c = m->cfg;
    const MatchScore *s = &m->score;
    int n = s->wins + s->losses + s->draws;
    printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", c->eng[0].name, c->eng[1].name, s->wins, s->losses,
           s->draws, n ? (s->wins + 0.5 * s->draws) / n : 0.0, n);
    if (c->variant->scoring)
        printf("Points (%s) of %s vs %s: %g - %g\n", c->variant->scoring->name, c->eng[0].name, c->eng[1].name,
               s->points[0], s->points[1]);
}

/* Appends a game to the PGN file; a game that cannot be written ends the
 * match, since every later game would be lost too. Lock held. */
static void write_pgn(Match *m, const char *pgn) {
    char why[160];
    if (!m->pgn || m->pgn_failed) return;
    if (!pgn) snprintf(why, sizeof why, "out of memory for the game's PGN");
    else if (fputs(pgn, m->pgn) < 0) snprintf(why, sizeof why, "%s", strerror(errno));
    else if (file_flush_ok(m->pgn, why, sizeof why)) return;
    fprintf(stderr, "ratnik match: cannot write the PGN file '%s': %s; the match stops\n", m->cfg->pgnout, why);
    printf("The PGN file cannot be written: the match stops\n");
    m->stop = m->failed = m->pgn_failed = true;
}

/* Called with the lock held. */
static void record(Match *m, int index, const MatchGame *mg, const char *pgn) {
    const MatchConfig *c = m->cfg;
    m->finished++;
    printf("Finished game %d (%s vs %s): %s {%s}\n", index + 1, mg->names[WHITE], mg->names[BLACK],
           match_result_str(mg->result), mg->reason);
    int first_color = mg->white == 0 ? WHITE : BLACK;
    if (mg->result != RES_NONE) {
        ResultCode mine = first_color == WHITE ? RES_WHITE_WINS : RES_BLACK_WINS;
        if (mg->result == RES_DRAW) m->score.draws++;
        else if (mg->result == mine) m->score.wins++;
        else m->score.losses++;
        m->score.points[0] += mg->points[first_color];
        m->score.points[1] += mg->points[first_color ^ 1];
    }
    print_score(m);
    bool report = c->ratinginterval > 0 && m->finished % c->ratinginterval == 0;
    if (report) print_elo(m);
    if (c->sprt.on && print_sprt(m)) m->stop = true;
    m->reported = report ? m->finished : m->reported;
    if (mg->engine_failed && !c->recover) {
        printf("An engine crashed or stalled: the match stops (use -recover to go on)\n");
        m->stop = m->failed = true;
    }
    write_pgn(m, pgn);
    fflush(stdout);
}

static void *worker(void *arg) {
    Match *m = arg;
    const MatchConfig *c = m->cfg;
    MatchGame *mg = match_game_new();
    for (;;) {
        pthread_mutex_lock(&m->lock);
        int i = m->next;
        bool go = !m->stop && i < m->total;
        if (go) {
            m->next++;
            int w = i % 2;
            printf("Started game %d of %d (%s vs %s)\n", i + 1, m->total, c->eng[w].name, c->eng[1 - w].name);
            fflush(stdout);
        }
        pthread_mutex_unlock(&m->lock);
        if (!go) break;
        const Opening *op = m->nops ? &m->ops[m->order[(i / c->repeat) % m->nops]] : NULL;
        match_play_game(c, op, i % 2, i + 1, mg);
        char *pgn = match_game_pgn(c, mg);
        pthread_mutex_lock(&m->lock);
        record(m, i, mg, pgn);
        pthread_mutex_unlock(&m->lock);
        free(pgn);
    }
    match_game_free(mg);
    return NULL;
}

/* Sequential from start=, or shuffled by -srand. */
static void opening_order(Match *m) {
    const MatchConfig *c = m->cfg;
    m->order = malloc(sizeof *m->order * (size_t)(m->nops ? m->nops : 1));
    int first = c->openings_start > 0 ? (c->openings_start - 1) % (m->nops ? m->nops : 1) : 0;
    for (int i = 0; i < m->nops; i++) m->order[i] = (first + i) % m->nops;
    if (!c->openings_random) return;
    unsigned s = c->srand ? c->srand : (unsigned)time(NULL);
    for (int i = m->nops - 1; i > 0; i--) {
        int j = (int)(rand_r(&s) % (unsigned)(i + 1));
        int t = m->order[i];
        m->order[i] = m->order[j], m->order[j] = t;
    }
}

static int usage(const char *err) {
    fprintf(stderr, "ratnik match: %s\n", err);
    fprintf(stderr,
            "usage: ratnik match -engine cmd=CMD [name=N proto=uci|xboard option.K=V arg=A dir=D tc=TC st=S depth=D\n"
            "                     nodes=N timemargin=MS initstr=S] -engine ... [-each ...] [-variant NAME]\n"
            "       [-games N] [-rounds N] [-repeat [N]] [-concurrency N] [-tc TC]\n"
            "       [-openings file=F format=epd|pgn order=random|sequential plies=N start=N]\n"
            "       [-pgnout FILE [min]] [-draw movenumber=N movecount=N score=CP] [-resign movecount=N score=CP\n"
            "       [twosided=true]] [-maxmoves N] [-sprt elo0=E elo1=E alpha=A beta=B] [-recover]\n"
            "       [-ratinginterval N] [-srand N] [-stall SECONDS] [-movelimit N] [-debug]\n"
            "       ratnik match -makebook variant=NAME [count=60 plies=8 depth=5 margin=60 seed=1]\n"
            "See docs/match.md.\n");
    return 2;
}

static int run(Match *m) {
    const MatchConfig *c = m->cfg;
    int threads = c->concurrency < m->total ? c->concurrency : m->total;
    pthread_t tid[64];
    int started = 0;
    for (int i = 0; i < threads; i++)
        if (!pthread_create(&tid[started], NULL, worker, m)) started++;
    if (!started) worker(m);
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
    if (m->reported != m->finished) {
        print_elo(m);
        if (c->sprt.on) print_sprt(m);
    }
    printf("Finished match\n");
    fflush(stdout);
    return m->failed ? 1 : 0;
}

int match_main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "-makebook")) return match_makebook_main(argc, argv);
    MatchConfig *cfg = malloc(sizeof *cfg);
    char err[512];
    if (!match_parse_args(argc, argv, cfg, err, sizeof err)) {
        free(cfg);
        return usage(err);
    }
    signal(SIGPIPE, SIG_IGN); /* a dead engine's pipe is reported by write(), not a signal */
    Match m;
    memset(&m, 0, sizeof m);
    m.cfg = cfg;
    m.total = cfg->games * cfg->rounds;
    if (cfg->openings[0] && (m.nops = match_load_openings(cfg, &m.ops, err, sizeof err)) <= 0) {
        free(cfg);
        return usage(err);
    }
    if (cfg->openings_start > m.nops) {
        snprintf(err, sizeof err, "-openings start=%d, but '%.300s' holds %d openings", cfg->openings_start,
                 cfg->openings, m.nops);
        match_free_openings(m.ops, m.nops), free(cfg);
        return usage(err);
    }
    char why[160];
    if (cfg->pgnout[0] && !(m.pgn = file_open_write(cfg->pgnout, true, why, sizeof why))) {
        snprintf(err, sizeof err, "cannot open '%.300s': %s", cfg->pgnout, why);
        match_free_openings(m.ops, m.nops), free(cfg);
        return usage(err);
    }
    opening_order(&m);
    pthread_mutex_init(&m.lock, NULL);
    int rc = run(&m);
    pthread_mutex_destroy(&m.lock);
    if (m.pgn && !file_close_ok(m.pgn, why, sizeof why) && !m.pgn_failed) {
        fprintf(stderr, "ratnik match: cannot write the PGN file '%s': %s\n", cfg->pgnout, why);
        rc = 1;
    }
    match_free_openings(m.ops, m.nops);
    free(m.order);
    free(cfg);
    return rc;
}
