/* Reading the tuner's positions and resolving them to quiet ones. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tune_data.h"
#include "../../engine/fen.h"
#include "../../engine/fileio.h"
#include "../../search/eval.h"

enum { QS_MAX_PLY = 8 };

static bool add(TuneData *d, const Position *p, double score, double result) {
    if (d->n == d->cap) {
        int cap = d->cap ? d->cap * 2 : 65536;
        TunePosition *q = realloc(d->pos, sizeof *q * (size_t)cap);
        if (!q) return false;
        d->pos = q, d->cap = cap;
    }
    d->pos[d->n++] = (TunePosition){*p, (float)result, (float)score, (float)result};
    return true;
}

bool tune_data_load(TuneData *d, const Variant *v, const char *path, int max) {
    char err[160], line[1024];
    FILE *f = file_open_read(path, NULL, err, sizeof err);
    if (!f) return fprintf(stderr, "tune: cannot read %s: %s\n", path, err), false;
    int bad = 0;
    while ((!max || d->n < max) && fgets(line, sizeof line, f)) {
        char *bar1 = strchr(line, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
        if (!bar2) continue;
        *bar1 = 0;
        Position p;
        double score = atof(bar1 + 1), result = atof(bar2 + 1);
        if (!fen_parse(&p, v, line, err, sizeof err) || result < 0 || result > 1) {
            bad++;
            continue;
        }
        if (!add(d, &p, score, result)) return fclose(f), fprintf(stderr, "tune: out of memory\n"), false;
    }
    fclose(f);
    if (bad) fprintf(stderr, "tune: %s: %d lines skipped (not a %s position or a bad result)\n", path, bad, v->name);
    if (!d->n) fprintf(stderr, "tune: %s has no %s position\n", path, v->name);
    return d->n > 0;
}

/* Quiescence as the search does it, reduced: stand pat, then the noisy
 * steps that do not lose material (see_ge where the variant has it); the
 * steps of a turn under way are all searched and never stand pat. The
 * leaf of the best line is kept. */
static int qsearch(const EvalParams *ep, const int *params, const Position *pos, int alpha, int beta, int ply,
                   Position *leaf) {
    *leaf = *pos;
    int best = ep->evaluate(pos, params);
    if (ply >= QS_MAX_PLY) return best;
    bool turn_open = pos->pending != 0;
    if (!turn_open) {
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
    } else {
        best = -100000;
    }
    Move moves[MAX_MOVES];
    int n = !turn_open && pos->v->generate_noisy ? pos->v->generate_noisy(pos, moves) : pos->v->generate(pos, moves);
    Position child, child_leaf;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (!turn_open && (!move_is_noisy(pos, m) || (pos->v->see_ge && !pos->v->see_ge(pos, m, 0)))) continue;
        child = *pos;
        pos->v->make(&child, m);
        bool same = child.side == pos->side;
        int s = same ? qsearch(ep, params, &child, alpha, beta, ply + 1, &child_leaf)
                     : -qsearch(ep, params, &child, -beta, -alpha, ply + 1, &child_leaf);
        if (s > best) {
            best = s;
            *leaf = child_leaf;
            if (s > alpha) alpha = s;
            if (s >= beta) break;
        }
    }
    if (best == -100000) best = ep->evaluate(pos, params), *leaf = *pos;
    return best;
}

void tune_data_resolve(TuneData *d, const EvalParams *ep, const int *params) {
    int kept = 0;
    for (int i = 0; i < d->n; i++) {
        Position leaf;
        qsearch(ep, params, &d->pos[i].leaf, -100000, 100000, 0, &leaf);
        /* A leaf the game is over in has no evaluation to tune. */
        if (variant_game_over(&leaf)) continue;
        d->pos[kept] = d->pos[i];
        d->pos[kept++].leaf = leaf;
    }
    d->n = kept;
}

void tune_data_targets(TuneData *d, double k, double lambda) {
    for (int i = 0; i < d->n; i++) {
        TunePosition *p = &d->pos[i];
        p->target = (float)(lambda * p->result + (1 - lambda) / (1 + exp(-k * p->score / 400.0)));
    }
}

void tune_data_free(TuneData *d) {
    free(d->pos);
    *d = (TuneData){0};
}
