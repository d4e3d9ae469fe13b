/* The rule suites' shared helpers (rules_util.h). */
#include "rules_util.h"
#include <stdio.h>
#include <stdlib.h>
#include "test_util.h"
#include "../variants/registry.h"

/* Turn strings a position of any variant can have, with room (a Voodoo
 * middlegame has tens of thousands of three-part turns). */
enum { TURNS_MAX = 120000 };

void turn_list_init(TurnList *l, int max) {
    l->turn = malloc(sizeof(TurnStr) * (size_t)max);
    ck_assert_ptr_nonnull(l->turn);
    l->n = 0;
    l->max = max;
}

void turn_list_free(TurnList *l) {
    free(l->turn);
    l->turn = NULL;
}

static int cmp_turn(const void *a, const void *b) { return strcmp(a, b); }

void turn_list_sort(TurnList *l) { qsort(l->turn, (size_t)l->n, sizeof(TurnStr), cmp_turn); }

Position rules_load(const RefGen *r, const char *fen) { return test_pos(r->variant, fen); }

bool rules_parses(const RefGen *r, const char *fen, char *err, size_t n) {
    Position pos;
    const Variant *v = variant_find(r->variant);
    ck_assert_ptr_nonnull(v);
    return fen_parse(&pos, v, fen, err, n);
}

void rules_turns(const RefGen *r, const char *fen, TurnList *out) {
    Position pos = rules_load(r, fen);
    turn_list_init(out, TURNS_MAX);
    out->n = legal_turn_strings(&pos, out->turn, out->max);
    ck_assert_int_le(out->n, out->max);
    turn_list_sort(out);
}

/* The sorted turns of a list that start with prefix, joined by spaces. */
static void join_prefixed(const TurnList *l, const char *prefix, char *out, size_t n) {
    size_t len = 0, plen = strlen(prefix);
    out[0] = 0;
    for (int i = 0; i < l->n; i++) {
        if (strncmp(l->turn[i], prefix, plen)) continue;
        len += (size_t)snprintf(out + len, n - len, "%s%s", len ? " " : "", l->turn[i]);
        ck_assert_uint_lt(len, n);
    }
}

static void ref_turns(const RefGen *r, const char *fen, TurnList *out) {
    turn_list_init(out, TURNS_MAX);
    out->n = r->moves(fen, out->turn, out->max);
    ck_assert_msg(out->n >= 0, "the reference cannot read %s", fen);
    ck_assert_int_le(out->n, out->max);
    turn_list_sort(out);
}

void rules_moves_from(const RefGen *r, const char *fen, const char *prefix, char *out, size_t n) {
    TurnList l;
    rules_turns(r, fen, &l);
    join_prefixed(&l, prefix, out, n);
    turn_list_free(&l);
    if (!r->moves) return;
    char *theirs = malloc(n);
    ck_assert_ptr_nonnull(theirs);
    ref_turns(r, fen, &l);
    join_prefixed(&l, prefix, theirs, n);
    turn_list_free(&l);
    ck_assert_msg(!strcmp(out, theirs), "%s from '%s':\n engine    [%s]\n reference [%s]", fen, prefix, out, theirs);
    free(theirs);
}

int rules_count_prefix(const RefGen *r, const char *fen, const char *prefix) {
    TurnList l;
    rules_turns(r, fen, &l);
    int c = 0;
    for (int i = 0; i < l.n; i++) c += !strncmp(l.turn[i], prefix, strlen(prefix));
    turn_list_free(&l);
    if (r->moves) {
        ref_turns(r, fen, &l);
        int theirs = 0;
        for (int i = 0; i < l.n; i++) theirs += !strncmp(l.turn[i], prefix, strlen(prefix));
        turn_list_free(&l);
        ck_assert_msg(c == theirs, "%s: %d turns start with '%s', the reference has %d", fen, c, prefix, theirs);
    }
    return c;
}

bool rules_has_turn(const RefGen *r, const char *fen, const char *turn) {
    TurnList l;
    rules_turns(r, fen, &l);
    bool found = bsearch(turn, l.turn, (size_t)l.n, sizeof(TurnStr), cmp_turn) != NULL;
    turn_list_free(&l);
    if (r->moves) {
        ref_turns(r, fen, &l);
        bool theirs = bsearch(turn, l.turn, (size_t)l.n, sizeof(TurnStr), cmp_turn) != NULL;
        turn_list_free(&l);
        ck_assert_msg(found == theirs, "%s: %s is %slegal to the engine, %slegal to the reference", fen, turn,
                      found ? "" : "not ", theirs ? "" : "not ");
    }
    return found;
}

void rules_after(const RefGen *r, const char *fen, const char *turns, char *out, size_t n) {
    Position pos = rules_load(r, fen);
    char buf[1024], err[256], cur[FEN_MAX], ref[FEN_MAX];
    snprintf(buf, sizeof buf, "%s", turns);
    snprintf(cur, sizeof cur, "%s", fen);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save)) {
        ck_assert_msg(play_turn_str(&pos, t, err, sizeof err), "%s: turn %s rejected: %s", cur, t, err);
        ck_assert_msg(pos.key == pos_compute_key(&pos), "%s + %s: the incremental key differs", cur, t);
        char eng[FEN_MAX];
        fen_write(&pos, eng, sizeof eng);
        if (r->play) {
            ck_assert_msg(r->play(cur, t, ref, sizeof ref) == 0, "%s: the reference rejects %s", cur, t);
            ck_assert_msg(!strcmp(eng, ref), "%s + %s:\n engine    %s\n reference %s", cur, t, eng, ref);
        }
        snprintf(cur, sizeof cur, "%s", eng);
    }
    snprintf(out, n, "%s", cur);
}

void rules_result(const Position *pos, char *buf, size_t n) {
    static const char *const codes[] = {"none", "1-0", "0-1", "1/2-1/2"};
    Outcome o;
    pos->v->outcome(pos, &o);
    if (o.code == RES_NONE) snprintf(buf, n, "none");
    else snprintf(buf, n, "%s %s", codes[o.code], o.reason);
}

void rules_result_of(const RefGen *r, const char *fen, char *buf, size_t n) {
    Position pos = rules_load(r, fen);
    rules_result(&pos, buf, n);
    TurnList l;
    rules_turns(r, fen, &l);
    bool over = strcmp(buf, "none") != 0, none_left = l.n == 0;
    turn_list_free(&l);
    ck_assert_msg(over == none_left, "%s: result %s, yet %s legal turn", fen, buf, none_left ? "no" : "a");
    if (!r->result) return;
    char theirs[RULES_RESULT_MAX];
    ck_assert_msg(r->result(fen, theirs, sizeof theirs) >= 0, "the reference cannot read %s", fen);
    ck_assert_msg(!strcmp(buf, theirs), "%s: engine result '%s', reference '%s'", fen, buf, theirs);
}

void rules_assert_rejected(const RefGen *r, const char *fen, const char *turn, const char *why) {
    Position pos = rules_load(r, fen), before = pos;
    char err[256] = "", out[FEN_MAX];
    ck_assert_msg(!play_turn_str(&pos, turn, err, sizeof err), "%s: %s accepted", fen, turn);
    ck_assert_msg(!memcmp(&pos, &before, sizeof pos), "%s: the rejected %s changed the position", fen, turn);
    ck_assert_msg(err[0] && strstr(err, why), "%s: %s rejected with '%s', expected '%s'", fen, turn, err, why);
    if (r->play) ck_assert_msg(r->play(fen, turn, out, sizeof out) != 0, "%s: the reference accepts %s", fen, turn);
}

void rules_assert_fen_rejected(const RefGen *r, const char *fen, const char *why) {
    char err[256] = "";
    ck_assert_msg(!rules_parses(r, fen, err, sizeof err), "FEN accepted: %s", fen);
    ck_assert_msg(err[0] && strstr(err, why), "%s: rejected with '%s', expected '%s'", fen, err, why);
    TurnStr moves[4];
    if (r->moves && r->judges_setup) ck_assert_msg(r->moves(fen, moves, 4) == -1, "the reference accepts %s", fen);
}

void rules_assert_round_trip(const RefGen *r, const char *fen, const char *expect) {
    Position pos = rules_load(r, fen);
    char out[FEN_MAX];
    fen_write(&pos, out, sizeof out);
    ck_assert_msg(!strcmp(out, expect ? expect : fen), "%s written as %s", fen, out);
    ck_assert_msg(pos.key == pos_compute_key(&pos), "%s: key differs from a fresh computation", fen);
}

void rules_assert_perft(const RefGen *r, const char *fen, int depth) {
    Position pos = rules_load(r, fen);
    for (int d = 1; d <= depth; d++) {
        unsigned long long mine = perft(&pos, d), theirs = r->perft(fen, d);
        ck_assert_msg(mine == theirs, "%s depth %d: engine %llu, reference %llu", fen, d, mine, theirs);
    }
}

void sort_words(const char *in, char *out, size_t n) {
    TurnList l;
    turn_list_init(&l, RULES_LIST_TEXT / 2);
    char *buf = strdup(in), *save = NULL;
    for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save))
        snprintf(l.turn[l.n++], sizeof(TurnStr), "%s", w);
    free(buf);
    turn_list_sort(&l);
    join_prefixed(&l, "", out, n);
    turn_list_free(&l);
}

void rules_assert_turns(const RefGen *r, const TurnCase *cases, size_t n) {
    for (size_t i = 0; i < n; i++) {
        const TurnCase *c = &cases[i];
        if (!c->after) {
            rules_assert_rejected(r, c->fen, c->turns, c->why);
            continue;
        }
        char got[FEN_MAX];
        rules_after(r, c->fen, c->turns, got, sizeof got);
        ck_assert_msg(!strcmp(got, c->after), "%s + %s:\n got  %s\n want %s", c->fen, c->turns, got, c->after);
    }
}
