/* `ratnik match`: the schedule of a two-engine match, worker threads for
 * -concurrency, progress lines in cutechess-cli's wording, the PGN and
 * results files, SPRT stopping, shards and resuming. One game runs on one
 * thread from start to end; the shared tally is behind one mutex, and all
 * of it lives in this call's Match.
 *
 * The schedule is a function of the settings alone: game i (0-based) plays
 * opening order[(i / repeat) % openings] with the first engine White when
 * i is even, so that games 2k and 2k + 1 are a pair and a shard, a resumed
 * run and a whole run play the same game under the same number. */
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "match_results.h"
#include "../../engine/fileio.h"

typedef struct {
    MatchConfig *cfg;
    Opening *ops;
    int nops, *order;
    int total;              /* games in the whole match */
    int *todo, ntodo, next; /* this run's games, in order; the next to start */
    bool stop, failed, pgn_failed, finished;
    int reported;           /* games counted by the last results block */
    MatchResults res;
    ReportSpec spec;
    char *setup;            /* engines and settings, as the results file holds them */
    FILE *pgn;
    pthread_mutex_t lock;
    MatchChildren children;
} Match;

static int opening_of(const Match *m, int game) {
    return m->nops ? m->order[(game / m->cfg->repeat) % m->nops] : -1;
}

/* Appends a game to the PGN file; a game that cannot be written ends the
 * match, since every later game would be lost too. Synced before the
 * results file records the game, so that the results never claim a game
 * the PGN file lacks. Lock held. */
static void write_pgn(Match *m, const char *pgn) {
    char why[160];
    if (!m->pgn || m->pgn_failed) return;
    if (!pgn) snprintf(why, sizeof why, "out of memory for the game's PGN");
    else if (fputs(pgn, m->pgn) < 0) snprintf(why, sizeof why, "%s", strerror(errno));
    else if (file_flush_ok(m->pgn, why, sizeof why)) {
        fsync(fileno(m->pgn));
        m->res.pgn_bytes = ftell(m->pgn);
        return;
    }
    fprintf(stderr, "ratnik match: cannot write the PGN file '%s': %s; the match stops\n", m->cfg->pgnout, why);
    printf("The PGN file cannot be written: the match stops\n");
    m->stop = m->failed = m->pgn_failed = true;
}

static void write_results(Match *m) {
    const MatchConfig *c = m->cfg;
    char err[700];
    if (!c->resultsout[0] || m->failed) return;
    if (results_write(c->resultsout, m->setup, c->shard, c->nshards, c->pgnout, &m->spec, &m->res, err, sizeof err))
        return;
    fprintf(stderr, "ratnik match: %s; the match stops\n", err);
    printf("The results file cannot be written: the match stops\n");
    m->stop = m->failed = true;
}

static void report_block(Match *m) {
    report_results(&m->spec, &m->res);
    report_ends(&m->res);
    m->reported = m->res.n;
}

/* True once the SPRT has accepted a hypothesis. */
static bool sprt_decided(const Match *m) {
    double llr, lo, hi;
    return m->spec.sprt && report_sprt_state(&m->spec, &m->res, &llr, &lo, &hi) != 0;
}

static void record_game(Match *m, int index, const MatchGame *mg) {
    GameRecord g = {.game = index, .white = mg->white, .opening = opening_of(m, index), .result = mg->result};
    int op = g.opening;
    g.fen = (char *)mg->start_fen;
    g.moves = op >= 0 && m->ops[op].moves ? m->ops[op].moves : "";
    g.seed = m->cfg->srand;
    snprintf(g.end, sizeof g.end, "%s", mg->end);
    snprintf(g.termination, sizeof g.termination, "%s", mg->termination);
    snprintf(g.reason, sizeof g.reason, "%s", mg->reason);
    g.plies = mg->nturns;
    g.points[WHITE] = mg->points[WHITE], g.points[BLACK] = mg->points[BLACK];
    results_add(&m->res, &g);
}

/* Called with the lock held. */
static void record(Match *m, int index, const MatchGame *mg, const char *pgn) {
    const MatchConfig *c = m->cfg;
    printf("Finished game %d (%s vs %s): %s {%s}\n", index + 1, mg->names[WHITE], mg->names[BLACK],
           match_result_str(mg->result), mg->reason);
    record_game(m, index, mg);
    write_pgn(m, pgn);
    write_results(m);
    report_score(&m->spec, &m->res);
    if (c->ratinginterval > 0 && m->res.n % c->ratinginterval == 0) report_block(m);
    if (sprt_decided(m)) {
        if (m->reported != m->res.n) report_block(m);
        m->stop = true;
    }
    if (mg->engine_failed && !c->recover) {
        printf("An engine crashed or stalled: the match stops (use -recover to go on)\n");
        m->stop = m->failed = true;
    }
    fflush(stdout);
}

static void *worker(void *arg) {
    Match *m = arg;
    const MatchConfig *c = m->cfg;
    MatchGame *mg = match_game_new();
    for (;;) {
        pthread_mutex_lock(&m->lock);
        bool go = !m->stop && m->next < m->ntodo;
        int i = go ? m->todo[m->next++] : 0;
        if (go) {
            int w = i % 2;
            printf("Started game %d of %d (%s vs %s)\n", i + 1, m->total, c->eng[w].name, c->eng[1 - w].name);
            fflush(stdout);
        }
        pthread_mutex_unlock(&m->lock);
        if (!go) break;
        int op = opening_of(m, i);
        match_play_game(c, op >= 0 ? &m->ops[op] : NULL, i % 2, i + 1, mg);
        char *pgn = match_game_pgn(c, mg);
        pthread_mutex_lock(&m->lock);
        record(m, i, mg, pgn);
        pthread_mutex_unlock(&m->lock);
        free(pgn);
    }
    match_game_free(mg);
    return NULL;
}

/* Sequential from start=, or shuffled by the match seed. */
static void opening_order(Match *m) {
    const MatchConfig *c = m->cfg;
    m->order = malloc(sizeof *m->order * (size_t)(m->nops ? m->nops : 1));
    int first = c->openings_start > 0 ? (c->openings_start - 1) % (m->nops ? m->nops : 1) : 0;
    for (int i = 0; i < m->nops; i++) m->order[i] = (first + i) % m->nops;
    if (!c->openings_random) return;
    unsigned s = c->srand;
    for (int i = m->nops - 1; i > 0; i--) {
        int j = (int)(rand_r(&s) % (unsigned)(i + 1));
        int t = m->order[i];
        m->order[i] = m->order[j], m->order[j] = t;
    }
}

/* This run's games: the shard's pairs (pair k goes to shard k mod N),
 * less the games the results file already holds. */
static bool schedule(Match *m) {
    const MatchConfig *c = m->cfg;
    m->todo = malloc(sizeof *m->todo * (size_t)m->total);
    if (!m->todo) return false;
    for (int i = 0; i < m->total; i++) {
        bool mine = !c->nshards || (i / 2) % c->nshards == c->shard - 1;
        if (mine && !m->res.by_game[i]) m->todo[m->ntodo++] = i;
    }
    return true;
}

/* An interrupt (Ctrl-C, SIGTERM, a hang-up) with the lock held: no game is
 * half recorded, so the files hold every finished game and the same
 * command goes on from them. The games under way are dropped and their
 * engines killed. */
static _Noreturn void interrupted(Match *m, int sig) {
    const MatchConfig *c = m->cfg;
    const char *name = sig == SIGINT ? "SIGINT" : sig == SIGTERM ? "SIGTERM" : "SIGHUP";
    printf("Interrupted by %s: %d games recorded", name, m->res.n);
    if (c->resultsout[0]) printf(" in %s; the same command resumes the match\n", c->resultsout);
    else printf(" (no -resultsout: nothing to resume from)\n");
    fflush(stdout);
    pthread_mutex_lock(&m->children.lock);
    for (int i = 0; i < MATCH_MAX_CHILDREN; i++)
        if (m->children.pid[i] > 0) {
            kill(-m->children.pid[i], SIGKILL), kill(m->children.pid[i], SIGKILL);
            waitpid(m->children.pid[i], NULL, 0);
        }
    pthread_mutex_unlock(&m->children.lock);
    _exit(128 + sig);
}

static void watched_signals(sigset_t *set) {
    sigemptyset(set);
    sigaddset(set, SIGINT), sigaddset(set, SIGTERM), sigaddset(set, SIGHUP);
}

static void *signal_watch(void *arg) {
    Match *m = arg;
    sigset_t set;
    watched_signals(&set);
    const struct timespec tick = {0, 100 * 1000 * 1000};
    for (;;) {
        int sig = sigtimedwait(&set, NULL, &tick);
        pthread_mutex_lock(&m->lock);
        if (sig > 0) interrupted(m, sig);
        bool done = m->finished;
        pthread_mutex_unlock(&m->lock);
        if (done) return NULL;
    }
}

static int usage(const char *err) {
    fprintf(stderr, "ratnik match: %s\n", err);
    fprintf(stderr,
            "usage: ratnik match -engine cmd=CMD [name=N proto=uci|xboard option.K=V arg=A dir=D tc=TC st=S depth=D\n"
            "                     nodes=N timemargin=MS initstr=S] -engine ... [-each ...] [-variant NAME]\n"
            "       [-games N] [-rounds N] [-repeat [N]] [-concurrency N] [-tc TC]\n"
            "       [-openings file=F format=epd|pgn order=random|sequential plies=N start=N]\n"
            "       [-pgnout FILE [min]] [-resultsout FILE.json] [-resume] [-shard I/N]\n"
            "       [-draw movenumber=N movecount=N score=CP] [-resign movecount=N score=CP [twosided=true]]\n"
            "       [-maxmoves N] [-sprt elo0=E elo1=E alpha=A beta=B [model=logistic|normalized]]\n"
            "       [-report penta=true|false] [-recover] [-ratinginterval N] [-srand N] [-stall SECONDS]\n"
            "       [-movelimit N] [-debug]\n"
            "       ratnik match merge FILE.json... [-resultsout FILE.json] [-pgnout FILE]\n"
            "       ratnik match -makebook variant=NAME [count=60 plies=8 depth=5 margin=60 seed=1]\n"
            "See docs/match.md.\n");
    return 2;
}

static int run(Match *m) {
    const MatchConfig *c = m->cfg;
    if (m->res.n) {
        printf("Resuming from %s: %d games recorded, %d to play\n", c->resultsout, m->res.n, m->ntodo);
        report_score(&m->spec, &m->res);
        m->stop = sprt_decided(m);
    }
    int threads = c->concurrency < m->ntodo ? c->concurrency : m->ntodo;
    pthread_t tid[64], watch;
    int started = 0;
    for (int i = 0; i < threads; i++)
        if (!pthread_create(&tid[started], NULL, worker, m)) started++;
    bool watching = !pthread_create(&watch, NULL, signal_watch, m);
    if (!started) worker(m);
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
    pthread_mutex_lock(&m->lock);
    m->finished = true;
    if (m->reported != m->res.n) report_block(m);
    printf("Finished match\n");
    fflush(stdout);
    pthread_mutex_unlock(&m->lock);
    if (watching) pthread_join(watch, NULL);
    return m->failed ? 1 : 0;
}

static void report_spec(const MatchConfig *c, ReportSpec *s) {
    *s = (ReportSpec){{c->eng[0].name, c->eng[1].name}, c->penta, c->variant->scoring ? c->variant->scoring->name : NULL,
                      c->sprt.on, c->sprt.elo0, c->sprt.elo1, c->sprt.alpha, c->sprt.beta, c->sprt.model};
}

static void free_match(Match *m) {
    match_free_openings(m->ops, m->nops);
    results_free(&m->res);
    free(m->order), free(m->todo), free(m->setup);
}

/* Openings, the results to go on from, the PGN file: 0, or the usage error. */
static bool prepare(Match *m, char *err, size_t n) {
    MatchConfig *cfg = m->cfg;
    if (cfg->openings[0] && (m->nops = match_load_openings(cfg, &m->ops, err, n)) <= 0) return false;
    if (cfg->openings_start > m->nops) {
        snprintf(err, n, "-openings start=%d, but '%.300s' holds %d openings", cfg->openings_start, cfg->openings,
                 m->nops);
        return false;
    }
    if (!cfg->srand_given && cfg->openings_random) cfg->srand = (unsigned)time(NULL);
    if (cfg->resultsout[0] && results_resume(cfg, m->nops, &m->res, err, n) < 0) return false;
    if (!m->res.by_game && !results_init(&m->res, m->total)) return snprintf(err, n, "out of memory"), false;
    m->setup = results_setup_json(cfg, m->nops);
    char why[160];
    if (cfg->pgnout[0] && !(m->pgn = file_open_write(cfg->pgnout, true, why, sizeof why)))
        return snprintf(err, n, "cannot open '%.300s': %s", cfg->pgnout, why), false;
    if (m->pgn) fseek(m->pgn, 0, SEEK_END), m->res.pgn_bytes = ftell(m->pgn);
    opening_order(m);
    report_spec(cfg, &m->spec);
    return m->setup && schedule(m);
}

int match_main(int argc, char **argv) {
    if (argc > 1 && !strcmp(argv[1], "-makebook")) return match_makebook_main(argc, argv);
    if (argc > 1 && !strcmp(argv[1], "merge")) return match_merge_main(argc - 1, argv + 1);
    MatchConfig *cfg = malloc(sizeof *cfg);
    char err[1024];
    if (!match_parse_args(argc, argv, cfg, err, sizeof err)) {
        free(cfg);
        return usage(err);
    }
    signal(SIGPIPE, SIG_IGN); /* a dead engine's pipe is reported by write(), not a signal */
    Match m;
    memset(&m, 0, sizeof m);
    m.cfg = cfg;
    m.total = cfg->games * cfg->rounds;
    pthread_mutex_init(&m.children.lock, NULL);
    cfg->children = &m.children;
    if (!prepare(&m, err, sizeof err)) {
        if (m.pgn) fclose(m.pgn);
        free_match(&m), free(cfg);
        return usage(err);
    }
    /* blocked in every thread, so that only the watcher takes them */
    sigset_t set;
    watched_signals(&set);
    pthread_sigmask(SIG_BLOCK, &set, NULL);
    pthread_mutex_init(&m.lock, NULL);
    int rc = run(&m);
    pthread_mutex_destroy(&m.lock);
    char why[160];
    if (m.pgn && !file_close_ok(m.pgn, why, sizeof why) && !m.pgn_failed) {
        fprintf(stderr, "ratnik match: cannot write the PGN file '%s': %s\n", cfg->pgnout, why);
        rc = 1;
    }
    free_match(&m);
    free(cfg);
    return rc;
}
