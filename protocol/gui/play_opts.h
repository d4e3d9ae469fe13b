/* The options for playing people and analysing (docs/uci.md "Playing
 * strength", "Analysis"): Skill Level, UCI_LimitStrength, UCI_Elo, Skill
 * Seed (UCI and CECP), UCI_AnalyseMode and UCI_ShowWDL (UCI only: XBoard
 * has its own analyze mode and no WDL). The engine keeps the values. */
#ifndef RATNIK_PLAY_OPTS_H
#define RATNIK_PLAY_OPTS_H

#include "../../search/engine.h"

bool play_opts_is_option(const char *name);
/* Sets one (false: bad value, with the reason in err). Booleans take
 * true/false (UCI) or 1/0 (CECP). */
bool play_opts_set(Engine *e, const char *name, const char *value, char *err, size_t errlen);
void play_opts_uci_options(const Engine *e);
void play_opts_cecp_features(const Engine *e);
/* The ` wdl W D L` to add to a UCI info line ("" with UCI_ShowWDL off). */
void play_opts_uci_wdl(const Engine *e, int score, int mate, char *buf, size_t n);

#endif
