/* Voodoo chess (RULES.md section 5): FIDE moves without check, castling or
 * en passant, plus two magic turns.
 *
 * Steps (one Move each; a turn is one or two steps):
 *  - ordinary move: MK_NORMAL / MK_PROMO, a whole turn;
 *  - sacrifice, first step: MK_REMOVE, aux = the own B/N/R/P removed,
 *    from/to = the possessed enemy piece's move, piece = the promotion chosen
 *    when a possessed pawn reaches its last rank. Sets pos->pending; the same
 *    side then plays its ordinary move (the third part), which ends the turn;
 *  - trance: MK_REMOVE, aux = the own queen, from/to = the king's queen-like
 *    move, a whole turn; the queen goes to the mover's holdings;
 *  - queen return: MK_DROP of a queen, the only turn while one is held;
 *  - a removal that leaves its own player bare: MK_REMOVE with from = SQ_NONE
 *    ("xa2"); the game is lost there.
 * When the game ends part-way (a possessed piece takes its own king or its
 * side's last piece) the turn ends at once: pending stays clear.
 *
 * The board is 8x8, so everything runs on the low 64 bits with the chess
 * plugin's magic attack tables. The generator only offers a sacrifice's first
 * step when a third part exists (or the game ends there), so that perft and
 * search never enter a dead end. */
#include <stdio.h>
#include <string.h>
#include "chess_attacks.h"
#include "voodoo_internal.h"

#define BB(pos, t) ((bb64)(pos)->by_type[t])
#define US(pos, c) ((bb64)(pos)->by_color[c])

static const bb64 RANK_1 = 0xFFull, RANK_3 = 0xFFull << 16, RANK_6 = 0xFFull << 40, RANK_8 = 0xFFull << 56;

static void voodoo_init(void) { chess_attacks_init(); }

/* Where a piece of `type` and `color` on `from` may go: empty squares and
 * squares holding `prey` (the enemy for an ordinary move; the piece's own
 * side when it is possessed). Pawns move in their own colour's direction and
 * keep the double step from their start rank. */
static inline bb64 reach(int type, int color, int from, bb64 occ, bb64 prey) {
    bb64 open = ~occ | prey;
    switch (type) {
    case PAWN: {
        bb64 b = 1ull << from, empty = ~occ, one, two;
        if (color == WHITE) one = (b << 8) & empty, two = ((one & RANK_3) << 8) & empty;
        else one = (b >> 8) & empty, two = ((one & RANK_6) >> 8) & empty;
        return one | two | (ct.pawn[color][from] & prey);
    }
    case KNIGHT: return ct.knight[from] & open;
    case BISHOP: return bishop_attacks64(from, occ) & open;
    case ROOK: return rook_attacks64(from, occ) & open;
    case QUEEN: return (bishop_attacks64(from, occ) | rook_attacks64(from, occ)) & open;
    default: return ct.king[from] & open;
    }
}

static inline bb64 last_rank(int color) { return color == WHITE ? RANK_8 : RANK_1; }

/* The board alone decides: a missing king (captured), then a bare king.
 * A queen in trance sits in holdings and does not count as a piece. */
static ResultCode board_result(const Position *pos, const char **reason) {
    bb64 kings = BB(pos, KING);
    *reason = "king captured";
    if (!(kings & US(pos, WHITE))) return RES_BLACK_WINS;
    if (!(kings & US(pos, BLACK))) return RES_WHITE_WINS;
    *reason = "bare king";
    bb64 w = US(pos, WHITE) & ~kings, b = US(pos, BLACK) & ~kings;
    if (!w && b) return RES_BLACK_WINS;
    if (!b && w) return RES_WHITE_WINS;
    *reason = NULL;
    return RES_NONE;
}

static Move *add_moves(Move *list, int us, int type, int from, bb64 targets) {
    while (targets) {
        int to = pop_lsb64(&targets);
        if (type == PAWN && ((1ull << to) & last_rank(us))) {
            for (int t = QUEEN; t >= KNIGHT; t--) *list++ = move_make(from, to, SQ_NONE, t, MK_PROMO);
        } else {
            *list++ = move_simple(from, to);
        }
    }
    return list;
}

/* Where a step of a `color` piece of `type` is noisy for quiescence: onto
 * `prey` (a capture), or a pawn onto its last rank (a promotion). With
 * `noisy` false every target is kept. */
static inline bb64 noisy_mask(bool noisy, int type, int color, bb64 prey) {
    return !noisy ? ~0ull : prey | (type == PAWN ? last_rank(color) : 0);
}

/* Ordinary moves: every pseudo-legal FIDE move is legal (no check). */
static Move *gen_ordinary(const Position *pos, Move *list, bool noisy) {
    int us = pos->side;
    bb64 own = US(pos, us), them = US(pos, us ^ 1), occ = own | them;
    for (bb64 b = own; b;) {
        int from = pop_lsb64(&b);
        int type = piece_type(pos->board[from]);
        list = add_moves(list, us, type, from, reach(type, us, from, occ, them) & noisy_mask(noisy, type, us, them));
    }
    return list;
}

/* Whether side `us` has an ordinary move on the board described by the
 * bitboards; the square `extra` (if not SQ_NONE) holds an own piece of type
 * `extra_type` that the mailbox does not show yet (a possessed promotion).
 * Asked for every sacrifice a generator offers, so the common answers come
 * first and by whole sets: a pawn that can step or take, then a knight or
 * the king, then the sliders one by one. */
static bool has_ordinary(const Position *pos, int us, bb64 own, bb64 them, int extra, int extra_type) {
    bb64 occ = own | them, empty = ~occ;
    if (extra != SQ_NONE) {
        if (reach(extra_type, us, extra, occ, them)) return true;
        own &= ~(1ull << extra);
    }
    static const bb64 FILE_A = 0x0101010101010101ull, FILE_H = FILE_A << 7;
    bb64 pawns = own & BB(pos, PAWN);
    bb64 step = us == WHITE ? pawns << 8 : pawns >> 8;
    bb64 west = us == WHITE ? (pawns & ~FILE_A) << 7 : (pawns & ~FILE_A) >> 9;
    bb64 east = us == WHITE ? (pawns & ~FILE_H) << 9 : (pawns & ~FILE_H) >> 7;
    if ((step & empty) | ((west | east) & them)) return true;
    for (bb64 b = own & (BB(pos, KNIGHT) | BB(pos, KING)); b;) {
        int from = pop_lsb64(&b);
        if ((BB(pos, KNIGHT) >> from & 1 ? ct.knight[from] : ct.king[from]) & ~own) return true;
    }
    for (bb64 b = own & (BB(pos, BISHOP) | BB(pos, ROOK) | BB(pos, QUEEN)); b;) {
        int from = pop_lsb64(&b);
        if (reach(piece_type(pos->board[from]), us, from, occ, them)) return true;
    }
    return false;
}

/* Queen trance: each own queen may be removed; the king then moves along
 * queen lines, stopped by the first piece (taken if it is an enemy). */
static Move *gen_trances(const Position *pos, Move *list, bool noisy) {
    int us = pos->side;
    bb64 own = US(pos, us), occ = own | US(pos, us ^ 1);
    bb64 kbb = own & BB(pos, KING), others = own & ~kbb;
    int ksq = lsb64(kbb);
    for (bb64 q = own & BB(pos, QUEEN); q;) {
        int qsq = pop_lsb64(&q);
        bb64 qbit = 1ull << qsq;
        if (!(others & ~qbit)) { /* the trance leaves its own player bare: lost at once */
            *list++ = move_make(SQ_NONE, SQ_NONE, qsq, 0, MK_REMOVE);
            continue;
        }
        bb64 occ2 = occ ^ qbit;
        bb64 to = (bishop_attacks64(ksq, occ2) | rook_attacks64(ksq, occ2)) & ~(own ^ qbit);
        if (noisy) to &= US(pos, us ^ 1);
        while (to) *list++ = move_make(ksq, pop_lsb64(&to), qsq, 0, MK_REMOVE);
    }
    return list;
}

/* A possessed move's first step is offered if the game ends with it (its
 * own king taken, its side left bare) or the mover then has a move. */
static bool first_step_ok(const Position *pos, bb64 own2, bb64 them, int from, int to, int promo) {
    int us = pos->side;
    bb64 tbit = 1ull << to, fbit = 1ull << from;
    bb64 captured = them & tbit;
    if (captured & BB(pos, KING)) return true;
    bb64 them2 = them ^ fbit ^ captured;
    if (!promo) them2 |= tbit;
    if (!(them2 & ~BB(pos, KING))) return true; /* their side is bare: we win */
    if (promo) own2 |= tbit;
    return has_ordinary(pos, us, own2, them2, promo ? to : SQ_NONE, promo);
}

/* Voodoo sacrifice first steps: remove an own B/N/R/P, then move an enemy
 * piece of that type, which takes only pieces of its own colour. */
static Move *gen_sacrifices(const Position *pos, Move *list, const Move *end, bool noisy) {
    int us = pos->side, them_c = us ^ 1;
    bb64 own = US(pos, us), them = US(pos, them_c), occ = own | them;
    bb64 others = own & ~BB(pos, KING);
    for (int type = PAWN; type <= ROOK; type++) {
        bb64 hosts = them & BB(pos, type);
        for (bb64 victims = own & BB(pos, type); victims;) {
            int vsq = pop_lsb64(&victims);
            bb64 vbit = 1ull << vsq;
            if (!(others & ~vbit)) { /* the sacrifice leaves its own player bare */
                *list++ = move_make(SQ_NONE, SQ_NONE, vsq, 0, MK_REMOVE);
                continue;
            }
            bb64 own2 = own ^ vbit, occ2 = occ ^ vbit;
            for (bb64 h = hosts; h;) {
                int from = pop_lsb64(&h);
                bb64 to_bb = reach(type, them_c, from, occ2, them) & noisy_mask(noisy, type, them_c, them);
                while (to_bb) {
                    int to = pop_lsb64(&to_bb);
                    bool promo = type == PAWN && ((1ull << to) & last_rank(them_c));
                    for (int p = promo ? QUEEN : 0; p >= (promo ? KNIGHT : 0); p--) {
                        if (list + 1 >= end) return list; /* cannot happen in a reachable game */
                        if (first_step_ok(pos, own2, them, from, to, p))
                            *list++ = move_make(from, to, vsq, p, MK_REMOVE);
                    }
                }
            }
        }
    }
    return list;
}

static Move *gen_queen_return(const Position *pos, Move *list) {
    bb64 empty = ~(US(pos, WHITE) | US(pos, BLACK));
    while (empty) *list++ = move_make(SQ_NONE, pop_lsb64(&empty), SQ_NONE, QUEEN, MK_DROP);
    return list;
}

/* `noisy`: only the steps voodoo_is_noisy accepts, in the order the full
 * list has them, so that quiescence searches the same steps either way.
 * The caller has checked that the board has not ended the game. */
static int generate_steps(const Position *pos, Move *moves, bool magic, bool noisy) {
    Move *list = moves;
    if (pos->pending) return (int)(gen_ordinary(pos, list, noisy) - moves); /* the sacrifice's own move */
    if (pos->hold[pos->side][QUEEN]) return noisy ? 0 : (int)(gen_queen_return(pos, list) - moves);
    list = gen_ordinary(pos, list, noisy);
    if (magic) {
        list = gen_trances(pos, list, noisy);
        list = gen_sacrifices(pos, list, moves + MAX_MOVES, noisy);
    }
    return (int)(list - moves);
}

static int generate_turns(const Position *pos, Move *moves, bool magic) {
    const char *why;
    return board_result(pos, &why) != RES_NONE ? 0 : generate_steps(pos, moves, magic, false);
}

static int voodoo_generate(const Position *pos, Move *moves) { return generate_turns(pos, moves, true); }
static int plain_generate(const Position *pos, Move *moves) { return generate_turns(pos, moves, false); }

/* Quiescence's list, or NOISY_GAME_OVER: the capture that ends a Voodoo
 * game is itself noisy, so quiescence must see the end. Without a noisy
 * step the game is over only if no turn at all is left (rare: the full
 * outcome is asked only when no ordinary move exists either). */
static int voodoo_generate_noisy(const Position *pos, Move *moves) {
    const char *why;
    if (board_result(pos, &why) != RES_NONE) return NOISY_GAME_OVER;
    int n = generate_steps(pos, moves, true, true), us = pos->side;
    if (n || pos->pending || pos->hold[us][QUEEN] || has_ordinary(pos, us, US(pos, us), US(pos, us ^ 1), SQ_NONE, 0))
        return n;
    return variant_game_over(pos) ? NOISY_GAME_OVER : 0;
}

/* ---- one step checked without generating them all ---- */

static bool on_board(int sq) { return sq >= 0 && sq < 64; }

/* The ordinary step from `from` to `to`, as the generator writes it. */
static bool ordinary_is_legal(const Position *pos, Move m) {
    int us = pos->side, from = move_from(m), to = move_to(m);
    bb64 own = US(pos, us), them = US(pos, us ^ 1);
    if (!on_board(from) || !on_board(to) || !(own >> from & 1)) return false;
    int type = piece_type(pos->board[from]);
    if (!(reach(type, us, from, own | them, them) >> to & 1)) return false;
    if (type != PAWN || !(last_rank(us) >> to & 1)) return m == move_simple(from, to);
    return m == move_make(from, to, SQ_NONE, move_piece(m), MK_PROMO) && move_piece(m) >= KNIGHT
        && move_piece(m) <= QUEEN;
}

/* A trance (aux holds an own queen) or a sacrifice's first step (aux holds
 * an own B/N/R/P), as gen_trances and gen_sacrifices write them. */
static bool magic_is_legal(const Position *pos, Move m) {
    int us = pos->side, aux = move_aux(m), from = move_from(m), to = move_to(m), p = move_piece(m);
    bb64 own = US(pos, us), them = US(pos, us ^ 1), occ = own | them;
    if (!on_board(aux) || !(own >> aux & 1)) return false;
    int type = piece_type(pos->board[aux]);
    if (type == KING) return false;
    bb64 abit = 1ull << aux;
    if (!(own & ~BB(pos, KING) & ~abit)) return m == move_make(SQ_NONE, SQ_NONE, aux, 0, MK_REMOVE); /* bare */
    if (!on_board(from) || !on_board(to) || m != move_make(from, to, aux, p, MK_REMOVE)) return false;
    if (type == QUEEN) {
        int ksq = lsb64(own & BB(pos, KING));
        bb64 lines = bishop_attacks64(ksq, occ ^ abit) | rook_attacks64(ksq, occ ^ abit);
        return from == ksq && !p && (lines & ~(own ^ abit)) >> to & 1;
    }
    if (!((them & BB(pos, type)) >> from & 1) || !(reach(type, us ^ 1, from, occ ^ abit, them) >> to & 1)) return false;
    bool promo = type == PAWN && (last_rank(us ^ 1) >> to & 1);
    if (promo ? p < KNIGHT || p > QUEEN : p != 0) return false;
    return first_step_ok(pos, own ^ abit, them, from, to, p);
}

/* Whether m is one of the steps voodoo_generate offers here. */
static bool voodoo_is_legal(const Position *pos, Move m) {
    const char *why;
    if (board_result(pos, &why) != RES_NONE) return false;
    int kind = move_kind(m);
    if (pos->pending) return (kind == MK_NORMAL || kind == MK_PROMO) && ordinary_is_legal(pos, m);
    if (pos->hold[pos->side][QUEEN]) {
        int to = move_to(m);
        return on_board(to) && m == move_make(SQ_NONE, to, SQ_NONE, QUEEN, MK_DROP)
            && !((US(pos, WHITE) | US(pos, BLACK)) >> to & 1);
    }
    if (kind == MK_REMOVE) return magic_is_legal(pos, m);
    return (kind == MK_NORMAL || kind == MK_PROMO) && ordinary_is_legal(pos, m);
}

/* Ordinary move, or the third part of a sacrifice (pending). A sacrifice
 * turn always resets the clock. */
static void make_ordinary(Position *pos, Move m) {
    int from = move_from(m), to = move_to(m), us = pos->side;
    bool reset = pos->pending || piece_type(pos->board[from]) == PAWN;
    if (pos->board[to]) {
        pos_remove(pos, to);
        reset = true;
    }
    pos_move_piece(pos, from, to);
    if (move_kind(m) == MK_PROMO) {
        pos_remove(pos, to);
        pos_put(pos, to, make_piece(us, move_piece(m)));
    }
    pos->halfmove = reset ? 0 : (uint16_t)(pos->halfmove + 1);
    if (pos->pending) pos_set_pending(pos, 0);
    pos_flip_side(pos);
}

/* A removal step: trance (the removed piece is a queen) or sacrifice. */
static void make_magic(Position *pos, Move m) {
    int from = move_from(m), to = move_to(m), us = pos->side;
    Piece removed = pos_remove(pos, move_aux(m));
    if (piece_type(removed) == QUEEN) {
        bool capture = false;
        pos_hold_add(pos, us, QUEEN, 1);
        if (from != SQ_NONE) {
            if (pos->board[to]) pos_remove(pos, to), capture = true;
            pos_move_piece(pos, from, to);
        }
        pos->halfmove = capture ? 0 : (uint16_t)(pos->halfmove + 1);
        pos_flip_side(pos);
        return;
    }
    pos->halfmove = 0;
    if (from != SQ_NONE) {
        if (pos->board[to]) pos_remove(pos, to);
        pos_move_piece(pos, from, to);
        if (move_piece(m)) { /* a possessed pawn on its last rank becomes ours */
            pos_remove(pos, to);
            pos_put(pos, to, make_piece(us, move_piece(m)));
        }
        const char *why;
        if (board_result(pos, &why) == RES_NONE) {
            pos_set_pending(pos, 1); /* the own move follows */
            return;
        }
    }
    pos_flip_side(pos); /* the game ended part-way: the turn ends here */
}

static void voodoo_make(Position *pos, Move m) {
    switch (move_kind(m)) {
    case MK_REMOVE: make_magic(pos, m); break;
    case MK_DROP:
        pos_put(pos, move_to(m), make_piece(pos->side, QUEEN));
        pos_hold_add(pos, pos->side, QUEEN, -1);
        pos->halfmove++;
        pos_flip_side(pos);
        break;
    default: make_ordinary(pos, m); break;
    }
}

static void voodoo_outcome(const Position *pos, Outcome *o) {
    memset(o, 0, sizeof *o);
    o->code = board_result(pos, &o->reason);
    if (o->code != RES_NONE || pos->pending || pos->hold[pos->side][QUEEN]) return;
    int us = pos->side;
    if (has_ordinary(pos, us, US(pos, us), US(pos, us ^ 1), SQ_NONE, 0)) return;
    Move moves[MAX_MOVES]; /* rare: only magic turns might be left */
    if (!pos->v->generate(pos, moves)) {
        o->code = us == WHITE ? RES_BLACK_WINS : RES_WHITE_WINS;
        o->reason = "no legal move";
    }
}

static bool fail(char *err, size_t n, const char *msg) {
    snprintf(err, n, "%s", msg);
    return false;
}

static bool voodoo_setup(Position *pos, char *err, size_t n) {
    bb64 kings = BB(pos, KING);
    for (int c = WHITE; c <= BLACK; c++) {
        if (popcount64(kings & US(pos, c)) > 1)
            return fail(err, n, c == WHITE ? "white has more than one king" : "black has more than one king");
        for (int t = 1; t < PT_NB; t++)
            if (t != QUEEN && pos->hold[c][t]) return fail(err, n, "only a queen in trance can be in holdings");
        if (pos->hold[c][QUEEN] > 1) return fail(err, n, "a side can have only one queen in trance");
    }
    if (!kings) return fail(err, n, "no king on the board");
    if (BB(pos, PAWN) & (RANK_1 | RANK_8)) return fail(err, n, "pawns cannot stand on the first or last rank");
    pos_set_castling(pos, 0);
    pos_set_ep(pos, SQ_NONE);
    pos_set_pending(pos, 0);
    return true;
}

/* Reads "e4" at text into a square of the 8x8 board, or returns -1. */
static int read_square(const char *text) {
    if (text[0] < 'a' || text[0] > 'h' || text[1] < '1' || text[1] > '8') return -1;
    return (text[1] - '1') * 8 + (text[0] - 'a');
}

/* Never finds a move (the generator offers every legal step); it only says
 * why a voodoo-looking step is illegal, for the protocol's error line. */
static bool voodoo_explain(const Position *pos, const char *text, Move *m, char *err, size_t n) {
    (void)m;
    int us = pos->side;
    const char *why;
    if (board_result(pos, &why) != RES_NONE) return false; /* the caller says the game is over */
    static const char *names[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
    if (text[0] == 'Q' && text[1] == '@') {
        snprintf(err, n, "%s", pos->hold[us][QUEEN] ? "a queen returns to an empty square" : "no queen of yours is in trance");
        return false;
    }
    if (pos->hold[us][QUEEN]) {
        snprintf(err, n, "your queen is in trance: this turn must be its return, Q@<empty square>");
        return false;
    }
    if (pos->pending) {
        snprintf(err, n, "the last part of a sacrifice is an ordinary move of your own");
        return false;
    }
    if (text[0] != 'x') return false;
    int sq = read_square(text + 1);
    if (sq < 0 || !pos->board[sq] || piece_color(pos->board[sq]) != us) {
        snprintf(err, n, "a sacrifice or trance removes a piece of your own");
        return false;
    }
    int type = piece_type(pos->board[sq]);
    if (type == KING) snprintf(err, n, "the king cannot be removed");
    else if (type == QUEEN) snprintf(err, n, "in a trance the king moves along queen lines, stopped by the first piece");
    else {
        int from = text[3] == ',' ? read_square(text + 4) : -1, to = from >= 0 ? read_square(text + 6) : -1;
        if (from < 0 || to < 0) snprintf(err, n, "a sacrifice goes on with an enemy %s's move", names[type]);
        else if (pos->board[from] != make_piece(us ^ 1, type))
            snprintf(err, n, "the possessed piece must be an enemy %s", names[type]);
        else if (pos->board[to] && piece_color(pos->board[to]) == us)
            snprintf(err, n, "a possessed piece takes only pieces of its own colour");
        else snprintf(err, n, "the possessed %s cannot move so, or no move of yours can follow", names[type]);
    }
    return false;
}

#define VOODOO_FIELDS                                                                                         \
    .files = 8, .ranks = 8, .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w - - 0 1",            \
    .pieces = {[PAWN] = {'P', false, 100, "pawn", 'P'}, [KNIGHT] = {'N', false, 320, "knight", 'N'},           \
               [BISHOP] = {'B', false, 330, "bishop", 'B'}, [ROOK] = {'R', false, 500, "rook", 'R'},           \
               [QUEEN] = {'Q', false, 950, "queen", 'Q'}, [KING] = {'K', false, 0, "king", 'K'}},             \
    .regions = {{"promotion", WHITE, "a8:h8", "white pawns promote (a possessed pawn: for the possessor)"},   \
                {"promotion", BLACK, "a1:h1", "black pawns promote (a possessed pawn: for the possessor)"}},  \
    .holding_order = "KQRBNP", .castle_style = CASTLE_STYLE_NONE, .has_ep = false, .multi_step = true,        \
    .repetition_draw = false, .volatile_scores = true, .prune = PRUNE_NARROW, .time_horizon = 16,            \
    .init = voodoo_init,                                                                                      \
    .setup = voodoo_setup, .make = voodoo_make, .outcome = voodoo_outcome, .parse_special = voodoo_explain

static const XboardView xboard_view = {
    "PNBRQKpnbrqk", "8x8+0_fairy", {"P& fmWfcFifmnD", "N& N", "B& B", "R& R", "Q& Q", "K& KiK", NULL}, {{0, false, 0}},
};

const Variant variant_voodoo = {
    .name = "voodoo",
    VOODOO_FIELDS,
    .generate = voodoo_generate,
    .evaluate = voodoo_evaluate,
    .net_knowledge = voodoo_net_knowledge,
    .eval_params = &voodoo_eval_params,
    .is_noisy = voodoo_is_noisy,
    .see_ge = voodoo_see_ge,
    .generate_noisy = voodoo_generate_noisy,
    .is_legal = voodoo_is_legal,
    .clock_limit = CLOCK_LIMIT_NONE,
    .agreed_repetition = true, /* no rule ends a game by repetition */
    .xboard = &xboard_view,
    .wdl = {.win_cp = 0, .scale_cp = 251}, /* search/wdl_fit.py, docs/uci.md "WDL" */
};

/* The same game with the magic turns switched off (FIDE moves without check,
 * castling or en passant): for the perft test 20, 400, 8902, 197742. Not in
 * the registry. */
const Variant variant_voodoo_plain = {
    .name = "voodoo-plain",
    VOODOO_FIELDS,
    .generate = plain_generate,
};
