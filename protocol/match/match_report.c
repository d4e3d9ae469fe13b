/* The match's progress lines, worded as cutechess-cli words them
 * (projects/cli/src/enginematch.cpp and lib/src/tournament.cpp), so that
 * scripts written for its output read ratnik's: the score line after every
 * game, and at every -ratinginterval the lines by colour, the Elo line and
 * the SPRT line. The pairs line is fastchess's; the count of ends is
 * ratnik's own. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "match_results.h"

static double ratio(int points2, int games) { return games ? points2 / (2.0 * games) : 0.0; }

void report_score(const ReportSpec *spec, const MatchResults *r) {
    const MatchScore *s = &r->score;
    int n = s->wins + s->losses + s->draws;
    printf("Score of %s vs %s: %d - %d - %d  [%.3f] %d\n", spec->name[0], spec->name[1], s->wins, s->losses, s->draws,
           ratio(2 * s->wins + s->draws, n), n);
    if (spec->scoring)
        printf("Points (%s) of %s vs %s: %g - %g\n", spec->scoring, spec->name[0], spec->name[1], s->points[0],
               s->points[1]);
}

static void colour_line(const char *name, const char *colour, const int wld[3]) {
    int n = wld[0] + wld[1] + wld[2];
    if (n) printf("...      %s playing %s: %d - %d - %d  [%.3f] %d\n", name, colour, wld[0], wld[1], wld[2],
                  ratio(2 * wld[0] + wld[2], n), n);
}

int report_sprt_state(const ReportSpec *spec, const MatchResults *r, double *llr, double *lo, double *hi) {
    *llr = match_llr(&r->score, spec->penta, spec->model, spec->elo0, spec->elo1);
    match_sprt_bounds(spec->alpha, spec->beta, lo, hi);
    return *llr >= *hi ? 1 : *llr <= *lo ? -1 : 0;
}

void report_results(const ReportSpec *spec, const MatchResults *r) {
    const MatchScore *s = &r->score;
    colour_line(spec->name[0], "White", s->as_white);
    colour_line(spec->name[0], "Black", s->as_black);
    int n = s->wins + s->losses + s->draws;
    if (n) {
        /* White's wins are the first engine's wins as White and losses as Black */
        int ww = s->as_white[0] + s->as_black[1], bw = s->as_white[1] + s->as_black[0];
        printf("...      White vs Black: %d - %d - %d  [%.3f] %d\n", ww, bw, s->draws, ratio(2 * ww + s->draws, n), n);
    }
    EloReport e;
    if (spec->penta) match_elo_penta(s, &e);
    else match_elo(s, &e);
    /* an all-win or all-loss score has no finite Elo: "inf" and "nan", as cutechess prints them */
    printf("Elo difference: %.1f +/- %.1f, LOS: %.1f %%, DrawRatio: %.1f %%\n", e.elo, isnan(e.margin) ? NAN : fabs(e.margin),
           100 * e.los, 100 * e.draw_ratio);
    if (spec->penta) {
        int dd = s->penta[PENTA_DRAWN] - s->pairs_wl;
        printf("Ptnml(0-2): [%d, %d, %d, %d, %d], WL/DD Ratio: %.2f\n", s->penta[0], s->penta[1], s->penta[2], s->penta[3],
               s->penta[4], dd ? (double)s->pairs_wl / dd : s->pairs_wl ? INFINITY : 0.0);
    }
    if (spec->sprt) {
        double llr, lo, hi;
        int state = report_sprt_state(spec, r, &llr, &lo, &hi);
        printf("SPRT: llr %.3g (%.1f%%), lbound %.3g, ubound %.3g%s\n", llr, 100 * llr / hi, lo, hi,
               state > 0 ? " - H1 was accepted" : state < 0 ? " - H0 was accepted" : "");
    }
}

void report_ends(const MatchResults *r) {
    printf("Ends of %d games:", r->n);
    for (int i = 0; i < r->nends; i++) printf("%s %s %d", i ? "," : "", r->ends[i].name, r->ends[i].count);
    printf("\n");
}
