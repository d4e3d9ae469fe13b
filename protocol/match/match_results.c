/* The games of a match as records, their tallies, and the results file.
 * The file is the match's memory: it is rewritten whole after every game
 * (temporary file, fsync, rename), so that whatever stops the runner, even
 * kill -9 or a lost machine, leaves the last complete state behind, and
 * the PGN length it records tells what of the PGN file belongs to it. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "match_results.h"
#include "../../engine/fileio.h"
#include "../../engine/pgn.h"

bool results_init(MatchResults *r, int total) {
    memset(r, 0, sizeof *r);
    r->total = total;
    r->by_game = calloc((size_t)(total > 0 ? total : 1), sizeof *r->by_game);
    return r->by_game != NULL;
}

bool results_grow(MatchResults *r, int total) {
    if (total <= r->total) return true;
    GameRecord **by_game = realloc(r->by_game, sizeof *by_game * (size_t)total);
    if (!by_game) return false;
    memset(by_game + r->total, 0, sizeof *by_game * (size_t)(total - r->total));
    r->by_game = by_game, r->total = total;
    return true;
}

void results_free(MatchResults *r) {
    for (int i = 0; i < r->n; i++) free(r->list[i]->fen), free(r->list[i]->moves), free(r->list[i]);
    free(r->list), free(r->by_game);
    memset(r, 0, sizeof *r);
}

int results_partner(int game) { return game ^ 1; }

static int first_color(const GameRecord *g) { return g->white == 0 ? WHITE : BLACK; }

static bool end_before(const EndCount *x, const EndCount *y) {
    return x->count != y->count ? x->count > y->count : strcmp(x->name, y->name) < 0;
}

/* The ends stay ordered by count, then name: the same games give the same
 * list (and JSON) whatever order they finished in, as when shards merge. */
static void count_end(MatchResults *r, const char *end) {
    const char *name = end[0] ? end : "unknown";
    int i = 0;
    while (i < r->nends && strcmp(r->ends[i].name, name)) i++;
    if (i == r->nends) {
        if (r->nends == MATCH_MAX_ENDS) return;
        snprintf(r->ends[i].name, sizeof r->ends[0].name, "%s", name);
        r->ends[i].count = 0;
        r->nends++;
    }
    r->ends[i].count++;
    for (; i > 0 && end_before(&r->ends[i], &r->ends[i - 1]); i--) {
        EndCount swap = r->ends[i];
        r->ends[i] = r->ends[i - 1], r->ends[i - 1] = swap;
    }
}

bool results_add(MatchResults *r, const GameRecord *g) {
    if (g->game < 0 || g->game >= r->total || r->by_game[g->game]) return false;
    if (r->n == r->cap) {
        int cap = r->cap ? 2 * r->cap : 64;
        GameRecord **list = realloc(r->list, sizeof *list * (size_t)cap);
        if (!list) return false;
        r->list = list, r->cap = cap;
    }
    GameRecord *copy = malloc(sizeof *copy);
    if (!copy) return false;
    *copy = *g;
    copy->fen = strdup(g->fen ? g->fen : "");
    copy->moves = strdup(g->moves ? g->moves : "");
    r->list[r->n++] = r->by_game[g->game] = copy;
    match_score_game(&r->score, g->result, first_color(g), g->points);
    count_end(r, g->end);
    int other = results_partner(g->game);
    const GameRecord *p = other < r->total ? r->by_game[other] : NULL;
    if (p) match_score_pair(&r->score, p->result, first_color(p), g->result, first_color(g));
    return true;
}

static const char *proto_name(MatchProto p) { return p == MP_UCI ? "uci" : "xboard"; }

static void tc_json(FILE *f, const TimeControl *tc) {
    if (!tc->set) fputs("null", f);
    else if (tc->infinite) fputs("\"inf\"", f);
    else fprintf(f, "{\"moves\":%d,\"base_ms\":%lld,\"inc_ms\":%lld}", tc->moves, tc->base_ms, tc->inc_ms);
}

static void engine_json(FILE *f, const EngineSpec *e) {
    fputs("{\"name\":", f), json_write_string(f, e->name);
    fputs(",\"cmd\":", f), json_write_string(f, e->cmd);
    fputs(",\"dir\":", f), json_write_string(f, e->dir);
    fprintf(f, ",\"proto\":\"%s\",\"args\":[", proto_name(e->proto));
    for (int i = 0; i < e->nargs; i++) fputs(i ? "," : "", f), json_write_string(f, e->args[i]);
    fputs("],\"options\":{", f);
    for (int i = 0; i < e->nopts; i++) {
        fputs(i ? "," : "", f), json_write_string(f, e->opt_name[i]);
        fputc(':', f), json_write_string(f, e->opt_value[i]);
    }
    fputs("},\"tc\":", f), tc_json(f, &e->tc);
    fprintf(f, ",\"st\":%.17g,\"depth\":%d,\"nodes\":%lld,\"timemargin_ms\":%d,\"initstr\":", e->st, e->depth, e->nodes,
            e->timemargin_ms);
    json_write_string(f, e->initstr);
    fputc('}', f);
}

static void settings_json(FILE *f, const MatchConfig *c, int nopenings) {
    fputs("{\"variant\":", f), json_write_string(f, c->variant->name);
    fprintf(f, ",\"games\":%d,\"rounds\":%d,\"repeat\":%d,\"total\":%d", c->games, c->rounds, c->repeat,
            c->games * c->rounds);
    fputs(",\"openings\":", f);
    if (!c->openings[0]) fputs("null", f);
    else {
        fputs("{\"file\":", f), json_write_string(f, c->openings);
        fprintf(f, ",\"format\":\"%s\",\"order\":\"%s\",\"plies\":%d,\"start\":%d,\"count\":%d}",
                c->openings_pgn ? "pgn" : "epd", c->openings_random ? "random" : "sequential", c->openings_plies,
                c->openings_start, nopenings);
    }
    fprintf(f, ",\"srand\":%u,\"maxmoves\":%d,\"movelimit\":%d,\"corruption\":%s", c->srand, c->maxmoves,
            c->move_limit, c->corruption ? "true" : "false");
    fprintf(f, ",\"draw\":%s", c->draw.on ? "" : "null");
    if (c->draw.on)
        fprintf(f, "{\"movenumber\":%d,\"movecount\":%d,\"score\":%d}", c->draw.movenumber, c->draw.movecount,
                c->draw.score);
    fprintf(f, ",\"resign\":%s", c->resign.on ? "" : "null");
    if (c->resign.on)
        fprintf(f, "{\"movecount\":%d,\"score\":%d,\"twosided\":%s}", c->resign.movecount, c->resign.score,
                c->resign.twosided ? "true" : "false");
    fprintf(f, ",\"sprt\":%s", c->sprt.on ? "" : "null");
    if (c->sprt.on)
        fprintf(f, "{\"elo0\":%.17g,\"elo1\":%.17g,\"alpha\":%.17g,\"beta\":%.17g,\"model\":\"%s\"}", c->sprt.elo0,
                c->sprt.elo1, c->sprt.alpha, c->sprt.beta, c->sprt.model == SPRT_NORMALIZED ? "normalized" : "logistic");
    fprintf(f, ",\"statistics\":\"%s\"}", c->penta ? "pentanomial" : "trinomial");
}

char *results_setup_json(const MatchConfig *cfg, int nopenings) {
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) return NULL;
    fputs("\"engines\":[", f);
    engine_json(f, &cfg->eng[0]);
    fputc(',', f);
    engine_json(f, &cfg->eng[1]);
    fputs("],\"settings\":", f);
    settings_json(f, cfg, nopenings);
    fclose(f);
    return buf;
}

static void number_or_null(FILE *f, double x) {
    if (isfinite(x)) fprintf(f, "%.6f", x);
    else fputs("null", f);
}

static void game_json(FILE *f, const ReportSpec *spec, const GameRecord *g) {
    fprintf(f, "{\"game\":%d,\"round\":%d,\"pair\":%d,\"white\":", g->game + 1, g->game + 1, g->game / 2 + 1);
    json_write_string(f, spec->name[g->white]);
    fputs(",\"black\":", f), json_write_string(f, spec->name[1 - g->white]);
    fprintf(f, ",\"white_engine\":%d,\"opening\":{\"index\":%d,\"fen\":", g->white, g->opening + 1);
    json_write_string(f, g->fen);
    fputs(",\"moves\":", f), json_write_string(f, g->moves);
    fprintf(f, "},\"seed\":%u,\"result\":\"%s\",\"end\":", g->seed, pgn_result_str(g->result));
    json_write_string(f, g->end);
    fputs(",\"termination\":", f), json_write_string(f, g->termination);
    fputs(",\"reason\":", f), json_write_string(f, g->reason);
    fprintf(f, ",\"plies\":%d,\"points\":[%g,%g]}", g->plies, g->points[WHITE], g->points[BLACK]);
}

static int by_game(const void *a, const void *b) {
    const GameRecord *x = *(GameRecord *const *)a, *y = *(GameRecord *const *)b;
    return (x->game > y->game) - (x->game < y->game);
}

static void totals_json(FILE *f, const ReportSpec *spec, const MatchResults *r) {
    const MatchScore *s = &r->score;
    EloReport e;
    if (spec->penta) match_elo_penta(s, &e);
    else match_elo(s, &e);
    fprintf(f, "{\"games\":%d,\"wins\":%d,\"losses\":%d,\"draws\":%d,\"points\":[%g,%g]", r->n, s->wins, s->losses,
            s->draws, s->points[0], s->points[1]);
    fprintf(f, ",\"pentanomial\":[%d,%d,%d,%d,%d],\"pairs_wl\":%d,\"pairs_dd\":%d,\"statistics\":\"%s\"", s->penta[0],
            s->penta[1], s->penta[2], s->penta[3], s->penta[4], s->pairs_wl, s->penta[PENTA_DRAWN] - s->pairs_wl,
            spec->penta ? "pentanomial" : "trinomial");
    fputs(",\"score\":", f), number_or_null(f, e.score);
    fputs(",\"elo\":", f), number_or_null(f, e.elo);
    fputs(",\"elo_error\":", f), number_or_null(f, e.margin);
    fputs(",\"los\":", f), number_or_null(f, e.los);
    fputs(",\"draw_ratio\":", f), number_or_null(f, e.draw_ratio);
    fputs(",\"nelo\":", f), number_or_null(f, e.nelo);
    fputs(",\"nelo_error\":", f), number_or_null(f, e.nelo_margin);
    fputs(",\"ends\":{", f);
    for (int i = 0; i < r->nends; i++) fputs(i ? "," : "", f), json_write_string(f, r->ends[i].name), fprintf(f, ":%d", r->ends[i].count);
    fputc('}', f);
    if (spec->sprt) {
        double llr, lo, hi;
        int state = report_sprt_state(spec, r, &llr, &lo, &hi);
        fprintf(f, ",\"sprt\":{\"llr\":%.6f,\"lower\":%.6f,\"upper\":%.6f,\"result\":\"%s\"}", llr, lo, hi,
                state > 0 ? "H1" : state < 0 ? "H0" : "continue");
    }
    fputc('}', f);
}

/* A rename is durable only once the directory holding it is synced. */
static void sync_dir_of(const char *path) {
    char dir[MATCH_PATH_MAX];
    snprintf(dir, sizeof dir, "%s", path);
    char *slash = strrchr(dir, '/');
    if (slash) *(slash == dir ? slash + 1 : slash) = 0;
    else snprintf(dir, sizeof dir, ".");
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) fsync(fd), close(fd);
}

bool results_write(const char *path, const char *setup, int shard, int nshards, const char *pgnout,
                   const ReportSpec *spec, const MatchResults *r, char *err, size_t errlen) {
    char tmp[MATCH_PATH_MAX + 8], why[160];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = file_open_write(tmp, false, why, sizeof why);
    if (!f) return snprintf(err, errlen, "cannot write '%s': %s", tmp, why), false;
    GameRecord **sorted = malloc(sizeof *sorted * (size_t)(r->n ? r->n : 1));
    if (!sorted) return fclose(f), remove(tmp), snprintf(err, errlen, "out of memory"), false;
    memcpy(sorted, r->list, sizeof *sorted * (size_t)r->n);
    qsort(sorted, (size_t)r->n, sizeof *sorted, by_game);
    fprintf(f, "{\"format\":\"ratnik match results\",\"version\":1,\n%s,\n\"shard\":", setup);
    if (nshards) fprintf(f, "{\"index\":%d,\"count\":%d}", shard, nshards);
    else fputs("null", f);
    fputs(",\n\"pgn\":", f);
    if (pgnout && pgnout[0]) json_write_string(f, pgnout), fprintf(f, ",\"pgn_bytes\":%lld", r->pgn_bytes);
    else fputs("null", f);
    fputs(",\n\"games\":[", f);
    for (int i = 0; i < r->n; i++) fputs(i ? ",\n" : "\n", f), game_json(f, spec, sorted[i]);
    fputs("],\n\"totals\":", f);
    totals_json(f, spec, r);
    fputs("}\n", f);
    free(sorted);
    char close_why[160];
    bool ok = file_flush_ok(f, why, sizeof why);
    if (ok && fsync(fileno(f)) && errno != EINVAL) ok = false, snprintf(why, sizeof why, "fsync: %s", strerror(errno));
    if (!file_close_ok(f, close_why, sizeof close_why) && ok) ok = false, snprintf(why, sizeof why, "%s", close_why);
    if (ok && rename(tmp, path)) snprintf(why, sizeof why, "rename: %s", strerror(errno)), ok = false;
    if (!ok) {
        remove(tmp);
        snprintf(err, errlen, "cannot write '%s': %s", path, why);
        return false;
    }
    sync_dir_of(path);
    return true;
}
