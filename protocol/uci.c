/* UCI: parses command lines and calls the engine API. Every malformed or
 * illegal command gets one `info string error: ...` line and changes nothing. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "uci.h"
#include "../engine/fen.h"

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
    engine_printf(e, "info string variant %s files %d ranks %d startpos %s", e->variant->name, e->variant->files,
                  e->variant->ranks, e->variant->start_fen);
}

static void cmd_uci(const Engine *e) {
    char line[1024];
    int len = snprintf(line, sizeof line, "option name UCI_Variant type combo default %s", variant_default()->name);
    for (int i = 0; i < variant_count(); i++)
        len += snprintf(line + len, sizeof line - (size_t)len, " var %s", variant_at(i)->name);
    engine_printf(e, "id name ratnik");
    engine_printf(e, "id author the ratnik developers");
    engine_printf(e, "%s", line);
    engine_printf(e, "option name MoveLimit type spin default 100 min 0 max 10000");
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
    if (!strcasecmp(name, "UCI_Variant")) {
        if (!engine_set_variant(e, value, err, sizeof err)) error(e, "%s", err);
        else announce_variant(e);
    } else if (!strcasecmp(name, "MoveLimit")) {
        char *end;
        long v = strtol(value, &end, 10);
        if (!*value || *end || v < 0 || v > 10000) error(e, "MoveLimit must be an integer 0..10000, not '%s'", value);
        else engine_set_move_limit(e, (int)v);
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

static void cmd_go(Engine *e, const Tokens *t) {
    if (t->n >= 3 && !strcmp(t->tok[1], "perft")) {
        char *end;
        long d = strtol(t->tok[2], &end, 10);
        if (*end || d < 1 || d > 20) error(e, "perft depth must be 1..20, not '%s'", t->tok[2]);
        else engine_perft(e, (int)d);
        return;
    }
    error(e, "%s", "only 'go perft <depth>' is available in this build");
}

bool uci_command(Engine *e, char *line) {
    Tokens t;
    if (!tokenize(line, &t)) {
        error(e, "%s", "too many words in one command");
        return true;
    }
    if (!t.n) return true;
    const char *cmd = t.tok[0];
    if (!strcmp(cmd, "uci")) cmd_uci(e);
    else if (!strcmp(cmd, "isready")) engine_printf(e, "readyok");
    else if (!strcmp(cmd, "ucinewgame")) {
        char err[256];
        engine_set_position(e, NULL, NULL, 0, err, sizeof err);
    } else if (!strcmp(cmd, "setoption")) cmd_setoption(e, &t);
    else if (!strcmp(cmd, "position")) cmd_position(e, &t);
    else if (!strcmp(cmd, "go")) cmd_go(e, &t);
    else if (!strcmp(cmd, "d")) engine_display(e);
    else if (!strcmp(cmd, "quit")) return false;
    else error(e, "unknown command '%.64s'", cmd);
    return true;
}
