/* `ratnik book search`: grows a book from the start position by searching.
 * Walks of --plies turns start from the start position; each position met
 * for the first time is searched (MultiPV --width at --depth), its moves
 * within --margin centipawns of the best become book moves weighted by
 * score, and the walk goes on with one of them picked by weight (seeded,
 * so a run is reproducible with one thread). It ends when --positions
 * positions have been searched or the walks find nothing new. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "book_cli.h"
#include "../../book/rbook_write.h"
#include "../../engine/fen.h"
#include "../../search/search.h"
#include "../../engine/clock.h"

enum { WIDTH_MAX = MAX_MULTIPV };

typedef struct {
    const Variant *v;
    const char *out;
    int depth, plies, width, margin, movetime, threads, positions, hash;
    uint64_t seed;
} SearchArgs;

typedef struct {
    uint64_t key;
    int n;
    char turn[WIDTH_MAX][TURN_STR_MAX];
    int score[WIDTH_MAX];
    unsigned weight[WIDTH_MAX];
} Node;

/* The lines of one search: the current iteration's and the last complete one. */
typedef struct {
    int lines;
    int depth, got;
    char turn[WIDTH_MAX][TURN_STR_MAX];
    int score[WIDTH_MAX];
    int done_depth, done_n;
    char done_turn[WIDTH_MAX][TURN_STR_MAX];
    int done_score[WIDTH_MAX];
} Lines;

static void on_info(void *ctx, const SearchInfo *info) {
    Lines *l = ctx;
    if (info->bound != BOUND_EXACT || info->multipv < 1 || info->multipv > l->lines || !info->pv[0]) return;
    if (info->depth != l->depth) l->depth = info->depth, l->got = 0;
    int k = info->multipv - 1;
    snprintf(l->turn[k], TURN_STR_MAX, "%.*s", (int)strcspn(info->pv, " "), info->pv);
    l->score[k] = info->score;
    if (k + 1 > l->got) l->got = k + 1;
    if (l->got < l->lines) return;
    /* every line of this depth is in: it becomes the result */
    l->done_depth = l->depth, l->done_n = l->lines;
    memcpy(l->done_turn, l->turn, sizeof l->turn);
    memcpy(l->done_score, l->score, sizeof l->score);
}

/* Searches g's position; fills node with the moves within the margin.
 * False when memory or a thread runs out. */
static bool search_node(const SearchArgs *a, Game *g, TT *tt, Node *node) {
    Move list[MAX_MOVES];
    int nlegal = g->cur.v->generate(&g->cur, list);
    Lines *l = calloc(1, sizeof *l);
    node->key = g->cur.key, node->n = 0;
    if (!l) return false;
    l->lines = a->width < nlegal ? a->width : nlegal;
    /* the depth ends the search, or the movetime first */
    SearchRequest rq = {.game = g, .tt = tt, .threads = a->threads, .multipv = l->lines, .on_info = on_info, .ctx = l};
    rq.limits.depth = a->depth;
    rq.limits.movetime = a->movetime;
    SearchResult res;
    if (l->lines > 0 && !search_blocking(&rq, &res)) {
        free(l);
        return false;
    }
    /* a stopped search may leave the lines of a later depth incomplete */
    if (!l->done_n && l->got) l->done_n = l->got, memcpy(l->done_turn, l->turn, sizeof l->turn),
                               memcpy(l->done_score, l->score, sizeof l->score);
    int best = l->done_n ? l->done_score[0] : 0;
    for (int k = 1; k < l->done_n; k++) /* a later line can come out higher: the search is not exact */
        if (l->done_score[k] > best) best = l->done_score[k];
    for (int k = 0; k < l->done_n; k++) {
        int loss = best - l->done_score[k];
        bool dup = false; /* lines whose first steps differ can still be one turn */
        for (int j = 0; j < node->n; j++) dup |= !strcmp(node->turn[j], l->done_turn[k]);
        if (loss > a->margin || dup) continue;
        snprintf(node->turn[node->n], TURN_STR_MAX, "%s", l->done_turn[k]);
        node->score[node->n] = l->done_score[k];
        /* every margin/3 centipawns worse halves the weight: the engine's
         * default BookVariety then mostly plays the best move */
        node->weight[node->n++] = a->margin ? (unsigned)lround(100 * exp2(-3.0 * loss / a->margin)) : 100;
    }
    free(l);
    return true;
}

static uint64_t rng_next(uint64_t *s) { /* xorshift64* */
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

static const char *pick(const Node *n, uint64_t *rng) {
    unsigned total = 0;
    for (int i = 0; i < n->n; i++) total += n->weight[i];
    unsigned r = (unsigned)(rng_next(rng) % total);
    for (int i = 0; i < n->n; i++) {
        if (r < n->weight[i]) return n->turn[i];
        r -= n->weight[i];
    }
    return n->turn[0];
}

static Node *find_node(Node *nodes, int n, uint64_t key) {
    for (int i = 0; i < n; i++)
        if (nodes[i].key == key) return &nodes[i];
    return NULL;
}

/* The walks; returns how many positions were searched, -1 when memory ran out. */
static int grow(const SearchArgs *a, Node *nodes, Game *g, TT *tt) {
    Position start;
    char err[160];
    fen_parse(&start, a->v, a->v->start_fen, err, sizeof err);
    uint64_t rng = a->seed * 0x9E3779B97F4A7C15ull + 1;
    int n = 0, deepest = 0;
    double t0 = clock_now_ms();
    for (int walk = 0, idle = 0; n < a->positions && idle < 200; walk++) {
        game_reset(g, &start);
        int before = n;
        for (int ply = 0; ply < a->plies && n <= a->positions; ply++) {
            Outcome o;
            game_outcome(g, &o);
            if (o.code != RES_NONE) break;
            Node *node = find_node(nodes, n, g->cur.key);
            if (!node && n == a->positions) break;
            if (!node) {
                node = &nodes[n++];
                if (!search_node(a, g, tt, node)) {
                    fprintf(stderr, "\nbook search: out of memory\n");
                    return -1;
                }
                if (ply + 1 > deepest) deepest = ply + 1;
                fprintf(stderr, "\rbook search %s: %d/%d positions, %d plies deep, walk %d, %.1f s ", a->v->name, n,
                        a->positions, deepest, walk + 1, (clock_now_ms() - t0) / 1000);
            }
            if (!node->n || !game_play(g, pick(node, &rng), err, sizeof err)) break;
        }
        idle = n == before ? idle + 1 : 0;
    }
    fprintf(stderr, "\n");
    return n;
}

static int search_usage(void) {
    fprintf(stderr, "usage: ratnik book search --variant NAME [--out FILE (NAME.bin)] [--depth N (6)] [--plies P (8)] [--width W (3)]\n"
                    "       [--margin CP (30)] [--positions N (400)] [--movetime MS] [--seed S (1)] [--threads T (1)] [--hash MB (16)]\n");
    return 2;
}

int book_search_main(int argc, char **argv) {
    SearchArgs a = {.depth = 6, .plies = 8, .width = 3, .margin = 30, .threads = 1, .positions = 400, .hash = 16, .seed = 1};
    const char *vname = NULL;
    for (int i = 1; i < argc; i += 2) {
        const char *o = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val) return search_usage();
        int x = atoi(val);
        if (!strcmp(o, "--variant")) vname = val;
        else if (!strcmp(o, "--out")) a.out = val;
        else if (!strcmp(o, "--depth")) a.depth = x;
        else if (!strcmp(o, "--plies")) a.plies = x;
        else if (!strcmp(o, "--width")) a.width = x;
        else if (!strcmp(o, "--margin")) a.margin = x;
        else if (!strcmp(o, "--positions")) a.positions = x;
        else if (!strcmp(o, "--movetime")) a.movetime = x;
        else if (!strcmp(o, "--seed")) a.seed = strtoull(val, NULL, 10);
        else if (!strcmp(o, "--threads")) a.threads = x;
        else if (!strcmp(o, "--hash")) a.hash = x;
        else return search_usage();
    }
    char out[256];
    if (vname && !a.out) a.out = (snprintf(out, sizeof out, "%.200s.bin", vname), out); /* default: NAME.bin here */
    if (!vname || !a.out || a.depth < 1 || a.depth > 60 || a.plies < 1 || a.width < 1 || a.width > WIDTH_MAX ||
        a.margin < 0 || a.positions < 1 || a.positions > 1000000 || a.movetime < 0 || a.threads < 1 || a.hash < 1)
        return search_usage();
    if (!(a.v = book_cli_variant(vname))) return 2;
    Node *nodes = calloc((size_t)a.positions, sizeof *nodes);
    Game *g = malloc(sizeof *g);
    TT tt = {0};
    if (!nodes || !g || !tt_resize(&tt, a.hash)) {
        fprintf(stderr, "book search: out of memory\n");
        free(nodes), free(g);
        return 2;
    }
    int n = grow(&a, nodes, g, &tt);
    if (n < 0) {
        tt_free(&tt);
        free(g), free(nodes);
        return 2;
    }
    RBookWriter *w = rbook_writer_new();
    for (int i = 0; i < n; i++)
        for (int k = 0; k < nodes[i].n; k++) /* learn: the score, 32768 meaning 0.00 */
            rbook_writer_add(w, nodes[i].key, nodes[i].turn[k], nodes[i].weight[k],
                             (uint32_t)(nodes[i].score[k] + 32768));
    char err[256];
    bool ok = rbook_writer_save(w, a.v, a.out, err, sizeof err);
    if (ok) printf("book search: %zu positions, %zu entries, ratnik book written to %s\n", rbook_writer_positions(w),
                   rbook_writer_entries(w), a.out);
    else fprintf(stderr, "book search: %s\n", err);
    rbook_writer_free(w);
    tt_free(&tt);
    free(g), free(nodes);
    return ok ? 0 : 1;
}
