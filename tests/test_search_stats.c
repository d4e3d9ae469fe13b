/* The search's statistics (search/history.c): the static eval's correction
 * per structure and the capture history. */
#include <sys/mman.h>
#include <unistd.h>
#include "test_util.h"
#include "../search/tt.h"
#include "../search/history.h"
#include "suites.h"

static Thread *thread_for(const Position *pos) {
    Thread *t = calloc(1, sizeof *t);
    ck_assert_ptr_nonnull(t);
    history_init_thread(t, pos->v);
    return t;
}

START_TEST(correction_keys_the_cheapest_pieces) {
    const char *names[] = {"chess", "buratia", "japanese", "belarusian", "voodoo"};
    for (int i = 0; i < 5; i++) {
        const Variant *v = variant_find(names[i]);
        ck_assert_ptr_nonnull(v);
        int type = correction_type(v);
        ck_assert_msg(type > 0 && v->pieces[type].letter, "%s: no structure piece", names[i]);
        for (int other = 1; other < PT_NB; other++)
            if (v->pieces[other].letter && v->pieces[other].value > 0)
                ck_assert_int_le(v->pieces[type].value, v->pieces[other].value);
    }
    ck_assert_int_eq(variant_find("chess")->pieces[correction_type(variant_find("chess"))].letter, 'P');
}
END_TEST

START_TEST(correction_learns_the_error_and_stays_bounded) {
    Position pos = test_pos("chess", NULL);
    Thread *t = thread_for(&pos);
    ck_assert_int_eq(corrected_eval(t, &pos, 20), 20);
    for (int i = 0; i < 200; i++) correction_update(t, &pos, 20, 70, 10);
    int learnt = corrected_eval(t, &pos, 20);
    ck_assert_int_ge(learnt, 65);
    ck_assert_int_le(learnt, 70);
    /* Another structure (a pawn moved) has its own entry; the pieces do not
     * count, so a knight move shares it. */
    Position pawn = test_pos("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    Position knight = test_pos("chess", "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1");
    ck_assert_int_eq(corrected_eval(t, &pawn, 20), 20);
    ck_assert_int_eq(corrected_eval(t, &knight, 20), learnt);
    /* A huge miss moves it only so far; a mate says nothing of the eval. */
    for (int i = 0; i < 200; i++) correction_update(t, &pos, 0, 3000, 20);
    ck_assert_int_le(corrected_eval(t, &pos, 0), 96);
    ck_assert_int_ge(corrected_eval(t, &pos, 0), 90);
    int before = corrected_eval(t, &pos, 0);
    correction_update(t, &pos, 0, SCORE_MATE - 3, 20);
    ck_assert_int_eq(corrected_eval(t, &pos, 0), before);
    ck_assert_int_eq(corrected_eval(t, &pos, SCORE_MATE - 3), SCORE_MATE - 3);
    free(t);
}
END_TEST

/* The captures in pos, by victim: the first two with different victims. */
static int two_captures(const Position *pos, Move out[2]) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves), found = 0;
    for (int i = 0; i < n && found < 2; i++) {
        Piece v = pos->board[move_to(moves[i])];
        if (!v || piece_color(v) == pos->side) continue;
        if (found == 1 && pos->board[move_to(out[0])] == v) continue;
        out[found++] = moves[i];
    }
    return found;
}

START_TEST(capture_history_rewards_the_cut) {
    /* White's queen takes a rook or a knight. */
    Position pos = test_pos("chess", "4k3/8/8/2n1r3/3Q4/8/8/K7 w - - 0 1");
    Thread *t = thread_for(&pos);
    Move caps[2];
    ck_assert_int_eq(two_captures(&pos, caps), 2);
    ck_assert_int_eq(capture_history(t, &pos, caps[0]), 0);
    /* The first was tried and failed, the second cut off: chess moves
     * both by 32 x depth^2, so that a few cut-offs already reorder and
     * reduce (at 1 x depth^2 an entry needed thousands of them). */
    history_reward(t, &pos, caps[1], false, 6, 0, NULL, 0, caps, 2);
    ck_assert_int_eq(capture_history(t, &pos, caps[1]), 32 * 36);
    ck_assert_int_eq(capture_history(t, &pos, caps[0]), -32 * 36);
    /* Gravity: no entry leaves the range. */
    for (int i = 0; i < 2000; i++) history_reward(t, &pos, caps[1], false, 30, 0, NULL, 0, caps, 2);
    ck_assert_int_le(capture_history(t, &pos, caps[1]), HISTORY_MAX);
    ck_assert_int_ge(capture_history(t, &pos, caps[0]), -HISTORY_MAX);
    ck_assert_int_gt(capture_history(t, &pos, caps[1]), HISTORY_MAX / 2);
    free(t);
}
END_TEST

/* The games whose searches were measured with the small bonus keep it:
 * 1 x depth^2. */
START_TEST(history_bonus_is_the_games_own) {
    Position pos = test_pos("japanese", NULL);
    Thread *t = thread_for(&pos);
    Move moves[MAX_MOVES];
    int n = pos.v->generate(&pos, moves);
    ck_assert_int_ge(n, 2);
    history_reward(t, &pos, moves[1], true, 6, 0, NULL, 0, NULL, 0);
    ck_assert_int_eq(quiet_history(t, &pos, moves[1], 0), 36);
    free(t);
}
END_TEST

/* Chess reads a quiet step's continuation after the side's own step two
 * turns back (four plies: cont_key[ply - 3]) beside the step just before
 * and its own previous one; the other games read only those two. */
START_TEST(chess_continuation_reaches_two_turns_back) {
    const char *names[] = {"chess", "japanese"};
    const int bonus[] = {32 * 36, 36}, tables[] = {2, 1};
    for (int g = 0; g < 2; g++) {
        Position pos = test_pos(names[g], NULL);
        Thread *t = thread_for(&pos);
        Move moves[MAX_MOVES];
        ck_assert_int_ge(pos.v->generate(&pos, moves), 2);
        int ply = 4;
        t->cont_key[ply - 3] = cont_key_of(&pos, moves[0]); /* the others stay CONT_NONE */
        history_reward(t, &pos, moves[1], true, 6, ply, NULL, 0, NULL, 0);
        ck_assert_int_eq(quiet_history(t, &pos, moves[1], ply), tables[g] * bonus[g]);
        free(t);
    }
}
END_TEST

/* A table is resident as soon as it is made: the first touches of its
 * (huge) pages, which can stall for compaction, happen before any search
 * rather than inside a timed one. */
START_TEST(tt_is_resident_when_made) {
    TT tt = {0};
    for (size_t mb = 1; mb <= 8; mb *= 2) {
        ck_assert(tt_resize(&tt, mb));
        size_t page = (size_t)sysconf(_SC_PAGESIZE), bytes = tt.buckets * TT_BUCKET * sizeof(TTCell);
        uintptr_t lo = (uintptr_t)tt.cells & ~(uintptr_t)(page - 1);
        size_t len = (uintptr_t)tt.cells + bytes - lo, pages = (len + page - 1) / page, resident = 0;
        unsigned char *in_core = malloc(pages);
        ck_assert_int_eq(mincore((void *)lo, len, in_core), 0);
        for (size_t i = 0; i < pages; i++) resident += in_core[i] & 1;
        ck_assert_msg(resident == pages, "%zu MB: %zu of %zu pages resident", mb, resident, pages);
        free(in_core);
        TTCell *slot;
        TTEntry hit;
        ck_assert(!tt_probe(&tt, 0x9e3779b97f4a7c15ULL, &hit, &slot));
    }
    tt_free(&tt);
}
END_TEST

Suite *suite_search_stats(void) {
    return suite_of("search_stats", CASE("stats", 30, correction_keys_the_cheapest_pieces,
                                         correction_learns_the_error_and_stays_bounded,
                                         capture_history_rewards_the_cut, history_bonus_is_the_games_own,
                                         chess_continuation_reaches_two_turns_back,
                                         tt_is_resident_when_made),
                    NULL);
}
