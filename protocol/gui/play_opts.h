/* The options for playing people and analysing (docs/uci.md "Playing
 * strength", "Analysis"): Skill Level, UCI_LimitStrength, UCI_Elo, Skill
 * Seed (UCI and CECP), UCI_AnalyseMode and UCI_ShowWDL (UCI only: XBoard
 * has its own analyze mode and no WDL). The engine keeps the values. */
#ifndef RATNIK_PLAY_OPTS_H
#define RATNIK_PLAY_OPTS_H

#include "option_group.h"

extern const OptionGroup play_options;
/* The ` wdl W D L` to add to a UCI info line ("" with UCI_ShowWDL off). */
void play_opts_uci_wdl(const Engine *e, int score, int mate, char *buf, size_t n);

#endif
