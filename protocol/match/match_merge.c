/* `ratnik match merge FILE.json... [-resultsout FILE.json] [-pgnout FILE]`:
 * the shards of one match (-shard I/N) put back together. The files must
 * hold the same engines and settings and no game twice; the statistics are
 * recomputed from the merged games and pairs, and the shards' PGN files
 * (as their results files name them) are joined in game order. */
#include <libgen.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "match_results.h"
#include "../../engine/fileio.h"

enum { MERGE_MAX_FILES = 4096 };

typedef struct {
    const char *in[MERGE_MAX_FILES];
    int nin;
    const char *resultsout, *pgnout;
} MergeArgs;

static int merge_usage(const char *err) {
    fprintf(stderr, "ratnik match merge: %s\n", err);
    fprintf(stderr, "usage: ratnik match merge FILE.json... [-resultsout FILE.json] [-pgnout FILE]\nSee docs/match.md.\n");
    return 2;
}

static bool merge_args(int argc, char **argv, MergeArgs *a, char *err, size_t n) {
    memset(a, 0, sizeof *a);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-resultsout") && i + 1 < argc) a->resultsout = argv[++i];
        else if (!strcmp(argv[i], "-pgnout") && i + 1 < argc) a->pgnout = argv[++i];
        else if (argv[i][0] == '-') return snprintf(err, n, "unknown or incomplete flag '%s'", argv[i]), false;
        else if (a->nin == MERGE_MAX_FILES) return snprintf(err, n, "more than %d files", MERGE_MAX_FILES), false;
        else a->in[a->nin++] = argv[i];
    }
    if (!a->nin) return snprintf(err, n, "no results files to merge"), false;
    return true;
}

/* The engines and settings of a file, as results_setup_json writes them. */
static char *setup_of(const ResultsFile *f) {
    char *e = json_text(f->engines), *s = json_text(f->settings), *out = NULL;
    if (e && s && asprintf(&out, "\"engines\":%s,\"settings\":%s", e, s) < 0) out = NULL;
    free(e), free(s);
    return out;
}

/* A shard's PGN file: as named, or beside its results file when the name
 * is relative and the shards were run elsewhere (copied back by scp). */
static char *pgn_path(const char *results, const char *pgn) {
    char *out = NULL;
    if (pgn[0] == '/' || !access(pgn, R_OK)) return strdup(pgn);
    char *copy = strdup(results);
    const char *base = strrchr(pgn, '/');
    if (copy && asprintf(&out, "%s/%s", dirname(copy), base ? base + 1 : pgn) < 0) out = NULL;
    free(copy);
    return out;
}

/* The games of a PGN text (each starts at an [Event tag), copied out by
 * Round: only those its results file records. */
static void index_pgn(const char *text, const MatchResults *mine, char **by_game) {
    const char *g = strstr(text, "[Event ");
    while (g) {
        const char *next = strstr(g + 1, "\n[Event ");
        if (next) next++;
        size_t len = next ? (size_t)(next - g) : strlen(g);
        const char *round = strstr(g, "[Round \"");
        int n = round && (size_t)(round - g) < len ? atoi(round + 8) : 0;
        if (n >= 1 && n <= mine->total && mine->by_game[n - 1] && !by_game[n - 1]) by_game[n - 1] = strndup(g, len);
        g = next;
    }
}

/* The games the results count: the file may have grown since they were written. */
static char *read_prefix(const char *path, long long bytes, char *err, size_t n) {
    char why[160];
    size_t len;
    char *text = file_read_all(path, LLONG_MAX, &len, why, sizeof why);
    if (!text) return snprintf(err, n, "cannot read '%s': %s", path, why), NULL;
    if (bytes < 0 || (long long)len < bytes) {
        free(text);
        return snprintf(err, n, "'%s' is shorter than its results say", path), NULL;
    }
    text[bytes] = 0;
    return text;
}

static bool write_pgn(const char *out, const MatchResults *all, char **by_game, char *err, size_t n) {
    char why[160];
    for (int i = 0; i < all->total; i++)
        if (all->by_game[i] && !by_game[i]) return snprintf(err, n, "game %d has no PGN in its shard's file", i + 1), false;
    FILE *f = file_open_write(out, false, why, sizeof why);
    if (!f) return snprintf(err, n, "cannot write '%s': %s", out, why), false;
    for (int i = 0; i < all->total; i++)
        if (by_game[i]) fputs(by_game[i], f);
    if (!file_close_ok(f, why, sizeof why)) return snprintf(err, n, "cannot write '%s': %s", out, why), false;
    return true;
}

typedef struct {
    ResultsFile file[MERGE_MAX_FILES];
    MatchResults part[MERGE_MAX_FILES], all;
    char **pgn_game, *pgn_text[MERGE_MAX_FILES];
    char *setup;
} Merge;

/* Loads every file into m; false with the reason. */
static bool load_all(const MergeArgs *a, Merge *m, char *err, size_t n) {
    char why[600];
    for (int i = 0; i < a->nin; i++) {
        if (!results_load(a->in[i], &m->file[i], &m->part[i], why, sizeof why))
            return snprintf(err, n, "%s", why), false;
        if (!i) m->setup = setup_of(&m->file[0]);
        else if (!results_same_setup(m->setup, &m->file[i], why, sizeof why))
            return snprintf(err, n, "'%s' is not a shard of the match of '%s': %s", a->in[i], a->in[0], why), false;
    }
    if (!results_init(&m->all, m->part[0].total)) return snprintf(err, n, "out of memory"), false;
    for (int i = 0; i < a->nin; i++)
        for (int k = 0; k < m->part[i].n; k++)
            if (!results_add(&m->all, m->part[i].list[k]))
                return snprintf(err, n, "game %d is in '%s' and in an earlier file", m->part[i].list[k]->game + 1, a->in[i]),
                       false;
    return true;
}

static bool merge_pgn(const MergeArgs *a, Merge *m, char *err, size_t n) {
    m->pgn_game = calloc((size_t)m->all.total, sizeof *m->pgn_game);
    if (!m->pgn_game) return snprintf(err, n, "out of memory"), false;
    for (int i = 0; i < a->nin; i++) {
        if (!m->part[i].n) continue;
        if (!m->file[i].pgnout) return snprintf(err, n, "'%s' was played without -pgnout", a->in[i]), false;
        char *path = pgn_path(a->in[i], m->file[i].pgnout);
        m->pgn_text[i] = path ? read_prefix(path, m->part[i].pgn_bytes, err, n) : NULL;
        free(path);
        if (!m->pgn_text[i]) return false;
        index_pgn(m->pgn_text[i], &m->part[i], m->pgn_game);
    }
    return write_pgn(a->pgnout, &m->all, m->pgn_game, err, n);
}

static void free_merge(Merge *m, int nin) {
    for (int i = 0; i < nin; i++) results_file_free(&m->file[i]), results_free(&m->part[i]), free(m->pgn_text[i]);
    for (int i = 0; m->pgn_game && i < m->all.total; i++) free(m->pgn_game[i]);
    results_free(&m->all);
    free(m->pgn_game), free(m->setup), free(m);
}

int match_merge_main(int argc, char **argv) {
    MergeArgs a;
    char err[1200];
    if (!merge_args(argc, argv, &a, err, sizeof err)) return merge_usage(err);
    Merge *m = calloc(1, sizeof *m);
    if (!m) return merge_usage("out of memory");
    bool ok = load_all(&a, m, err, sizeof err) && (!a.pgnout || merge_pgn(&a, m, err, sizeof err));
    if (ok) {
        ReportSpec spec;
        results_report_spec(&m->file[0], &spec);
        printf("Merged %d files: %d of %d games\n", a.nin, m->all.n, m->all.total);
        report_score(&spec, &m->all);
        report_results(&spec, &m->all);
        report_ends(&m->all);
        if (a.pgnout) {
            long long size;
            char why[160];
            FILE *f = file_open_read(a.pgnout, &size, why, sizeof why);
            if (f) fclose(f), m->all.pgn_bytes = size;
        }
        ok = !a.resultsout || results_write(a.resultsout, m->setup, 0, 0, a.pgnout, &spec, &m->all, err, sizeof err);
        fflush(stdout);
    }
    free_merge(m, a.nin);
    if (!ok) {
        fprintf(stderr, "ratnik match merge: %s\n", err);
        return 1;
    }
    return 0;
}
