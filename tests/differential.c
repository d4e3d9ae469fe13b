/* The differential driver (differential.h). */
#include "differential.h"
#include <stdio.h>
#include <stdlib.h>

uint64_t test_rng_next(uint64_t *s) {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return *s;
}

static uint64_t str_hash(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h * 0x9E3779B97F4A7C15ull;
}

static uint64_t list_hash(const TurnList *l) {
    uint64_t h = 0;
    for (int i = 0; i < l->n; i++) h += str_hash(l->turn[i]);
    return h;
}

/* The written FEN reads back to the same text and key. */
static void check_fen(const RefGen *ref, const Position *pos, char *fen) {
    char again_fen[FEN_MAX];
    fen_write(pos, fen, FEN_MAX);
    ck_assert_msg(pos->key == pos_compute_key(pos), "%s: the incremental key differs", fen);
    Position again = rules_load(ref, fen);
    fen_write(&again, again_fen, sizeof again_fen);
    ck_assert_msg(!strcmp(fen, again_fen), "round trip %s -> %s", fen, again_fen);
    ck_assert_msg(again.key == pos->key, "%s: read back with another key", fen);
}

/* Compares the lists as sets; on a difference names a turn one side lacks. */
static void compare_lists(const char *fen, TurnList *eng, TurnList *ref, bool full) {
    if (!full && eng->n == ref->n && list_hash(eng) == list_hash(ref)) return;
    turn_list_sort(eng);
    turn_list_sort(ref);
    for (int i = 1; i < eng->n; i++)
        ck_assert_msg(strcmp(eng->turn[i - 1], eng->turn[i]), "%s: the engine lists %s twice", fen, eng->turn[i]);
    for (int i = 0, j = 0; i < eng->n || j < ref->n; i++, j++) {
        int c = i == eng->n ? 1 : j == ref->n ? -1 : strcmp(eng->turn[i], ref->turn[j]);
        ck_assert_msg(c >= 0, "%s: engine has %s, reference does not (%d vs %d turns)", fen, eng->turn[i], eng->n,
                      ref->n);
        ck_assert_msg(c <= 0, "%s: reference has %s, engine does not (%d vs %d turns)", fen, ref->turn[j], eng->n,
                      ref->n);
    }
}

/* Puts one position to both; its turns stay in eng. Returns the result. */
static void compare_position(const DiffSpec *spec, const Position *pos, const char *fen, TurnList *eng,
                             TurnList *ref, bool full, char *result) {
    eng->n = legal_turn_strings(pos, eng->turn, eng->max);
    ck_assert_int_le(eng->n, eng->max);
    ref->n = spec->ref->moves(fen, ref->turn, ref->max);
    ck_assert_msg(ref->n >= 0, "the reference cannot read %s", fen);
    ck_assert_int_le(ref->n, ref->max);
    compare_lists(fen, eng, ref, full);
    char theirs[RULES_RESULT_MAX];
    rules_result(pos, result, RULES_RESULT_MAX);
    ck_assert_msg(spec->ref->result(fen, theirs, sizeof theirs) >= 0, "the reference cannot judge %s", fen);
    ck_assert_msg(!strcmp(result, theirs), "%s: engine result '%s', reference '%s'", fen, result, theirs);
    ck_assert_msg((eng->n == 0) == (strcmp(result, "none") != 0), "%s: %d turns but result %s", fen, eng->n, result);
}

bool diff_try_turn(const RefGen *ref, const char *fen, const Position *pos, const char *turn, Position *next) {
    char err[256] = "", mine[FEN_MAX], theirs[FEN_MAX];
    Position p = *pos;
    bool ok = play_turn_str(&p, turn, err, sizeof err);
    bool ref_ok = ref->play(fen, turn, theirs, sizeof theirs) == 0;
    ck_assert_msg(ok == ref_ok, "%s: %s is %s by the engine (%s), %s by the reference", fen, turn,
                  ok ? "accepted" : "refused", err, ref_ok ? "accepted" : "refused");
    if (!ok) return false;
    ck_assert_msg(p.key == pos_compute_key(&p), "%s: %s leaves a stale key", fen, turn);
    fen_write(&p, mine, sizeof mine);
    ck_assert_msg(!strcmp(mine, theirs), "%s + %s:\n engine    %s\n reference %s", fen, turn, mine, theirs);
    *next = p;
    return true;
}

/* Plays one turn from pos into *next, after the position was compared. */
static void step(const DiffSpec *spec, const char *fen, const Position *pos, TurnList *turns, uint64_t *rng,
                 Position *next) {
    if (spec->detour && spec->detour(spec->ctx, fen, pos, turns, rng, next)) return;
    int i = spec->pick ? spec->pick(spec->ctx, pos, turns, rng) : (int)(test_rng_next(rng) % (uint64_t)turns->n);
    if (spec->played) spec->played(spec->ctx, pos, turns->turn[i]);
    ck_assert_msg(diff_try_turn(spec->ref, fen, pos, turns->turn[i], next), "%s: %s refused", fen, turns->turn[i]);
}

void diff_play(const DiffSpec *spec, const char *start, long positions, int max_plies, uint64_t *rng,
               DiffStats *st) {
    TurnList eng, ref;
    turn_list_init(&eng, 120000);
    turn_list_init(&ref, 120000);
    long target = st->positions + positions;
    while (st->positions < target) {
        Position pos = rules_load(spec->ref, start), next;
        st->games++;
        for (int ply = 0; ply < max_plies && st->positions < target; ply++) {
            char fen[FEN_MAX], result[RULES_RESULT_MAX];
            check_fen(spec->ref, &pos, fen);
            bool full = spec->full_every <= 1 || st->positions % spec->full_every == 0;
            compare_position(spec, &pos, fen, &eng, &ref, full, result);
            st->positions++;
            if (!eng.n) {
                st->finished++;
                if (spec->ended) spec->ended(spec->ctx, result);
                break;
            }
            step(spec, fen, &pos, &eng, rng, &next);
            pos = next;
        }
    }
    turn_list_free(&eng);
    turn_list_free(&ref);
}
