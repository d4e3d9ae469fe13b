/* UCI: parses command lines and calls the engine API. Every malformed or
 * illegal command gets one `info string error: ...` line and changes nothing. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "uci.h"
#include "bribes.h"
#include "book_opts.h"
#include "play_opts.h"
#include "eval_opts.h"
#include "option_group.h"
#include "uci_ext.h"
#include "../../engine/fen.h"
#include "../../variants/registry.h"
#include "../../engine/number.h"

enum { MAX_TOKENS = 4096 };

typedef struct {
    int n;
    char *tok[MAX_TOKENS];
} Tokens;

/* Splits in place on whitespace; returns false if there are too many. */
static bool tokenize(char *line, Tokens *t) {
    char *save = NULL;
    t->n = 0;
    for (char *s = strtok_r(line, " \t\r\n", &save); s; s = strtok_r(NULL, " \t\r\n", &save)) {
        if (t->n == MAX_TOKENS) return false;
        t->tok[t->n++] = s;
    }
    return true;
}

static void error(const Engine *e, const char *fmt, const char *arg) {
    char msg[512];
    snprintf(msg, sizeof msg, fmt, arg);
    engine_printf(e, "info string error: %s", msg);
}

static void announce_variant(const Engine *e) {
    const Variant *v = engine_variant(e);
    engine_printf(e, "info string variant %s files %d ranks %d startpos %s", v->name, v->files, v->ranks, v->start_fen);
}

static void cmd_uci(const Engine *e) {
    char line[1024];
    int len = snprintf(line, sizeof line, "option name UCI_Variant type combo default %s", variant_default()->name);
    for (int i = 0; i < variant_count(); i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " var %s", variant_at(i)->name);
    engine_printf(e, "id name ratnik");
    engine_printf(e, "id author the ratnik developers");
    engine_printf(e, "%s", line);
    engine_printf(e, "option name Hash type spin default %d min 1 max %d", engine_hash_mb(e), HASH_MAX_MB);
    engine_printf(e, "option name Threads type spin default 1 min 1 max %d", MAX_THREADS);
    engine_printf(e, "option name Clear Hash type button");
    engine_printf(e, "option name Ponder type check default false");
    engine_printf(e, "option name MultiPV type spin default 1 min 1 max %d", MAX_MULTIPV);
    engine_printf(e, "option name MoveLimit type spin default 100 min 0 max 10000");
    option_groups_uci(e);
    engine_printf(e, "uciok");
}

/* Joins tokens [from, to) with single spaces into buf. */
static void join(const Tokens *t, int from, int to, char *buf, size_t n) {
    size_t len = 0;
    buf[0] = 0;
    for (int i = from; i < to && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i > from ? " " : "", t->tok[i]);
}

static void cmd_setoption(Engine *e, const Tokens *t) {
    int value_at = -1;
    for (int i = 1; i < t->n; i++)
        if (!strcmp(t->tok[i], "value")) { value_at = i; break; }
    if (t->n < 3 || strcmp(t->tok[1], "name")) {
        error(e, "%s", "usage: setoption name <name> [value <value>]");
        return;
    }
    char name[256], value[256];
    join(t, 2, value_at < 0 ? t->n : value_at, name, sizeof name);
    join(t, value_at < 0 ? t->n : value_at + 1, t->n, value, sizeof value);
    char err[256];
    const OptionGroup *group;
    if (!strcasecmp(name, "UCI_Variant")) {
        if (!engine_set_variant(e, value, err, sizeof err)) error(e, "%s", err);
        else announce_variant(e);
    } else if (!strcasecmp(name, "Hash")) {
        char *end;
        long v = strtol(value, &end, 10);
        if (!*value || *end) error(e, "Hash must be an integer 1..%s", "65536");
        else if (!engine_set_hash(e, v < 0 || v > HASH_MAX_MB ? -1 : (int)v, err, sizeof err)) error(e, "%s", err);
    } else if (!strcasecmp(name, "Threads")) {
        char *end;
        long v = strtol(value, &end, 10);
        if (!*value || *end || v < 1 || v > MAX_THREADS) error(e, "Threads must be an integer 1..%s", "64");
        else engine_set_threads(e, (int)v);
    } else if (!strcasecmp(name, "MultiPV")) {
        char *end;
        long v = strtol(value, &end, 10);
        if (!*value || *end || v < 1 || v > MAX_MULTIPV) error(e, "MultiPV must be an integer 1..%s", "16");
        else engine_set_multipv(e, (int)v);
    } else if (!strcasecmp(name, "Clear Hash")) {
        engine_clear_hash(e);
    } else if (!strcasecmp(name, "Ponder")) {
        if (strcasecmp(value, "true") && strcasecmp(value, "false")) error(e, "Ponder must be true or false, not '%s'", value);
    } else if (!strcasecmp(name, "MoveLimit")) {
        char *end;
        long v = strtol(value, &end, 10);
        if (!*value || *end || v < 0 || v > 10000) error(e, "MoveLimit must be an integer 0..10000, not '%s'", value);
        else engine_set_move_limit(e, (int)v);
    } else if ((group = option_group_of(name))) {
        if (!group->set(e, name, value, err, sizeof err)) error(e, "%s", err);
    } else {
        error(e, "unknown option '%s'", name);
    }
}

static void cmd_position(Engine *e, const Tokens *t) {
    int i = 1, moves_at = t->n;
    for (int k = 1; k < t->n; k++)
        if (!strcmp(t->tok[k], "moves")) { moves_at = k; break; }
    char fen[FEN_MAX + 64], err[256];
    const char *fenp = NULL;
    if (i < t->n && !strcmp(t->tok[i], "startpos")) {
        if (moves_at != 2) { error(e, "%s", "unexpected text after 'startpos'"); return; }
    } else if (i < t->n && !strcmp(t->tok[i], "fen")) {
        join(t, 2, moves_at, fen, sizeof fen);
        if (!fen[0]) { error(e, "%s", "missing FEN after 'position fen'"); return; }
        fenp = fen;
    } else {
        error(e, "%s", "usage: position startpos|fen <fen> [moves <move>...]");
        return;
    }
    int nmoves = moves_at < t->n ? t->n - moves_at - 1 : 0;
    if (!engine_set_position(e, fenp, (const char *const *)t->tok + moves_at + 1, nmoves, err, sizeof err))
        error(e, "%s", err);
}

static void uci_info(void *ctx, const SearchInfo *i) {
    char score[48];
    if (i->mate) snprintf(score, sizeof score, "mate %d", i->mate);
    else snprintf(score, sizeof score, "cp %d", i->score);
    const char *bound = i->bound == BOUND_LOWER ? " lowerbound" : i->bound == BOUND_UPPER ? " upperbound" : "";
    char wdl[48];
    play_opts_uci_wdl(ctx, i->score, i->mate, wdl, sizeof wdl);
    engine_printf(ctx, "info depth %d seldepth %d multipv %d score %s%s%s nodes %llu nps %llu time %.0f hashfull %d pv %s",
                  i->depth, i->seldepth, i->multipv, score, bound, wdl, (unsigned long long)i->nodes, (unsigned long long)i->nps,
                  i->time_ms, i->hashfull, i->pv);
}

static void uci_bestmove(void *ctx, const char *best, const char *ponder) {
    if (!best) engine_printf(ctx, "bestmove (none)");
    else if (ponder) engine_printf(ctx, "bestmove %s ponder %s", best, ponder);
    else engine_printf(ctx, "bestmove %s", best);
}

/* The numeric go parameters and their ranges (docs/uci.md): a number
 * outside is clamped, so a GUI's huge clock still gets a move, and a clock
 * below 0 after a GUI's overstep counts as 1 ms. */
enum { GO_TIME_MAX = 1000000000 }; /* ms: 11.5 days */
static const struct {
    const char *name;
    long long lo, hi;
} GO_NUMBERS[] = {
    {"wtime", 1, GO_TIME_MAX},  {"btime", 1, GO_TIME_MAX},  {"winc", 0, GO_TIME_MAX},
    {"binc", 0, GO_TIME_MAX},   {"movestogo", 1, 10000},    {"movetime", 1, GO_TIME_MAX},
    {"depth", 1, MAX_PLY - 4},  {"nodes", 1, 1000000000000000000LL}, {"mate", 1, (MAX_PLY - 4) / 2},
};
enum { GO_NUMBER_COUNT = sizeof GO_NUMBERS / sizeof *GO_NUMBERS };

static int go_number_index(const char *w) {
    for (int i = 0; i < GO_NUMBER_COUNT; i++)
        if (!strcmp(w, GO_NUMBERS[i].name)) return i;
    return -1;
}

static bool is_go_word(const char *w) {
    return go_number_index(w) >= 0 || !strcmp(w, "infinite") || !strcmp(w, "ponder") || !strcmp(w, "searchmoves");
}

/* An integer of any length, clamped to lo..hi; false if s is not one. */
static bool parse_clamped(const char *s, long long lo, long long hi, long long *out) {
    const char *digits = s + (*s == '-' || *s == '+');
    if (!*digits || strspn(digits, "0123456789") != strlen(digits)) return false;
    long long v = strtoll(s, NULL, 10); /* saturates at LLONG_MIN/MAX */
    *out = v < lo ? lo : v > hi ? hi : v;
    return true;
}

static void set_go_number(SearchLimits *l, int which, long long v) {
    switch (which) {
    case 0: l->time[WHITE] = (int)v; break;
    case 1: l->time[BLACK] = (int)v; break;
    case 2: l->inc[WHITE] = (int)v; break;
    case 3: l->inc[BLACK] = (int)v; break;
    case 4: l->movestogo = (int)v; break;
    case 5: l->movetime = (int)v; break;
    case 6: l->depth = (int)v; break;
    case 7: l->nodes = (uint64_t)v; break;
    default: l->depth = (int)(2 * v); break; /* mate in v: 2v plies */
    }
}

/* Reads the searchmoves turns from t->tok[i] up to the next go word into
 * root; each one not legal here gets an error line. Returns the index of
 * the first token after them. */
static int parse_searchmoves(const Engine *e, const Tokens *t, int i, RootTurns *root) {
    for (; i < t->n && !is_go_word(t->tok[i]); i++) {
        char err[256];
        if (!engine_root_turn_add(e, root, t->tok[i], err, sizeof err)) error(e, "go searchmoves: %s", err);
    }
    return i;
}

/* Fills l from the go parameters; false (with error lines) if one is
 * malformed. searchmoves may stand anywhere; its turns go to root. */
static bool parse_go(const Engine *e, const Tokens *t, SearchLimits *l, RootTurns *root, bool *restricted) {
    bool ok = true;
    for (int i = 1; i < t->n;) {
        const char *k = t->tok[i++];
        int which = go_number_index(k);
        long long v;
        if (!strcmp(k, "infinite")) l->infinite = true;
        else if (!strcmp(k, "ponder")) l->ponder = true;
        else if (!strcmp(k, "searchmoves")) {
            *restricted = true;
            i = parse_searchmoves(e, t, i, root);
        } else if (which < 0) {
            error(e, "go: unknown parameter '%.64s'", k);
            ok = false;
        } else if (i >= t->n || is_go_word(t->tok[i])) {
            error(e, "go: '%s' needs a number", k);
            ok = false;
        } else if (!parse_clamped(t->tok[i++], GO_NUMBERS[which].lo, GO_NUMBERS[which].hi, &v)) {
            char msg[128];
            snprintf(msg, sizeof msg, "go: '%s' needs an integer, not '%.64s'", k, t->tok[i - 1]);
            error(e, "%s", msg);
            ok = false;
        } else {
            set_go_number(l, which, v);
        }
    }
    return ok;
}

/* go [wtime N] [btime N] [winc N] [binc N] [movestogo N] [movetime N]
 *    [depth N] [nodes N] [mate N] [infinite] [ponder] [searchmoves <turn>...]
 *  | go perft N
 * Every go but perft ends in one bestmove: a malformed one is answered at
 * once with the move of a depth-1 search, since a GUI waits for it. */
static void cmd_go(Engine *e, const Tokens *t) {
    char err[256];
    if (t->n >= 2 && !strcmp(t->tok[1], "perft")) {
        long long d;
        if (t->n != 3 || !parse_integer(t->tok[2], 1, 20, &d)) error(e, "%s", "usage: go perft <depth 1..20>");
        else if (!engine_perft(e, (int)d, err, sizeof err)) error(e, "%s", err);
        return;
    }
    SearchLimits l = {0};
    RootTurns *root = calloc(1, sizeof *root);
    bool restricted = false;
    if (!root) {
        error(e, "%s", "out of memory");
        uci_bestmove(e, NULL, NULL);
        return;
    }
    if (!parse_go(e, t, &l, root, &restricted)) {
        l = (SearchLimits){.depth = 1};
        restricted = false;
    }
    if (restricted && root->n) l.root = root;
    else if (restricted) engine_printf(e, "info string go searchmoves: no legal turn given, searching all");
    /* OwnBook: a book move is the whole answer (not when analysing, pondering or restricted). */
    if (!l.infinite && !l.ponder && !l.root && book_opts_uci_go(e)) {
        free(root);
        return;
    }
    SearchCallbacks cb = {uci_info, uci_bestmove, e};
    engine_stop(e); /* the previous search's bestmove comes before this search's lines */
    eval_opts_report(e, true);
    if (!engine_go(e, &l, &cb, err, sizeof err)) {
        error(e, "%s", err);
        uci_bestmove(e, NULL, NULL);
    }
    free(root);
}

bool uci_command(Engine *e, char *line) {
    Tokens t;
    if (!tokenize(line, &t)) {
        error(e, "%s", "too many words in one command");
        return true;
    }
    if (!t.n) return true;
    const char *cmd = t.tok[0];
    if (uci_ext_command(e, t.n, t.tok)) return true; /* queries: answered at once */
    /* A perft answers only at its end, and scripts send their next command
     * at once, as to engines whose perft blocks: all but isready and stop
     * wait for it. */
    if (engine_is_counting(e) && strcmp(cmd, "isready") && strcmp(cmd, "stop")) engine_wait(e);
    if (!strcmp(cmd, "uci")) cmd_uci(e);
    else if (!strcmp(cmd, "isready")) engine_printf(e, "readyok");
    else if (!strcmp(cmd, "ucinewgame")) {
        char err[256];
        engine_clear_hash(e);
        engine_set_position(e, NULL, NULL, 0, err, sizeof err);
    } else if (!strcmp(cmd, "setoption")) cmd_setoption(e, &t);
    else if (!strcmp(cmd, "position")) cmd_position(e, &t);
    else if (!strcmp(cmd, "go")) cmd_go(e, &t);
    else if (!strcmp(cmd, "stop")) engine_stop(e);
    else if (!strcmp(cmd, "ponderhit")) engine_ponderhit(e);
    else if (!strcmp(cmd, "d")) engine_display(e);
    else if (!strcmp(cmd, "debug")) { /* cutechess-cli -debug sends it */
        if (t.n != 2 || (strcmp(t.tok[1], "on") && strcmp(t.tok[1], "off"))) error(e, "%s", "usage: debug on|off");
        else engine_set_debug(e, !strcmp(t.tok[1], "on"));
    }
    else if (!strcmp(cmd, "bench")) {
        char err[256];
        if (!engine_run_bench(e, t.n - 1, (const char *const *)t.tok + 1, err, sizeof err)) error(e, "%s", err);
    }
    else if (!strcmp(cmd, "bribe")) bribes_command(e, BRIBE_PROTO_UCI, t.n, t.tok, NULL); /* docs/bribes.md */
    else if (!strcmp(cmd, "quit")) {
        engine_stop(e);
        return false;
    }
    else error(e, "unknown command '%.64s'", cmd);
    return true;
}
