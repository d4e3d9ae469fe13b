/* Reading and announcing the playing and analysis options (play_opts.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "play_opts.h"
#include "../../search/strength.h"
#include "../../engine/number.h"

enum { SEED_MAX = 2147483647 };

static const char *const OPTION_NAMES[] = {"Skill Level", "UCI_LimitStrength", "UCI_Elo", "Skill Seed",
                                           "UCI_AnalyseMode", "UCI_ShowWDL"};

bool play_opts_is_option(const char *name) {
    for (size_t i = 0; i < sizeof OPTION_NAMES / sizeof *OPTION_NAMES; i++)
        if (!strcasecmp(name, OPTION_NAMES[i])) return true;
    return false;
}

static bool read_bool(const char *name, const char *value, bool *out, char *err, size_t errlen) {
    if (!strcasecmp(value, "true") || !strcmp(value, "1")) *out = true;
    else if (!strcasecmp(value, "false") || !strcmp(value, "0")) *out = false;
    else {
        snprintf(err, errlen, "%s must be true or false, not '%.64s'", name, value);
        return false;
    }
    return true;
}

static bool read_int(const char *name, const char *value, long lo, long hi, long *out, char *err, size_t errlen) {
    long long v;
    if (!parse_integer(value, lo, hi, &v)) {
        snprintf(err, errlen, "%s must be an integer %ld..%ld, not '%.64s'", name, lo, hi, value);
        return false;
    }
    *out = (long)v;
    return true;
}

bool play_opts_set(Engine *e, const char *name, const char *value, char *err, size_t errlen) {
    bool on;
    long v;
    if (!strcasecmp(name, "Skill Level")) {
        if (!read_int("Skill Level", value, 0, SKILL_MAX, &v, err, errlen)) return false;
        engine_set_skill_level(e, (int)v);
    } else if (!strcasecmp(name, "UCI_Elo")) {
        if (!read_int("UCI_Elo", value, ELO_MIN, ELO_MAX, &v, err, errlen)) return false;
        engine_set_elo(e, (int)v);
    } else if (!strcasecmp(name, "Skill Seed")) {
        if (!read_int("Skill Seed", value, 0, SEED_MAX, &v, err, errlen)) return false;
        engine_set_skill_seed(e, (uint32_t)v);
    } else {
        if (!read_bool(name, value, &on, err, errlen)) return false;
        if (!strcasecmp(name, "UCI_LimitStrength")) engine_set_limit_strength(e, on);
        else if (!strcasecmp(name, "UCI_AnalyseMode")) engine_set_analyse_mode(e, on);
        else engine_set_show_wdl(e, on);
    }
    return true;
}

void play_opts_uci_options(const Engine *e) {
    engine_printf(e, "option name Skill Level type spin default %d min 0 max %d", SKILL_MAX, SKILL_MAX);
    engine_printf(e, "option name UCI_LimitStrength type check default false");
    engine_printf(e, "option name UCI_Elo type spin default %d min %d max %d", ELO_MAX, ELO_MIN, ELO_MAX);
    engine_printf(e, "option name Skill Seed type spin default 0 min 0 max %d", SEED_MAX);
    engine_printf(e, "option name UCI_AnalyseMode type check default false");
    engine_printf(e, "option name UCI_ShowWDL type check default false");
}

void play_opts_cecp_features(const Engine *e) {
    engine_printf(e, "feature option=\"Skill Level -spin %d 0 %d\"", SKILL_MAX, SKILL_MAX);
    engine_printf(e, "feature option=\"UCI_LimitStrength -check 0\"");
    engine_printf(e, "feature option=\"UCI_Elo -spin %d %d %d\"", ELO_MAX, ELO_MIN, ELO_MAX);
    engine_printf(e, "feature option=\"Skill Seed -spin 0 0 %d\"", SEED_MAX);
}

void play_opts_uci_wdl(const Engine *e, int score, int mate, char *buf, size_t n) {
    buf[0] = 0;
    if (!engine_show_wdl(e)) return;
    int wdl[3];
    engine_wdl(e, score, mate, wdl);
    snprintf(buf, n, " wdl %d %d %d", wdl[0], wdl[1], wdl[2]);
}
