/* CECP, the XBoard/WinBoard protocol version 2 (engine-intf.html).
 *
 * One CecpState per session, no globals. The search runs on its own thread
 * (engine_go) and reports through on_info/on_bestmove ON THAT THREAD; the
 * fields of CecpState both threads touch are guarded by `mu`, and the game,
 * into which on_bestmove plays the engine's move, by the engine itself
 * (engine_play and the getters). Lock order: mu, then the engine's locks.
 * Never call a function that joins the search thread (engine_stop,
 * engine_set_*, engine_undo) while holding mu: on_bestmove needs mu to
 * finish.
 *
 * Moves are RULES.md's. What XBoard draws, relays and sends back is
 * protocol/gui/cecp_xboard.c's (docs/xboard.md). */
#include <ctype.h>
#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cecp.h"
#include "cecp_xboard.h"
#include "cecp_highlight.h"
#include "bribes.h"
#include "play_opts.h"
#include "book_opts.h"
#include "eval_opts.h"
#include "option_group.h"
#include "../../engine/fen.h"
#include "../../engine/notation.h"
#include "../../variants/registry.h"
#include "../../engine/number.h"

enum { MAX_PONGS = 32, MAX_ARGS = 16, DEFAULT_BASE_MS = 5 * 60 * 1000 };

struct CecpState {
    Engine *e;
    /* Command-thread state. */
    bool force;           /* play neither side */
    int engine_color;     /* the side the engine plays when not in force mode */
    bool in_edit;         /* swallowing the lines of an `edit` block */
    bool bad_position;    /* the last setboard was rejected: moves are illegal until a new position */
    int mps, base_ms, inc_ms, st_ms, sd;
    int time_cs, otim_cs; /* last `time` / `otim` */
    bool have_clock;
    bool ponder;          /* hard/easy: accepted, see docs/xboard.md */
    CecpPick pick;        /* the piece a person holds in XBoard (lift/put) */
    /* Shared with the search thread. */
    atomic_bool post;
    atomic_bool analyzing;
    pthread_mutex_t mu;
    bool thinking;        /* a search for the engine's own move runs */
    bool discard;         /* drop the running search's move (new, force, undo...) */
    int pongs[MAX_PONGS]; /* pings received while thinking, answered after the move */
    int npongs;
    char hint[TURN_STR_MAX];
    SearchInfo last;      /* for `.` in analyze mode */
    bool have_last;
};

/* ---------------------------------------------------------------- output */

static void error_reply(const CecpState *c, const char *type, const char *cmd) {
    engine_printf(c->e, "Error (%s): %.200s", type, cmd);
}

/* Prints `1-0 {reason}` etc. if the game is over; returns whether it is. */
static bool report_outcome(const CecpState *c) {
    Outcome o;
    engine_outcome(c->e, &o);
    if (o.code == RES_NONE) return false;
    static const char *codes[] = {"*", "1-0", "0-1", "1/2-1/2"};
    const char *who = o.code == RES_WHITE_WINS ? "White wins: " : o.code == RES_BLACK_WINS ? "Black wins: " : "";
    engine_printf(c->e, "%s {%s%s}", codes[o.code], who, o.reason ? o.reason : "game over");
    return true;
}

static bool game_over(const Engine *e) {
    Outcome o;
    engine_outcome(e, &o);
    return o.code != RES_NONE;
}

static int side_to_move(const Engine *e) {
    Position pos;
    engine_position(e, &pos);
    return pos.side;
}

/* ---------------------------------------------------------- search thread */

static void on_info(void *ctx, const SearchInfo *i) {
    CecpState *c = ctx;
    pthread_mutex_lock(&c->mu);
    c->last = *i;
    c->have_last = true;
    pthread_mutex_unlock(&c->mu);
    if (!atomic_load(&c->post) && !atomic_load(&c->analyzing)) return;
    int score = i->mate > 0 ? 100000 + i->mate : i->mate < 0 ? -100000 + i->mate : i->score;
    const char *mark = i->bound == BOUND_LOWER ? "!" : i->bound == BOUND_UPPER ? "?" : "";
    engine_printf(c->e, "%d %d %.0f %llu %s%s", i->depth, score, i->time_ms / 10.0, (unsigned long long)i->nodes,
                  i->pv, mark);
}

static void flush_pongs(CecpState *c) {
    for (int k = 0; k < c->npongs; k++) engine_printf(c->e, "pong %d", c->pongs[k]);
    c->npongs = 0;
}

static void on_bestmove(void *ctx, const char *best, const char *ponder) {
    CecpState *c = ctx;
    Engine *e = c->e;
    pthread_mutex_lock(&c->mu);
    if (c->thinking && !c->discard) {
        if (best) {
            char err[256], text[TURN_STR_MAX + 8];
            Position before, after;
            engine_position(e, &before);
            if (engine_play(e, best, err, sizeof err)) {
                engine_position(e, &after);
                cecp_xboard_move_text(&before, &after, best, text, sizeof text);
                engine_printf(e, "move %s", text);
                snprintf(c->hint, sizeof c->hint, "%s", ponder ? ponder : "");
                report_outcome(c);
            } else {
                engine_printf(e, "# internal error: own move %s rejected: %s", best, err);
            }
        } else {
            report_outcome(c);
        }
    }
    c->thinking = false;
    flush_pongs(c);
    pthread_mutex_unlock(&c->mu);
}

/* -------------------------------------------------------- search control */

/* Stops any search. With discard, a search for the engine's own move ends
 * without playing it; without, the engine moves now (`?`). */
static void stop_search(CecpState *c, bool discard) {
    pthread_mutex_lock(&c->mu);
    c->discard = discard;
    pthread_mutex_unlock(&c->mu);
    engine_stop(c->e);
    pthread_mutex_lock(&c->mu);
    c->discard = false;
    c->thinking = false;
    flush_pongs(c); /* normally done by on_bestmove already */
    pthread_mutex_unlock(&c->mu);
}

static void start_search(CecpState *c, const SearchLimits *l, bool own_move) {
    char err[256];
    SearchCallbacks cb = {on_info, on_bestmove, c};
    pthread_mutex_lock(&c->mu);
    c->thinking = own_move;
    c->discard = false;
    c->have_last = false;
    pthread_mutex_unlock(&c->mu);
    char book[TURN_STR_MAX], reply[TURN_STR_MAX];
    if (own_move && book_opts_cecp_move(c->e, book, reply)) { /* OwnBook: played as a search's move would be */
        on_bestmove(c, book, reply[0] ? reply : NULL);
        return;
    }
    eval_opts_report(c->e, false);
    if (!engine_go(c->e, l, &cb, err, sizeof err)) {
        pthread_mutex_lock(&c->mu);
        c->thinking = false;
        flush_pongs(c);
        pthread_mutex_unlock(&c->mu);
        engine_printf(c->e, "Error (%s): go", err);
    }
}

static void build_limits(const CecpState *c, SearchLimits *l) {
    memset(l, 0, sizeof *l);
    Position cur;
    engine_position(c->e, &cur);
    const Position *pos = &cur;
    int us = pos->side, them = !pos->side;
    if (c->st_ms > 0) {
        l->movetime = c->st_ms;
    } else if (c->have_clock) {
        /* centiseconds to ms, saturated at 10^9 ms so `time 1e9` cannot overflow */
        l->time[us] = c->time_cs <= 0 ? 1 : c->time_cs >= 100000000 ? 1000000000 : c->time_cs * 10;
        l->time[them] = c->otim_cs <= 0 ? 1 : c->otim_cs >= 100000000 ? 1000000000 : c->otim_cs * 10;
    } else if (c->base_ms > 0) {
        l->time[us] = l->time[them] = c->base_ms;
    } else {
        l->movetime = 5000;
    }
    if (!c->st_ms) {
        l->inc[us] = l->inc[them] = c->inc_ms;
        if (c->mps > 0) {
            int played = pos->fullmove > 0 ? pos->fullmove - 1 : 0;
            l->movestogo = c->mps - played % c->mps;
        }
    }
    if (c->sd > 0) l->depth = c->sd;
}

/* After anything that changes the position or the mode: analyze again, or
 * think if it is the engine's move. */
static void resume(CecpState *c) {
    if (c->bad_position || game_over(c->e)) return;
    if (atomic_load(&c->analyzing)) {
        SearchLimits l = {.infinite = true};
        start_search(c, &l, false);
    } else if (!c->force && side_to_move(c->e) == c->engine_color) {
        SearchLimits l;
        build_limits(c, &l);
        start_search(c, &l, true);
    }
}

/* CECP calls the default game "normal". */
static const char *xboard_variant_name(const Variant *v) { return v == variant_default() ? "normal" : v->name; }

/* ------------------------------------------------------------- commands */

static void cmd_protover(CecpState *c) {
    char variants[512];
    size_t len = 0;
    variants[0] = 0;
    for (int i = 0; i < variant_count() && len < sizeof variants; i++)
        len += (size_t)snprintf(variants + len, sizeof variants - len, "%s%s", i ? "," : "",
                                xboard_variant_name(variant_at(i)));
    Engine *e = c->e;
    engine_printf(e, "feature done=0");
    engine_printf(e, "feature ping=1 setboard=1 playother=1 usermove=1 time=1 draw=1 sigint=0 sigterm=0 reuse=1 "
                     "analyze=1 colors=0 san=0 name=0 nps=0 debug=1 memory=1 smp=1 exclude=0 setscore=0 highlight=1");
    engine_printf(e, "feature myname=\"ratnik\" variants=\"%s\"", variants);
    int limit = engine_move_limit(e);
    engine_printf(e, "feature option=\"MoveLimit -spin %d 0 10000\"", limit >= 0 ? limit : 100);
    engine_printf(e, "feature option=\"Clear Hash -button\"");
    option_groups_cecp(e);
    engine_printf(e, "feature done=1");
}

/* Whether a word looks like a move rather than a misspelt command. */
static bool looks_like_move(const char *s) {
    if (isupper((unsigned char)s[0]) && s[1] == '@') return true;
    if (s[0] == '+' && isupper((unsigned char)s[1]) && s[2] == '@') return true;
    if (s[0] == 'x' && islower((unsigned char)s[1]) && isdigit((unsigned char)s[2])) return true;
    if (islower((unsigned char)s[0]) && isdigit((unsigned char)s[1])) return true;
    return !strcmp(s, "@@@@");
}

static void cmd_usermove(CecpState *c, const char *move) {
    Engine *e = c->e;
    if (c->bad_position) {
        engine_printf(e, "Illegal move (no valid position): %.100s", move);
        return;
    }
    stop_search(c, true);
    char err[256];
    if (!cecp_xboard_play_user_turn(e, move, err, sizeof err)) {
        engine_printf(e, "Illegal move: %.100s", move);
        engine_printf(e, "# %s", err);
        resume(c); /* keep analyzing */
        return;
    }
    if (report_outcome(c)) return;
    resume(c);
}

/* Milliseconds as an int, saturated at 10^9 ms (11 days): `level 0 100000 0`,
 * `st 1e9` or `time 1e9` would otherwise overflow an int (fuzz finding). */
static int clamp_ms(double ms) {
    return ms <= 0 ? 0 : ms >= 1e9 ? 1000000000 : (int)ms;
}

/* level MPS BASE INC: BASE is minutes or minutes:seconds, INC seconds. */
static void cmd_level(CecpState *c, char **arg, int n, const char *line) {
    if (n != 4) {
        error_reply(c, n < 4 ? "too few parameters" : "too many parameters", line);
        return;
    }
    long long mps;
    char *end, *inc_end;
    double minutes = strtod(arg[2], &end), seconds = 0, inc;
    if (*end == ':') seconds = strtod(end + 1, &end);
    inc = strtod(arg[3], &inc_end);
    /* `!(x >= 0)` also refuses NaN, which no comparison would catch */
    if (!parse_integer(arg[1], 0, 100000, &mps) || *end || *inc_end || !(minutes >= 0) || minutes > 100000
        || !(seconds >= 0) || seconds > 100000 || !(inc >= 0) || inc > 100000) {
        error_reply(c, "bad parameters", line);
        return;
    }
    c->mps = (int)mps;
    c->base_ms = clamp_ms((minutes * 60 + seconds) * 1000);
    c->inc_ms = clamp_ms(inc * 1000);
    c->st_ms = 0;
}

static void cmd_setboard(CecpState *c, const char *fen) {
    char err[256];
    stop_search(c, true);
    if (!*fen) {
        error_reply(c, "missing FEN", "setboard");
        return;
    }
    bool ok = engine_set_position(c->e, fen, NULL, 0, err, sizeof err);
    for (int attempt = 0; !ok && attempt < 2 && strlen(fen) < FEN_MAX; attempt++) {
        /* XBoard's FEN for a fairy board: KQkq for the outermost rooks where
         * ours names rook files, and an en-passant field where the variant
         * has none. Retry with those fields translated, then without
         * castling rights. */
        char alt[FEN_MAX + 8], e2[256], *field[6] = {0};
        snprintf(alt, sizeof alt, "%s", fen);
        int nf = 0;
        char *t = alt;
        for (; *t && nf < 6; t += strspn(t, " ")) {
            field[nf++] = t;
            t += strcspn(t, " ");
            if (*t) *t++ = 0;
        }
        if (nf < 4 || *t) break; /* text after six fields is not a FEN's */
        const Variant *v = engine_variant(c->e);
        char last = (char)('A' + v->files - 1);
        if (attempt == 1) field[2] = "-";
        else if (v->castle_style == CASTLE_STYLE_FILES)
            for (char *f = field[2]; *f; f++)
                *f = *f == 'K' ? last : *f == 'Q' ? 'A' : *f == 'k' ? (char)(last | 0x20) : *f == 'q' ? 'a' : *f;
        if (!v->has_ep) field[3] = "-";
        char joined[FEN_MAX * 2];
        size_t len = 0;
        for (int k = 0; k < nf; k++)
            len += (size_t)snprintf(joined + len, sizeof joined - len, "%s%s", k ? " " : "", field[k]);
        ok = engine_set_position(c->e, joined, NULL, 0, e2, sizeof e2);
    }
    if (!ok) {
        c->bad_position = true;
        engine_printf(c->e, "tellusererror Illegal position: %s", err);
        return;
    }
    c->bad_position = false;
    c->hint[0] = 0;
    resume(c);
}

static void cmd_variant(CecpState *c, const char *name, const char *line) {
    char err[256];
    stop_search(c, true);
    if (!*name) {
        error_reply(c, "missing variant name", line);
        return;
    }
    if (!strcmp(name, "normal")) name = variant_default()->name;
    if (!variant_find(name) || !engine_set_variant(c->e, name, err, sizeof err)) {
        error_reply(c, "unsupported variant", line);
        return;
    }
    c->bad_position = false;
    c->hint[0] = 0;
    cecp_xboard_send_setup(c->e);
    resume(c);
}

static void cmd_new(CecpState *c) {
    char err[256];
    stop_search(c, true);
    if (engine_variant(c->e) != variant_default()) engine_set_variant(c->e, variant_default()->name, err, sizeof err);
    else engine_set_position(c->e, NULL, NULL, 0, err, sizeof err);
    c->force = false;
    c->engine_color = BLACK;
    c->sd = 0;
    c->have_clock = false;
    c->bad_position = false;
    c->hint[0] = 0;
    resume(c); /* analyze mode stays on */
}

static void cmd_option(CecpState *c, const char *arg, const char *line) {
    char name[128];
    const char *eq = strchr(arg, '=');
    size_t len = eq ? (size_t)(eq - arg) : strlen(arg);
    if (len >= sizeof name) len = sizeof name - 1;
    memcpy(name, arg, len);
    name[len] = 0;
    const OptionGroup *group;
    if (!strcmp(name, "MoveLimit")) {
        long long v;
        if (!eq || !parse_integer(eq + 1, 0, 10000, &v)) {
            error_reply(c, "MoveLimit must be an integer 0..10000", line);
            return;
        }
        engine_set_move_limit(c->e, (int)v);
    } else if (!strcmp(name, "Clear Hash")) {
        engine_clear_hash(c->e);
    } else if ((group = option_group_of(name))) {
        char err[256];
        bool ok = group->set(c->e, name, eq ? eq + 1 : "", err, sizeof err);
        if (!ok) error_reply(c, err, line);
        if (!ok || !group->restarts_search) return;
    } else {
        error_reply(c, "unknown option", line);
        return;
    }
    resume(c);
}

/* bribe ... (docs/bribes.md): answered by protocol/gui/bribes.c. An accepted
 * bribe is played here on the engine's game; a refrain or a purchase is the
 * engine's turn, announced as its move unless in force mode. */
static void cmd_bribe(CecpState *c, char **arg, int n) {
    Bribe b;
    char token[TURN_STR_MAX], err[256];
    stop_search(c, true);
    bool own_turn = !c->force && side_to_move(c->e) == c->engine_color;
    if (bribes_command(c->e, BRIBE_PROTO_CECP, n, arg, &b)) {
        if (!bribes_apply(c->e, &b, token, sizeof token, err, sizeof err)) {
            engine_printf(c->e, "# internal error: accepted bribe rejected: %s", err);
        } else {
            c->hint[0] = 0;
            if (own_turn && b.kind != BRIBE_TAKEBACK) engine_printf(c->e, "move %s", token);
            if (report_outcome(c)) return;
        }
    }
    resume(c);
}

static void cmd_ping(CecpState *c, const char *arg, const char *line) {
    long long n;
    if (!parse_integer(arg, -2147483647L, 2147483647L, &n)) {
        error_reply(c, "bad parameter", line);
        return;
    }
    pthread_mutex_lock(&c->mu);
    /* Thinking on its own move, the engine answers after the move (spec). */
    if (c->thinking && c->npongs < MAX_PONGS) {
        c->pongs[c->npongs++] = (int)n;
        pthread_mutex_unlock(&c->mu);
        return;
    }
    /* Not thinking (or an abusive flood of pings while thinking: answered at
     * once rather than blocking the session's input). */
    engine_printf(c->e, "pong %lld", n);
    pthread_mutex_unlock(&c->mu);
}

static void cmd_hint(CecpState *c) {
    pthread_mutex_lock(&c->mu);
    if (!c->thinking && c->hint[0]) {
        Position p;
        engine_position(c->e, &p);
        char err[128];
        if (play_turn_str(&p, c->hint, err, sizeof err)) engine_printf(c->e, "Hint: %s", c->hint);
    }
    pthread_mutex_unlock(&c->mu);
}

static void cmd_stat(CecpState *c) {
    if (!atomic_load(&c->analyzing)) return;
    pthread_mutex_lock(&c->mu);
    if (c->have_last) {
        char first[TURN_STR_MAX];
        sscanf(c->last.pv, "%63s", first);
        engine_printf(c->e, "stat01: %.0f %llu %d 0 0 %s", c->last.time_ms / 10.0, (unsigned long long)c->last.nodes,
                      c->last.depth, c->last.pv[0] ? first : "");
    }
    pthread_mutex_unlock(&c->mu);
}

CecpState *cecp_new(Engine *e) {
    CecpState *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->e = e;
    c->engine_color = BLACK;
    cecp_pick_reset(&c->pick);
    c->mps = 40;
    c->base_ms = DEFAULT_BASE_MS;
    atomic_init(&c->post, false);
    atomic_init(&c->analyzing, false);
    pthread_mutex_init(&c->mu, NULL);
    return c;
}

void cecp_free(CecpState *c) {
    if (!c) return;
    stop_search(c, true); /* the callbacks point at c */
    pthread_mutex_destroy(&c->mu);
    free(c);
}

bool cecp_command(CecpState *c, char *line) {
    Engine *e = c->e;
    line[strcspn(line, "\r\n")] = 0;
    char *p = line + strspn(line, " \t");
    /* The raw text after the command word, for setboard/option/variant. */
    char *rest = p + strcspn(p, " \t");
    rest += strspn(rest, " \t");
    char copy[512];
    snprintf(copy, sizeof copy, "%s", p);
    char *arg[MAX_ARGS], *save = NULL;
    int n = 0;
    for (char *t = strtok_r(copy, " \t", &save); t && n < MAX_ARGS; t = strtok_r(NULL, " \t", &save)) arg[n++] = t;
    if (!n) return true;
    const char *cmd = arg[0];

    if (c->in_edit) { /* edit is refused; its sub-commands end with "." */
        if (!strcmp(cmd, ".")) c->in_edit = false;
        return true;
    }
    if (!strcmp(cmd, "quit")) {
        stop_search(c, true);
        return false;
    }
    if (!strcmp(cmd, "xboard") || !strcmp(cmd, "accepted") || !strcmp(cmd, "rejected") || !strcmp(cmd, "random")
        || !strcmp(cmd, "computer") || !strcmp(cmd, "name") || !strcmp(cmd, "rating") || !strcmp(cmd, "ics")
        || !strcmp(cmd, "draw")) {
        return true; /* draw offers are declined by ignoring them */
    }
    if (!strcmp(cmd, "protover")) cmd_protover(c);
    else if (!strcmp(cmd, "new")) cmd_new(c);
    else if (!strcmp(cmd, "variant")) cmd_variant(c, n > 1 ? arg[1] : "", p);
    else if (!strcmp(cmd, "force")) {
        stop_search(c, true);
        c->force = true;
    } else if (!strcmp(cmd, "go")) {
        stop_search(c, true);
        c->force = false;
        c->engine_color = side_to_move(e);
        if (!report_outcome(c)) resume(c);
    } else if (!strcmp(cmd, "playother")) {
        stop_search(c, true);
        c->force = false;
        c->engine_color = !side_to_move(e);
    } else if (!strcmp(cmd, "usermove")) {
        if (n < 2) error_reply(c, "missing move", p);
        else cmd_usermove(c, arg[1]);
    } else if (!strcmp(cmd, "level")) cmd_level(c, arg, n, p);
    else if (!strcmp(cmd, "st") || !strcmp(cmd, "sd") || !strcmp(cmd, "time") || !strcmp(cmd, "otim")
             || !strcmp(cmd, "memory") || !strcmp(cmd, "cores")) {
        char *end = NULL;
        double v = n == 2 ? strtod(arg[1], &end) : -1;
        if (n != 2 || *end || !isfinite(v) || v < -1e9 || v > 1e9) {
            error_reply(c, n == 2 && !*end && !isfinite(v) ? "not a finite number" : "bad parameter", p);
            return true;
        }
        char err[256];
        if (!strcmp(cmd, "st")) c->st_ms = clamp_ms(v * 1000);
        else if (!strcmp(cmd, "sd")) c->sd = v < 1 ? 0 : v > MAX_PLY - 4 ? MAX_PLY - 4 : (int)v;
        else if (!strcmp(cmd, "time") || !strcmp(cmd, "otim")) {
            *(cmd[0] == 't' ? &c->time_cs : &c->otim_cs) = (int)v;
            c->have_clock = true;
        } else if (!strcmp(cmd, "memory")) {
            if (!engine_set_hash(e, v < 1 ? 1 : v > HASH_MAX_MB ? HASH_MAX_MB : (int)v, err, sizeof err))
                error_reply(c, err, p);
            resume(c);
        } else {
            engine_set_threads(e, v < 1 ? 1 : v > MAX_THREADS ? MAX_THREADS : (int)v);
            resume(c);
        }
    } else if (!strcmp(cmd, "?")) {
        if (!atomic_load(&c->analyzing)) stop_search(c, false);
    } else if (!strcmp(cmd, "ping")) cmd_ping(c, n > 1 ? arg[1] : "", p);
    else if (!strcmp(cmd, "result")) {
        stop_search(c, true);
        c->force = true; /* the game is over: think no more until `new` or `go` */
    } else if (!strcmp(cmd, "setboard")) cmd_setboard(c, rest);
    else if (!strcmp(cmd, "edit")) {
        error_reply(c, "command not supported, use setboard", "edit");
        c->in_edit = true;
    } else if (!strcmp(cmd, "hint")) cmd_hint(c);
    else if (!strcmp(cmd, "bk")) book_opts_cecp_bk(e);
    else if (!strcmp(cmd, "undo") || !strcmp(cmd, "remove")) {
        stop_search(c, true);
        if (c->bad_position || !engine_undo(e, cmd[0] == 'u' ? 1 : 2)) error_reply(c, "command not legal now", cmd);
        c->hint[0] = 0;
        resume(c);
    } else if (!strcmp(cmd, "hard")) c->ponder = true;
    else if (!strcmp(cmd, "easy")) c->ponder = false;
    else if (!strcmp(cmd, "post")) atomic_store(&c->post, true);
    else if (!strcmp(cmd, "nopost")) atomic_store(&c->post, false);
    else if (!strcmp(cmd, "analyze")) {
        stop_search(c, true);
        atomic_store(&c->analyzing, true);
        resume(c);
    } else if (!strcmp(cmd, "exit")) {
        stop_search(c, true);
        atomic_store(&c->analyzing, false);
    } else if (!strcmp(cmd, ".")) cmd_stat(c);
    else if (!strcmp(cmd, "option")) cmd_option(c, rest, p);
    else if (!strcmp(cmd, "bribe")) cmd_bribe(c, arg, n);
    else if (cecp_highlight_command(e, &c->pick, cmd, n > 1 ? arg[1] : "")) return true;
    else if (looks_like_move(cmd) && n == 1) cmd_usermove(c, cmd);
    else error_reply(c, "unknown command", cmd);
    return true;
}
