/* The evaluation options of UCI and CECP (docs/evaluation.md): UseNNUE and
 * EvalFile, and the line saying which evaluation plays, printed before
 * the first search after it changes. */
#ifndef RATNIK_EVAL_OPTS_H
#define RATNIK_EVAL_OPTS_H

#include "option_group.h"

extern const OptionGroup eval_options;
/* `info string evaluation: ...` (UCI) or `# evaluation: ...` (CECP) when
 * not yet said since the evaluation changed; a wanted net that cannot be
 * loaded is said as an error (`info string error: ...`, CECP `# error: ...`). */
void eval_opts_report(Engine *e, bool uci);

#endif
