/* One game between two engine processes, refereed by the variant's rules:
 * every turn an engine sends is checked by game_play, the rules end the game
 * (game_outcome), and the runner adds what the rules leave to tournaments:
 * clocks, crashes and stalls, the adjudication flags. */
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "match.h"
#include "../../engine/pgn.h"
#include "../../engine/san.h"
#include "../gui/cecp_xboard.h"

MatchGame *match_game_new(void) {
    MatchGame *mg = calloc(1, sizeof *mg);
    mg->turns = calloc(GAME_MAX_STEPS + 1, sizeof *mg->turns);
    mg->pgn_moves = calloc(GAME_MAX_STEPS + 1, sizeof *mg->pgn_moves);
    mg->comments = calloc(GAME_MAX_STEPS + 1, sizeof *mg->comments);
    mg->mover = calloc(GAME_MAX_STEPS + 1, sizeof *mg->mover);
    return mg;
}

void match_game_free(MatchGame *mg) {
    if (!mg) return;
    free(mg->turns), free(mg->pgn_moves), free(mg->comments), free(mg->mover);
    free(mg);
}

const char *match_result_str(ResultCode r) { return pgn_result_str(r); }

/* A SAN spelling ("Nf3", "O-O") of a one-step turn, turned into ratnik's. */
static bool from_san(const Position *pos, const char *text, char *out) {
    if (pos->v->multi_step) return false;
    Move moves[1024];
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++)
        if (san_matches(pos, moves[i], text)) {
            move_to_str(pos, moves[i], out);
            return true;
        }
    return false;
}

bool match_game_apply(MatchGame *mg, const char *text, const char *comment, char *err, size_t n) {
    Game *g = &mg->game;
    if (g->nsteps + MAX_TURN_STEPS > GAME_MAX_STEPS || mg->nturns >= GAME_MAX_STEPS) {
        snprintf(err, n, "game too long");
        return false;
    }
    Position before = g->cur;
    int steps_before = g->nsteps;
    char canon[TURN_STR_MAX];
    snprintf(canon, sizeof canon, "%s", text);
    if (!game_play(g, canon, err, n)) {
        char e2[64];
        /* An engine's CECP move may be in the forms XBoard draws (docs/xboard.md). */
        bool read = from_san(&before, text, canon) || cecp_xboard_read_engine_move(&before, text, canon, sizeof canon);
        if (!read || !game_play(g, canon, e2, sizeof e2)) return false;
    }
    int i = mg->nturns++;
    snprintf(mg->turns[i], TURN_STR_MAX, "%s", canon);
    mg->mover[i] = before.fullmove * 2 + before.side;
    if (before.v->san && g->nsteps == steps_before + 1)
        move_to_san_marked(&before, g->steps[steps_before], mg->pgn_moves[i], TURN_STR_MAX);
    else snprintf(mg->pgn_moves[i], TURN_STR_MAX, "%s", canon);
    snprintf(mg->comments[i], sizeof mg->comments[i], "%s", comment ? comment : "");
    return true;
}

static const char *color_name(int c) { return c == WHITE ? "White" : "Black"; }

/* `end` names the way the game ended in the count of ends: the rules'
 * own reason (Outcome.reason) or one of the runner's. */
static void set_result(MatchGame *mg, ResultCode r, bool adv, const char *termination, const char *end, const char *fmt,
                       const char *a, const char *b) {
    mg->result = r, mg->advantage = adv, mg->termination = termination;
    snprintf(mg->end, sizeof mg->end, "%s", end);
    char full[1024];
    snprintf(full, sizeof full, fmt, a, b);
    snprintf(mg->reason, sizeof mg->reason, "%.199s", full);
}

static void lose(MatchGame *mg, int side, const char *termination, const char *end, const char *fmt, const char *detail) {
    set_result(mg, side == WHITE ? RES_BLACK_WINS : RES_WHITE_WINS, false, termination, end, fmt, color_name(side), detail);
}

/* The rules' verdict plus the runner's own ends (agreed repetition, move cap).
 * An agreed repetition is the variant's (Variant.agreed_repetition), and the
 * PGN says it was adjudicated. */
static bool referee(const MatchConfig *cfg, MatchGame *mg) {
    const Game *g = &mg->game;
    Outcome o;
    game_outcome(g, &o);
    bool agreed = g->cur.v->agreed_repetition;
    bool rep = o.code == RES_NONE ? game_repetitions(g) >= 3 : !strcmp(o.reason, "threefold repetition");
    if (agreed && rep) {
        set_result(mg, RES_DRAW, false, "adjudication", o.code == RES_NONE ? "threefold repetition" : o.reason, "Draw by %s%s",
                   "threefold repetition",
                   ", adjudicated as a draw by agreement");
        return true;
    }
    if (o.code != RES_NONE) {
        const char *who = o.code == RES_DRAW ? "Draw" : o.code == RES_WHITE_WINS ? "White wins" : "Black wins";
        set_result(mg, o.code, o.advantage, o.advantage ? "advantage" : "normal", o.reason, "%s: %s", who, o.reason);
        return true;
    }
    if (cfg->maxmoves && (mg->nturns - mg->book_turns) / 2 >= cfg->maxmoves) {
        set_result(mg, RES_DRAW, false, "adjudication", "move limit", "Draw by adjudication: %s%s", "move limit of -maxmoves", "");
        return true;
    }
    if (g->nsteps + MAX_TURN_STEPS > GAME_MAX_STEPS) {
        set_result(mg, RES_DRAW, false, "adjudication", "move limit", "Draw by adjudication: %s%s", "game too long to record", "");
        return true;
    }
    return false;
}

/* The game's points: the variant's scoring (Variant.scoring) where its
 * rules have one, else 1, 1/2, 0. */
static void score_points(const MatchConfig *cfg, MatchGame *mg) {
    const GameScoring *s = cfg->variant->scoring;
    if (s) {
        s->score(&mg->game.cur, mg->result, mg->advantage, mg->points);
        return;
    }
    mg->points[WHITE] = mg->result == RES_WHITE_WINS ? 1 : mg->result == RES_DRAW ? 0.5 : 0;
    mg->points[BLACK] = mg->result == RES_BLACK_WINS ? 1 : mg->result == RES_DRAW ? 0.5 : 0;
}

typedef struct {
    int draw_plies;        /* consecutive plies with both scores near zero */
    int resign_moves[2];   /* consecutive own moves with a losing score, by colour */
    int last_score[2];
    bool has_last[2];
} Adjudicator;

static bool adjudicate(const MatchConfig *cfg, MatchGame *mg, Adjudicator *a, const MatchPlayer *pl, int side) {
    if (!pl->has_score) {
        a->draw_plies = 0, a->resign_moves[side] = 0, a->has_last[side] = false;
        return false;
    }
    int s = pl->score;
    a->last_score[side] = s, a->has_last[side] = true;
    if (cfg->draw.on) {
        a->draw_plies = abs(s) <= cfg->draw.score ? a->draw_plies + 1 : 0;
        if (mg->nturns / 2 >= cfg->draw.movenumber && a->draw_plies >= 2 * cfg->draw.movecount) {
            set_result(mg, RES_DRAW, false, "adjudication", "adjudication", "Draw by adjudication%s%s", ": scores near zero", "");
            return true;
        }
    }
    if (cfg->resign.on) {
        bool other_agrees = !cfg->resign.twosided ||
                            (a->has_last[side ^ 1] && a->last_score[side ^ 1] >= cfg->resign.score);
        a->resign_moves[side] = s <= -cfg->resign.score && other_agrees ? a->resign_moves[side] + 1 : 0;
        if (a->resign_moves[side] >= cfg->resign.movecount) {
            lose(mg, side, "adjudication", "adjudication", "%s loses by adjudication%s", ": resign score");
            return true;
        }
    }
    return false;
}

static bool timed(const EngineSpec *s) { return s->tc.set && !s->tc.infinite; }

/* Clock after a move; false on a time forfeit. */
static bool charge_clock(MatchPlayer *pl, double elapsed) {
    const EngineSpec *s = pl->spec;
    if (s->st && elapsed > s->st * 1000 + s->timemargin_ms) return false;
    if (!timed(s)) return true;
    if (elapsed > (double)pl->clock_ms + s->timemargin_ms) return false;
    pl->clock_ms -= (long long)elapsed;
    pl->clock_ms += s->tc.inc_ms;
    if (s->tc.moves && ++pl->period_moves == s->tc.moves) pl->clock_ms += s->tc.base_ms, pl->period_moves = 0;
    return true;
}

/* One engine move; false when the game ended on it. */
static bool engine_turn(const MatchConfig *cfg, MatchGame *mg, MatchPlayer *pl, MatchPlayer *opp, Adjudicator *adj) {
    int side = mg->game.cur.side;
    char move[TURN_STR_MAX * 2], err[256];
    double elapsed = 0;
    pl->has_score = false;
    MoveStatus st = player_go(pl, cfg, mg, opp->clock_ms, move, sizeof move, &elapsed);
    if (st == MV_EOF) {
        mg->engine_failed = true;
        lose(mg, side, "abandoned", "crash", "%s disconnects%s", "");
        return false;
    }
    if (st == MV_TIMEOUT && !timed(pl->spec) && !pl->spec->st) {
        mg->engine_failed = true;
        lose(mg, side, "stalled connection", "stall", "%s's connection stalls%s", "");
        return false;
    }
    if (st == MV_RESIGN) {
        lose(mg, side, "normal", "resignation", "%s resigns%s", "");
        return false;
    }
    if (st == MV_TIMEOUT || !charge_clock(pl, elapsed)) {
        lose(mg, side, "time forfeit", "time forfeit", "%s loses on time%s", "");
        return false;
    }
    char comment[40];
    if (pl->has_score)
        snprintf(comment, sizeof comment, "%+.2f/%d %.3fs", pl->score / 100.0, pl->depth, elapsed / 1000);
    else snprintf(comment, sizeof comment, "%.3fs", elapsed / 1000);
    if (!match_game_apply(mg, move, comment, err, sizeof err)) {
        char detail[160];
        snprintf(detail, sizeof detail, ": %.40s (%.100s)", move[0] ? move : "(none)", err);
        lose(mg, side, "rules infraction", "illegal move", "%s makes an illegal move%s", detail);
        return false;
    }
    return !adjudicate(cfg, mg, adj, pl, side);
}

static bool setup_start(const MatchConfig *cfg, const Opening *op, MatchGame *mg) {
    const Variant *v = cfg->variant;
    Position start;
    char err[256];
    mg->from_startpos = !op || !op->fen[0];
    if (!fen_parse(&start, v, mg->from_startpos ? v->start_fen : op->fen, err, sizeof err)) {
        set_result(mg, RES_NONE, false, "unterminated", "bad opening", "bad opening FEN: %s%s", err, "");
        return false;
    }
    if (cfg->move_limit >= 0) start.move_limit = (uint16_t)cfg->move_limit;
    fen_write(&start, mg->start_fen, sizeof mg->start_fen);
    game_reset(&mg->game, &start);
    if (!op || !op->moves) return true;
    char *list = strdup(op->moves), *save = NULL;
    bool ok = true;
    for (char *t = strtok_r(list, " ", &save); t && ok; t = strtok_r(NULL, " ", &save))
        if (!match_game_apply(mg, t, "book", err, sizeof err)) {
            set_result(mg, RES_NONE, false, "unterminated", "bad opening", "bad opening move %s: %s", t, err);
            ok = false;
        }
    free(list);
    mg->book_turns = mg->nturns;
    return ok;
}

/* Starts both engines; on a failure the failing side loses. */
static bool start_players(const MatchConfig *cfg, MatchGame *mg, MatchPlayer pl[2]) {
    char err[256];
    for (int c = WHITE; c <= BLACK; c++) {
        int e = c == WHITE ? mg->white : 1 - mg->white;
        bool stalled = false;
        bool ok = player_start(&pl[c], &cfg->eng[e], cfg, &stalled, err, sizeof err) &&
                  player_new_game(&pl[c], cfg, mg, &stalled, err, sizeof err);
        pl[c].clock_ms = cfg->eng[e].tc.base_ms;
        if (!ok) {
            mg->engine_failed = true;
            fprintf(stderr, "warning: %s: %s\n", cfg->eng[e].name, err);
            lose(mg, c, stalled ? "stalled connection" : "abandoned", stalled ? "stall" : "crash", "%s engine fails to start: %s",
                 err);
            return false;
        }
    }
    return true;
}

void match_play_game(const MatchConfig *cfg, const Opening *op, int white, int round, MatchGame *mg) {
    mg->nturns = mg->book_turns = 0;
    mg->result = RES_NONE, mg->advantage = false, mg->engine_failed = false;
    mg->termination = "unterminated", mg->reason[0] = 0, mg->end[0] = 0;
    mg->white = white, mg->round = round;
    snprintf(mg->names[WHITE], MATCH_NAME_MAX, "%s", cfg->eng[white].name);
    snprintf(mg->names[BLACK], MATCH_NAME_MAX, "%s", cfg->eng[1 - white].name);
    MatchPlayer pl[2];
    memset(pl, 0, sizeof pl);
    if (setup_start(cfg, op, mg) && start_players(cfg, mg, pl)) {
        Adjudicator adj = {0};
        MatchPlayer *both[2] = {&pl[WHITE], &pl[BLACK]};
        while (!referee(cfg, mg)) {
            if (cfg->before_turn && cfg->before_turn(cfg->hook_ctx, mg, both)) continue;
            int side = mg->game.cur.side;
            if (!engine_turn(cfg, mg, &pl[side], &pl[side ^ 1], &adj)) break;
        }
    }
    for (int c = WHITE; c <= BLACK; c++) player_stop(&pl[c]);
    score_points(cfg, mg);
}
