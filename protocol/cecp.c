/* Placeholder until the CECP implementation lands: answers like an engine
 * that knows only the handshake, so `xboard` sessions get clear errors. */
#include <stdlib.h>
#include <string.h>
#include "cecp.h"

struct CecpState {
    Engine *e;
};

CecpState *cecp_new(Engine *e) {
    CecpState *c = calloc(1, sizeof *c);
    if (c) c->e = e;
    return c;
}

void cecp_free(CecpState *c) { free(c); }

bool cecp_command(CecpState *c, char *line) {
    line[strcspn(line, "\r\n")] = 0;
    if (!strcmp(line, "quit")) return false;
    if (!strcmp(line, "xboard") || !*line) return true;
    engine_printf(c->e, "Error (not implemented yet): %.64s", line);
    return true;
}
