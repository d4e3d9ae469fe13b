#include <stdlib.h>
#include <string.h>
#include "session.h"
#include "cecp.h"
#include "uci.h"

Session *session_new(EngineOutputFn out, void *ctx, int hash_mb) {
    Session *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->engine = engine_new(out, ctx, hash_mb);
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

bool session_input(Session *s, char *line, size_t len) {
    if (memchr(line, 0, len)) {
        /* Cut at the NUL, the line would run as a different command. */
        engine_printf(s->engine, "%s", s->proto == PROTO_CECP ? "Error (NUL byte in the line): input discarded"
                                                            : "info string error: NUL byte in the line, discarded");
        return true;
    }
    return session_line(s, line);
}

/* A perft has no answer before its end, so it is finished; a search is
 * stopped and answers now, as at `quit`: a search limited to a depth
 * ratnik would need days for must not keep a script waiting. */
void session_eof(Session *s) {
    Engine *e = s->engine;
    if (engine_is_counting(e)) engine_wait(e);
    engine_stop(e);
}
