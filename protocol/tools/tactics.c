/* `ratnik tactics FILE`: runs a test suite of positions with best moves
 * ("bm", SAN or RULES.md notation) or moves to avoid ("am") at a fixed time
 * per position, prints each result and the number solved. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tactics.h"
#include "../../engine/fen.h"
#include "../../engine/fileio.h"
#include "../../engine/notation.h"
#include "../../engine/san.h"
#include "../../search/search.h"
#include "../../variants/registry.h"
#include "../../engine/clock.h"

typedef struct {
    const char *variant;
    int movetime, threads, hash, depth, min_solved;
    uint64_t nodes;
} TacticsArgs;

/* Splits an EPD line into the FEN (4 fields, or 6 when counters follow)
 * and the operations text. */
static bool split_epd(char *line, char *fen, size_t n, char **ops) {
    char *s = line;
    int fields = 0;
    while (*s && fields < 6) {
        while (*s == ' ') s++;
        char *start = s;
        while (*s && *s != ' ' && *s != ';') s++;
        bool number = s > start && isdigit((unsigned char)*start);
        if (fields >= 4 && !number) { s = start; break; }
        fields++;
    }
    if (fields < 4) return false;
    size_t len = (size_t)(s - line);
    if (len >= n) return false;
    memcpy(fen, line, len);
    fen[len] = 0;
    *ops = s;
    return true;
}

/* The operand list of operation `op` ("bm", "am", "id"), or "" if absent. */
static void epd_op(const char *ops, const char *op, char *out, size_t n) {
    out[0] = 0;
    size_t oplen = strlen(op);
    for (const char *s = ops; *s;) {
        while (*s == ' ' || *s == ';') s++;
        const char *end = strchr(s, ';');
        if (!end) end = s + strlen(s);
        if (!strncmp(s, op, oplen) && s[oplen] == ' ') {
            size_t len = (size_t)(end - s - (long)oplen - 1);
            if (len >= n) len = n - 1;
            memcpy(out, s + oplen + 1, len);
            out[len] = 0;
            return;
        }
        s = end;
    }
}

static bool listed(const Position *pos, const Move *turn, int nsteps, const char *text, const char *list) {
    char copy[512];
    snprintf(copy, sizeof copy, "%s", list);
    char *save = NULL;
    for (char *tok = strtok_r(copy, " \"", &save); tok; tok = strtok_r(NULL, " \"", &save)) {
        if (!strcmp(tok, text)) return true;
        if (nsteps == 1 && san_matches(pos, turn[0], tok)) return true;
    }
    return false;
}

static int run_suite(FILE *f, const TacticsArgs *a) {
    TT tt = {0};
    if (!tt_resize(&tt, (size_t)a->hash)) return 2;
    Game *game = malloc(sizeof *game);
    SearchResult *res = malloc(sizeof *res);
    if (!game || !res) {
        fprintf(stderr, "tactics: out of memory\n");
        tt_free(&tt);
        free(game), free(res);
        return 2;
    }
    char *line = NULL;
    size_t cap = 0;
    int total = 0, solved = 0, lineno = 0;
    double t0 = clock_now_ms();
    while (getline(&line, &cap, f) >= 0) {
        lineno++;
        line[strcspn(line, "\r\n")] = 0;
        char fen[512], *ops, bm[256], am[256], id[128], err[256], var[64];
        if (!line[0] || line[0] == '#') continue;
        if (!split_epd(line, fen, sizeof fen, &ops)) {
            printf("skip line %d: not an EPD position\n", lineno);
            continue;
        }
        epd_op(ops, "bm", bm, sizeof bm);
        epd_op(ops, "am", am, sizeof am);
        epd_op(ops, "id", id, sizeof id);
        epd_op(ops, "variant", var, sizeof var);
        const Variant *v = variant_find(a->variant ? a->variant : var[0] ? var : "chess");
        Position pos;
        if (!v || !fen_parse(&pos, v, fen, err, sizeof err)) {
            printf("skip line %d: %s\n", lineno, v ? err : "unknown variant");
            continue;
        }
        game_reset(game, &pos);
        tt_clear(&tt);
        SearchRequest rq = {.game = game, .tt = &tt, .threads = a->threads};
        rq.limits.movetime = a->nodes || a->depth ? 0 : a->movetime;
        rq.limits.nodes = a->nodes;
        rq.limits.depth = a->depth;
        if (!search_blocking(&rq, res)) {
            printf("skip line %d: the search could not start\n", lineno);
            continue;
        }
        const char *text = res->pv_len ? res->best : "(none)";
        int used = res->best_steps;
        bool ok = (!bm[0] || listed(&pos, res->pv, used, text, bm)) && (!am[0] || !listed(&pos, res->pv, used, text, am));
        total++;
        solved += ok;
        printf("%s %-12s %-14s bm %-16s depth %2d score %6d\n", ok ? "ok  " : "FAIL", id[0] ? id : "-", text,
               bm[0] ? bm : am, res->depth, res->score);
        fflush(stdout);
    }
    printf("solved %d of %d (%.1f s)\n", solved, total, (clock_now_ms() - t0) / 1000);
    bool read_ok = !ferror(f);
    if (!read_ok) fprintf(stderr, "error: read error after line %d\n", lineno);
    free(line);
    tt_free(&tt);
    free(game);
    free(res);
    if (!read_ok) return 2;
    if (a->min_solved) return solved >= a->min_solved ? 0 : 1;
    return solved == total ? 0 : 1;
}

int tactics_main(int argc, char **argv) {
    TacticsArgs a = {NULL, 1000, 1, 64, 0, 0, 0};
    const char *file = NULL;
    for (int i = 1; i < argc; i++) {
        bool has = i + 1 < argc;
        if (!strcmp(argv[i], "--movetime") && has) a.movetime = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--variant") && has) a.variant = argv[++i];
        else if (!strcmp(argv[i], "--threads") && has) a.threads = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--hash") && has) a.hash = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--nodes") && has) a.nodes = strtoull(argv[++i], NULL, 10);
        else if (!strcmp(argv[i], "--depth") && has) a.depth = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--min-solved") && has) a.min_solved = atoi(argv[++i]);
        else file = argv[i];
    }
    if (!file) {
        fprintf(stderr, "usage: ratnik tactics FILE [--movetime MS | --nodes N | --depth D] [--variant NAME]\n"
                        "                      [--threads N] [--hash MB] [--min-solved K]\n"
                        "exit 0 when every position (or at least K) is solved\n");
        return 2;
    }
    char err[160];
    FILE *f = file_open_read(file, NULL, err, sizeof err);
    if (!f) {
        fprintf(stderr, "error: cannot open '%s': %s\n", file, err);
        return 2;
    }
    int rc = run_suite(f, &a);
    fclose(f);
    return rc;
}
