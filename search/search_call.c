/* The blocking search: a SearchJob filled from a request, run on a thread
 * with the stack the search needs (whatever thread asks: the TCP daemon's
 * and a CLI's main thread have less), and its result copied out. */
#include <stdlib.h>
#include <string.h>
#include "search_job.h"
#include "../engine/clock.h"

static void *run_job(void *arg) {
    search_run(arg);
    return NULL;
}

static void copy_result(const SearchJob *job, double ms, SearchResult *res) {
    res->pv_len = job->pv_len;
    memcpy(res->pv, job->pv, sizeof(Move) * (size_t)job->pv_len);
    res->score = atomic_load(&job->best_score);
    res->depth = atomic_load(&job->completed_depth);
    res->seldepth = job->seldepth;
    res->nodes = atomic_load(&job->nodes);
    res->time_ms = ms;
    int used;
    if (job->pv_len) search_turn_text(&job->game->cur, job->pv, job->pv_len, res->best, sizeof res->best, &used);
    res->best_steps = job->pv_len ? used : 0;
}

bool search_blocking(const SearchRequest *rq, SearchResult *res) {
    memset(res, 0, sizeof *res);
    if (rq->limits.infinite) return false;
    SearchJob *job = calloc(1, sizeof *job);
    if (!job) return false;
    job->game = rq->game;
    job->limits = rq->limits;
    job->limits.ponder = false;
    job->tt = rq->tt;
    job->threads = rq->threads;
    job->multipv = rq->multipv;
    job->net = rq->net;
    job->cb.on_info = rq->on_info;
    job->cb.ctx = rq->ctx;
    atomic_init(&job->stop, false);
    atomic_init(&job->pondering, false);
    pthread_attr_t attr;
    pthread_t id;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, SEARCH_STACK);
    double t0 = clock_now_ms();
    bool ok = !pthread_create(&id, &attr, run_job, job);
    pthread_attr_destroy(&attr);
    if (ok) {
        pthread_join(id, NULL);
        copy_result(job, clock_now_ms() - t0, res);
    }
    free(job);
    return ok;
}

int search_score(const Game *g, TT *tt, int threads, const SearchLimits *limits, SearchResult *res) {
    SearchResult local;
    if (!res) res = &local;
    memset(res, 0, sizeof *res);
    Outcome o;
    game_outcome(g, &o);
    if (o.code != RES_NONE) {
        res->depth = MAX_PLY;
        if (o.code == RES_DRAW) return 0;
        int s = o.advantage ? SCORE_ADVANTAGE : SCORE_MATE;
        return (o.code == RES_WHITE_WINS) == (g->cur.side == WHITE) ? s : -s;
    }
    SearchRequest rq = {.game = g, .tt = tt, .limits = *limits, .threads = threads};
    if (!search_blocking(&rq, res)) return 0;
    return res->score;
}
