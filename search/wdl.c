/* P(win) = 1 / (1 + exp((a - s) / b)) and P(loss) = 1 / (1 + exp((a + s)
 * / b)) for a score s in centipawns; the draw is what is left. a is the
 * score at which the side to move wins half its games, b how fast that
 * changes. Two logistics rather than one because a draw is a result of
 * its own: at s = 0 the draw share is 1 - 2 / (1 + exp(a / b)). The
 * parameters are the variant's (Variant.wdl, fitted by search/wdl_fit.py
 * from `ratnik match` games); a variant without them gets chess's. */
#include <math.h>
#include "wdl.h"

static const WdlModel WDL_DEFAULT = {.win_cp = 109, .scale_cp = 151};

void wdl_estimate(const Variant *v, int score, int mate, int wdl[3]) {
    if (mate) {
        wdl[0] = mate > 0 ? 1000 : 0;
        wdl[1] = 0;
        wdl[2] = mate > 0 ? 0 : 1000;
        return;
    }
    const WdlModel *m = v && v->wdl.scale_cp > 0 ? &v->wdl : &WDL_DEFAULT;
    double s = score > 20000 ? 20000 : score < -20000 ? -20000 : score;
    double a = m->win_cp > 0 ? m->win_cp : 0, b = m->scale_cp;
    int win = (int)lround(1000 / (1 + exp((a - s) / b)));
    int loss = (int)lround(1000 / (1 + exp((a + s) / b)));
    if (win + loss > 1000) loss = 1000 - win; /* rounding at a = 0 */
    wdl[0] = win;
    wdl[1] = 1000 - win - loss;
    wdl[2] = loss;
}
