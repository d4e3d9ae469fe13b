/* `ratnik datagen`: self-play games at a fixed node count per move, written
 * as training positions for the evaluation tuner (`ratnik tune`) and for
 * later networks. The format is docs/evaluation.md's "Training data":
 *
 *     <FEN> | <score> | <result>
 *
 * score: the search's score in centipawns from White's view; result: the
 * game's outcome from White's view, 1.0 win, 0.5 draw, 0.0 loss (variants
 * that score a game otherwise give 0.5 + (White's points - Black's) / 2).
 * A run is deterministic for its seed whatever --threads says: game i
 * takes its opening from the seed and i, starts with an empty hash table
 * and searches on one thread; games are written in the order of i. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "datagen.h"
#include "../../engine/fen.h"
#include "../../engine/fileio.h"
#include "../../engine/number.h"
#include "../../search/eval.h"
#include "../../search/nnue/nnue.h"
#include "../../search/search.h"
#include "../../variants/registry.h"

enum { OPENINGS_MAX = 100000 };

typedef struct {
    const Variant *v;
    int games, nodes, depth, random_plies, skip_plies, max_plies, threads, hash_mb;
    int resign_cp, resign_plies;
    unsigned long long seed;
    char (*openings)[FEN_MAX];
    int nopenings;
    const struct Net *net; /* --net: the next generation's data comes from the best net so far */
} DatagenArgs;

/* One finished game's lines, kept until every earlier game is written. */
typedef struct {
    char *text;
    size_t len, cap;
    int positions;
    bool done;
} GameText;

typedef struct {
    const DatagenArgs *a;
    GameText *out;
    atomic_int next;
    pthread_mutex_t lock;
    int written, positions;
    FILE *f;
    bool write_failed;
} Shared;

/* splitmix64: a seed and a game index give the game's own stream. */
static unsigned long long mix(unsigned long long *s) {
    unsigned long long z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static bool append(GameText *t, const char *line) {
    size_t n = strlen(line);
    if (t->len + n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap * 2 : 8192;
        while (cap < t->len + n + 1) cap *= 2;
        char *p = realloc(t->text, cap);
        if (!p) return false;
        t->text = p, t->cap = cap;
    }
    memcpy(t->text + t->len, line, n + 1);
    t->len += n;
    return true;
}

/* The start of game i: an opening of the set (or the start position),
 * then random_plies random turns; false if that already ended the game. */
static bool open_game(const DatagenArgs *a, Game *g, unsigned long long *rng) {
    Position start;
    char err[256];
    const char *fen = a->nopenings ? a->openings[mix(rng) % (unsigned)a->nopenings] : a->v->start_fen;
    if (!fen_parse(&start, a->v, fen, err, sizeof err)) return false;
    game_reset(g, &start);
    for (int ply = 0; ply < a->random_plies; ply++) {
        Outcome o;
        game_outcome(g, &o);
        char turn[TURN_STR_MAX];
        if (o.code != RES_NONE || !legal_turn_random(&g->cur, mix(rng), turn) || !game_play(g, turn, err, sizeof err))
            return false;
    }
    Outcome o;
    game_outcome(g, &o);
    return o.code == RES_NONE;
}

/* Positions a tuner can learn from: the start of a turn, not in check,
 * and a best move that is quiet (a capture pending makes the static
 * evaluation wrong by a piece). Scores in the winning band say nothing
 * about the evaluation. */
static bool quiet_enough(const Game *g, const SearchResult *res) {
    const Position *pos = &g->cur;
    if (!g->turn_start[g->nsteps] || pos->pending || !res->pv_len) return false;
    if (pos->v->in_check && pos->v->in_check(pos)) return false;
    if (move_is_noisy(pos, res->pv[0])) return false;
    return res->score > -SCORE_MATE_BOUND / 2 && res->score < SCORE_MATE_BOUND / 2;
}

/* White's result in [0, 1]: 1, 1/2, 0, or the variant's points as a share. */
static double white_result(const Game *g, ResultCode code, bool advantage) {
    const GameScoring *s = g->cur.v->scoring;
    if (!s) return code == RES_WHITE_WINS ? 1 : code == RES_DRAW ? 0.5 : 0;
    double pts[COLOR_NB];
    s->score(&g->cur, code, advantage, pts);
    double r = 0.5 + (pts[WHITE] - pts[BLACK]) / 2;
    return r < 0 ? 0 : r > 1 ? 1 : r;
}

/* The match runner's ends besides the rules': an agreed repetition, the
 * move cap; and a resignation when both sides' scores agree on a winner
 * for resign_plies plies in a row. */
static bool game_end(const DatagenArgs *a, const Game *g, int plies, int white_streak, int black_streak, ResultCode *code,
                     bool *advantage) {
    Outcome o;
    game_outcome(g, &o);
    *code = o.code, *advantage = o.advantage;
    if (o.code != RES_NONE) return true;
    *advantage = false;
    if (g->cur.v->agreed_repetition && game_repetitions(g) >= 3) return *code = RES_DRAW, true;
    if (plies >= a->max_plies || g->nsteps + MAX_TURN_STEPS > GAME_MAX_STEPS) return *code = RES_DRAW, true;
    if (a->resign_cp && white_streak >= a->resign_plies) return *code = RES_WHITE_WINS, true;
    if (a->resign_cp && black_streak >= a->resign_plies) return *code = RES_BLACK_WINS, true;
    return false;
}

typedef struct {
    int score; /* White's view */
    char fen[FEN_MAX];
} Record;

/* Plays game `index` and fills t with its positions. */
static void play_one(const DatagenArgs *a, int index, Game *g, TT *tt, Record *recs,
                     GameText *t) {
    unsigned long long rng = a->seed * 0x100000001B3ull + (unsigned long long)index;
    mix(&rng);
    t->len = 0, t->positions = 0;
    if (!open_game(a, g, &rng)) return;
    tt_clear(tt);
    int n = 0, white_streak = 0, black_streak = 0;
    ResultCode code = RES_NONE;
    bool advantage = false;
    for (int ply = 0; !game_end(a, g, ply, white_streak, black_streak, &code, &advantage); ply++) {
        SearchRequest rq = {.game = g, .tt = tt, .threads = 1, .net = a->net};
        rq.limits.nodes = (uint64_t)a->nodes;
        rq.limits.depth = a->depth;
        SearchResult res;
        char err[256];
        if (!search_blocking(&rq, &res) || !res.best[0]) return;
        int white = g->cur.side == WHITE ? res.score : -res.score;
        white_streak = white >= a->resign_cp ? white_streak + 1 : 0;
        black_streak = white <= -a->resign_cp ? black_streak + 1 : 0;
        if (ply >= a->skip_plies && n < GAME_MAX_STEPS && quiet_enough(g, &res)) {
            recs[n].score = white;
            fen_write(&g->cur, recs[n].fen, sizeof recs[n].fen);
            n++;
        }
        if (!game_play(g, res.best, err, sizeof err)) return;
    }
    double r = white_result(g, code, advantage);
    for (int i = 0; i < n; i++) {
        char line[FEN_MAX + 64];
        snprintf(line, sizeof line, "%s | %d | %.*f\n", recs[i].fen, recs[i].score, r * 2 == (int)(r * 2) ? 1 : 2, r);
        if (!append(t, line)) return;
    }
    t->positions = n;
}

/* Writes the finished games that follow the last written one. */
static void flush_in_order(Shared *sh) {
    while (sh->written < sh->a->games && sh->out[sh->written].done) {
        GameText *t = &sh->out[sh->written++];
        if (t->len && fwrite(t->text, 1, t->len, sh->f) != t->len) sh->write_failed = true;
        sh->positions += t->positions;
        free(t->text);
        t->text = NULL;
        if (sh->written % 10 == 0 || sh->written == sh->a->games)
            fprintf(stderr, "datagen %s: %d/%d games, %d positions\n", sh->a->v->name, sh->written, sh->a->games,
                    sh->positions);
    }
}

static void *worker(void *arg) {
    Shared *sh = arg;
    Game *g = malloc(sizeof *g);
    Record *recs = malloc(sizeof *recs * GAME_MAX_STEPS);
    TT tt = {0};
    bool ok = g && recs && tt_resize(&tt, (size_t)sh->a->hash_mb);
    for (int i; ok && (i = atomic_fetch_add(&sh->next, 1)) < sh->a->games;) {
        GameText t = {0};
        play_one(sh->a, i, g, &tt, recs, &t);
        pthread_mutex_lock(&sh->lock);
        sh->out[i] = t;
        sh->out[i].done = true;
        flush_in_order(sh);
        pthread_mutex_unlock(&sh->lock);
    }
    if (!ok) fprintf(stderr, "datagen: out of memory\n");
    tt_free(&tt);
    free(g), free(recs);
    return NULL;
}

/* EPD or FEN lines: the first four fields, then counters if present. */
static bool load_openings(DatagenArgs *a, const char *path) {
    char err[160], line[4096];
    FILE *f = file_open_read(path, NULL, err, sizeof err);
    if (!f) return fprintf(stderr, "datagen: cannot read %s: %s\n", path, err), false;
    a->openings = malloc(sizeof *a->openings * OPENINGS_MAX);
    while (a->openings && a->nopenings < OPENINGS_MAX && fgets(line, sizeof line, f)) {
        line[strcspn(line, ";\r\n")] = 0;
        char tok[6][FEN_MAX];
        int k = sscanf(line, "%255s %255s %255s %255s %255s %255s", tok[0], tok[1], tok[2], tok[3], tok[4], tok[5]);
        if (k < 4 || tok[0][0] == '#') continue;
        char fen[FEN_MAX * 7];
        int len = snprintf(fen, sizeof fen, "%s %s %s %s %s %s", tok[0], tok[1], tok[2], tok[3],
                           k >= 6 ? tok[4] : "0", k >= 6 ? tok[5] : "1");
        if (len >= FEN_MAX) continue;
        Position p;
        if (!fen_parse(&p, a->v, fen, err, sizeof err)) {
            fprintf(stderr, "datagen: %s: bad position '%s': %s\n", path, line, err);
            continue;
        }
        memcpy(a->openings[a->nopenings++], fen, (size_t)len + 1);
    }
    fclose(f);
    if (!a->nopenings) fprintf(stderr, "datagen: %s has no usable position\n", path);
    return a->nopenings > 0;
}

static int usage(void) {
    fprintf(stderr, "usage: ratnik datagen [--variant NAME] [--games N] [--nodes N] [--depth D] [--openings EPD]\n"
                    "                      [--random-plies K] [--skip-plies P] [--max-plies M] [--resign CP]\n"
                    "                      [--threads T] [--hash MB] [--seed S] [--net FILE] [--out FILE]\n"
                    "       defaults: chess, 100 games, 5000 nodes, start position, 8 random plies,\n"
                    "       positions from ply 8 on, 400 plies, resign at 2000 for 8 plies, 1 thread, 16 MB,\n"
                    "       seed 1, the hand-written evaluation, standard output\n");
    return 2;
}

static bool parse_args(int argc, char **argv, DatagenArgs *a, const char **out, const char **book,
                       const char **net) {
    const char *variant = "chess";
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) return false;
        const char *k = argv[i], *v = argv[++i];
        long long x = 0;
        bool num = parse_integer(v, 0, 1000000000, &x);
        if (!strcmp(k, "--variant")) variant = v;
        else if (!strcmp(k, "--openings")) *book = v;
        else if (!strcmp(k, "--out")) *out = v;
        else if (!strcmp(k, "--net")) *net = v;
        else if (!num) return fprintf(stderr, "datagen: %s needs a number from 0 to 10^9, not '%s'\n", k, v), false;
        else if (!strcmp(k, "--games")) a->games = (int)x;
        else if (!strcmp(k, "--nodes")) a->nodes = (int)x;
        else if (!strcmp(k, "--depth")) a->depth = (int)(x < MAX_PLY ? x : MAX_PLY - 4);
        else if (!strcmp(k, "--random-plies")) a->random_plies = (int)x;
        else if (!strcmp(k, "--skip-plies")) a->skip_plies = (int)x;
        else if (!strcmp(k, "--max-plies")) a->max_plies = (int)x;
        else if (!strcmp(k, "--resign")) a->resign_cp = (int)x;
        else if (!strcmp(k, "--threads")) a->threads = (int)(x < 1 ? 1 : x > MAX_THREADS ? MAX_THREADS : x);
        else if (!strcmp(k, "--hash")) a->hash_mb = (int)(x < 1 ? 1 : x > 4096 ? 4096 : x);
        else if (!strcmp(k, "--seed")) a->seed = (unsigned long long)x;
        else return false;
    }
    a->v = variant_find(variant);
    if (!a->v) return fprintf(stderr, "datagen: unknown variant '%s'\n", variant), false;
    if (!a->nodes && !a->depth) return fprintf(stderr, "datagen: --nodes or --depth must be above 0\n"), false;
    return true;
}

int datagen_main(int argc, char **argv) {
    DatagenArgs a = {.games = 100, .nodes = 5000, .random_plies = 8, .skip_plies = 8, .max_plies = 400,
                     .threads = 1, .hash_mb = 16, .resign_cp = 2000, .resign_plies = 8, .seed = 1};
    const char *out = NULL, *book = NULL, *net_path = NULL;
    if (!parse_args(argc, argv, &a, &out, &book, &net_path)) return usage();
    char err[160];
    Net *net = NULL;
    if (net_path && !(net = nnue_load(net_path, a.v, err, sizeof err)))
        return fprintf(stderr, "datagen: cannot use the net %s: %s\n", net_path, err), 2;
    a.net = net;
    if (book && !load_openings(&a, book)) return nnue_free(net), 2;
    Shared sh = {.a = &a, .f = out ? file_open_write(out, false, err, sizeof err) : stdout};
    sh.out = calloc((size_t)a.games + 1, sizeof *sh.out);
    if (!sh.f || !sh.out) {
        fprintf(stderr, "datagen: cannot write %s: %s\n", out ? out : "output", sh.f ? "out of memory" : err);
        free(sh.out), free(a.openings), nnue_free(net);
        return 2;
    }
    atomic_init(&sh.next, 0);
    pthread_mutex_init(&sh.lock, NULL);
    pthread_t ids[MAX_THREADS];
    int started = 0;
    for (int i = 0; i < a.threads; i++) started += !pthread_create(&ids[started], NULL, worker, &sh);
    for (int i = 0; i < started; i++) pthread_join(ids[i], NULL);
    pthread_mutex_destroy(&sh.lock);
    bool ok = sh.written == a.games && !sh.write_failed && (out ? file_close_ok(sh.f, err, sizeof err) : true);
    if (!ok) fprintf(stderr, "datagen: %d of %d games written%s%s\n", sh.written, a.games, out ? ": " : "", out ? err : "");
    free(sh.out), free(a.openings), nnue_free(net);
    return ok ? 0 : 1;
}
