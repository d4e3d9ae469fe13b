/* The playing-strength limit: levels, their search limits, and the
 * choice among near-best root turns (strength.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "strength.h"

/* UCI_Elo for each Skill Level, measured with `ratnik match` in chess
 * against Stockfish's UCI_Elo and between levels (docs/uci.md
 * "Calibration"; levels 10 and 15 smoothed within their error bars so
 * that the table increases and an Elo has one level). Levels between are
 * interpolated. */
static const struct {
    double level;
    int elo;
} elo_table[] = {
    {0, ELO_MIN}, {2, 950}, {5, 1400}, {10, 1700}, {15, 1780}, {SKILL_MAX, ELO_MAX},
};
enum { ELO_TABLE_N = sizeof elo_table / sizeof *elo_table };

double strength_level_of_elo(int elo) {
    if (elo <= elo_table[0].elo) return elo_table[0].level;
    for (int i = 1; i < ELO_TABLE_N; i++)
        if (elo <= elo_table[i].elo) {
            double f = (double)(elo - elo_table[i - 1].elo) / (elo_table[i].elo - elo_table[i - 1].elo);
            return elo_table[i - 1].level + f * (elo_table[i].level - elo_table[i - 1].level);
        }
    return SKILL_MAX;
}

/* Each level searches about 1.6 times the nodes of the one below and one
 * ply deeper every level and a half, and may choose a turn 15 cp worse
 * than the best for every level below the top: level 0 is a depth-1
 * search among turns up to three pawns apart. */
bool strength_plan(const StrengthOptions *o, StrengthPlan *p) {
    double level = o->limit ? strength_level_of_elo(o->elo) : o->skill;
    if (level >= SKILL_MAX) return false;
    if (level < 0) level = 0;
    p->level = level;
    p->depth = 1 + (int)(level * 0.6);
    p->nodes = (uint64_t)(1000 * pow(1.6, level));
    p->margin = (int)((SKILL_MAX - level) * 15);
    return true;
}

/* The root turn and the reply of a pv ("e2e4 e7e5 ..."); 128-byte buffers. */
static void first_two_words(const char *pv, char *turn, char *reply) {
    turn[0] = reply[0] = 0;
    if (sscanf(pv, "%127s %127s", turn, reply) < 1) turn[0] = 0;
}

void strength_record(StrengthLines *l, const SearchInfo *info) {
    if (info->bound != BOUND_EXACT || info->multipv < 1 || info->multipv > STRENGTH_LINES) return;
    if (info->multipv == 1) {
        if (l->ncur) {
            memcpy(l->done, l->cur, sizeof l->done);
            l->ndone = l->ncur;
        }
        l->ncur = 0;
    }
    if (info->multipv != l->ncur + 1) return; /* a line out of order: not part of this iteration */
    StrengthLine *s = &l->cur[l->ncur++];
    s->score = info->score;
    s->depth = info->depth;
    _Static_assert(sizeof s->turn == 128 && sizeof s->reply == 128, "first_two_words reads 127 characters");
    first_two_words(info->pv, s->turn, s->reply);
}

const StrengthLine *strength_lines_final(const StrengthLines *l, int *n) {
    if (l->ndone > l->ncur) {
        *n = l->ndone;
        return l->done;
    }
    *n = l->ncur;
    return l->cur;
}

/* SplitMix64's finaliser: a well-mixed number from the seed, the
 * position and the turn, so the same game replays the same choices. */
static uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ULL;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

static uint64_t text_hash(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* Each turn within the margin of the best gets its score plus a noise
 * drawn from 0..margin; the highest wins. A turn at the margin's edge
 * thus needs the best turn's noise low and its own high, while a turn
 * nearly as good as the best wins about half the time. Forced wins and
 * losses are never traded away: the noise cannot reach across them. */
int strength_choose(const StrengthPlan *p, uint32_t seed, uint64_t key, const StrengthLine *lines, int n) {
    if (n <= 1 || lines[0].score >= SCORE_MATE_BOUND) return 0;
    int best = 0;
    double best_value = -1e18;
    for (int i = 0; i < n; i++) {
        if (lines[i].score < lines[0].score - p->margin || lines[i].score <= -SCORE_MATE_BOUND) continue;
        uint64_t r = mix(mix(seed) ^ key ^ text_hash(lines[i].turn));
        double noise = (double)(r >> 11) / (double)(1ULL << 53) * p->margin;
        double value = lines[i].score + noise;
        if (value > best_value) best_value = value, best = i;
    }
    return best;
}
