#include <stdio.h>
#include <string.h>
#include "game.h"
#include "notation.h"

void game_reset(Game *g, const Position *start) {
    g->start = *start;
    g->cur = *start;
    g->nsteps = 0;
    g->keys[0] = start->key;
    g->turn_start[0] = !start->pending;
}

bool game_play(Game *g, const char *text, char *err, size_t errlen) {
    Move steps[MAX_TURN_STEPS];
    int n = 0;
    Position next = g->cur;
    if (!play_turn_steps(&next, text, steps, &n, err, errlen)) return false;
    if (g->nsteps + n > GAME_MAX_STEPS) {
        snprintf(err, errlen, "game too long (at most %d steps)", GAME_MAX_STEPS);
        return false;
    }
    /* Replay step by step so every intermediate key is recorded. */
    Position p = g->cur;
    for (int i = 0; i < n; i++) {
        p.v->make(&p, steps[i]);
        g->steps[g->nsteps++] = steps[i];
        g->keys[g->nsteps] = p.key;
        g->turn_start[g->nsteps] = !p.pending;
    }
    g->cur = next;
    return true;
}

bool game_undo(Game *g, int turns) {
    int keep = g->nsteps;
    for (int t = 0; t < turns; t++) {
        if (keep == 0) return false;
        do keep--;
        while (keep > 0 && !g->turn_start[keep]);
    }
    Position p = g->start;
    for (int i = 0; i < keep; i++) p.v->make(&p, g->steps[i]);
    g->cur = p;
    g->nsteps = keep;
    return true;
}

int game_repetitions(const Game *g) {
    int count = 0;
    for (int i = g->nsteps; i >= 0; i--)
        if (g->turn_start[i] && g->keys[i] == g->cur.key) count++;
    return count;
}

void game_outcome(const Game *g, Outcome *o) {
    g->cur.v->outcome(&g->cur, o);
    if (o->code == RES_NONE && g->cur.v->repetition_draw && game_repetitions(g) >= 3) {
        o->code = RES_DRAW;
        o->reason = "threefold repetition";
    }
}
