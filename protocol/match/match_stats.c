/* Match statistics as cutechess-cli reports them: Elo difference from the
 * score with a 95% error margin from the per-game variance, likelihood of
 * superiority, draw ratio; and a sequential probability ratio test (GSPRT on
 * the normal approximation of the mean score, as fishtest's simple form). */
#include <math.h>
#include "match.h"

static double elo_of(double p) {
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    return -400 * log10(1 / p - 1);
}

static double score_of(double elo) { return 1 / (1 + pow(10, -elo / 400)); }

void match_elo(const MatchScore *s, EloReport *r) {
    int n = s->wins + s->losses + s->draws;
    r->elo = r->margin = r->los = r->draw_ratio = 0;
    if (!n) return;
    double p = (s->wins + 0.5 * s->draws) / n;
    double w = (double)s->wins / n, d = (double)s->draws / n, l = (double)s->losses / n;
    double var = w * pow(1 - p, 2) + d * pow(0.5 - p, 2) + l * pow(0 - p, 2);
    double sd = sqrt(var / n);
    const double z95 = 1.959963984540054;
    r->elo = elo_of(p);
    r->margin = (elo_of(p + z95 * sd) - elo_of(p - z95 * sd)) / 2;
    r->los = s->wins + s->losses ? 0.5 * (1 + erf((s->wins - s->losses) / sqrt(2.0 * (s->wins + s->losses)))) : 0.5;
    r->draw_ratio = (double)s->draws / n;
}

double match_sprt_llr(const MatchScore *s, double elo0, double elo1) {
    int n = s->wins + s->losses + s->draws;
    if (!n) return 0;
    double p = (s->wins + 0.5 * s->draws) / n;
    /* The variance from frequencies with half a game added to each result:
     * an all-win (or all-draw) start would otherwise have no variance and
     * the first other result would send the ratio to absurd heights. */
    double m = n + 1.5, w = (s->wins + 0.5) / m, d = (s->draws + 0.5) / m, l = (s->losses + 0.5) / m;
    double q = w + 0.5 * d;
    double var = w * pow(1 - q, 2) + d * pow(0.5 - q, 2) + l * pow(q, 2);
    double s0 = score_of(elo0), s1 = score_of(elo1);
    return n * (s1 - s0) * (2 * p - s0 - s1) / (2 * var);
}

void match_sprt_bounds(double alpha, double beta, double *lower, double *upper) {
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}
