/* UCI and CECP from the GUI's side: handshake, new game, one move request.
 * Every wait has a deadline; a closed pipe is a crash, a missed deadline a
 * stall (or a time forfeit, which the game loop decides). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "match.h"
#include "../../variants/registry.h"
#include "../../engine/clock.h"

enum { LINE = 8192 };

static double stall_deadline(const MatchConfig *cfg) { return clock_now_ms() + cfg->stall_s * 1000; }

/* The default variant is the one an engine plays without being told (UCI
 * without UCI_Variant, CECP without `variant`). */
static bool is_default(const MatchConfig *cfg) { return cfg->variant == variant_default(); }

/* Whether `name` is one of the words of a list separated by spaces or commas. */
static bool list_has(const char *list, const char *name) {
    size_t n = strlen(name);
    for (const char *s = list; (s = strstr(s, name)); s += n) {
        bool start = s == list || s[-1] == ' ' || s[-1] == ',';
        bool end = !s[n] || s[n] == ' ' || s[n] == ',';
        if (start && end) return true;
    }
    return false;
}

/* Reads lines until one starts with `want`; 1 found, 0 timeout, -1 crash. */
static int wait_for(MatchPlayer *pl, const char *want, double deadline) {
    char line[LINE];
    size_t n = strlen(want);
    for (;;) {
        int r = proc_read_line(&pl->proc, line, sizeof line, deadline);
        if (r <= 0) return r;
        if (!strncmp(line, want, n)) return 1;
    }
}

static bool fail(const char *what, int r, bool *stalled, char *err, size_t n) {
    *stalled = r == 0;
    snprintf(err, n, "%s %s", r == 0 ? "no answer to" : "engine exited at", what);
    return false;
}

/* "option name UCI_Variant type combo default chess var chess var buratia" */
static void uci_option_line(MatchPlayer *pl, const char *line) {
    if (strncmp(line, "option name UCI_Variant ", 24)) return;
    pl->has_uci_variant = true;
    size_t len = 0;
    for (const char *s = strstr(line, " var "); s; s = strstr(s + 1, " var ")) {
        const char *w = s + 5;
        size_t k = strcspn(w, " ");
        if (len + k + 2 < sizeof pl->variants) {
            memcpy(pl->variants + len, w, k);
            len += k;
            pl->variants[len++] = ' ';
            pl->variants[len] = 0;
        }
    }
}

static void send_initstr(MatchPlayer *pl) {
    char buf[sizeof pl->spec->initstr];
    snprintf(buf, sizeof buf, "%s", pl->spec->initstr);
    char *save = NULL;
    for (char *s = strtok_r(buf, "\n", &save); s; s = strtok_r(NULL, "\n", &save)) proc_send(&pl->proc, "%s", s);
}

/* Waits for the readyok after the settings; an error the engine reports
 * on the way ("info string error: ...") is its refusal of one of them. */
static bool uci_settings_taken(MatchPlayer *pl, const MatchConfig *cfg, bool *stalled, char *err, size_t n) {
    char line[LINE], refusal[200] = "";
    double deadline = stall_deadline(cfg);
    for (;;) {
        int r = proc_read_line(&pl->proc, line, sizeof line, deadline);
        if (r <= 0) return fail("isready", r, stalled, err, n);
        if (!refusal[0] && !strncasecmp(line, "info string error", 17)) snprintf(refusal, sizeof refusal, "%.190s", line + 12);
        if (!strcmp(line, "readyok")) break;
    }
    if (refusal[0]) snprintf(err, n, "the engine refused a setting: %s", refusal);
    return !refusal[0];
}

static bool uci_start(MatchPlayer *pl, const MatchConfig *cfg, bool *stalled, char *err, size_t n) {
    char line[LINE];
    proc_send(&pl->proc, "uci");
    double deadline = stall_deadline(cfg);
    for (;;) {
        int r = proc_read_line(&pl->proc, line, sizeof line, deadline);
        if (r <= 0) return fail("uci", r, stalled, err, n);
        if (!strncmp(line, "id name ", 8)) snprintf(pl->id_name, sizeof pl->id_name, "%.63s", line + 8);
        uci_option_line(pl, line);
        match_note_uci_option(pl, line);
        if (!strcmp(line, "uciok")) break;
    }
    if (!match_options_ok(pl, err, n)) return false;
    const char *var = cfg->variant->name;
    if (!is_default(cfg) && (!pl->has_uci_variant || (pl->variants[0] && !list_has(pl->variants, var)))) {
        snprintf(err, n, "engine does not support variant %s", var);
        return false;
    }
    if (pl->has_uci_variant) proc_send(&pl->proc, "setoption name UCI_Variant value %s", var);
    if (cfg->move_limit >= 0) proc_send(&pl->proc, "setoption name MoveLimit value %d", cfg->move_limit);
    for (int i = 0; i < pl->spec->nopts; i++)
        proc_send(&pl->proc, "setoption name %s value %s", pl->spec->opt_name[i], pl->spec->opt_value[i]);
    send_initstr(pl);
    proc_send(&pl->proc, "isready");
    return uci_settings_taken(pl, cfg, stalled, err, n);
}

/* One "feature a=1 b="x y"" line: remembers what the runner uses, accepts all. */
static void cecp_features(MatchPlayer *pl, char *s, int *done) {
    while (*s) {
        while (*s == ' ') s++;
        char *eq = strchr(s, '=');
        if (!eq) break;
        *eq = 0;
        char *name = s, *val = eq + 1, *end, *next;
        if (*val == '"') {
            val++;
            end = strchr(val, '"');
            if (!end) end = val + strlen(val), next = end;
            else next = end + 1;
        } else {
            end = val + strcspn(val, " ");
            next = *end ? end + 1 : end;
        }
        *end = 0;
        if (!strcmp(name, "done")) *done = atoi(val);
        else if (!strcmp(name, "usermove")) pl->f_usermove = atoi(val);
        else if (!strcmp(name, "ping")) pl->f_ping = atoi(val);
        else if (!strcmp(name, "setboard")) pl->f_setboard = atoi(val);
        else if (!strcmp(name, "san")) pl->f_san = atoi(val);
        else if (!strcmp(name, "variants")) snprintf(pl->variants, sizeof pl->variants, "%.1023s", val);
        else if (!strcmp(name, "myname")) snprintf(pl->id_name, sizeof pl->id_name, "%.63s", val);
        else if (!strcmp(name, "option")) match_note_cecp_option(pl, val);
        if (strcmp(name, "done")) proc_send(&pl->proc, "accepted %s", name);
        s = next;
    }
}

static bool cecp_start(MatchPlayer *pl, const MatchConfig *cfg, bool *stalled, char *err, size_t n) {
    char line[LINE];
    proc_send(&pl->proc, "xboard");
    proc_send(&pl->proc, "protover 2");
    /* A v1 engine sends no features: give it two seconds, as xboard does. */
    double deadline = clock_now_ms() + 2000;
    int done = -1;
    while (done != 1) {
        int r = proc_read_line(&pl->proc, line, sizeof line, deadline);
        if (r < 0) return fail("protover", r, stalled, err, n);
        if (r == 0) {
            if (done == 0) return fail("protover (feature done=1)", r, stalled, err, n);
            break;
        }
        if (!strncmp(line, "feature ", 8)) {
            cecp_features(pl, line + 8, &done);
            if (done == 0) deadline = stall_deadline(cfg);
        }
    }
    if (!match_options_ok(pl, err, n)) return false;
    const char *var = cfg->variant->name;
    if (!is_default(cfg) && !list_has(pl->variants, var)) {
        snprintf(err, n, "engine does not support variant %s", var);
        return false;
    }
    if (cfg->move_limit >= 0) proc_send(&pl->proc, "option MoveLimit=%d", cfg->move_limit);
    for (int i = 0; i < pl->spec->nopts; i++)
        proc_send(&pl->proc, "option %s=%s", pl->spec->opt_name[i], pl->spec->opt_value[i]);
    send_initstr(pl);
    return true;
}

bool player_start(MatchPlayer *pl, const EngineSpec *spec, const MatchConfig *cfg, bool *stalled, char *err, size_t n) {
    memset(pl, 0, sizeof *pl);
    pl->spec = spec;
    *stalled = false;
    if (!proc_start(&pl->proc, spec, cfg->debug, cfg->children, err, n)) return false;
    return spec->proto == MP_UCI ? uci_start(pl, cfg, stalled, err, n) : cecp_start(pl, cfg, stalled, err, n);
}

/* XBoard's edit mode, for CECP engines without setboard (Fairy-Max): the
 * pieces of each colour, and a dummy first move when Black is to move. */
static void cecp_edit(MatchPlayer *pl, const Position *pos) {
    if (pos->side == BLACK) proc_send(&pl->proc, "a2a3");
    proc_send(&pl->proc, "edit");
    proc_send(&pl->proc, "#");
    for (int c = WHITE; c <= BLACK; c++) {
        if (c == BLACK) proc_send(&pl->proc, "c");
        for (int sq = 0; sq < pos->v->files * pos->v->ranks; sq++) {
            Piece p = pos->board[sq];
            if (p == PIECE_NONE || piece_color(p) != c) continue;
            char s[8];
            square_to_str(pos->geo, sq, s);
            proc_send(&pl->proc, "%c%s", pos->v->pieces[piece_type(p)].letter, s);
        }
    }
    proc_send(&pl->proc, ".");
}

/* "level MPS BASE INC": BASE in minutes or m:ss. */
static void cecp_time_setup(MatchPlayer *pl) {
    const EngineSpec *s = pl->spec;
    if (s->tc.set && !s->tc.infinite) {
        long long sec = (s->tc.base_ms + 999) / 1000;
        char base[32];
        if (sec % 60 == 0) snprintf(base, sizeof base, "%lld", sec / 60);
        else snprintf(base, sizeof base, "%lld:%02lld", sec / 60, sec % 60);
        proc_send(&pl->proc, "level %d %s %g", s->tc.moves, base, s->tc.inc_ms / 1000.0);
    } else if (!s->st) proc_send(&pl->proc, "level 0 1000 0");
    if (s->st) proc_send(&pl->proc, "st %g", s->st);
    if (s->depth) proc_send(&pl->proc, "sd %d", s->depth);
}

static int ping(MatchPlayer *pl, const MatchConfig *cfg) {
    if (pl->spec->proto == MP_UCI) {
        proc_send(&pl->proc, "isready");
        return wait_for(pl, "readyok", stall_deadline(cfg));
    }
    if (!pl->f_ping) return pl->proc.dead ? -1 : 1;
    char want[32];
    snprintf(want, sizeof want, "pong %d", ++pl->ping_id);
    proc_send(&pl->proc, "ping %d", pl->ping_id);
    return wait_for(pl, want, stall_deadline(cfg));
}

bool player_new_game(MatchPlayer *pl, const MatchConfig *cfg, const MatchGame *mg, bool *stalled, char *err, size_t n) {
    *stalled = false;
    pl->sent = 0, pl->has_score = false;
    if (pl->spec->proto == MP_UCI) proc_send(&pl->proc, "ucinewgame");
    else {
        proc_send(&pl->proc, "new");
        if (!is_default(cfg)) proc_send(&pl->proc, "variant %s", cfg->variant->name);
        proc_send(&pl->proc, "force");
        proc_send(&pl->proc, "post");
        proc_send(&pl->proc, "easy");
        cecp_time_setup(pl);
        if (!mg->from_startpos) {
            if (pl->f_setboard) proc_send(&pl->proc, "setboard %s", mg->start_fen);
            else cecp_edit(pl, &mg->game.start);
        }
    }
    int r = ping(pl, cfg);
    return r == 1 || fail("the new game", r, stalled, err, n);
}

/* The turns of the game, space-separated, from index `from`. */
static char *turn_list(const MatchGame *mg, int from, bool san) {
    size_t cap = (size_t)(mg->nturns - from + 1) * (TURN_STR_MAX + 1) + 1, len = 0;
    char *s = malloc(cap);
    s[0] = 0;
    for (int i = from; i < mg->nturns; i++)
        len += (size_t)snprintf(s + len, cap - len, "%s%s", len ? " " : "", san ? mg->pgn_moves[i] : mg->turns[i]);
    return s;
}

static void uci_request(MatchPlayer *pl, const MatchGame *mg, long long opp_clock) {
    char *moves = turn_list(mg, 0, false);
    if (mg->from_startpos) proc_send(&pl->proc, "position startpos%s%s", *moves ? " moves " : "", moves);
    else proc_send(&pl->proc, "position fen %s%s%s", mg->start_fen, *moves ? " moves " : "", moves);
    free(moves);
    const EngineSpec *s = pl->spec;
    char go[256] = "go";
    size_t len = 2;
    if (s->tc.set && !s->tc.infinite) {
        bool white = mg->game.cur.side == WHITE;
        long long w = white ? pl->clock_ms : opp_clock, b = white ? opp_clock : pl->clock_ms;
        len += (size_t)snprintf(go + len, sizeof go - len, " wtime %lld btime %lld winc %lld binc %lld", w < 1 ? 1 : w,
                                b < 1 ? 1 : b, s->tc.inc_ms, s->tc.inc_ms);
        if (s->tc.moves) len += (size_t)snprintf(go + len, sizeof go - len, " movestogo %d", s->tc.moves - pl->period_moves);
    }
    if (s->st) len += (size_t)snprintf(go + len, sizeof go - len, " movetime %lld", (long long)(s->st * 1000));
    if (s->depth) len += (size_t)snprintf(go + len, sizeof go - len, " depth %d", s->depth);
    if (s->nodes) len += (size_t)snprintf(go + len, sizeof go - len, " nodes %lld", s->nodes);
    if (s->tc.infinite && !s->st && !s->depth && !s->nodes) snprintf(go + len, sizeof go - len, " infinite");
    proc_send(&pl->proc, "%s", go);
}

static void cecp_request(MatchPlayer *pl, const MatchGame *mg, long long opp_clock) {
    for (int i = pl->sent; i < mg->nturns; i++) {
        const char *m = pl->f_san ? mg->pgn_moves[i] : mg->turns[i];
        proc_send(&pl->proc, pl->f_usermove ? "usermove %s" : "%s", m);
    }
    pl->sent = mg->nturns;
    long long mine = pl->spec->tc.set && !pl->spec->tc.infinite ? pl->clock_ms : 100000000;
    long long theirs = pl->spec->tc.set && !pl->spec->tc.infinite ? opp_clock : 100000000;
    proc_send(&pl->proc, "time %lld", (mine < 10 ? 10 : mine) / 10);
    proc_send(&pl->proc, "otim %lld", (theirs < 10 ? 10 : theirs) / 10);
    proc_send(&pl->proc, "go");
}

/* "info ... score cp 31 ..." or CECP thinking "12 31 150 123456 e2e4 ...". */
static void parse_score(MatchPlayer *pl, const char *line) {
    if (pl->spec->proto == MP_UCI) {
        if (strncmp(line, "info ", 5)) return;
        const char *d = strstr(line, " depth "), *cp = strstr(line, " score cp "), *mate = strstr(line, " score mate ");
        if (d) pl->depth = atoi(d + 7);
        if (cp) pl->score = atoi(cp + 10), pl->has_score = true;
        if (mate) {
            int m = atoi(mate + 12);
            pl->score = m > 0 ? 30000 - m : -30000 - m, pl->has_score = true;
        }
        return;
    }
    int ply, score;
    while (*line == ' ') line++;
    if (isdigit((unsigned char)line[0]) && sscanf(line, "%d %d", &ply, &score) == 2)
        pl->depth = ply, pl->score = score, pl->has_score = true;
}

/* Deadline of one move: the clock plus the margin, or the stall limit. */
static double move_deadline(const MatchPlayer *pl, const MatchConfig *cfg, double start) {
    const EngineSpec *s = pl->spec;
    double limit = 1e18;
    if (s->tc.set && !s->tc.infinite) limit = (double)pl->clock_ms + s->timemargin_ms;
    if (s->st && s->st * 1000 + s->timemargin_ms < limit) limit = s->st * 1000 + s->timemargin_ms;
    if (limit > 1e17) limit = cfg->stall_s * 1000;
    return start + limit;
}

MoveStatus player_go(MatchPlayer *pl, const MatchConfig *cfg, const MatchGame *mg, long long opp_clock, char *move,
                     size_t n, double *elapsed_ms) {
    char line[LINE];
    move[0] = 0;
    bool uci = pl->spec->proto == MP_UCI;
    double start = clock_now_ms();
    if (uci) uci_request(pl, mg, opp_clock);
    else cecp_request(pl, mg, opp_clock);
    double deadline = move_deadline(pl, cfg, start);
    for (;;) {
        int r = proc_read_line(&pl->proc, line, sizeof line, deadline);
        *elapsed_ms = clock_now_ms() - start;
        if (r < 0) return MV_EOF;
        if (r == 0) return MV_TIMEOUT;
        parse_score(pl, line);
        const char *prefix = uci ? "bestmove " : "move ";
        size_t k = strlen(prefix);
        if (!strncmp(line, prefix, k) || (uci && !strcmp(line, "bestmove"))) {
            const char *m = line + (strlen(line) >= k ? k : strlen(line));
            while (*m == ' ') m++;
            size_t len = strcspn(m, " ");
            snprintf(move, n, "%.*s", (int)(len < n ? len : n - 1), m);
            if (!uci) proc_send(&pl->proc, "force"), pl->sent = mg->nturns + 1;
            return MV_OK;
        }
        if (!uci && !strncmp(line, "resign", 6)) return MV_RESIGN;
    }
}

void player_stop(MatchPlayer *pl) {
    if (pl->spec) proc_stop(&pl->proc, true);
}
