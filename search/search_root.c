/* The root of the search: iterative deepening with aspiration windows on
 * each thread (Lazy SMP: helpers share only the TT and the job's result),
 * the time limits, the info lines and the best move. One node's work is in
 * search.c. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "search_thread.h"
#include "history.h"
#include "../engine/notation.h"
#include "../engine/clock.h"

/* Joins the steps of one turn with commas; *used is how many steps it took. */
void search_turn_text(const Position *root, const Move *pv, int len, char *buf, size_t n, int *used) {
    Position pos = *root;
    size_t at = 0;
    int i = 0;
    buf[0] = 0;
    do {
        char str[MOVE_STR_MAX];
        move_to_str(&pos, pv[i], str);
        at += (size_t)snprintf(buf + at, at < n ? n - at : 0, "%s%s", i ? "," : "", str);
        pos.v->make(&pos, pv[i]);
        i++;
    } while (i < len && pos.pending);
    *used = i;
}

static void print_info(Thread *t, int depth, int pv_index, int score, int bound) {
    SearchJob *job = t->job;
    if (!job->cb.on_info) return;
    flush_nodes(t);
    SearchInfo info = {.depth = depth, .seldepth = t->seldepth, .score = score, .bound = bound, .multipv = pv_index + 1};
    info.time_ms = clock_now_ms() - job->start_ms;
    info.nodes = atomic_load(&job->nodes);
    info.nps = info.time_ms > 0 ? (uint64_t)(info.nodes / info.time_ms * 1000) : 0;
    info.hashfull = tt_hashfull(job->tt);
    if (score >= SCORE_MATE_BOUND) info.mate = (SCORE_MATE - score + 1) / 2;
    else if (score <= -SCORE_MATE_BOUND) info.mate = -((SCORE_MATE + score + 1) / 2);
    Position pos = job->game->cur;
    size_t len = 0;
    for (int i = 0; i < t->pv_len[0] && len < sizeof info.pv - 80;) {
        char turn[TURN_STR_MAX * 2];
        int used;
        search_turn_text(&pos, &t->pv[0][i], t->pv_len[0] - i, turn, sizeof turn, &used);
        len += (size_t)snprintf(info.pv + len, sizeof info.pv - len, "%s%s", len ? " " : "", turn);
        for (int k = 0; k < used; k++) pos.v->make(&pos, t->pv[0][i + k]);
        i += used;
    }
    job->cb.on_info(job->cb.ctx, &info);
}

/* One root search at `depth` with aspiration windows around `prev`;
 * returns the exact score, or whatever it had when stopped. */
static int aspiration(Thread *t, int depth, int prev, int pv_index) {
    SearchJob *job = t->job;
    int delta = 25, alpha = -SCORE_INF, beta = SCORE_INF;
    bool windowed = depth >= 5 && !job->game->cur.v->volatile_scores;
    if (windowed && prev > -SCORE_MATE_BOUND && prev < SCORE_MATE_BOUND) alpha = prev - delta, beta = prev + delta;
    for (;;) {
        int s = search_node(t, &job->game->cur, alpha, beta, t->root_depth, 0, false);
        if (stopped(t) && depth > 1) return s;
        if (s <= alpha) {
            beta = (alpha + beta) / 2;
            alpha = s - delta > -SCORE_INF ? s - delta : -SCORE_INF;
        } else if (s >= beta) {
            beta = s + delta < SCORE_INF ? s + delta : SCORE_INF;
        } else {
            return s;
        }
        if (t->id == 0 && clock_now_ms() - job->start_ms > 2000)
            print_info(t, depth, pv_index, s, s <= alpha ? BOUND_UPPER : BOUND_LOWER);
        delta += delta / 2 + 5;
    }
}

/* A thread that completed an iteration deeper than any before makes its
 * line the search's result and reports it; with a depth limit, reaching it
 * ends every thread's search. Returns whether the line was taken. */
static bool publish(Thread *t, int depth, int score) {
    SearchJob *job = t->job;
    pthread_mutex_lock(&job->result_lock);
    bool deeper = depth > atomic_load(&job->completed_depth);
    if (deeper) {
        memcpy(job->pv, t->pv[0], sizeof(Move) * (size_t)t->pv_len[0]);
        job->pv_len = t->pv_len[0];
        job->best_score = score;
        job->seldepth = t->seldepth;
        atomic_store(&job->completed_depth, depth);
        print_info(t, depth, 0, score, BOUND_EXACT);
    }
    pthread_mutex_unlock(&job->result_lock);
    bool waits = job->limits.infinite || atomic_load(&job->pondering);
    if (deeper && job->multipv <= 1 && job->limits.depth && depth >= job->limits.depth && !waits)
        atomic_store(&job->stop, true);
    return deeper;
}

/* The share of the root's nodes that root step `best` took so far. */
static double best_move_fraction(const Thread *t, Move best) {
    uint64_t all = 0, mine = 0;
    for (int i = 0; i < t->n_root_moves; i++) {
        all += t->root_move_nodes[i];
        if (t->root_move[i] == best) mine = t->root_move_nodes[i];
    }
    return all ? (double)mine / (double)all : 1;
}

/* What the clock learns between iterations: how long the best step has
 * stayed best and the score it had. */
typedef struct {
    Move best;
    int stable, score;
} ClockWatch;

/* The soft limit's factor after an iteration (1 without a clock: a fixed
 * movetime has soft = hard, and nothing is learnt before depth 4). */
static double clock_scale(Thread *t, ClockWatch *w, int depth) {
    SearchJob *job = t->job;
    pthread_mutex_lock(&job->result_lock);
    Move best = job->pv_len ? job->pv[0] : MOVE_NONE;
    int score = job->best_score;
    pthread_mutex_unlock(&job->result_lock);
    w->stable = best == w->best ? w->stable + 1 : 0;
    int drop = depth > 1 ? w->score - score : 0;
    w->best = best, w->score = score;
    if (depth < 4 || job->soft_ms >= job->hard_ms || job->multipv > 1) return 1;
    return search_time_scale(w->stable, best_move_fraction(t, best), drop);
}

static void iterate(Thread *t) {
    SearchJob *job = t->job;
    int score[MAX_MULTIPV] = {0};
    int max_depth = job->limits.depth ? job->limits.depth : MAX_PLY - 4;
    Move legal[MAX_MOVES];
    int nlegal = search_node_moves(t, &job->game->cur, 0, legal);
    int lines = t->id == 0 && job->multipv > 1 ? job->multipv : 1;
    if (lines > nlegal) lines = nlegal;
    ClockWatch watch = {MOVE_NONE, 0, 0};
    for (int depth = 1; depth <= max_depth; depth++) {
        /* 1. Skip the depths another thread already completed. */
        int done = atomic_load(&job->completed_depth);
        if (lines == 1 && done >= depth) {
            depth = done + 1;
            score[0] = job->best_score;
            if (depth > max_depth) break;
        }
        /* 2. Helpers start some iterations one deeper, so the threads spread. */
        t->root_depth = depth + (t->id & 1 && depth > 1 && depth < max_depth ? 1 : 0);
        t->n_excluded = 0;
        for (int k = 0; k < lines; k++) {
            t->seldepth = 0;
            score[k] = aspiration(t, t->root_depth, score[k], k);
            if (stopped(t) && depth > 1) break;
            if (k == 0) {
                /* 3. Only single-line searches take a helper's result. */
                if (job->multipv <= 1 || t->id == 0) publish(t, t->root_depth, score[0]);
            } else {
                print_info(t, depth, k, score[k], BOUND_EXACT);
            }
            if (t->pv_len[0]) t->excluded[t->n_excluded++] = t->pv[0][0];
        }
        if (atomic_load(&job->stop) && depth > 1) break;
        flush_nodes(t);
        t->abort_iter = false; /* an aborted iteration just moves on; the limits below still apply */
        if (t->id != 0) continue;
        /* 4. Soft limit: do not start an iteration that cannot finish in time. */
        bool timed = !job->limits.infinite && !atomic_load(&job->pondering);
        int best = job->best_score;
        double scale = clock_scale(t, &watch, depth);
        if (timed && job->soft_ms > 0 && clock_now_ms() - job->start_ms > job->soft_ms * scale) break;
        if (best >= SCORE_MATE_BOUND && depth >= 2 * (SCORE_MATE - best) + 2 && timed && !job->limits.depth) break;
    }
    t->n_excluded = 0;
}

static void *thread_main(void *arg) {
    Thread *t = arg;
    iterate(t);
    flush_nodes(t);
    return NULL;
}

static Thread *thread_new(SearchJob *job, int id) {
    Thread *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->job = job;
    history_init_thread(t, job->game->cur.v);
    t->id = id;
    t->in_root_turn[0] = job->limits.root != NULL;
    const Game *g = job->game;
    for (int i = 0; i <= g->nsteps; i++)
        if (g->turn_start[i]) t->keys[t->nkeys++] = g->keys[i];
    if (!t->nkeys || t->keys[t->nkeys - 1] != g->cur.key) t->keys[t->nkeys++] = g->cur.key;
    return t;
}

TimeBudget search_time_budget(const SearchLimits *l, int side, int horizon) {
    const double overhead = 30;
    TimeBudget b = {0, 0};
    if (l->movetime) {
        b.soft_ms = b.hard_ms = l->movetime - overhead > 1 ? l->movetime - overhead : 1;
    } else if (l->time[side] > 0) {
        double left = l->time[side], mtg = l->movestogo ? l->movestogo : horizon > 0 ? horizon : 30;
        double base = left / mtg + l->inc[side] * 0.75;
        double cap = left - overhead > 1 ? left - overhead : 1;
        b.soft_ms = base * 0.6 < cap ? base * 0.6 : cap;
        b.hard_ms = base * 3 < cap / 3 + l->inc[side] * 0.5 ? base * 3 : cap / 3 + l->inc[side] * 0.5;
        if (b.hard_ms > cap) b.hard_ms = cap;
        if (b.hard_ms < 1) b.hard_ms = 1;
    }
    return b;
}

static void set_time_limits(SearchJob *job) {
    const Position *root = &job->game->cur;
    TimeBudget b = search_time_budget(&job->limits, root->side, root->v->time_horizon);
    job->soft_ms = b.soft_ms;
    job->hard_ms = b.hard_ms;
}

/* Reports the root turn of job->pv and, if the line goes on, the
 * opponent's reply as the ponder move. A root turn that the stored line
 * leaves unfinished (stopped mid-turn) is completed with legal steps. */
static void report_bestmove(const SearchJob *job) {
    Position pos = job->game->cur;
    Move steps[MAX_PLY];
    int len = 0;
    char best[TURN_STR_MAX * 2], ponder[TURN_STR_MAX * 2];
    do {
        Move next[MAX_MOVES];
        int k = job->limits.root ? root_turns_next(job->limits.root, steps, len, next) : pos.v->generate(&pos, next);
        Move m = len < job->pv_len ? job->pv[len] : MOVE_NONE;
        bool found = false;
        for (int i = 0; i < k && !found; i++) found = next[i] == m;
        if (!found) m = k ? next[0] : MOVE_NONE;
        if (!m) break;
        steps[len++] = m;
        pos.v->make(&pos, m);
    } while (pos.pending && len < MAX_PLY);
    if (!len) {
        job->cb.on_bestmove(job->cb.ctx, NULL, NULL);
        return;
    }
    int used;
    bool has_ponder = false;
    search_turn_text(&job->game->cur, steps, len, best, sizeof best, &used);
    bool line_goes_on = job->pv_len > len && !memcmp(steps, job->pv, sizeof(Move) * (size_t)len);
    if (line_goes_on && !pos.pending) {
        Move next[MAX_MOVES];
        int k = pos.v->generate(&pos, next);
        for (int i = 0; i < k && !has_ponder; i++)
            if (next[i] == job->pv[len] && !pos.v->multi_step) {
                search_turn_text(&pos, &job->pv[len], 1, ponder, sizeof ponder, &used);
                has_ponder = true;
            }
    }
    job->cb.on_bestmove(job->cb.ctx, best, has_ponder ? ponder : NULL);
}

void search_run(SearchJob *job) {
    search_init_tables();
    job->start_ms = clock_now_ms();
    atomic_store(&job->nodes, 0);
    set_time_limits(job);
    tt_new_search(job->tt);
    job->pv_len = 0;
    atomic_store(&job->completed_depth, 0);
    pthread_mutex_init(&job->result_lock, NULL);

    Move moves[MAX_MOVES];
    int n = job->limits.root ? job->limits.root->n : job->game->cur.v->generate(&job->game->cur, moves);
    int nthreads = job->threads < 1 ? 1 : job->threads > MAX_THREADS ? MAX_THREADS : job->threads;
    Thread *threads[MAX_THREADS] = {0};
    pthread_t ids[MAX_THREADS];
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, SEARCH_STACK);
    if (n) {
        for (int i = 0; i < nthreads; i++) threads[i] = thread_new(job, i);
        for (int i = 1; i < nthreads; i++)
            if (threads[i] && pthread_create(&ids[i], &attr, thread_main, threads[i])) {
                free(threads[i]);
                threads[i] = NULL;
            }
        if (threads[0]) {
            iterate(threads[0]);
            flush_nodes(threads[0]);
        }
    }
    /* An infinite or ponder search waits for stop/ponderhit before answering. */
    while ((job->limits.infinite || atomic_load(&job->pondering)) && !atomic_load(&job->stop)) {
        struct timespec ts = {0, 1000000};
        nanosleep(&ts, NULL);
    }
    atomic_store(&job->stop, true);
    for (int i = 1; i < nthreads; i++)
        if (threads[i]) pthread_join(ids[i], NULL);
    pthread_attr_destroy(&attr);
    for (int i = 0; i < nthreads; i++) free(threads[i]);

    pthread_mutex_destroy(&job->result_lock);
    if (job->cb.on_bestmove) report_bestmove(job);
}
