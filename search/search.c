/* The search. Numbered steps follow the order in which a node does its work;
 * each says why it exists. Turns of several steps (Voodoo) are searched as
 * sub-plies: a step that leaves the same side to move is searched at the
 * same depth without negating the score, so alpha-beta prunes inside a turn.
 * This file is one node's work; search_root.c runs the iterations, the
 * threads and the report. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "search_thread.h"
#include "history.h"
#include "eval.h"
#include "prune.h"
#include "../engine/notation.h"
#include "../engine/clock.h"

enum { PRICELESS = 20000, DRAW_CONTEMPT = 10 };

static int lmr_table[64][64];

static void init_lmr(void) {
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++) lmr_table[d][m] = (int)(0.75 + log(d) * log(m) / 2.25);
}

void search_init_tables(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, init_lmr);
}

/* ---- scores -------------------------------------------------------------- */

static int terminal_score(const Position *pos, int ply) {
    Outcome o;
    pos->v->outcome(pos, &o);
    if (o.code == RES_DRAW || o.code == RES_NONE) return 0;
    bool win = (o.code == RES_WHITE_WINS) == (pos->side == WHITE);
    int s = (o.advantage ? SCORE_ADVANTAGE : SCORE_MATE) - ply;
    return win ? s : -s;
}

/* Mate-like scores are stored relative to the node, not the root. */
static int score_to_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s + ply : s <= -SCORE_MATE_BOUND ? s - ply : s;
}
static int score_from_tt(int s, int ply) {
    return s >= SCORE_MATE_BOUND ? s - ply : s <= -SCORE_MATE_BOUND ? s + ply : s;
}

/* ---- move classification and ordering ----------------------------------- */

static int captured_value(const Position *pos, Move m) {
    int kind = move_kind(m);
    if (kind == MK_EP) return 100;
    if (kind == MK_DISPLACE || kind == MK_CHANGE || kind == MK_DROP || move_to(m) == SQ_NONE) return 0;
    Piece p = pos->board[move_to(m)];
    if (!p || piece_color(p) == pos->side) return 0;
    /* A piece the table values at 0 is priceless (a king that can be taken
     * ends the game): order its capture first. */
    int v = pos->v->pieces[piece_type(p)].value;
    return v ? v : PRICELESS;
}

static bool is_noisy(const Position *pos, Move m) {
    if (pos->v->is_noisy) return pos->v->is_noisy(pos, m);
    return captured_value(pos, m) || move_kind(m) == MK_PROMO;
}

static int mover_value(const Position *pos, Move m) {
    int from = move_from(m);
    return from == SQ_NONE || !pos->board[from] ? 0 : pos->v->pieces[piece_type(pos->board[from])].value;
}

/* Order: TT move, winning or even captures (victim first, then the cheaper
 * attacker), killers, quiet moves by history, losing captures last. */
static void score_moves(Thread *t, const Position *pos, const Move *moves, int *scores, int n, Move tt_move,
                        int ply) {
    bool by_history = prune_limits(pos->v->prune)->capture_history;
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        int victim = captured_value(pos, m);
        if (m == tt_move) scores[i] = 1 << 30;
        else if (is_noisy(pos, m)) {
            int mvv = victim * 16 - mover_value(pos, m) / 16 + (move_kind(m) == MK_PROMO ? 4000 : 0)
                    + (by_history ? capture_history(t, pos, m) / 8 : 0);
            bool losing = pos->v->see_ge && !pos->v->see_ge(pos, m, 0);
            /* Noisy steps that capture nothing (a push onto the goal, a quiet
             * promotion) must still rank above every quiet move. */
            scores[i] = losing ? -(1 << 22) + mvv : (1 << 24) + (mvv > 0 ? mvv : 0);
        } else if (m == t->killers[ply][0]) scores[i] = (1 << 23) + 2;
        else if (m == t->killers[ply][1]) scores[i] = (1 << 23) + 1;
        else scores[i] = quiet_history(t, pos, m, ply);
    }
}

/* Selection sort step: brings the best remaining move to index i. */
static Move pick_move(Move *moves, int *scores, int n, int i) {
    int best = i;
    for (int j = i + 1; j < n; j++)
        if (scores[j] > scores[best]) best = j;
    Move m = moves[best];
    int s = scores[best];
    moves[best] = moves[i], scores[best] = scores[i];
    moves[i] = m, scores[i] = s;
    return m;
}

/* ---- limits and bookkeeping -------------------------------------------- */

static bool should_stop(Thread *t) {
    SearchJob *job = t->job;
    if ((t->nodes & 255) == 0) {
        flush_nodes(t);
        if (t->root_depth > 1 && atomic_load_explicit(&job->completed_depth, memory_order_relaxed) >= t->root_depth
            && !(t->id == 0 && job->multipv > 1))
            t->abort_iter = true;
        if (t->id == 0 && t->root_depth > 1) {
            bool timed = !job->limits.infinite && !atomic_load(&job->pondering);
            if ((timed && job->hard_ms > 0 && clock_now_ms() - job->start_ms >= job->hard_ms)
                || (job->limits.nodes && atomic_load(&job->nodes) >= job->limits.nodes))
                atomic_store(&job->stop, true);
        }
    }
    return stopped(t);
}

/* A repetition or a rule draw the search may choose is worth a little
 * less than nothing to the side that searches (docs/evaluation.md,
 * "Contempt"): at an even score it plays on instead of repeating. */
static int draw_score(const Thread *t, const Position *pos) {
    return pos->side == t->job->game->cur.side ? -DRAW_CONTEMPT : DRAW_CONTEMPT;
}

/* Only positions since the last irreversible step can repeat: the halfmove
 * clock bounds the scan (twice, for turns of several steps). */
static bool is_repetition(const Thread *t, const Position *pos) {
    uint64_t key = pos->key;
    int span = 2 * pos->halfmove + 2;
    int lo = t->nkeys > span ? t->nkeys - span : 0;
    for (int i = t->nkeys - 2; i >= lo; i--)
        if (t->keys[i] == key) return true;
    return false;
}

/* A repetition, or a rule draw (the fifty-move rule) the position shows. */
static bool rule_draw(const Thread *t, const Position *pos) {
    return is_repetition(t, pos) || (pos->v->draw_halfmoves && pos->halfmove >= pos->v->draw_halfmoves);
}

static bool is_excluded(const Thread *t, Move m) {
    for (int i = 0; i < t->n_excluded; i++)
        if (t->excluded[i] == m) return true;
    return false;
}

static bool has_big_pieces(const Position *pos) {
    int sq;
    BB_FOREACH(sq, pos->by_color[pos->side]) {
        if (pos->v->pieces[piece_type(pos->board[sq])].value >= 300) return true;
    }
    return false;
}

/* The static evaluation: the job's net if it has one, from the
 * accumulators the line so far has built, else the hand-written one. */
static int node_eval(Thread *t, const Position *pos, int ply) {
    if (!t->job->net) return evaluate(pos);
    return nnue_stack_evaluate(t->job->net, &t->nnue, ply) + net_knowledge(pos);
}

/* ---- quiescence -------------------------------------------------------- */

/* qdepth counts quiescence plies: at the first one, quiet steps that give
 * check are searched too, so that mates one step past the horizon show. */
static int qsearch(Thread *t, const Position *pos, int alpha, int beta, int ply, int qdepth) {
    nnue_stack_enter(&t->nnue, ply, pos);
    t->nodes++;
    if (should_stop(t)) return 0;
    if (ply > t->seldepth) t->seldepth = ply;
    if (ply >= MAX_PLY) return node_eval(t, pos, ply);
    /* A stored result of any depth settles a quiescence node. */
    TTCell *slot;
    TTEntry hit;
    const TTEntry *e = tt_probe(t->job->tt, pos->key, &hit, &slot) ? &hit : NULL;
    if (e) {
        int s = score_from_tt(e->score, ply), b = tt_bound(e);
        if (b == BOUND_EXACT || (b == BOUND_LOWER && s >= beta) || (b == BOUND_UPPER && s <= alpha)) return s;
    }
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
    bool in_check = pos->v->in_check && pos->v->in_check(pos);
    /* Out of check, a variant may hand over just its noisy steps; an empty
     * list then proves nothing, so only a full list can end the game here. */
    bool checks = !in_check && qdepth == 0 && pos->v->in_check && beta - alpha > 1;
    bool full = in_check || checks || !pos->v->generate_noisy;
    int n = full ? pos->v->generate(pos, moves) : pos->v->generate_noisy(pos, moves);
    if ((!n && full) || n == NOISY_GAME_OVER) return terminal_score(pos, ply);
    int raw = e ? e->eval : node_eval(t, pos, ply);
    int best = -SCORE_INF, eval = prune_limits(pos->v->prune)->correct_eval ? corrected_eval(t, pos, raw) : raw;
    int old_alpha = alpha;
    Move best_move = MOVE_NONE;
    if (!in_check) {
        best = eval;
        if (best >= beta) return best;
        if (best > alpha) alpha = best;
    }
    score_moves(t, pos, moves, scores, n, e ? e->move : MOVE_NONE, ply);
    for (int i = 0; i < n; i++) {
        Move m = pick_move(moves, scores, n, i);
        /* Only noisy steps that do not lose material, unless in check
         * (or, at the first quiescence ply, a quiet step giving check). */
        bool quiet_check = false;
        if (!in_check && (scores[i] < (1 << 24) || (scores[i] == 1 << 30 && !is_noisy(pos, m)))) {
            if (!checks || is_noisy(pos, m) || best >= SCORE_MATE_BOUND) {
                if (scores[i] == 1 << 30 || checks) continue;
                break;
            }
            quiet_check = true;
        }
        /* Delta pruning: even winning this piece cannot lift the score to
         * alpha. Pieces the table values at 0 (kings, directors) are never
         * pruned: taking one may end the game. */
        int cv = captured_value(pos, m);
        if (!in_check && move_kind(m) != MK_PROMO && cv && cv < PRICELESS && alpha < SCORE_MATE_BOUND
            && eval + cv + 200 <= alpha)
            continue;
        Position child = *pos;
        child.v->make(&child, m);
        tt_prefetch(t->job->tt, child.key);
        if (quiet_check && (child.side == pos->side || !child.v->in_check(&child))) continue;
        t->cont_key[ply + 1] = cont_key_of(pos, m);
        int score = child.side == pos->side ? qsearch(t, &child, alpha, beta, ply + 1, qdepth + 1)
                                            : -qsearch(t, &child, -beta, -alpha, ply + 1, qdepth + 1);
        if (stopped(t)) return 0;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) alpha = score;
            if (score >= beta) break;
        }
    }
    int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(t->job->tt, slot, pos->key, best_move, score_to_tt(best, ply), raw, -1, bound);
    return best;
}

/* ---- main search ------------------------------------------------------- */

/* A child that leaves the same side to move is a sub-ply of one turn. */
static int child_score(Thread *t, const Position *child, bool same_side, int alpha, int beta, int depth, int ply,
                       bool cut) {
    t->keys[t->nkeys++] = child->key;
    t->in_root_turn[ply + 1] = t->in_root_turn[ply] && same_side;
    int s = same_side ? search_node(t, child, alpha, beta, depth, ply + 1, cut)
                      : -search_node(t, child, -beta, -alpha, depth - 1, ply + 1, cut);
    t->nkeys--;
    return s;
}

/* A root move that beat the best one mid-iteration (or failed high) is
 * proven better at a depth beyond the last completed one: if the search is
 * stopped before the iteration ends, play it rather than the older move. */
static void adopt_root_move(Thread *t) {
    SearchJob *job = t->job;
    if (t->id != 0 || job->multipv > 1) return;
    pthread_mutex_lock(&job->result_lock);
    if (t->root_depth > atomic_load(&job->completed_depth)) {
        memcpy(job->pv, t->pv[0], sizeof(Move) * (size_t)t->pv_len[0]);
        job->pv_len = t->pv_len[0];
    }
    pthread_mutex_unlock(&job->result_lock);
}

int search_node_moves(const Thread *t, const Position *pos, int ply, Move *moves) {
    if (!t->in_root_turn[ply]) return pos->v->generate(pos, moves);
    return root_turns_next(t->job->limits.root, t->root_path, ply, moves);
}

/* After the TT move (moves[0]) failed to cut off: the other steps into
 * moves[1..], scored. Returns the new length of the list. */
static int generate_after_tt(Thread *t, const Position *pos, Move *moves, int *scores, int ply) {
    int n = 1 + pos->v->generate(pos, moves + 1);
    for (int i = 1; i < n; i++)
        if (moves[i] == moves[0]) {
            memmove(&moves[i], &moves[i + 1], sizeof(Move) * (size_t)(n - i - 1));
            n--;
            break;
        }
    score_moves(t, pos, moves + 1, scores + 1, n - 1, MOVE_NONE, ply);
    return n;
}

/* Futility (the eval far below alpha) or late-move pruning (many steps
 * tried already) of a quiet step at low depth. */
static bool quiet_is_futile(const PruneLimits *lim, int depth, int eval, int alpha, int played, bool improving) {
    if (depth <= lim->futility_depth && eval + 120 + 110 * depth <= alpha) return true;
    int late = (4 + 2 * depth * depth) / (lim->lmp_improving ? 2 - improving : 1);
    return depth <= lim->lmp_depth && played >= late;
}

/* Whether the step into the node at ply was played in the root turn or
 * in the opponent's reply to it. */
static bool in_first_two_turns(const Thread *t, int ply) {
    int start = t->turn_ply[ply - 1];
    return start == 0 || t->turn_ply[start - 1] == 0;
}

/* ProbCut: a capture whose shallow search still beats beta by a margin
 * would very likely cut at full depth too. A quiescence probe first, so
 * most captures cost no search. Returns the proving score, or -SCORE_INF.
 * Kept out of line so its move list does not sit in every search frame. */
__attribute__((noinline)) static int probcut(Thread *t, const Position *pos, int pc_beta, int depth, int ply,
                                             int static_eval, bool cut_node) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate_noisy ? pos->v->generate_noisy(pos, moves) : pos->v->generate(pos, moves);
    for (int i = 0; i < n; i++) {
        Move m = moves[i];
        if (!is_noisy(pos, m) || !pos->v->see_ge(pos, m, pc_beta - static_eval)) continue;
        Position child = *pos;
        child.v->make(&child, m);
        if (child.side == pos->side) continue;
        t->cont_key[ply + 1] = cont_key_of(pos, m);
        int s = child_score(t, &child, false, pc_beta - 1, pc_beta, 1, ply, !cut_node);
        if (s >= pc_beta) s = child_score(t, &child, false, pc_beta - 1, pc_beta, depth - 3, ply, !cut_node);
        if (stopped(t)) return 0;
        if (s >= pc_beta) return s;
    }
    return -SCORE_INF;
}

int search_node(Thread *t, const Position *pos, int alpha, int beta, int depth, int ply, bool cut_node) {
    bool pv_node = beta - alpha > 1, root = ply == 0;
    /* A restricted root turn neither trusts nor stores the TT: its scores
     * leave out the turns not given. */
    bool restricted = t->in_root_turn[ply];
    /* A singular search: this node again, without its TT move, to learn
     * whether any other step comes close. It trusts and stores nothing in
     * the TT (the key is the same as the full node's) and prunes nothing
     * before the move loop. */
    Move skip = t->skip_move[ply];
    t->pv_len[ply] = 0;
    nnue_stack_enter(&t->nnue, ply, pos);
    t->turn_ply[ply] = ply > 0 && pos->pending ? t->turn_ply[ply - 1] : ply;

    /* Step 1. Horizon: quiescence search settles captures and decisive
     * steps. A repetition in the root turn or the reply to it is a draw,
     * though, which the quiescence search would score by material: at
     * depth 1 the engine walked into threefold repetition that way, and at
     * depth 2 it let the opponent repeat. Deeper horizon nodes keep their
     * quiescence score: testing them all for draws cost about 20 Elo in
     * chess (docs/evaluation.md). */
    if (depth <= 0) {
        if (!root && in_first_two_turns(t, ply) && !pos->pending && rule_draw(t, pos)) return draw_score(t, pos);
        return qsearch(t, pos, alpha, beta, ply, 0);
    }
    t->nodes++;
    if (should_stop(t) && !root) return 0;
    if (ply >= MAX_PLY) return node_eval(t, pos, ply);

    /* Step 2. Draws by repetition (twofold inside the tree is enough to
     * score) and the rule draws a position still having moves can show. */
    if (!root && !pos->pending && rule_draw(t, pos)) return draw_score(t, pos);

    /* Step 3. Mate distance pruning: no score can beat a faster win. */
    if (!root) {
        alpha = alpha > -SCORE_MATE + ply ? alpha : -SCORE_MATE + ply;
        beta = beta < SCORE_MATE - ply - 1 ? beta : SCORE_MATE - ply - 1;
        if (alpha >= beta) return alpha;
    }

    /* Step 4. Transposition table: a deep enough bound ends the node. */
    TTCell *slot;
    TTEntry hit;
    const TTEntry *e = tt_probe(t->job->tt, pos->key, &hit, &slot) ? &hit : NULL;
    Move tt_move = e ? e->move : MOVE_NONE;
    if (e && !pv_node && !restricted && !skip && tt_depth(e) >= depth) {
        int s = score_from_tt(e->score, ply);
        int b = tt_bound(e);
        if (b == BOUND_EXACT || (b == BOUND_LOWER && s >= beta) || (b == BOUND_UPPER && s <= alpha)) return s;
    }

    /* Step 5. Moves; none means the game is over here. A stored move the
     * variant can vouch for is tried before the rest are generated: where
     * a node has hundreds of steps (Voodoo's sacrifices), a cut-off by the
     * TT move then costs no generation at all. */
    Move moves[MAX_MOVES];
    int scores[MAX_MOVES];
    bool staged = tt_move && !restricted && !skip && pos->v->is_legal && pos->v->is_legal(pos, tt_move);
    int n = staged ? 1 : search_node_moves(t, pos, ply, moves);
    if (!n) return terminal_score(pos, ply);

    bool in_check = pos->v->in_check && pos->v->in_check(pos);
    const PruneLimits *lim = prune_limits(pos->v->prune);
    int raw_eval = e ? e->eval : node_eval(t, pos, ply);
    int static_eval = lim->correct_eval && !in_check ? corrected_eval(t, pos, raw_eval) : raw_eval, eval = static_eval;
    /* Improving: the eval rose since this side's previous node. A rising
     * eval tends to hold, so reverse futility needs a smaller margin; a
     * falling one makes late quiet moves likelier to fail, so late-move
     * pruning cuts more when not improving, and so do the reductions where
     * the game's limits say so (not in chess: search/prune.c says why). */
    t->static_eval[ply] = in_check ? EVAL_NONE : eval;
    bool improving = !in_check && turn_improving(t->turn_ply, t->static_eval, EVAL_NONE, ply);
    /* A stored bound on the other side of the static eval is a better
     * guess of this node's worth than the eval: the prunings use it. */
    if (e && !in_check) {
        int s = score_from_tt(e->score, ply);
        if (s > -SCORE_MATE_BOUND && s < SCORE_MATE_BOUND && (tt_bound(e) & (s > eval ? BOUND_LOWER : BOUND_UPPER)))
            eval = s;
    }

    bool singular = false; /* Step 8b */
    if (skip) goto move_loop;

    /* Step 6. Reverse futility: far above beta at low depth, trust the eval. */
    int rfp_margin = lim->rfp_margin * (depth - (lim->rfp_improving && improving));
    if (!pv_node && !in_check && depth <= lim->rfp_depth && eval - rfp_margin >= beta && eval < SCORE_MATE_BOUND)
        return eval;

    /* Step 7. Null move: if passing still beats beta, a real move will too.
     * Not in check, not mid-turn, not without pieces (zugzwang). Far above
     * beta it may reduce more, where the game's limits say so. */
    if (!pv_node && !in_check && !pos->pending && !root && depth >= 3 && eval >= beta && !t->after_null[ply]
        && has_big_pieces(pos) && beta > -SCORE_MATE_BOUND) {
        Position child = *pos;
        pos_set_ep(&child, SQ_NONE);
        pos_flip_side(&child);
        tt_prefetch(t->job->tt, child.key);
        int r = 3 + depth / 6;
        if (lim->null_by_eval) r += (eval - beta) / 200 < 3 ? (eval - beta) / 200 : 3;
        t->after_null[ply + 1] = true;
        t->cont_key[ply + 1] = CONT_NONE;
        int s = child_score(t, &child, false, beta - 1, beta, depth - r, ply, !cut_node);
        t->after_null[ply + 1] = false;
        if (s >= beta && s < SCORE_MATE_BOUND) return beta;
    }

    /* Step 7b. ProbCut (see probcut()); not when a stored search of
     * nearly this depth already says the node stays below the margin. */
    int pc_beta = beta + lim->probcut_margin;
    if (lim->probcut_margin && !pv_node && !in_check && !pos->pending && !root && !restricted && depth >= 5
        && pos->v->see_ge && beta > -SCORE_MATE_BOUND && beta < SCORE_MATE_BOUND
        && !(e && tt_depth(e) >= depth - 3 && score_from_tt(e->score, ply) < pc_beta)) {
        int s = probcut(t, pos, pc_beta, depth, ply, static_eval, cut_node);
        if (stopped(t)) return 0;
        if (s >= pc_beta) return s;
    }

    /* Step 8. Internal iterative reduction: without a TT move at a PV node,
     * a shallower search finds a good first move more cheaply. */
    if (!tt_move && depth >= 6 && (pv_node || (lim->reduce_cut_nodes && cut_node))) depth--;

    /* Step 8b. Singular extension: when a search without the TT move, at
     * half the depth, stays well below the move's stored score, the move
     * is the only good one and is searched a ply deeper. When even that
     * search beats beta, several steps do: the node cuts (multi-cut). */
    if (lim->singular_depth && depth >= lim->singular_depth && !root && !restricted && !pos->pending && tt_move
        && e && (tt_bound(e) & BOUND_LOWER) && tt_depth(e) >= depth - 3 && ply < 2 * t->root_depth) {
        int tt_score = score_from_tt(e->score, ply);
        if (tt_score > -SCORE_MATE_BOUND && tt_score < SCORE_MATE_BOUND) {
            int s_beta = tt_score - 2 * depth;
            t->skip_move[ply] = tt_move;
            int s = search_node(t, pos, s_beta - 1, s_beta, (depth - 1) / 2, ply, cut_node);
            t->skip_move[ply] = MOVE_NONE;
            if (stopped(t)) return 0;
            if (s < s_beta) singular = true;
            else if (s_beta >= beta) return s_beta;
        }
    }

move_loop:

    /* Step 9. The move loop: PVS with late-move reductions. */
    if (staged) moves[0] = tt_move, scores[0] = 1 << 30;
    else score_moves(t, pos, moves, scores, n, tt_move, ply);
    int best = -SCORE_INF, old_alpha = alpha;
    Move best_move = MOVE_NONE;
    int played = 0, nquiets = 0, nnoisy = 0;
    Move quiets[64], noisy[32];
    for (int i = 0; i < n || (staged && (n = generate_after_tt(t, pos, moves, scores, ply)) > i); i++) {
        staged &= i == 0;
        Move m = pick_move(moves, scores, n, i);
        if ((root && is_excluded(t, m)) || m == skip) continue;
        bool quiet = !is_noisy(pos, m);
        bool may_prune = !root && played > 0 && best > -SCORE_MATE_BOUND && alpha < SCORE_MATE_BOUND;

        /* Step 9a. Static exchange pruning: at low depth, a step that loses
         * more material than the depth can win back is not searched. */
        if (may_prune && depth <= lim->see_depth && pos->v->see_ge && move_kind(m) != MK_PROMO
            && !pos->v->see_ge(pos, m, quiet ? -60 * depth : -100 * depth))
            continue;

        Position child = *pos;
        child.v->make(&child, m);
        tt_prefetch(t->job->tt, child.key); /* as early as the key is known: the check test below hides some of the miss */
        bool same = child.side == pos->side;
        bool gives_check = !same && child.v->in_check && child.v->in_check(&child);
        /* A check is extended only when it does not just give material
         * away: a sacrifice check is searched like any other step. */
        bool extend = gives_check && (!lim->check_needs_see || !pos->v->see_ge || pos->v->see_ge(pos, m, 0));
        int new_depth = depth + (extend || (singular && m == tt_move) ? 1 : 0);

        /* Step 9b. Shallow pruning of quiet moves that cannot reach alpha:
         * futility (eval far below) and late-move pruning (many tried).
         * Never against a forced-win alpha: no static eval reaches it, but
         * a quiet move may still win faster. A check is kept: pruning
         * quiet checks too (before making the step) cost chess 10 WAC
         * positions at 1 s. */
        if (may_prune && !pv_node && !in_check && quiet && !gives_check
            && (quiet_is_futile(lim, depth, eval, alpha, played, improving)
                || (depth <= lim->history_prune_depth && quiet_history(t, pos, m, ply) < -1500 * depth)))
            continue;
        played++;
        if (restricted) t->root_path[ply] = m;
        if (quiet && !same && nquiets < 64) quiets[nquiets++] = m;
        if (!quiet && !same && nnoisy < 32) noisy[nnoisy++] = m;
        t->cont_key[ply + 1] = cont_key_of(pos, m);
        uint64_t nodes_before = t->nodes;
        int s;
        if (played == 1) {
            /* The first step of a node expected to fail low is expected
             * to cut; the others of any node are expected to fail low. */
            s = child_score(t, &child, same, alpha, beta, new_depth, ply, same ? cut_node : !pv_node && !cut_node);
        } else {
            int r = 0;
            /* Step 9c. Late-move reduction: less for the PV, for killers
             * and for steps with a good history; more when not improving
             * and at expected cut nodes, where the game's limits say so. */
            if (quiet && !gives_check && depth >= 3 && played >= 3 && !in_check && alpha < SCORE_MATE_BOUND) {
                r = lmr_table[depth < 63 ? depth : 63][played < 63 ? played : 63] - pv_node
                  + (lim->lmr_not_improving && !improving)
                  + (lim->reduce_cut_nodes && cut_node);
                if (m == t->killers[ply][0] || m == t->killers[ply][1]) r--;
                r -= quiet_history(t, pos, m, ply) / 12000;
                if (r < 0) r = 0;
                if (r > new_depth - 2) r = new_depth - 2 > 0 ? new_depth - 2 : 0;
            }
            s = child_score(t, &child, same, alpha, alpha + 1, new_depth - r, ply, same ? cut_node : true);
            if (s > alpha && r) s = child_score(t, &child, same, alpha, alpha + 1, new_depth, ply, same ? cut_node : !cut_node);
            if (s > alpha && s < beta) s = child_score(t, &child, same, alpha, beta, new_depth, ply, false);
        }
        if (root) root_nodes_add(t, m, t->nodes - nodes_before);
        if (stopped(t) && !(root && played == 1 && t->root_depth == 1))
            return 0;
        if (s > best) {
            best = s;
            best_move = m;
            if (s > alpha) {
                alpha = s;
                t->pv[ply][0] = m;
                memcpy(&t->pv[ply][1], t->pv[ply + 1], sizeof(Move) * (size_t)t->pv_len[ply + 1]);
                t->pv_len[ply] = t->pv_len[ply + 1] + 1;
                if (root && played > 1) adopt_root_move(t);
                if (s >= beta) {
                    if (!same) history_reward(t, pos, m, quiet, depth, ply, quiets, nquiets, noisy, nnoisy);
                    break;
                }
            }
        }
    }

    /* Step 10. Store what this node proved. */
    int bound = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    if (skip) return best;
    if (!restricted) tt_store(t->job->tt, slot, pos->key, best_move, score_to_tt(best, ply), raw_eval, depth, bound);
    /* The eval's error, where this node's result pins it down: a quiet
     * best step (a capture's gain is not the eval's error), and a bound
     * on the side of the eval it says something about. */
    if (lim->correct_eval && !restricted && !in_check && !pos->pending && (!best_move || !is_noisy(pos, best_move))
        && !(bound == BOUND_LOWER && best <= static_eval) && !(bound == BOUND_UPPER && best >= static_eval))
        correction_update(t, pos, raw_eval, best, depth);
    return best;
}
