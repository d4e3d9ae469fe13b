#include <stdlib.h>
#include <string.h>
#include "session.h"
#include "cecp.h"
#include "uci.h"

Session *session_new(EngineOutputFn out, void *ctx) {
    Session *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->engine = engine_new(out, ctx);
    if (!s->engine) {
        free(s);
        return NULL;
    }
    return s;
}

void session_free(Session *s) {
    if (!s) return;
    engine_stop(s->engine);
    if (s->cecp) cecp_free(s->cecp);
    engine_free(s->engine);
    free(s);
}

static Protocol choose_protocol(const char *line) {
    while (*line == ' ' || *line == '\t') line++;
    if (!strncmp(line, "xboard", 6) || !strncmp(line, "protover", 8)) return PROTO_CECP;
    return PROTO_UCI;
}

bool session_line(Session *s, char *line) {
    if (s->proto == PROTO_NONE) {
        const char *p = line + strspn(line, " \t\r");
        if (!*p) return true; /* blank lines do not choose */
        s->proto = choose_protocol(line);
        if (s->proto == PROTO_CECP && !(s->cecp = cecp_new(s->engine))) s->proto = PROTO_UCI;
    }
    return s->proto == PROTO_CECP ? cecp_command(s->cecp, line) : uci_command(s->engine, line);
}

/* Whether the running search ends by itself. A bare `go` (or `go
 * searchmoves ...`) sets no limit and searches until stopped, like `go
 * infinite`: waiting for it at EOF hung the process (found by valgrind on
 * the fuzz seed tests/fuzz/corpus/uci/go). */
static bool search_is_limited(const SearchJob *job) {
    const SearchLimits *l = &job->limits;
    if (l->infinite || l->ponder) return false;
    return l->movetime > 0 || l->depth > 0 || l->nodes > 0 || l->time[job->game->cur.side] > 0;
}

void session_eof(Session *s) {
    Engine *e = s->engine;
    if (engine_is_searching(e) && search_is_limited(e->job)) engine_wait(e);
    engine_stop(e);
}
