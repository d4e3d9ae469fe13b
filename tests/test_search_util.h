/* Helpers shared by the per-variant search suites: a fixed-depth search
 * that must find a winning turn, colour mirroring of a FEN for the
 * symmetric evaluation, and the noisy (quiescence) classification of steps. */
#ifndef RATNIK_TEST_SEARCH_UTIL_H
#define RATNIK_TEST_SEARCH_UTIL_H

#include <ctype.h>
#include <stdlib.h>
#include "test_util.h"
#include "../search/search.h"

/* Searches pos to `depth` on one thread with a fresh table; *out gets the
 * result. pos's Variant may be a modified copy of a registered one. */
static inline void search_to_depth(const Position *pos, int depth, SearchResult *out) {
    Game *game = malloc(sizeof *game);
    SearchResult *res = malloc(sizeof *res);
    ck_assert(game && res);
    TT tt = {0};
    ck_assert(tt_resize(&tt, 4));
    game_reset(game, pos);
    SearchRequest rq = {.game = game, .tt = &tt, .threads = 1, .limits = {.depth = depth}};
    ck_assert(search_blocking(&rq, res));
    *out = *res;
    tt_free(&tt);
    free(res);
    free(game);
}

/* Searches fen to `depth` in `variant`; the root turn in RULES.md notation. */
static inline void search_best_turn(const char *variant, const char *fen, int depth, char *out, size_t n) {
    Position pos = test_pos(variant, fen);
    SearchResult *res = malloc(sizeof *res);
    ck_assert(res);
    search_to_depth(&pos, depth, res);
    snprintf(out, n, "%s", res->pv_len ? res->best : "(none)");
    free(res);
}

static inline char swap_case(char c) {
    return isupper((unsigned char)c) ? (char)tolower((unsigned char)c)
         : islower((unsigned char)c) ? (char)toupper((unsigned char)c) : c;
}

/* The position with colours swapped: ranks reversed (files kept), letter
 * case swapped in the board, the holdings and the castling field, the other
 * side to move, no en passant square, the clocks kept. */
static inline void mirror_fen(const char *fen, char *out, size_t n) {
    char board[256] = "", side[8] = "w", castle[32] = "-", ep[8] = "-", half[16] = "0", full[16] = "1", hold[64] = "";
    ck_assert_int_ge(sscanf(fen, "%255s %7s %31s %7s %15s %15s", board, side, castle, ep, half, full), 2);
    char *br = strchr(board, '[');
    if (br) {
        snprintf(hold, sizeof hold, "%s", br);
        *br = 0;
    }
    char *ranks[MAX_RANKS + 1], *save = NULL;
    int nr = 0;
    for (char *r = strtok_r(board, "/", &save); r && nr <= MAX_RANKS; r = strtok_r(NULL, "/", &save)) ranks[nr++] = r;
    size_t at = 0;
    for (int i = nr - 1; i >= 0; i--) at += (size_t)snprintf(out + at, n - at, "%s%s", ranks[i], i ? "/" : "");
    for (size_t i = 0; i < at; i++) out[i] = swap_case(out[i]);
    for (char *c = hold; *c; c++) *c = swap_case(*c);
    for (char *c = castle; *c; c++) *c = swap_case(*c);
    snprintf(out + at, n - at, "%s %s %s - %s %s", hold, side[0] == 'w' ? "b" : "w", castle, half, full);
}

/* The evaluation is colour-blind: a position and its mirror score the same
 * from the side to move's view. */
static inline void assert_eval_symmetric(const Position *pos) {
    char fen[256], mfen[256];
    fen_write(pos, fen, sizeof fen);
    mirror_fen(fen, mfen, sizeof mfen);
    Position m = test_pos(pos->v->name, mfen);
    int a = pos->v->evaluate(pos), b = m.v->evaluate(&m);
    ck_assert_msg(a == b, "eval %d of %s but %d of its mirror %s", a, fen, b, mfen);
}

/* assert_eval_symmetric along seeded random games from `fen` (NULL: the
 * start); returns how many positions were checked. */
static inline int check_eval_symmetry_random(const char *variant, const char *fen, int games, int plies, unsigned seed) {
    int checked = 0;
    for (int game = 0; game < games; game++) {
        Position pos = test_pos(variant, fen);
        for (int ply = 0; ply < plies; ply++) {
            Move moves[MAX_MOVES];
            int n = pos.v->generate(&pos, moves);
            if (!n) break;
            if (!pos.pending) { /* a FEN cannot show a turn under way */
                assert_eval_symmetric(&pos);
                checked++;
            }
            seed = seed * 1103515245u + 12345u;
            pos.v->make(&pos, moves[(seed >> 16) % (unsigned)n]);
        }
    }
    return checked;
}

/* Random play from the start and from `middle`: at every ply the
 * evaluation of the position equals that of its mirror (both are from the
 * side to move's view), in more than 500 positions. */
static inline void assert_eval_symmetric_in_play(const char *variant, const char *middle) {
    int checked = check_eval_symmetry_random(variant, NULL, 20, 60, 7)
                + check_eval_symmetry_random(variant, middle, 20, 60, 8);
    ck_assert_int_gt(checked, 500);
}

/* Whether `turn` is one of the space-separated turns of `list`. */
static inline bool in_list(const char *turn, const char *list) {
    char copy[256];
    snprintf(copy, sizeof copy, "%s", list);
    char *save = NULL;
    for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
        if (!strcmp(t, turn)) return true;
    return false;
}

/* A search of fen to `depth` plays one of the space-separated turns `best`. */
static inline void assert_finds(const char *variant, const char *fen, int depth, const char *best) {
    char turn[TURN_STR_MAX * 2];
    search_best_turn(variant, fen, depth, turn, sizeof turn);
    ck_assert_msg(in_list(turn, best), "%s: played %s, expected %s", fen, turn, best);
}

/* The evaluation of each of fens and of the positions of seeded random
 * games from the start is colour-symmetric; returns how many of the random
 * positions were checked. */
static inline int assert_eval_symmetric_all(const char *variant, const char *const *fens, int nfens, int games,
                                            int plies, unsigned seed) {
    for (int i = 0; i < nfens; i++) {
        Position pos = test_pos(variant, fens[i]);
        assert_eval_symmetric(&pos);
    }
    return check_eval_symmetry_random(variant, NULL, games, plies, seed);
}

/* The legal step of pos written `text`. */
static inline bool find_step(const Position *pos, const char *text, Move *m) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++) {
        char str[MOVE_STR_MAX];
        move_to_str(pos, moves[i], str);
        if (!strcmp(str, text)) {
            *m = moves[i];
            return true;
        }
    }
    return false;
}

/* The step `text` of fen exists and is noisy (quiescence searches it) or not. */
static inline void assert_step_noisy(const char *variant, const char *fen, const char *text, bool noisy) {
    Position pos = test_pos(variant, fen);
    Move m;
    ck_assert_msg(find_step(&pos, text, &m), "%s: no step %s", fen, text);
    ck_assert_msg(pos.v->is_noisy(&pos, m) == noisy, "%s: %s should %sbe noisy", fen, text, noisy ? "" : "not ");
}

/* Exactly the space-separated steps `noisy` of fen are noisy. */
static inline void assert_noisy_steps(const char *variant, const char *fen, const char *noisy) {
    Position pos = test_pos(variant, fen);
    Move moves[MAX_MOVES];
    int k = pos.v->generate(&pos, moves), found = 0, want = 0;
    for (int i = 0; i < k; i++) {
        char s[TURN_STR_MAX];
        move_to_str(&pos, moves[i], s);
        bool listed = in_list(s, noisy);
        ck_assert_msg(pos.v->is_noisy(&pos, moves[i]) == listed, "%s: %s", fen, s);
        found += listed;
    }
    for (const char *c = noisy; *c; c++) want += (c == noisy || c[-1] == ' ') && *c != ' ';
    ck_assert_int_eq(found, want);
}

/* The first-trade exchange test of the step `text` of fen against threshold. */
static inline void assert_see_ge(const char *variant, const char *fen, const char *text, int threshold, bool want) {
    Position pos = test_pos(variant, fen);
    Move m;
    ck_assert_msg(find_step(&pos, text, &m), "%s: no step %s", fen, text);
    ck_assert_msg(pos.v->see_ge(&pos, m, threshold) == want, "%s: see_ge(%s, %d) should be %d", fen, text, threshold,
                  want);
}

#endif
