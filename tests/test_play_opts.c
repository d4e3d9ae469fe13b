/* Playing people and analysing, through the real binary: `debug on|off`,
 * UCI_AnalyseMode, UCI_ShowWDL's `wdl W D L`, and the strength limit
 * (Skill Level, UCI_LimitStrength + UCI_Elo, Skill Seed) in every
 * variant, in UCI and CECP. */
#include "script_check.h"
#include "suites.h"

/* The word after the last "bestmove " of out. */
static void last_bestmove(const char *out, char *move, size_t n) {
    const char *at = NULL;
    for (const char *s = out; (s = strstr(s, "bestmove ")); s += 9) at = s;
    ck_assert_ptr_nonnull(at);
    ck_assert_int_eq(sscanf(at + 9, "%63s", move), 1);
    (void)n;
}

/* Every info line with a score carries `wdl W D L` summing to 1000; a
 * won position leans to the win. Without the option, no wdl. */
START_TEST(show_wdl_adds_the_estimate) {
    char *out = uci_session("setoption name UCI_ShowWDL value true\n"
                          "position fen 7k/8/8/8/8/8/8/1QQ3K1 w - - 0 1\ngo depth 3\n");
    int lines = 0;
    for (const char *s = out; (s = strstr(s, " wdl ")); s++) {
        int w, d, l;
        ck_assert_int_eq(sscanf(s, " wdl %d %d %d", &w, &d, &l), 3);
        ck_assert_int_eq(w + d + l, 1000);
        ck_assert_int_ge(w, 900);
        lines++;
    }
    ck_assert_msg(lines == count_substr(out, "info depth") && lines >= 1, "wdl missing in: %s", out);
    free(out);
    out = uci_session("position startpos\ngo depth 2\n");
    ck_assert_ptr_nonnull(strstr(out, "info depth 2 "));
    ck_assert_ptr_null(strstr(out, " wdl "));
    free(out);
}
END_TEST

/* A limited search plays a legal turn in every variant, the same one for
 * the same seed, and says why with debug on. */
START_TEST(limited_strength_every_variant) {
    static const char *const variants[] = {"chess", "buratia", "japanese", "belarusian", "voodoo"};
    for (size_t i = 0; i < sizeof variants / sizeof *variants; i++) {
        char script[1024], first[64], again[64];
        snprintf(script, sizeof script,
                 "setoption name UCI_Variant value %s\nsetoption name Skill Level value 2\ndebug on\n"
                 "position startpos\ngo movetime 5000\n", variants[i]);
        char *out = uci_session(script);
        ck_assert_msg(strstr(out, "info string debug strength level 2.0 depth 2 "), "%s: %s", variants[i], out);
        ck_assert_int_eq(count_substr(out, "bestmove"), 1);
        last_bestmove(out, first, sizeof first);
        ck_assert_str_ne(first, "(none)");
        free(out);
        out = uci_session(script);
        last_bestmove(out, again, sizeof again);
        ck_assert_str_eq(first, again);
        free(out);
        Position pos = test_pos(variants[i], NULL);
        ck_assert_msg(test_has_turn(&pos, first), "%s: %s is not legal", variants[i], first);
    }
}
END_TEST

/* Skill Level 0 strays from the best turn on some seed; at level 20 the
 * choice is the full search's. */
START_TEST(weak_choice_depends_on_the_seed) {
    bool strayed = false;
    for (int seed = 0; seed < 8 && !strayed; seed++) {
        char script[512];
        snprintf(script, sizeof script,
                 "setoption name Skill Level value 0\nsetoption name Skill Seed value %d\ndebug on\n"
                 "position startpos moves e2e4\ngo depth 8\n", seed);
        char *out = uci_session(script);
        strayed = strstr(out, "plays the best turn") == NULL;
        ck_assert_ptr_nonnull(strstr(out, "depth 1 nodes 1000 margin 300"));
        free(out);
    }
    ck_assert(strayed);
    char *out = uci_session("debug on\nposition startpos\ngo depth 2\n");
    ck_assert_ptr_null(strstr(out, "info string debug strength"));
    free(out);
}
END_TEST

/* Scripts and what their output must hold. */
static const ScriptCheck play_scripts[] = {
    {.name = "debug_on_off_is_accepted", .input = "debug on\ndebug off\ndebug\ndebug maybe\nisready\n",
     .has = {"readyok"},
     .hasnt = {"unknown command"},
     .counts = {{"info string error: usage: debug on|off", 2}, {"info string error", 2}}},
    {.name = "uci_lists_the_play_options", .input = "uci\n",
     .has = {"option name Skill Level type spin default 20 min 0 max 20\n",
             "option name UCI_LimitStrength type check default false\n",
             "option name UCI_Elo type spin default 1870 min 650 max 1870\n",
             "option name Skill Seed type spin default 0 min 0 max 2147483647\n",
             "option name UCI_AnalyseMode type check default false\n",
             "option name UCI_ShowWDL type check default false\n"}},
    {.name = "bad_play_option_values_are_refused",
     .input = "setoption name Skill Level value 21\nsetoption name UCI_Elo value 100\n"
              "setoption name UCI_ShowWDL value yes\nsetoption name Skill Seed value -1\nisready\n",
     .has = {"info string error: Skill Level must be an integer 0..20, not '21'",
             "info string error: UCI_Elo must be an integer 650..1870, not '100'",
             "info string error: UCI_ShowWDL must be true or false, not 'yes'",
             "info string error: Skill Seed must be an integer"}},
    /* UCI_LimitStrength with an Elo picks a level; UCI_AnalyseMode and `go
     * infinite` lift the limit. */
    {.name = "limit_strength_and_analysis",
     .input = "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 1400\n"
              "debug on\nposition startpos\ngo movetime 3000\n",
     .has = {"info string debug strength level 5.0 "}},
    {.name = "limit_strength_and_analysis",
     .input = "setoption name UCI_LimitStrength value true\nsetoption name UCI_Elo value 650\n"
              "setoption name UCI_AnalyseMode value true\ndebug on\nposition startpos\ngo depth 4\n",
     .has = {"info depth 4 "},
     .hasnt = {"info string debug strength"}},
    /* CECP offers the strength options and plays weaker with them. */
    {.name = "cecp_strength_options", .cecp = true,
     .input = "option Skill Level=1\noption Skill Level=99\nnew\nsd 6\ngo\n",
     .has = {"feature option=\"Skill Level -spin 20 0 20\"", "feature option=\"UCI_LimitStrength -check 0\"",
             "feature option=\"UCI_Elo -spin 1870 650 1870\"",
             "Error (Skill Level must be an integer 0..20, not '99')", "move "},
     /* Level 1 searches one ply: no thinking line deeper than 1. */
     .hasnt = {"\n2 "}},
};

SCRIPT_LOOP_TEST(play_scripted, play_scripts)

Suite *suite_play_options(void) {
    return suite_of("play_options",
                    LOOP_CASE("play_options", 120, LOOPS({play_scripted, SCRIPT_COUNT(play_scripts)}),
                              show_wdl_adds_the_estimate, limited_strength_every_variant,
                              weak_choice_depends_on_the_seed),
                    NULL);
}
