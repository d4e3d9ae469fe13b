/* perft over threads: the positions after the first turn (or the first two,
 * when there are too few to keep every thread busy) are work items that the
 * threads take in order from an atomic counter. Each item adds its count to
 * its root turn, so --divide prints the same lines whatever the threads. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "notation.h"
#include "perft.h"
#include "perft_tt.h"
#include "clock.h"

typedef struct {
    Position pos;
    int root;  /* index of the root turn this item lies under */
    int depth; /* remaining depth below pos */
} PerftItem;

typedef struct {
    PerftItem *items;
    int n, cap;
    char (*turns)[TURN_STR_MAX]; /* root turn strings */
    int roots, roots_cap;
} ItemList;

typedef struct {
    const PerftOptions *opt;
    ItemList list;
    _Atomic uint64_t *root_counts;
    atomic_int next, done;
    _Atomic uint64_t nodes;
    _Atomic long last_report_ms;
    double t0;
} PerftJob;

static bool grow(void **p, int *cap, int need, size_t size) {
    if (need <= *cap) return true;
    int c = *cap ? *cap * 2 : 64;
    while (c < need) c *= 2;
    void *q = realloc(*p, (size_t)c * size);
    if (!q) return false;
    *p = q, *cap = c;
    return true;
}

static bool add_item(ItemList *l, const Position *pos, int root, int depth) {
    if (!grow((void **)&l->items, &l->cap, l->n + 1, sizeof *l->items)) return false;
    l->items[l->n++] = (PerftItem){*pos, root, depth};
    return true;
}

static bool add_root(ItemList *l, const char *turn) {
    if (!grow((void **)&l->turns, &l->roots_cap, l->roots + 1, sizeof *l->turns)) return false;
    snprintf(l->turns[l->roots++], TURN_STR_MAX, "%s", turn);
    return true;
}

/* Every complete turn from pos (the steps of a multi-step turn followed to
 * the end), as items one turn deeper. With `prefix` (the root level) each
 * turn also becomes a root turn with its string. */
static bool expand(ItemList *l, const Position *pos, int depth, int root, const char *prefix) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++) {
        Position child = *pos;
        child.v->make(&child, moves[i]);
        char turn[TURN_STR_MAX] = "";
        if (prefix) {
            char str[MOVE_STR_MAX];
            move_to_str(pos, moves[i], str);
            snprintf(turn, sizeof turn, "%s%s%s", prefix, *prefix ? "," : "", str);
        }
        bool ok;
        if (child.pending) ok = expand(l, &child, depth, root, prefix ? turn : NULL);
        else if (prefix) ok = add_root(l, turn) && add_item(l, &child, l->roots - 1, depth - 1);
        else ok = add_item(l, &child, root, depth - 1);
        if (!ok) return false;
    }
    return true;
}

/* A second level when the root has too few turns to share out evenly. */
static bool expand_again(ItemList *l, int threads) {
    if (threads < 2 || l->n >= 32 * threads) return true;
    ItemList next = {NULL, 0, 0, l->turns, l->roots, l->roots_cap};
    bool ok = true;
    for (int i = 0; i < l->n && ok; i++) {
        if (l->items[i].depth < 2) ok = add_item(&next, &l->items[i].pos, l->items[i].root, l->items[i].depth);
        else ok = expand(&next, &l->items[i].pos, l->items[i].depth, l->items[i].root, NULL);
    }
    free(l->items);
    *l = next;
    return ok;
}

static void report(PerftJob *job) {
    const PerftOptions *o = job->opt;
    long now = (long)(clock_now_ms() - job->t0), last = atomic_load(&job->last_report_ms);
    if (now - last < o->progress_ms || !atomic_compare_exchange_strong(&job->last_report_ms, &last, now)) return;
    PerftProgress p = {atomic_load(&job->done), job->list.n, atomic_load(&job->nodes), (double)now};
    o->progress(o->progress_ctx, &p);
}

static void *worker(void *arg) {
    PerftJob *job = arg;
    for (int i; (i = atomic_fetch_add(&job->next, 1)) < job->list.n;) {
        const PerftItem *it = &job->list.items[i];
        uint64_t n = perft_hashed(&it->pos, it->depth, job->opt->tt);
        atomic_fetch_add(&job->root_counts[it->root], n);
        atomic_fetch_add(&job->nodes, n);
        atomic_fetch_add(&job->done, 1);
        if (job->opt->progress) report(job);
    }
    return NULL;
}

/* Threads that fail to start are made up for by the calling thread, which
 * works too. */
static void run_workers(PerftJob *job, int threads) {
    pthread_t tid[256];
    int started = 0;
    if (threads > 256) threads = 256;
    for (int i = 1; i < threads; i++)
        if (!pthread_create(&tid[started], NULL, worker, job)) started++;
    worker(job);
    for (int i = 0; i < started; i++) pthread_join(tid[i], NULL);
}

/* A tree of about roots^depth nodes: below a million it is done before a
 * second thread would have started, so threads would only cost (a suite's
 * shallow depths). */
static bool small_tree(int roots, int depth) {
    double est = 1;
    for (int i = 0; i < depth && est < 1e6; i++) est *= roots;
    return est < 1e6;
}

bool perft_run(const Position *pos, int depth, const PerftOptions *o, uint64_t *nodes) {
    *nodes = depth <= 0 ? 1 : 0;
    if (depth <= 0) return true;
    PerftJob job = {.opt = o, .t0 = clock_now_ms()};
    int threads = o->threads < 1 ? 1 : o->threads;
    bool ok = expand(&job.list, pos, depth, 0, "");
    if (!o->split_small && small_tree(job.list.roots, depth)) threads = 1;
    ok = ok && expand_again(&job.list, threads);
    if (ok && job.list.roots) ok = (job.root_counts = calloc((size_t)job.list.roots, sizeof *job.root_counts)) != NULL;
    if (ok) {
        run_workers(&job, threads);
        for (int r = 0; r < job.list.roots; r++) {
            uint64_t n = atomic_load(&job.root_counts[r]);
            if (o->divide) o->divide(o->divide_ctx, job.list.turns[r], n);
            *nodes += n;
        }
    }
    free(job.list.items);
    free(job.list.turns);
    free(job.root_counts);
    return ok;
}
