/* The PGN of a finished game: the seven-tag roster, the variant, the start
 * FEN, time controls, the termination (and the variant's own points), then the
 * moves (SAN where the variant writes it, RULES.md notation otherwise),
 * written by the project's one PGN writer (engine/pgn.c). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "match.h"
#include "../../engine/pgn.h"
#include "../../variants/registry.h"

static void tc_text(const EngineSpec *s, char *buf, size_t n) {
    if (s->tc.set && s->tc.infinite) snprintf(buf, n, "inf");
    else if (s->tc.set) {
        int len = s->tc.moves ? snprintf(buf, n, "%d/", s->tc.moves) : 0;
        snprintf(buf + len, n - (size_t)len, "%g+%g", s->tc.base_ms / 1000.0, s->tc.inc_ms / 1000.0);
    } else if (s->st) snprintf(buf, n, "%g/move", s->st);
    else snprintf(buf, n, "-");
}

static void tags(PgnText *p, const MatchConfig *cfg, const MatchGame *mg) {
    time_t now = time(NULL);
    struct tm tm;
    localtime_r(&now, &tm);
    pgn_tag(p, "Event", "ratnik match");
    pgn_tag(p, "Site", "?");
    pgn_tag(p, "Date", "%04d.%02d.%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    pgn_tag(p, "Round", "%d", mg->round);
    pgn_tag(p, "White", "%s", mg->names[WHITE]);
    pgn_tag(p, "Black", "%s", mg->names[BLACK]);
    pgn_tag(p, "Result", "%s", match_result_str(mg->result));
    if (cfg->variant != variant_default()) pgn_tag(p, "Variant", "%s", cfg->variant->name);
    if (!mg->from_startpos) pgn_tag(p, "SetUp", "1"), pgn_tag(p, "FEN", "%s", mg->start_fen);
    char tw[48], tb[48];
    tc_text(&cfg->eng[mg->white], tw, sizeof tw);
    tc_text(&cfg->eng[1 - mg->white], tb, sizeof tb);
    if (!strcmp(tw, tb)) pgn_tag(p, "TimeControl", "%s", tw);
    else pgn_tag(p, "WhiteTimeControl", "%s", tw), pgn_tag(p, "BlackTimeControl", "%s", tb);
    pgn_tag(p, "PlyCount", "%d", mg->nturns);
    pgn_tag(p, "Termination", "%s", mg->termination);
    if (cfg->variant->scoring) pgn_tag(p, "Points", "%g-%g", mg->points[WHITE], mg->points[BLACK]);
}

char *match_game_pgn(const MatchConfig *cfg, const MatchGame *mg) {
    PgnText p;
    pgn_init(&p);
    tags(&p, cfg, mg);
    pgn_begin_moves(&p);
    for (int i = 0; i < mg->nturns; i++) pgn_turn(&p, mg->mover[i], mg->pgn_moves[i], cfg->pgn_min ? NULL : mg->comments[i]);
    pgn_end(&p, mg->reason, match_result_str(mg->result));
    return pgn_take(&p);
}
