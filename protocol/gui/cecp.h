/* CECP (XBoard/WinBoard protocol version 2). */
#ifndef RATNIK_CECP_H
#define RATNIK_CECP_H

#include "../../search/engine.h"

typedef struct CecpState CecpState;

CecpState *cecp_new(Engine *e);
void cecp_free(CecpState *c);
/* Handles one command line; returns false after `quit`. */
bool cecp_command(CecpState *c, char *line);

#endif
