/* The win/draw/loss estimate of a score (UCI_ShowWDL, docs/uci.md "WDL"):
 * a logistic model per variant, fitted to ratnik's own games. */
#ifndef RATNIK_WDL_H
#define RATNIK_WDL_H

#include "../engine/variant.h"

/* Per mille for the side to move: wdl[0] win, wdl[1] draw, wdl[2] loss,
 * summing to 1000. mate: nonzero for a forced win (+) or loss (-). */
void wdl_estimate(const Variant *v, int score, int mate, int wdl[3]);

#endif
