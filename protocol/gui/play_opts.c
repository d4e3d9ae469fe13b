/* Reading and announcing the playing and analysis options (play_opts.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "play_opts.h"
#include "../../search/strength.h"
#include "../../engine/number.h"

enum { SEED_MAX = 2147483647 };

static bool play_opts_set(Engine *e, const char *name, const char *value, char *err, size_t errlen) {
    bool on;
    long long v;
    if (!strcasecmp(name, "Skill Level")) {
        if (!read_integer("Skill Level", value, 0, SKILL_MAX, &v, err, errlen)) return false;
        engine_set_skill_level(e, (int)v);
    } else if (!strcasecmp(name, "UCI_Elo")) {
        if (!read_integer("UCI_Elo", value, ELO_MIN, ELO_MAX, &v, err, errlen)) return false;
        engine_set_elo(e, (int)v);
    } else if (!strcasecmp(name, "Skill Seed")) {
        if (!read_integer("Skill Seed", value, 0, SEED_MAX, &v, err, errlen)) return false;
        engine_set_skill_seed(e, (uint32_t)v);
    } else {
        if (!read_boolean(name, value, &on, err, errlen)) return false;
        if (!strcasecmp(name, "UCI_LimitStrength")) engine_set_limit_strength(e, on);
        else if (!strcasecmp(name, "UCI_AnalyseMode")) engine_set_analyse_mode(e, on);
        else engine_set_show_wdl(e, on);
    }
    return true;
}

static void play_opts_uci_options(const Engine *e) {
    engine_printf(e, "option name Skill Level type spin default %d min 0 max %d", SKILL_MAX, SKILL_MAX);
    engine_printf(e, "option name UCI_LimitStrength type check default false");
    engine_printf(e, "option name UCI_Elo type spin default %d min %d max %d", ELO_MAX, ELO_MIN, ELO_MAX);
    engine_printf(e, "option name Skill Seed type spin default 0 min 0 max %d", SEED_MAX);
    engine_printf(e, "option name UCI_AnalyseMode type check default false");
    engine_printf(e, "option name UCI_ShowWDL type check default false");
}

static void play_opts_cecp_features(const Engine *e) {
    engine_printf(e, "feature option=\"Skill Level -spin %d 0 %d\"", SKILL_MAX, SKILL_MAX);
    engine_printf(e, "feature option=\"UCI_LimitStrength -check 0\"");
    engine_printf(e, "feature option=\"UCI_Elo -spin %d %d %d\"", ELO_MAX, ELO_MIN, ELO_MAX);
    engine_printf(e, "feature option=\"Skill Seed -spin 0 0 %d\"", SEED_MAX);
}

static const char *const names[] = {"Skill Level", "UCI_LimitStrength", "UCI_Elo", "Skill Seed",
                                    "UCI_AnalyseMode", "UCI_ShowWDL", NULL};
const OptionGroup play_options = {names, play_opts_set, play_opts_uci_options, play_opts_cecp_features, false};

void play_opts_uci_wdl(const Engine *e, int score, int mate, char *buf, size_t n) {
    buf[0] = 0;
    if (!engine_show_wdl(e)) return;
    int wdl[3];
    engine_wdl(e, score, mate, wdl);
    snprintf(buf, n, " wdl %d %d %d", wdl[0], wdl[1], wdl[2]);
}
