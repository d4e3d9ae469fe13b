/* Results files read back: the games of an interrupted match, so that the
 * same command goes on where it stopped, and the games of shards for
 * `ratnik match merge`. A file is only ever continued by the match that
 * wrote it: same engines, same settings, same shard. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "match_results.h"
#include "../../engine/fileio.h"
#include "../../variants/registry.h"

static ResultCode result_code(const char *s) {
    if (!strcmp(s, "1-0")) return RES_WHITE_WINS;
    if (!strcmp(s, "0-1")) return RES_BLACK_WINS;
    if (!strcmp(s, "1/2-1/2")) return RES_DRAW;
    return RES_NONE;
}

static bool read_game(const Json *g, int total, GameRecord *rec, char *err, size_t n) {
    memset(rec, 0, sizeof *rec);
    const Json *op = json_get(g, "opening"), *pts = json_get(g, "points");
    rec->game = (int)json_get_number(g, "game", 0) - 1;
    rec->white = (int)json_get_number(g, "white_engine", -1);
    if (rec->game < 0 || rec->game >= total || (rec->white != 0 && rec->white != 1) || !op) {
        snprintf(err, n, "a game record without a valid game number, white_engine or opening");
        return false;
    }
    rec->opening = (int)json_get_number(op, "index", 0) - 1;
    rec->fen = (char *)json_get_string(op, "fen", "");
    rec->moves = (char *)json_get_string(op, "moves", "");
    rec->seed = (unsigned)json_get_number(g, "seed", 0);
    rec->result = result_code(json_get_string(g, "result", "*"));
    snprintf(rec->end, sizeof rec->end, "%s", json_get_string(g, "end", ""));
    snprintf(rec->termination, sizeof rec->termination, "%s", json_get_string(g, "termination", ""));
    snprintf(rec->reason, sizeof rec->reason, "%s", json_get_string(g, "reason", ""));
    rec->plies = (int)json_get_number(g, "plies", 0);
    if (pts && pts->type == JSON_ARRAY && pts->n == 2)
        rec->points[WHITE] = pts->items[0]->number, rec->points[BLACK] = pts->items[1]->number;
    return true;
}

static char *read_whole(const char *path, char *err, size_t n) {
    char why[160];
    size_t len;
    char *text = file_read_all(path, LLONG_MAX, &len, why, sizeof why);
    if (!text) snprintf(err, n, "cannot read '%s': %s", path, why);
    return text;
}

bool results_load(const char *path, ResultsFile *f, MatchResults *r, char *err, size_t n) {
    memset(f, 0, sizeof *f);
    memset(r, 0, sizeof *r);
    char why[200];
    char *text = read_whole(path, err, n);
    if (!text) return false;
    f->root = json_parse(text, why, sizeof why);
    free(text);
    if (!f->root) return snprintf(err, n, "'%s' is not JSON: %s", path, why), false;
    const Json *games = json_get(f->root, "games"), *shard = json_get(f->root, "shard");
    f->engines = json_get(f->root, "engines"), f->settings = json_get(f->root, "settings");
    if (strcmp(json_get_string(f->root, "format", ""), "ratnik match results") || !games ||
        games->type != JSON_ARRAY || !f->engines || f->engines->type != JSON_ARRAY || f->engines->n != 2 || !f->settings)
        return snprintf(err, n, "'%s' is not a ratnik match results file", path), false;
    f->shard = (int)json_get_number(shard, "index", 0), f->nshards = (int)json_get_number(shard, "count", 0);
    f->pgnout = json_get_string(f->root, "pgn", NULL);
    int total = (int)json_get_number(f->settings, "total", 0);
    if (total <= 0 || total > MATCH_MAX_GAMES || !results_init(r, total))
        return snprintf(err, n, "'%s': settings.total is not a number of games", path), false;
    r->pgn_bytes = (long long)json_get_number(f->root, "pgn_bytes", 0);
    for (int i = 0; i < games->n; i++) {
        GameRecord rec;
        if (!read_game(games->items[i], total, &rec, why, sizeof why))
            return snprintf(err, n, "'%s': game %d: %s", path, i + 1, why), false;
        if (!results_add(r, &rec))
            return snprintf(err, n, "'%s': game %d is recorded twice", path, rec.game + 1), false;
    }
    return true;
}

void results_file_free(ResultsFile *f) {
    json_free(f->root);
    memset(f, 0, sizeof *f);
}

void results_report_spec(const ResultsFile *f, ReportSpec *spec) {
    memset(spec, 0, sizeof *spec);
    for (int e = 0; e < 2; e++) spec->name[e] = json_get_string(f->engines->items[e], "name", "?");
    spec->penta = strcmp(json_get_string(f->settings, "statistics", ""), "trinomial") != 0;
    const Variant *v = variant_find(json_get_string(f->settings, "variant", "chess"));
    spec->scoring = v && v->scoring ? v->scoring->name : NULL;
    const Json *sprt = json_get(f->settings, "sprt");
    if (sprt && sprt->type == JSON_OBJECT) {
        spec->sprt = true;
        spec->elo0 = json_get_number(sprt, "elo0", 0), spec->elo1 = json_get_number(sprt, "elo1", 0);
        spec->alpha = json_get_number(sprt, "alpha", 0.05), spec->beta = json_get_number(sprt, "beta", 0.05);
        spec->model = strcmp(json_get_string(sprt, "model", ""), "normalized") ? SPRT_LOGISTIC : SPRT_NORMALIZED;
    }
}

/* Settings a resume may raise: more rounds only add games after the
 * recorded ones (the openings' order does not depend on the count), so an
 * SPRT that reached its -rounds cap undecided can go on to a bound. */
static bool may_grow(const char *key) { return !strcmp(key, "rounds") || !strcmp(key, "total"); }

/* The first member of `want` other than those a resume may raise whose
 * value differs in `have`, or NULL. */
static const char *first_difference(const Json *want, const Json *have) {
    for (int i = 0; want && want->type == JSON_OBJECT && i < want->n; i++) {
        if (may_grow(want->keys[i])) continue;
        char *a = json_text(want->items[i]), *b = json_text(json_get(have, want->keys[i]));
        bool same = a && b && !strcmp(a, b);
        free(a), free(b);
        if (!same) return want->keys[i];
    }
    return NULL;
}

bool results_same_setup(const char *setup, const ResultsFile *f, char *what, size_t n) {
    size_t len = strlen(setup) + 3;
    char *wrapped = malloc(len), why[200];
    if (!wrapped) return snprintf(what, n, "out of memory"), false;
    snprintf(wrapped, len, "{%s}", setup);
    Json *mine = json_parse(wrapped, why, sizeof why);
    free(wrapped);
    const Json *engines = json_get(mine, "engines"), *settings = json_get(mine, "settings");
    char *a = json_text(engines), *b = json_text(f->engines);
    bool same_engines = a && b && !strcmp(a, b);
    free(a), free(b);
    const char *key = first_difference(settings, f->settings);
    if (!same_engines) snprintf(what, n, "the engines differ");
    else if (key) snprintf(what, n, "settings.%s differs", key);
    json_free(mine);
    return same_engines && !key;
}

/* The PGN file as the results file left it: a game appended after the
 * last rewrite of the results (the runner stopped in between) is cut off,
 * since it is played again. */
static bool trim_pgn(const char *path, long long bytes, char *err, size_t n) {
    struct stat st;
    if (stat(path, &st)) {
        if (errno == ENOENT && bytes == 0) return true;
        return snprintf(err, n, "the PGN file '%s' of the results is gone: %s", path, strerror(errno)), false;
    }
    if (st.st_size < bytes)
        return snprintf(err, n, "the PGN file '%s' is shorter (%lld bytes) than its results say (%lld)", path,
                        (long long)st.st_size, bytes), false;
    if (st.st_size > bytes && truncate(path, bytes))
        return snprintf(err, n, "cannot cut '%s' back to its recorded games: %s", path, strerror(errno)), false;
    return true;
}

int results_resume(MatchConfig *cfg, int nopenings, MatchResults *r, char *err, size_t n) {
    if (access(cfg->resultsout, F_OK)) {
        if (cfg->resume) return snprintf(err, n, "-resume: '%.300s' does not exist", cfg->resultsout), -1;
        return 0;
    }
    ResultsFile f;
    char why[400];
    if (!results_load(cfg->resultsout, &f, r, why, sizeof why)) {
        results_file_free(&f), results_free(r);
        return snprintf(err, n, "cannot resume: %s", why), -1;
    }
    if (!cfg->srand_given) cfg->srand = (unsigned)json_get_number(f.settings, "srand", 0);
    char *setup = results_setup_json(cfg, nopenings);
    bool same = setup && results_same_setup(setup, &f, why, sizeof why);
    free(setup);
    if (same && (f.shard != cfg->shard || f.nshards != cfg->nshards))
        snprintf(why, sizeof why, "the shard differs"), same = false;
    int total = cfg->games * cfg->rounds;
    if (same && total < r->total)
        snprintf(why, sizeof why, "settings.rounds is lower: a resume may raise -rounds, not lower it"), same = false;
    if (!same) {
        snprintf(err, n, "'%.300s' holds another match (%s): give another -resultsout, or remove it to start again",
                 cfg->resultsout, why);
        results_file_free(&f), results_free(r);
        return -1;
    }
    bool same_pgn = cfg->pgnout[0] && f.pgnout && !strcmp(f.pgnout, cfg->pgnout);
    if (same_pgn && !trim_pgn(cfg->pgnout, r->pgn_bytes, err, n)) {
        results_file_free(&f), results_free(r);
        return -1;
    }
    results_file_free(&f);
    if (!results_grow(r, total)) {
        results_free(r);
        return snprintf(err, n, "out of memory"), -1;
    }
    return 1;
}
