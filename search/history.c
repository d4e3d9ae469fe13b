/* The search's statistics. Histories use gravity: entries move toward
 * +-HISTORY_MAX and never leave the range, so old statistics fade without
 * a rescaling pass. The correction is a running average of how far the
 * static eval missed what the search found, per pawn structure (the
 * cheapest pieces' squares): an evaluation that misjudges a structure
 * misjudges it in every position that has it, so the search can learn the
 * error as it goes and prune on a better guess. */
#include "history.h"
#include "prune.h"
#include "../engine/variant.h"

static int *butterfly_entry(const Thread *t, const Position *pos, Move m) {
    int from = move_from(m) == SQ_NONE ? 0 : move_from(m), to = move_to(m) == SQ_NONE ? 0 : move_to(m);
    return (int *)&t->history[pos->side][from][to];
}

int cont_key_of(const Position *pos, Move m) {
    int from = move_from(m), to = move_to(m);
    if (to == SQ_NONE) return CONT_NONE;
    int type = from != SQ_NONE && pos->board[from] ? piece_type(pos->board[from]) : move_piece(m);
    return type ? type * SQ_MAX + to : CONT_NONE;
}

enum { CONT_PLIES = 3 };
/* How many plies back each continuation looks: the step just before, the
 * side's own previous step, and its step before that. */
static const int cont_back[CONT_PLIES] = {0, 1, 3};

/* The continuation entries a quiet step at ply reads and updates (NULL:
 * none; the third only where the game's search style asks for it). */
static void cont_entries(Thread *t, int ply, int key, int16_t *out[CONT_PLIES]) {
    out[CONT_PLIES - 1] = NULL;
    for (int k = 0; k < t->cont_plies; k++) {
        int back = cont_back[k];
        int prev = ply > back ? t->cont_key[ply - back] : CONT_NONE;
        out[k] = prev != CONT_NONE && key != CONT_NONE ? &t->conthist[prev][key] : NULL;
    }
}

int quiet_history(Thread *t, const Position *pos, Move m, int ply) {
    int16_t *c[CONT_PLIES];
    cont_entries(t, ply, cont_key_of(pos, m), c);
    int h = *butterfly_entry(t, pos, m);
    for (int k = 0; k < CONT_PLIES; k++)
        if (c[k]) h += *c[k];
    return h;
}

/* The capture entry: mover type, target square, victim type (0 for a
 * noisy step that takes nothing: a promotion, a drop, a goal push). */
static int16_t *capture_entry(const Thread *t, const Position *pos, Move m) {
    int from = move_from(m), to = move_to(m) == SQ_NONE ? 0 : move_to(m);
    int mover = from != SQ_NONE && pos->board[from] ? piece_type(pos->board[from]) : move_piece(m);
    Piece v = move_to(m) == SQ_NONE ? 0 : pos->board[to];
    int victim = v && piece_color(v) != pos->side ? piece_type(v) : 0;
    return (int16_t *)&t->capthist[mover & (PT_NB - 1)][to][victim];
}

int capture_history(const Thread *t, const Position *pos, Move m) {
    return *capture_entry(t, pos, m);
}

static void gravity(int *h, int bonus) {
    *h += bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
}

static void gravity16(int16_t *h, int bonus) {
    int v = *h;
    gravity(&v, bonus);
    *h = (int16_t)v;
}

static void quiet_add(Thread *t, const Position *pos, Move m, int ply, int bonus) {
    gravity(butterfly_entry(t, pos, m), bonus);
    int16_t *c[CONT_PLIES];
    cont_entries(t, ply, cont_key_of(pos, m), c);
    for (int k = 0; k < CONT_PLIES; k++)
        if (c[k]) gravity16(c[k], bonus);
}

void history_reward(Thread *t, const Position *pos, Move m, bool quiet, int depth, int ply, const Move *quiets,
                    int nquiets, const Move *noisy, int nnoisy) {
    const PruneLimits *lim = prune_limits(pos->v->prune);
    int bonus = lim->history_bonus * depth * depth;
    if (bonus > lim->history_bonus_max) bonus = lim->history_bonus_max;
    if (quiet) {
        if (t->killers[ply][0] != m) t->killers[ply][1] = t->killers[ply][0], t->killers[ply][0] = m;
        quiet_add(t, pos, m, ply, bonus);
        for (int i = 0; i < nquiets; i++)
            if (quiets[i] != m) quiet_add(t, pos, quiets[i], ply, -bonus);
    } else {
        gravity16(capture_entry(t, pos, m), bonus);
    }
    for (int i = 0; i < nnoisy; i++)
        if (noisy[i] != m) gravity16(capture_entry(t, pos, noisy[i]), -bonus);
}

/* ---- correction ---------------------------------------------------------- */

enum { CORR_GRAIN = 256, CORR_LIMIT = 96 * CORR_GRAIN, CORR_WEIGHT_MAX = 16 };

int correction_type(const Variant *v) {
    int best = 0;
    for (int type = 1; type < PT_NB; type++)
        if (v->pieces[type].letter && v->pieces[type].value > 0
            && (!best || v->pieces[type].value < v->pieces[best].value))
            best = type;
    return best;
}

void history_init_thread(Thread *t, const Variant *v) {
    t->corr_type = correction_type(v);
    t->cont_plies = prune_limits(v->prune)->own_step_before_last ? CONT_PLIES : CONT_PLIES - 1;
}

static int16_t *correction_entry(const Thread *t, const Position *pos) {
    uint64_t h = 0;
    if (t->corr_type) {
        for (int c = 0; c < COLOR_NB; c++) {
            bb_t b = pos_pieces(pos, c, t->corr_type);
            uint64_t lo = (uint64_t)b, hi = (uint64_t)(b >> 64);
            h = (h ^ lo ^ (hi * 0x9E3779B97F4A7C15ULL)) * 0xBF58476D1CE4E5B9ULL;
            h ^= h >> 31;
        }
    }
    return (int16_t *)&t->correction[pos->side][h % CORR_SIZE];
}

/* Scores this far from 0 are wins (mates, Buratia's win on advantage), not
 * misjudged structures. */
static bool decisive(int s) {
    return s >= SCORE_ADVANTAGE - 1000 || s <= -(SCORE_ADVANTAGE - 1000);
}

int corrected_eval(const Thread *t, const Position *pos, int raw) {
    return decisive(raw) ? raw : raw + *correction_entry(t, pos) / CORR_GRAIN;
}

void correction_update(Thread *t, const Position *pos, int raw, int best, int depth) {
    if (decisive(best) || decisive(raw)) return;
    int16_t *e = correction_entry(t, pos);
    int weight = depth + 1 < CORR_WEIGHT_MAX ? depth + 1 : CORR_WEIGHT_MAX;
    int target = (best - raw) * CORR_GRAIN;
    target = target > CORR_LIMIT ? CORR_LIMIT : target < -CORR_LIMIT ? -CORR_LIMIT : target;
    int v = (*e * (CORR_GRAIN - weight) + target * weight) / CORR_GRAIN;
    *e = (int16_t)(v > CORR_LIMIT ? CORR_LIMIT : v < -CORR_LIMIT ? -CORR_LIMIT : v);
}
