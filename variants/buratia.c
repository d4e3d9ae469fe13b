/* `buratia`: bureaucratic chess of seed 000 (RULES.md section 2).
 *
 * There is no check, so every pseudo-legal move is legal and perft counts the
 * last ply straight from the generator. The board is 8x8, so the plugin runs
 * on the low 64 bits of the position's bitboards with the chess plugin's
 * magic attack tables (chess_attacks.h).
 *
 * What the rules add to chess pieces:
 *   - the secretary (queen) moves only through and onto empty squares, and
 *     nothing captures or displaces it;
 *   - a slave (pawn) captures only slaves, shnyrs, lawyers and foremen, and
 *     becomes a shnyr (+P, a king-mover) on its far rank by any means;
 *   - the lawyer (knight) never captures: landing on a piece it pushes it to an
 *     empty neighbour of the landing square (MK_DISPLACE, aux = where to);
 *   - a director (king) on its far rank wins at once; at the move limit or
 *     with no legal move, the side that alone keeps its director wins "on
 *     advantage", otherwise it is a draw.
 * Bribes (refrain, purchase, take-back) live in buratia_bribe.c. */
#include <stdio.h>
#include <string.h>
#include "buratia.h"
#include "buratia_internal.h"
#include "chess_attacks.h"

static const bb64 RANK_1 = 0xFFull, RANK_3 = 0xFF0000ull, RANK_6 = 0xFF0000000000ull, RANK_8 = 0xFFull << 56;
static const bb64 FILE_A = 0x0101010101010101ull, FILE_H = 0x8080808080808080ull;

static void buratia_init(void) { chess_attacks_init(); }

/* ------------------------------------------------------------ generation */

static inline Move *add_targets(Move *list, int from, bb64 targets) {
    while (targets) *list++ = move_simple(from, pop_lsb64(&targets));
    return list;
}

/* Slaves, set-wise: pushes from the empty squares ahead, captures only of
 * the slave's prey (slaves, shnyrs, lawyers, foremen), en passant. */
static Move *gen_slaves(const Position *pos, int us, bb64 empty, bb64 prey, Move *list) {
    bb64 slaves = BUR_BB(pos, BUR_SLAVE) & BUR_US(pos, us);
    bb64 one, two, left, right;
    int up;
    if (us == WHITE) {
        up = 8;
        one = (slaves << 8) & empty;
        two = ((one & RANK_3) << 8) & empty;
        left = ((slaves & ~FILE_A) << 7) & prey;
        right = ((slaves & ~FILE_H) << 9) & prey;
    } else {
        up = -8;
        one = (slaves >> 8) & empty;
        two = ((one & RANK_6) >> 8) & empty;
        left = ((slaves & ~FILE_A) >> 9) & prey;
        right = ((slaves & ~FILE_H) >> 7) & prey;
    }
    while (one) {
        int to = pop_lsb64(&one);
        *list++ = move_simple(to - up, to);
    }
    while (two) {
        int to = pop_lsb64(&two);
        *list++ = move_simple(to - 2 * up, to);
    }
    while (left) {
        int to = pop_lsb64(&left);
        *list++ = move_simple(to - up + 1, to);
    }
    while (right) {
        int to = pop_lsb64(&right);
        *list++ = move_simple(to - up - 1, to);
    }
    if (pos->ep != SQ_NONE) {
        bb64 takers = ct.pawn[us ^ 1][pos->ep] & slaves;
        while (takers) *list++ = move_make(pop_lsb64(&takers), pos->ep, SQ_NONE, 0, MK_EP);
    }
    return list;
}

/* Lawyers: a jump to an empty square is a plain move; onto any piece but a
 * secretary, one move per empty neighbour of the landing square. The
 * lawyer's own square is never such a neighbour (a knight's leap is not
 * adjacent), so "empty" is the same before and after it leaves. */
static Move *gen_lawyers(const Position *pos, int us, bb64 occ, bb64 movable, Move *list) {
    bb64 lawyers = BUR_BB(pos, BUR_LAWYER) & BUR_US(pos, us);
    bb64 empty = ~occ;
    while (lawyers) {
        int from = pop_lsb64(&lawyers);
        bb64 jumps = ct.knight[from];
        list = add_targets(list, from, jumps & empty);
        bb64 pushes = jumps & movable;
        while (pushes) {
            int to = pop_lsb64(&pushes);
            bb64 room = ct.king[to] & empty;
            while (room) *list++ = move_make(from, to, pop_lsb64(&room), 0, MK_DISPLACE);
        }
    }
    return list;
}

static Move *gen_pieces(const Position *pos, int us, bb64 occ, bb64 prey, Move *list) {
    bb64 empty = ~occ, reach = empty | prey;
    bb64 ours = BUR_US(pos, us);
    bb64 b = (BUR_BB(pos, BUR_DIRECTOR) | BUR_BB(pos, BUR_SHNYR)) & ours;
    while (b) {
        int from = pop_lsb64(&b);
        list = add_targets(list, from, ct.king[from] & reach);
    }
    b = BUR_BB(pos, BUR_BOSS) & ours;
    while (b) {
        int from = pop_lsb64(&b);
        list = add_targets(list, from, rook_attacks64(from, occ) & reach);
    }
    b = BUR_BB(pos, BUR_FOREMAN) & ours;
    while (b) {
        int from = pop_lsb64(&b);
        list = add_targets(list, from, bishop_attacks64(from, occ) & reach);
    }
    /* The secretary's lines stop before the first piece: attacks & empty. */
    b = BUR_BB(pos, BUR_SECRETARY) & ours;
    while (b) {
        int from = pop_lsb64(&b);
        list = add_targets(list, from, (rook_attacks64(from, occ) | bishop_attacks64(from, occ)) & empty);
    }
    return list;
}

/* The game ends without looking at moves: a director on its far rank, or the
 * move limit passed (Black's MoveLimit-th move played). */
static bool ended_before_moves(const Position *pos) {
    bb64 k = BUR_BB(pos, BUR_DIRECTOR);
    if ((k & BUR_US(pos, WHITE) & RANK_8) || (k & BUR_US(pos, BLACK) & RANK_1)) return true;
    return pos->move_limit && pos->fullmove > pos->move_limit;
}

int buratia_generate_all(const Position *pos, Move *moves) {
    int us = pos->side;
    bb64 occ = BUR_OCC(pos), theirs = BUR_US(pos, us ^ 1);
    bb64 secretaries = BUR_BB(pos, BUR_SECRETARY);
    bb64 prey = theirs & ~secretaries;
    bb64 slave_prey = theirs & (BUR_BB(pos, BUR_SLAVE) | BUR_BB(pos, BUR_SHNYR) | BUR_BB(pos, BUR_LAWYER)
                                | BUR_BB(pos, BUR_FOREMAN));
    Move *list = moves;
    list = gen_slaves(pos, us, ~occ, slave_prey, list);
    list = gen_lawyers(pos, us, occ, occ & ~secretaries, list);
    list = gen_pieces(pos, us, occ, prey, list);
    return (int)(list - moves);
}

static int buratia_generate(const Position *pos, Move *moves) {
    if (ended_before_moves(pos)) return 0;
    return buratia_generate_all(pos, moves);
}

/* ------------------------------------------------------------ make */

/* Puts piece p on sq, as a shnyr if it is a slave reaching its far rank. */
static void put_crowned(Position *pos, int sq, Piece p) {
    if (piece_type(p) == BUR_SLAVE && (piece_color(p) == WHITE ? sq >= 56 : sq < 8))
        p = make_piece(piece_color(p), BUR_SHNYR);
    pos_put(pos, sq, p);
}

/* A captured piece goes to the holdings of its colour, a shnyr as a slave. */
static void capture(Position *pos, int sq) {
    Piece p = pos_remove(pos, sq);
    int t = piece_type(p);
    pos_hold_add(pos, piece_color(p), t == BUR_SHNYR ? BUR_SLAVE : t, 1);
}

void buratia_play_move(Position *pos, int from, int to, bool en_passant) {
    Piece mover = pos_remove(pos, from);
    bool reset = piece_type(mover) == BUR_SLAVE; /* a slave move resets the clock, as a capture does */
    pos_set_ep(pos, SQ_NONE);
    if (en_passant) {
        capture(pos, to + (pos->side == WHITE ? -8 : 8));
    } else if (pos->board[to]) {
        capture(pos, to);
        reset = true;
    }
    pos->halfmove = reset ? 0 : (uint16_t)(pos->halfmove + 1);
    if (piece_type(mover) == BUR_SLAVE && (to - from == 16 || from - to == 16)) pos_set_ep(pos, (from + to) / 2);
    put_crowned(pos, to, mover);
    pos_flip_side(pos);
}

void buratia_place(Position *pos, int color, int type, int sq) {
    pos_hold_add(pos, color, type, -1);
    pos_put(pos, sq, make_piece(color, type));
}

static void buratia_make(Position *pos, Move m) {
    int from = move_from(m), to = move_to(m);
    switch (move_kind(m)) {
    case MK_DISPLACE: {
        Piece pushed = pos_remove(pos, to);
        put_crowned(pos, move_aux(m), pushed);
        pos_move_piece(pos, from, to);
        pos->halfmove++;
        pos_set_ep(pos, SQ_NONE);
        pos_flip_side(pos);
        break;
    }
    case MK_EP: buratia_play_move(pos, from, to, true); break;
    case MK_DROP: /* refrain: the placement is the whole turn */
        buratia_place(pos, pos->side, move_piece(m), to);
        pos->halfmove++;
        pos_set_ep(pos, SQ_NONE);
        pos_flip_side(pos);
        break;
    case MK_PURCHASE: {
        bool ep = to == pos->ep && piece_type(pos->board[from]) == BUR_SLAVE && (to - from) % 8 != 0;
        buratia_place(pos, pos->side, move_piece(m), move_aux(m));
        buratia_play_move(pos, from, to, ep);
        break;
    }
    case MK_PURCHASE_PUSH: { /* the payment, then the lawyer's push */
        int d = move_dir(m);
        buratia_place(pos, pos->side, move_piece(m), move_aux(m));
        buratia_make(pos, move_make(from, to, geo_offset(pos->geo, to, dir_df[d], dir_dr[d]), 0, MK_DISPLACE));
        break;
    }
    case MK_TAKEBACK: /* the payment for a take-back: the turn does not pass */
        buratia_place(pos, pos->side ^ 1, move_piece(m), to);
        break;
    default: buratia_play_move(pos, from, to, false); break;
    }
}

/* ------------------------------------------------------------ outcome */

static void advantage_or_draw(const Position *pos, Outcome *o, bool at_limit) {
    bb64 k = BUR_BB(pos, BUR_DIRECTOR);
    bool white = k & BUR_US(pos, WHITE), black = k & BUR_US(pos, BLACK);
    if (white != black) {
        o->code = white ? RES_WHITE_WINS : RES_BLACK_WINS;
        o->advantage = true;
        o->reason = at_limit ? "move limit, advantage" : "no legal move, advantage";
    } else {
        o->code = RES_DRAW;
        o->reason = at_limit ? "move limit" : "no legal move";
    }
}

static void buratia_outcome(const Position *pos, Outcome *o) {
    memset(o, 0, sizeof *o);
    bb64 k = BUR_BB(pos, BUR_DIRECTOR);
    if (k & BUR_US(pos, WHITE) & RANK_8) {
        o->code = RES_WHITE_WINS;
        o->reason = "director on the last rank";
        return;
    }
    if (k & BUR_US(pos, BLACK) & RANK_1) {
        o->code = RES_BLACK_WINS;
        o->reason = "director on the last rank";
        return;
    }
    if (pos->move_limit && pos->fullmove > pos->move_limit) {
        advantage_or_draw(pos, o, true);
        return;
    }
    Move moves[MAX_MOVES];
    if (!buratia_generate_all(pos, moves)) advantage_or_draw(pos, o, false);
}

/* ------------------------------------------------------------ setup */

static bool fail(char *err, size_t n, const char *msg) {
    snprintf(err, n, "%s", msg);
    return false;
}

/* The double-stepped slave stands in front of the skipped square, which is
 * empty, and so is the square it came from. */
static bool ep_consistent(const Position *pos) {
    int them = pos->side ^ 1, back = them == WHITE ? -8 : 8;
    return !pos->board[pos->ep] && !pos->board[pos->ep + back]
        && pos->board[pos->ep - back] == make_piece(them, BUR_SLAVE);
}

static bool buratia_setup(Position *pos, char *err, size_t n) {
    for (int c = WHITE; c <= BLACK; c++) {
        int directors = popcount64(BUR_BB(pos, BUR_DIRECTOR) & BUR_US(pos, c)) + pos->hold[c][BUR_DIRECTOR];
        if (directors > 1)
            return fail(err, n, c == WHITE ? "white has more than one director (K)" : "black has more than one director (k)");
    }
    if (pos->hold[WHITE][BUR_SECRETARY] || pos->hold[BLACK][BUR_SECRETARY])
        return fail(err, n, "holdings: a secretary (Q) is never captured, so it cannot be held");
    bb64 slaves = BUR_BB(pos, BUR_SLAVE);
    if ((slaves & BUR_US(pos, WHITE) & RANK_8) || (slaves & BUR_US(pos, BLACK) & RANK_1))
        return fail(err, n, "a slave on its far rank is a shnyr: write it +P / +p");
    if (pos->ep != SQ_NONE && !ep_consistent(pos))
        return fail(err, n, "en passant square without a slave that just moved two squares");
    return true;
}

/* ------------------------------------------------------------ match data */

/* The seed's tournament points (RULES.md, "Scoring"): a win on advantage
 * is 0.5-0; a draw is 0.5-0.5 with both directors gone and 0-0 with both
 * (or one) on the board. */
static void seed_points(const Position *pos, ResultCode result, bool advantage, double points[COLOR_NB]) {
    double win = advantage ? 0.5 : 1, draw = BUR_BB(pos, BUR_DIRECTOR) ? 0 : 0.5;
    points[WHITE] = result == RES_WHITE_WINS ? win : result == RES_DRAW ? draw : 0;
    points[BLACK] = result == RES_BLACK_WINS ? win : result == RES_DRAW ? draw : 0;
}

static const GameScoring seed_scoring = {"Buratia seed scoring", seed_points};

/* Only the slave is on XBoard's pawn type (XBoard promotes that type on the
 * last rank itself, as the rules do); the shnyr is XBoard's S. */
static const XboardView xboard_view = {
    "PNBRQ.....S.Kpnbrq.....s.k",
    "8x8+0_fairy",
    {"P& fmWfcFifmnDfeF", "N& mN-O", "B& B", "R& R", "Q& mQ", "K& K", "S& K", NULL},
    {{'P', true, 'S'}, {0, false, 0}},
};

/* ------------------------------------------------------------ the table */

const Variant variant_buratia = {
    .name = "buratia",
    .files = 8,
    .ranks = 8,
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",
    .pieces = {[BUR_SLAVE] = {'P', false, 100, "slave", 'P'}, [BUR_LAWYER] = {'N', false, 300, "lawyer", 'N'},
               [BUR_FOREMAN] = {'B', false, 330, "foreman", 'B'}, [BUR_BOSS] = {'R', false, 500, "boss", 'R'},
               [BUR_SECRETARY] = {'Q', false, 400, "secretary", 'Q'},
               [BUR_DIRECTOR] = {'K', false, 0, "director", 'K'}, [BUR_SHNYR] = {'P', true, 250, "shnyr", 'P'}},
    .holding_order = "KQRBNP",
    .castle_style = CASTLE_STYLE_NONE,
    .has_ep = true,
    .multi_step = false,
    .prune = PRUNE_WIDE,
    .repetition_draw = false, /* the rules end games by the move limit, not by repetition */
    .default_move_limit = 100,
    .init = buratia_init,
    .setup = buratia_setup,
    .generate = buratia_generate,
    .make = buratia_make,
    .outcome = buratia_outcome,
    .parse_special = buratia_parse_special,
    .evaluate = buratia_evaluate,
    .net_knowledge = buratia_net_knowledge,
    .eval_params = &buratia_eval_params,
    .is_noisy = buratia_is_noisy,
    .clock_limit = CLOCK_LIMIT_NONE, /* the clock is kept for FEN only */
    .regions = {{"goal", WHITE, "a8:h8", "the white director wins here"},
                {"goal", BLACK, "a1:h1", "the black director wins here"},
                {"promotion", WHITE, "a8:h8", "a white slave becomes a shnyr"},
                {"promotion", BLACK, "a1:h1", "a black slave becomes a shnyr"},
                {"home", WHITE, "a1:h1", "bribes pay white pieces back here"},
                {"home", BLACK, "a8:h8", "bribes pay black pieces back here"}},
    .bribes = &buratia_bribe_rules,
    .scoring = &seed_scoring,
    .xboard = &xboard_view,
    .wdl = {.win_cp = 0, .scale_cp = 303}, /* search/wdl_fit.py, docs/uci.md "WDL" */
};
