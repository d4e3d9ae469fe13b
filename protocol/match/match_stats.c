/* Match statistics. Trinomial (each game on its own) as cutechess-cli
 * reports it, and pentanomial (the two games of an opening, one with each
 * colour, as one sample scored 0, 1/4, 1/2, 3/4, 1) as fishtest and
 * fastchess report it: a pair's two games share an opening, so counting
 * them as independent overstates the variance and slows the SPRT.
 *
 * The SPRT is the generalized SPRT of M. Van den Bergh's notes (fishtest's
 * LLRcalc, fastchess): the log-likelihood ratio of the maximum-likelihood
 * distributions whose mean score (logistic Elo) or t-value (normalized Elo)
 * is the one of H1 and H0, given the observed frequencies, with every empty
 * class counted as 0.001 of a sample. */
#include <math.h>
#include "match.h"

static const double Z95 = 1.959963984540054;
/* Normalized Elo per unit of t-value: 800 / ln 10. */
static const double NELO_PER_T = 347.43558552260146;

static double elo_of(double p) {
    if (p <= 0) return -INFINITY;
    if (p >= 1) return INFINITY;
    return -400 * log10(1 / p - 1);
}

static double score_of(double elo) { return 1 / (1 + pow(10, -elo / 400)); }

static double normal_cdf(double x) { return 0.5 * (1 + erf(x / sqrt(2.0))); }

void match_elo(const MatchScore *s, EloReport *r) {
    int n = s->wins + s->losses + s->draws;
    *r = (EloReport){0};
    if (!n) return;
    double p = (s->wins + 0.5 * s->draws) / n;
    double w = (double)s->wins / n, d = (double)s->draws / n, l = (double)s->losses / n;
    double var = w * pow(1 - p, 2) + d * pow(0.5 - p, 2) + l * pow(0 - p, 2);
    double sd = sqrt(var / n);
    r->score = p;
    r->elo = elo_of(p);
    r->margin = (elo_of(p + Z95 * sd) - elo_of(p - Z95 * sd)) / 2;
    r->los = s->wins + s->losses ? 0.5 * (1 + erf((s->wins - s->losses) / sqrt(2.0 * (s->wins + s->losses)))) : 0.5;
    r->draw_ratio = (double)s->draws / n;
    r->nelo = var > 0 ? (p - 0.5) / sqrt(var) * NELO_PER_T : 0;
    r->nelo_margin = var > 0 ? Z95 * sd / sqrt(var) * NELO_PER_T : 0;
}

int match_pairs(const MatchScore *s) {
    int n = 0;
    for (int i = 0; i < PENTA_NB; i++) n += s->penta[i];
    return n;
}

void match_elo_penta(const MatchScore *s, EloReport *r) {
    int games = s->wins + s->losses + s->draws, pairs = match_pairs(s);
    *r = (EloReport){0};
    r->los = 0.5;
    r->draw_ratio = games ? (double)s->draws / games : 0;
    if (!pairs) return;
    double mu = 0, var = 0;
    for (int i = 0; i < PENTA_NB; i++) mu += s->penta[i] * (i / 4.0) / pairs;
    for (int i = 0; i < PENTA_NB; i++) var += s->penta[i] * pow(i / 4.0 - mu, 2) / pairs;
    double sd = sqrt(var / pairs);
    r->score = mu;
    r->elo = elo_of(mu);
    r->margin = (elo_of(mu + Z95 * sd) - elo_of(mu - Z95 * sd)) / 2;
    r->los = sd > 0 ? normal_cdf((mu - 0.5) / sd) : mu > 0.5 ? 1 : mu < 0.5 ? 0 : 0.5;
    /* normalized Elo of a game: a pair's deviation is sqrt(2) game deviations */
    r->nelo = var > 0 ? (mu - 0.5) / sqrt(2 * var) * NELO_PER_T : 0;
    r->nelo_margin = var > 0 ? Z95 * sd / sqrt(2 * var) * NELO_PER_T : 0;
}

/* The root of a decreasing f on (lo, hi), by bisection: the secular
 * equations below are monotone between their poles. */
static double bisect(double (*f)(double, const void *), const void *ctx, double lo, double hi) {
    for (int i = 0; i < 200 && hi - lo > 1e-15 * (1 + fabs(lo)); i++) {
        double mid = (lo + hi) / 2;
        if (f(mid, ctx) > 0) lo = mid;
        else hi = mid;
    }
    return (lo + hi) / 2;
}

typedef struct {
    int n;
    const double *phat, *phi; /* observed frequencies; the constraint's terms */
} Secular;

/* sum phat_i phi_i / (1 + x phi_i): zero at the Lagrange multiplier of
 * the maximum-likelihood distribution under the constraint sum p_i phi_i = 0. */
static double secular(double x, const void *ctx) {
    const Secular *s = ctx;
    double sum = 0;
    for (int i = 0; i < s->n; i++) sum += s->phat[i] * s->phi[i] / (1 + x * s->phi[i]);
    return sum;
}

/* p_i = phat_i / (1 + x phi_i) with x the root between the poles. */
static void constrained_mle(int n, const double *phat, const double *phi, double *p) {
    double lo = -INFINITY, hi = INFINITY;
    for (int i = 0; i < n; i++) {
        if (phi[i] > 0 && -1 / phi[i] > lo) lo = -1 / phi[i];
        if (phi[i] < 0 && -1 / phi[i] < hi) hi = -1 / phi[i];
    }
    Secular s = {n, phat, phi};
    double x = isfinite(lo) && isfinite(hi) ? bisect(secular, &s, lo, hi) : 0;
    for (int i = 0; i < n; i++) p[i] = phat[i] / (1 + x * phi[i]);
}

/* The MLE distribution with mean score `mean` (Van den Bergh, "support MLE
 * multinomial", proposition 1.1). */
static void mle_mean(int n, const double *a, const double *phat, double mean, double *p) {
    double phi[PENTA_NB];
    for (int i = 0; i < n; i++) phi[i] = a[i] - mean;
    constrained_mle(n, phat, phi, p);
}

/* The MLE distribution with t-value (mu - 1/2) / sigma = t ("normalized Elo
 * practical", section 4.1): a fixed point, started from the uniform one. */
static void mle_t_value(int n, const double *a, const double *phat, double t, double *p) {
    for (int i = 0; i < n; i++) p[i] = 1.0 / n;
    for (int iter = 0; iter < 20; iter++) {
        double mu = 0, var = 0, phi[PENTA_NB], next[PENTA_NB], diff = 0;
        for (int i = 0; i < n; i++) mu += p[i] * a[i];
        for (int i = 0; i < n; i++) var += p[i] * (a[i] - mu) * (a[i] - mu);
        double sigma = sqrt(var);
        for (int i = 0; i < n; i++) phi[i] = a[i] - 0.5 - t * sigma * (1 + pow((a[i] - mu) / sigma, 2)) / 2;
        constrained_mle(n, phat, phi, next);
        for (int i = 0; i < n; i++) diff = fmax(diff, fabs(next[i] - p[i])), p[i] = next[i];
        if (diff < 1e-10) break;
    }
}

/* counts[n] of classes scored a[i]; the GSPRT's LLR of H1 against H0. */
static double gsprt_llr(int n, const int *counts, SprtModel model, double elo0, double elo1) {
    double a[PENTA_NB], phat[PENTA_NB], p0[PENTA_NB], p1[PENTA_NB], total = 0;
    int observed = 0;
    for (int i = 0; i < n; i++) {
        a[i] = (double)i / (n - 1);
        phat[i] = counts[i] ? counts[i] : 1e-3;
        total += phat[i];
        observed += counts[i];
    }
    if (!observed) return 0;
    for (int i = 0; i < n; i++) phat[i] /= total;
    if (model == SPRT_NORMALIZED) {
        /* a pair's t-value is sqrt(2) times a game's */
        double k = (n == PENTA_NB ? sqrt(2.0) : 1) / NELO_PER_T;
        mle_t_value(n, a, phat, elo0 * k, p0);
        mle_t_value(n, a, phat, elo1 * k, p1);
    } else {
        mle_mean(n, a, phat, score_of(elo0), p0);
        mle_mean(n, a, phat, score_of(elo1), p1);
    }
    double llr = 0;
    for (int i = 0; i < n; i++) llr += phat[i] * (log(p1[i]) - log(p0[i]));
    return total * llr;
}

double match_llr(const MatchScore *s, bool penta, SprtModel model, double elo0, double elo1) {
    if (penta) return gsprt_llr(PENTA_NB, s->penta, model, elo0, elo1);
    int ldw[3] = {s->losses, s->draws, s->wins};
    return gsprt_llr(3, ldw, model, elo0, elo1);
}

double match_sprt_llr(const MatchScore *s, double elo0, double elo1) {
    return match_llr(s, false, SPRT_LOGISTIC, elo0, elo1);
}

void match_sprt_bounds(double alpha, double beta, double *lower, double *upper) {
    *lower = log(beta / (1 - alpha));
    *upper = log((1 - beta) / alpha);
}

void match_score_game(MatchScore *s, ResultCode result, int first_color, const double points[COLOR_NB]) {
    if (result == RES_NONE) return;
    ResultCode mine = first_color == WHITE ? RES_WHITE_WINS : RES_BLACK_WINS;
    int *by_colour = first_color == WHITE ? s->as_white : s->as_black;
    int k = result == RES_DRAW ? 2 : result == mine ? 0 : 1;
    (*(k == 0 ? &s->wins : k == 1 ? &s->losses : &s->draws))++;
    by_colour[k]++;
    s->points[0] += points[first_color];
    s->points[1] += points[first_color ^ 1];
}

/* The first engine's half points of a game: 2 a win, 1 a draw, 0 a loss. */
static int half_points(ResultCode result, int first_color) {
    if (result == RES_DRAW) return 1;
    return result == (first_color == WHITE ? RES_WHITE_WINS : RES_BLACK_WINS) ? 2 : 0;
}

void match_score_pair(MatchScore *s, ResultCode r1, int first_color1, ResultCode r2, int first_color2) {
    if (r1 == RES_NONE || r2 == RES_NONE) return;
    int h1 = half_points(r1, first_color1), h2 = half_points(r2, first_color2);
    s->penta[h1 + h2]++;
    if (h1 + h2 == 2 && h1 != 1) s->pairs_wl++;
}
