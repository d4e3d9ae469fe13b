/* The clock's second opinion. search_time_budget (search_root.c) gives a
 * move its share of the clock before the search starts; what the search
 * learns on the way says whether that share is too much or too little. A
 * position whose best move keeps changing, or whose best move needed few
 * of the nodes (the others were hard to refute), deserves more time; one
 * whose answer is settled should not spend what later moves will need. */
#include "search.h"

double search_time_scale(int stable, double best_fraction, int score_drop) {
    if (best_fraction < 0) best_fraction = 0;
    if (best_fraction > 1) best_fraction = 1;
    double stability = 1.35 - 0.1 * (stable < 6 ? stable : 6);
    double effort = (1.55 - best_fraction) * 1.15;
    double fall = score_drop > 0 ? 1 + (score_drop < 120 ? score_drop : 120) / 160.0 : 1;
    double s = stability * effort * fall;
    return s < 0.35 ? 0.35 : s > 2.5 ? 2.5 : s;
}
