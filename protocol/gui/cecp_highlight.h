/* XBoard's lift/put/hover for a person entering moves, answered with
 * `highlight` and `choice` (docs/xboard.md, "A person at the board"). */
#ifndef RATNIK_CECP_HIGHLIGHT_H
#define RATNIK_CECP_HIGHLIGHT_H

#include <stdbool.h>
#include <stdint.h>
#include "../../search/engine.h"

/* The piece a person has picked up: its square, the kill square it was put
 * on first (SQ_NONE: none), and the position both belong to. */
typedef struct {
    int from, via;
    uint64_t key;
} CecpPick;

void cecp_pick_reset(CecpPick *p);

/* Answers `lift SQ`, `put SQ` and `hover SQ`; false for other commands. */
bool cecp_highlight_command(const Engine *e, CecpPick *p, const char *cmd, const char *arg);

#endif
