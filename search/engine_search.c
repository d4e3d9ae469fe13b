/* The Engine's search control: starting, stopping and pondering searches on
 * their own thread, the Hash/Threads options, and bench. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "engine_internal.h"
#include "../engine/fen.h"
#include "../engine/notation.h"
#include "../engine/perft.h"
#include "../variants/registry.h"
#include "../engine/clock.h"
#include "../engine/number.h"

/* A job and the copy of the game it searches, in one allocation; the
 * struct keeps the game aligned for its 128-bit bitboards. A perft runs
 * in the same job, on the same thread, so that the session stays free to
 * answer (isready) and engine_stop ends it as it ends a search. */
typedef struct {
    SearchJob job;
    Game game;
    RootTurns root;
    int perft_depth; /* 0: a search */
    Engine *engine;
    /* A search below full strength (search/strength.h): the protocol's
     * callbacks and MultiPV, behind the ones that record the root lines. */
    bool debug;     /* copies: the session may change them during the search */
    uint32_t seed;
    StrengthPlan plan;
    StrengthLines lines;
    SearchCallbacks user_cb;
    int user_multipv;
} JobStorage;

/* ---- playing below full strength ---------------------------------------- */

static void weak_info(void *ctx, const SearchInfo *info) {
    JobStorage *store = ctx;
    strength_record(&store->lines, info);
    if (info->multipv <= store->user_multipv && store->user_cb.on_info) store->user_cb.on_info(store->user_cb.ctx, info);
}

/* A turn of a reported line is played only if it is legal as written (a
 * line cut short mid-turn is not); else the search's own best stands. */
static bool turn_is_legal(const Position *pos, const char *turn, Position *after) {
    char err[256];
    *after = *pos;
    return turn[0] && play_turn_str(after, turn, err, sizeof err);
}

static void weak_bestmove(void *ctx, const char *best, const char *ponder) {
    JobStorage *store = ctx;
    int n;
    const StrengthLine *lines = strength_lines_final(&store->lines, &n);
    const Position *root = &store->game.cur;
    int pick = best ? strength_choose(&store->plan, store->seed, root->key, lines, n) : 0;
    Position after, reply;
    if (best && pick > 0 && turn_is_legal(root, lines[pick].turn, &after)) {
        if (store->debug)
            engine_printf(store->engine, "info string debug strength level %.1f depth %d nodes %llu margin %d: "
                          "plays %s (%d cp) for %s (%d cp), line %d of %d", store->plan.level, store->plan.depth,
                          (unsigned long long)store->plan.nodes, store->plan.margin, lines[pick].turn,
                          lines[pick].score, best, lines[0].score, pick + 1, n);
        /* A ponder move only where the search would give one (not in
         * variants of compound turns), and only if it is legal there. */
        bool has_reply = ponder && turn_is_legal(&after, lines[pick].reply, &reply);
        store->user_cb.on_bestmove(store->user_cb.ctx, lines[pick].turn, has_reply ? lines[pick].reply : NULL);
        return;
    }
    if (best && store->debug)
        engine_printf(store->engine, "info string debug strength level %.1f depth %d nodes %llu margin %d: "
                      "plays the best turn %s of %d lines", store->plan.level, store->plan.depth,
                      (unsigned long long)store->plan.nodes, store->plan.margin, best, n);
    store->user_cb.on_bestmove(store->user_cb.ctx, best, ponder);
}

/* Caps the job's depth and nodes at the plan's, searches at least
 * STRENGTH_LINES root lines, and puts the recording callbacks in front. */
static void weaken(JobStorage *store, const StrengthPlan *plan) {
    SearchJob *job = &store->job;
    store->debug = store->engine->debug;
    store->seed = store->engine->strength.seed;
    store->plan = *plan;
    memset(&store->lines, 0, sizeof store->lines);
    store->user_cb = job->cb;
    store->user_multipv = job->multipv < 1 ? 1 : job->multipv;
    if (!job->limits.depth || job->limits.depth > plan->depth) job->limits.depth = plan->depth;
    if (!job->limits.nodes || job->limits.nodes > plan->nodes) job->limits.nodes = plan->nodes;
    if (job->multipv < STRENGTH_LINES) job->multipv = STRENGTH_LINES;
    job->cb = (SearchCallbacks){weak_info, store->user_cb.on_bestmove ? weak_bestmove : NULL, store};
}

static void divide_line(void *ctx, const char *turn, uint64_t nodes) {
    engine_printf(ctx, "%s: %llu", turn, (unsigned long long)nodes);
}

static void run_perft(JobStorage *store) {
    Engine *e = store->engine;
    uint64_t n = perft_divide_until(&store->game.cur, store->perft_depth, divide_line, e, &store->job.stop);
    engine_printf(e, "%s", "");
    if (atomic_load(&store->job.stop)) engine_printf(e, "Perft stopped: the count is incomplete");
    else engine_printf(e, "Nodes searched: %llu", (unsigned long long)n);
}

static void *search_thread_main(void *arg) {
    JobStorage *store = arg;
    if (store->perft_depth) run_perft(store);
    else search_run(&store->job);
    return NULL;
}

bool engine_is_searching(const Engine *e) { return e->searching; }

bool engine_is_counting(const Engine *e) { return e->searching && ((const JobStorage *)e->job)->perft_depth; }

bool engine_count_running(Engine *e) {
    if (!engine_is_counting(e)) return false;
    if (pthread_tryjoin_np(e->search_thread, NULL)) return true;
    e->searching = false;
    return false;
}

/* Sets up the job for a search or a perft (perft_depth > 0) and starts
 * its thread. */
static bool start_job(Engine *e, const SearchLimits *limits, const SearchCallbacks *cb, int perft_depth, char *err,
                      size_t errlen) {
    engine_stop(e);
    JobStorage *store = (JobStorage *)e->job; /* job is the first member */
    if (!store && !(store = malloc(sizeof *store))) {
        snprintf(err, errlen, "out of memory");
        return false;
    }
    e->job = &store->job;
    SearchJob *job = &store->job;
    Game *game = &store->game;
    memcpy(game, &e->game, sizeof *game);
    memset(job, 0, sizeof *job);
    store->perft_depth = perft_depth;
    store->engine = e;
    job->game = game;
    job->limits = *limits;
    job->limits.root = NULL;
    if (limits->root && limits->root->n) {
        store->root = *limits->root;
        job->limits.root = &store->root;
    }
    job->tt = &e->tt;
    job->threads = e->threads;
    job->multipv = e->multipv;
    job->net = perft_depth ? NULL : engine_net(e);
    job->cb = *cb;
    StrengthPlan plan;
    if (!perft_depth && !limits->infinite && !e->analyse_mode && strength_plan(&e->strength, &plan)) weaken(store, &plan);
    atomic_init(&job->stop, false);
    atomic_init(&job->pondering, limits->ponder);
    atomic_init(&job->nodes, 0);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, SEARCH_STACK);
    int rc = pthread_create(&e->search_thread, &attr, search_thread_main, store);
    pthread_attr_destroy(&attr);
    if (rc) {
        snprintf(err, errlen, "cannot start the search thread");
        return false;
    }
    e->searching = true;
    return true;
}

bool engine_go(Engine *e, const SearchLimits *limits, const SearchCallbacks *cb, char *err, size_t errlen) {
    return start_job(e, limits, cb, 0, err, errlen);
}

bool engine_perft(Engine *e, int depth, char *err, size_t errlen) {
    SearchLimits none = {0};
    SearchCallbacks quiet = {0};
    return start_job(e, &none, &quiet, depth < 1 ? 1 : depth, err, errlen);
}

bool engine_root_turn_add(const Engine *e, RootTurns *r, const char *turn, char *err, size_t errlen) {
    Position pos;
    engine_position(e, &pos);
    return root_turns_add(r, &pos, e->bribes.on, turn, err, errlen);
}

void engine_stop(Engine *e) {
    if (!e->searching) return;
    atomic_store(&e->job->pondering, false);
    atomic_store(&e->job->stop, true);
    pthread_join(e->search_thread, NULL);
    e->searching = false;
}

void engine_wait(Engine *e) {
    if (!e->searching) return;
    pthread_join(e->search_thread, NULL);
    e->searching = false;
}

void engine_ponderhit(Engine *e) {
    if (!e->searching) return;
    e->job->start_ms = clock_now_ms(); /* our clock starts now */
    atomic_store(&e->job->pondering, false);
}

int engine_hash_mb(const Engine *e) { return e->hash_mb; }
int engine_threads(const Engine *e) { return e->threads; }

void engine_set_hash_reserve(Engine *e, bool (*reserve)(void *ctx, int old_mb, int new_mb), void *ctx) {
    e->hash_reserve = reserve;
    e->hash_reserve_ctx = ctx;
}

bool engine_set_hash(Engine *e, int megabytes, char *err, size_t errlen) {
    if (megabytes < 1 || megabytes > HASH_MAX_MB) {
        snprintf(err, errlen, "Hash must be 1..%d MB", HASH_MAX_MB);
        return false;
    }
    if (e->hash_reserve && !e->hash_reserve(e->hash_reserve_ctx, e->hash_mb, megabytes)) {
        snprintf(err, errlen, "Hash %d MB refused: the server's total hash memory cap is reached", megabytes);
        return false;
    }
    engine_stop(e);
    if (!tt_resize(&e->tt, (size_t)megabytes)) {
        if (e->hash_reserve) e->hash_reserve(e->hash_reserve_ctx, megabytes, e->hash_mb);
        snprintf(err, errlen, "cannot allocate %d MB for the hash table", megabytes);
        return false;
    }
    e->hash_mb = megabytes;
    return true;
}

void engine_clear_hash(Engine *e) {
    engine_stop(e);
    tt_clear(&e->tt);
}

void engine_set_multipv(Engine *e, int lines) {
    engine_stop(e);
    e->multipv = lines < 1 ? 1 : lines > MAX_MULTIPV ? MAX_MULTIPV : lines;
}

void engine_set_threads(Engine *e, int threads) {
    engine_stop(e);
    e->threads = threads < 1 ? 1 : threads > MAX_THREADS ? MAX_THREADS : threads;
}

/* Fixed positions and depths: the node total is the bench signature. */
static const struct { const char *variant, *fen; int depth; } bench_positions[] = {
    {"chess", NULL, 13},
    {"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 10},
    {"chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8", 11},
    {"chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 16},
    {"buratia", NULL, 12},
    {"japanese", NULL, 13},
    {"belarusian", NULL, 11},
    {"voodoo", NULL, 5},
};

uint64_t engine_bench(Engine *e, int depth, bool verbose) {
    uint64_t total = 0;
    double t0 = clock_now_ms();
    const Variant *saved = e->variant;
    for (size_t i = 0; i < sizeof bench_positions / sizeof *bench_positions; i++) {
        char err[256];
        if (!variant_find(bench_positions[i].variant)) continue;
        if (!engine_set_variant(e, bench_positions[i].variant, err, sizeof err)) continue;
        if (!engine_set_position(e, bench_positions[i].fen, NULL, 0, err, sizeof err)) continue;
        tt_clear(&e->tt);
        int d = depth > 0 ? depth : bench_positions[i].depth;
        SearchRequest rq = {.game = &e->game, .tt = &e->tt, .limits = {.depth = d}, .threads = e->threads,
                            .net = engine_net(e)};
        SearchResult res;
        if (!search_blocking(&rq, &res)) {
            engine_printf(e, "bench %s: the search could not start (out of memory)", bench_positions[i].variant);
            continue;
        }
        if (verbose)
            engine_printf(e, "bench %-10s depth %2d nodes %10llu time %6.0f  %s", bench_positions[i].variant,
                          d, (unsigned long long)res.nodes, res.time_ms,
                          bench_positions[i].fen ? bench_positions[i].fen : "startpos");
        total += res.nodes;
    }
    double ms = clock_now_ms() - t0;
    char err[256];
    engine_set_variant(e, saved->name, err, sizeof err);
    engine_printf(e, "Time (ms): %.0f", ms);
    engine_printf(e, "Nodes searched: %llu", (unsigned long long)total);
    engine_printf(e, "Nodes/second: %.0f", ms > 0 ? total / ms * 1e3 : 0.0);
    return total;
}

/* Stockfish's order, so that scripts written for it (OpenBench) pass the
 * same words: HASH (MB), THREADS, DEPTH, each optional from the right. */
bool engine_run_bench(Engine *e, int nargs, const char *const *args, char *err, size_t errlen) {
    long long hash = e->hash_mb, threads = e->threads, depth = 0;
    if (nargs > 3) {
        snprintf(err, errlen, "usage: bench [HASH [THREADS [DEPTH]]]");
        return false;
    }
    if ((nargs > 0 && !read_integer("bench: HASH", args[0], 1, HASH_MAX_MB, &hash, err, errlen))
        || (nargs > 1 && !read_integer("bench: THREADS", args[1], 1, MAX_THREADS, &threads, err, errlen))
        || (nargs > 2 && !read_integer("bench: DEPTH", args[2], 1, MAX_PLY - 4, &depth, err, errlen)))
        return false;
    if (hash != e->hash_mb && !engine_set_hash(e, (int)hash, err, errlen)) return false;
    engine_set_threads(e, (int)threads);
    engine_bench(e, (int)depth, true);
    return true;
}
