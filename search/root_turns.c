#include <stdio.h>
#include <string.h>
#include "root_turns.h"

static bool same_turn(const RootTurns *r, int k, const Move *steps, int n) {
    return r->nsteps[k] == n && !memcmp(r->steps[k], steps, sizeof *steps * (size_t)n);
}

bool root_turns_add(RootTurns *r, const Position *pos, bool bribes, const char *text, char *err, size_t errlen) {
    Move steps[MAX_TURN_STEPS];
    int n = 0;
    Position after = *pos;
    if (!play_turn_steps(&after, text, steps, &n, err, errlen)) return false;
    if (after.side == pos->side) {
        snprintf(err, errlen, "'%s' does not end the turn: it cannot be searched", text);
        return false;
    }
    Position cur = *pos;
    for (int i = 0; i < n; i++) {
        if (!bribes && !pos_generates(&cur, steps[i])) {
            snprintf(err, errlen, "'%s' is a bribe: it needs the option Corruption", text);
            return false;
        }
        cur.v->make(&cur, steps[i]);
    }
    for (int k = 0; k < r->n; k++)
        if (same_turn(r, k, steps, n)) return true;
    if (r->n == MAX_ROOT_TURNS) {
        snprintf(err, errlen, "'%s': more than %d turns", text, MAX_ROOT_TURNS);
        return false;
    }
    memcpy(r->steps[r->n], steps, sizeof *steps * (size_t)n);
    r->nsteps[r->n++] = (unsigned char)n;
    return true;
}

int root_turns_next(const RootTurns *r, const Move *path, int len, Move *out) {
    int count = 0;
    for (int k = 0; k < r->n; k++) {
        if (r->nsteps[k] <= len || (len && memcmp(r->steps[k], path, sizeof *path * (size_t)len))) continue;
        Move m = r->steps[k][len];
        bool seen = false;
        for (int i = 0; i < count && !seen; i++) seen = out[i] == m;
        if (!seen) out[count++] = m;
    }
    return count;
}
