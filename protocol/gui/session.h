/* A session: one engine and the protocol it speaks, chosen by the first
 * command (`xboard` or `protover` picks CECP; anything else UCI). The
 * stdin/stdout loop and every TCP connection each own one. */
#ifndef RATNIK_SESSION_H
#define RATNIK_SESSION_H

#include "../../search/engine.h"

typedef enum { PROTO_NONE, PROTO_UCI, PROTO_CECP } Protocol;

struct CecpState;

typedef struct {
    Engine *engine;
    Protocol proto;
    struct CecpState *cecp;
} Session;

Session *session_new(EngineOutputFn out, void *ctx, int hash_mb);
void session_free(Session *s);
/* Handles one input line (without its newline); false after quit. */
bool session_line(Session *s, char *line);
/* The same for a line of len bytes that may hold NUL bytes: such a line
 * is refused with an error. */
bool session_input(Session *s, char *line, size_t len);
/* Input ended: a running perft is finished, a search stopped (it sends
 * its best move). */
void session_eof(Session *s);

#endif
