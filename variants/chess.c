/* FIDE chess: the reference variant and the fast path. Runs on the low 64
 * bits of the position's bitboards with magic attack tables, and generates
 * strictly legal moves from check and pin masks, so perft counts the last
 * ply without making the moves. */
#include <stdio.h>
#include <string.h>
#include "chess_attacks.h"
#include "chess_internal.h"
#include "chess_eval.h"

#define BB(pos, t) ((bb64)(pos)->by_type[t])
#define OCC(pos) ((bb64)((pos)->by_color[WHITE] | (pos)->by_color[BLACK]))
#define US(pos, c) ((bb64)(pos)->by_color[c])

static const bb64 RANK_1 = 0xFFull, RANK_8 = 0xFFull << 56;

/* Which castling rights survive a move touching each square. */
static uint8_t castle_keep[64];

static void chess_init(void) {
    chess_attacks_init();
    chess_eval_init();
    memset(castle_keep, 15, sizeof castle_keep);
    castle_keep[4] = (uint8_t)~(CASTLE_WHITE_SHORT | CASTLE_WHITE_LONG) & 15;
    castle_keep[0] = (uint8_t)~CASTLE_WHITE_LONG & 15;
    castle_keep[7] = (uint8_t)~CASTLE_WHITE_SHORT & 15;
    castle_keep[60] = (uint8_t)~(CASTLE_BLACK_SHORT | CASTLE_BLACK_LONG) & 15;
    castle_keep[56] = (uint8_t)~CASTLE_BLACK_LONG & 15;
    castle_keep[63] = (uint8_t)~CASTLE_BLACK_SHORT & 15;
}

static bb64 attackers_to(const Position *pos, int sq, bb64 occ) {
    bb64 diag = BB(pos, BISHOP) | BB(pos, QUEEN), orth = BB(pos, ROOK) | BB(pos, QUEEN);
    return (ct.pawn[WHITE][sq] & US(pos, BLACK) & BB(pos, PAWN)) | (ct.pawn[BLACK][sq] & US(pos, WHITE) & BB(pos, PAWN))
         | (ct.knight[sq] & BB(pos, KNIGHT)) | (ct.king[sq] & BB(pos, KING)) | (bishop_attacks64(sq, occ) & diag)
         | (rook_attacks64(sq, occ) & orth);
}

static int king_square(const Position *pos, int c) { return lsb64(BB(pos, KING) & US(pos, c)); }

static bool in_check(const Position *pos) {
    int c = pos->side;
    return attackers_to(pos, king_square(pos, c), OCC(pos)) & US(pos, c ^ 1);
}

/* Everything the generator needs to know about checks and pins. */
typedef struct {
    int us, them, ksq;
    bb64 occ, ours, theirs, checkers, pinned, target;
} GenState;

static void gen_state(const Position *pos, GenState *s) {
    s->us = pos->side, s->them = s->us ^ 1;
    s->occ = OCC(pos), s->ours = US(pos, s->us), s->theirs = US(pos, s->them);
    s->ksq = king_square(pos, s->us);
    s->checkers = attackers_to(pos, s->ksq, s->occ) & s->theirs;
    s->pinned = 0;
    bb64 snipers = ((rook_attacks64(s->ksq, 0) & (BB(pos, ROOK) | BB(pos, QUEEN)))
                    | (bishop_attacks64(s->ksq, 0) & (BB(pos, BISHOP) | BB(pos, QUEEN)))) & s->theirs;
    while (snipers) {
        bb64 b = ct.between[s->ksq][pop_lsb64(&snipers)] & s->occ;
        if (b && !more_than_one(b)) s->pinned |= b & s->ours;
    }
    s->target = s->checkers ? ct.between[s->ksq][lsb64(s->checkers)] | s->checkers : ~s->ours;
}

static inline Move *add_targets(Move *list, int from, bb64 targets) {
    while (targets) *list++ = move_simple(from, pop_lsb64(&targets));
    return list;
}

static Move *add_promotions(Move *list, int from, int to) {
    for (int t = QUEEN; t >= KNIGHT; t--) *list++ = move_make(from, to, SQ_NONE, t, MK_PROMO);
    return list;
}

/* En passant can expose the king along the rank the two pawns leave, so it
 * is verified on the resulting occupancy. */
static bool ep_is_legal(const Position *pos, const GenState *s, int from, int to) {
    int cap = to + (s->us == WHITE ? -8 : 8);
    bb64 occ = (s->occ ^ (1ull << from) ^ (1ull << cap)) | (1ull << to);
    bb64 theirs = s->theirs & ~(1ull << cap);
    return !((rook_attacks64(s->ksq, occ) & (BB(pos, ROOK) | BB(pos, QUEEN)) & theirs)
             || (bishop_attacks64(s->ksq, occ) & (BB(pos, BISHOP) | BB(pos, QUEEN)) & theirs));
}

static Move *gen_pawns(const Position *pos, const GenState *s, Move *list, bool noisy_only) {
    bb64 pawns = BB(pos, PAWN) & s->ours, empty = ~s->occ;
    int up = s->us == WHITE ? 8 : -8;
    bb64 last = s->us == WHITE ? RANK_8 : RANK_1, third = s->us == WHITE ? 0xFF0000ull : 0xFF0000000000ull;
    while (pawns) {
        int from = pop_lsb64(&pawns);
        bb64 pin_mask = (s->pinned >> from) & 1 ? ct.line[s->ksq][from] : ~0ull;
        bb64 one = (s->us == WHITE ? (1ull << from) << 8 : (1ull << from) >> 8) & empty;
        bb64 two = (one & third) ? (s->us == WHITE ? one << 8 : one >> 8) & empty : 0;
        bb64 caps = ct.pawn[s->us][from] & s->theirs;
        bb64 pushes = noisy_only ? one & last : one | two;
        bb64 targets = (pushes | caps) & s->target & pin_mask;
        while (targets) {
            int to = pop_lsb64(&targets);
            list = (1ull << to) & last ? add_promotions(list, from, to) : (*list++ = move_simple(from, to), list);
        }
        if (pos->ep != SQ_NONE && (ct.pawn[s->us][from] & (1ull << pos->ep)) && ep_is_legal(pos, s, from, pos->ep))
            *list++ = move_make(from, pos->ep, SQ_NONE, 0, MK_EP);
    }
    (void)up;
    return list;
}

static Move *gen_pieces(const Position *pos, const GenState *s, Move *list) {
    bb64 pieces = s->ours & ~BB(pos, PAWN) & ~BB(pos, KING);
    while (pieces) {
        int from = pop_lsb64(&pieces);
        int t = piece_type(pos->board[from]);
        bb64 att = t == KNIGHT ? ct.knight[from]
                 : t == BISHOP ? bishop_attacks64(from, s->occ)
                 : t == ROOK   ? rook_attacks64(from, s->occ)
                               : bishop_attacks64(from, s->occ) | rook_attacks64(from, s->occ);
        att &= s->target;
        if ((s->pinned >> from) & 1) att &= ct.line[s->ksq][from];
        list = add_targets(list, from, att);
    }
    return list;
}

static bool square_attacked(const Position *pos, int sq, int by, bb64 occ) {
    return attackers_to(pos, sq, occ) & US(pos, by);
}

static Move *gen_castling(const Position *pos, const GenState *s, Move *list) {
    int base = s->us == WHITE ? 0 : 56;
    int rights = pos->castling >> (s->us == WHITE ? 0 : 2);
    if (s->checkers || s->ksq != base + 4) return list;
    if ((rights & CASTLE_WHITE_SHORT) && !(s->occ & (3ull << (base + 5)))
        && !square_attacked(pos, base + 5, s->them, s->occ) && !square_attacked(pos, base + 6, s->them, s->occ))
        *list++ = move_make(base + 4, base + 6, SQ_NONE, 0, MK_CASTLE);
    if ((rights & CASTLE_WHITE_LONG) && !(s->occ & (7ull << (base + 1)))
        && !square_attacked(pos, base + 3, s->them, s->occ) && !square_attacked(pos, base + 2, s->them, s->occ))
        *list++ = move_make(base + 4, base + 2, SQ_NONE, 0, MK_CASTLE);
    return list;
}

/* All legal moves, or (noisy_only) just captures and promotions. */
static int generate(const Position *pos, Move *moves, bool noisy_only) {
    GenState s;
    gen_state(pos, &s);
    if (noisy_only) s.target &= s.theirs;
    Move *list = moves;
    bb64 occ_noking = s.occ ^ (1ull << s.ksq);
    bb64 kt = ct.king[s.ksq] & (noisy_only ? s.theirs : ~s.ours);
    while (kt) {
        int to = pop_lsb64(&kt);
        if (!square_attacked(pos, to, s.them, occ_noking)) *list++ = move_simple(s.ksq, to);
    }
    if (more_than_one(s.checkers)) return (int)(list - moves);
    if (noisy_only) {
        /* promotions by a push land on empty squares: widen the target for them */
        GenState p = s;
        p.target = s.checkers ? ct.between[s.ksq][lsb64(s.checkers)] | s.checkers : ~s.ours;
        list = gen_pawns(pos, &p, list, true);
        return (int)(gen_pieces(pos, &s, list) - moves);
    }
    list = gen_pawns(pos, &s, list, false);
    list = gen_pieces(pos, &s, list);
    list = gen_castling(pos, &s, list);
    return (int)(list - moves);
}

static int chess_generate(const Position *pos, Move *moves) { return generate(pos, moves, false); }
static int chess_generate_noisy(const Position *pos, Move *moves) { return generate(pos, moves, true); }

/* perft's last ply needs only how many moves there are: the same rules as
 * generate, counted with popcounts instead of writing the list. Unpinned
 * pawns are shifted all at once; pinned ones and en passant go one by one
 * as in gen_pawns. */
static int count_promo(bb64 targets, bb64 last) { return popcount64(targets & ~last) + 4 * popcount64(targets & last); }

static int count_pawns(const Position *pos, const GenState *s) {
    const bb64 file_a = 0x0101010101010101ull, file_h = file_a << 7;
    bb64 pawns = BB(pos, PAWN) & s->ours, free = pawns & ~s->pinned, pinned = pawns & s->pinned, empty = ~s->occ;
    bool white = s->us == WHITE;
    bb64 last = white ? RANK_8 : RANK_1, third = white ? 0xFF0000ull : 0xFF0000000000ull;
    bb64 one = (white ? free << 8 : free >> 8) & empty;
    bb64 two = (white ? (one & third) << 8 : (one & third) >> 8) & empty;
    bb64 west = (white ? (free & ~file_a) << 7 : (free & ~file_a) >> 9) & s->theirs;
    bb64 east = (white ? (free & ~file_h) << 9 : (free & ~file_h) >> 7) & s->theirs;
    int n = count_promo(one & s->target, last) + popcount64(two & s->target) + count_promo(west & s->target, last)
          + count_promo(east & s->target, last);
    while (pinned) {
        int from = pop_lsb64(&pinned);
        bb64 p1 = (white ? (1ull << from) << 8 : (1ull << from) >> 8) & empty;
        bb64 p2 = (p1 & third) ? (white ? p1 << 8 : p1 >> 8) & empty : 0;
        n += count_promo((p1 | p2 | (ct.pawn[s->us][from] & s->theirs)) & s->target & ct.line[s->ksq][from], last);
    }
    if (pos->ep == SQ_NONE) return n;
    for (bb64 c = ct.pawn[s->them][pos->ep] & pawns; c;) n += ep_is_legal(pos, s, pop_lsb64(&c), pos->ep);
    return n;
}

static int chess_count(const Position *pos) {
    GenState s;
    gen_state(pos, &s);
    int n = 0;
    bb64 occ_noking = s.occ ^ (1ull << s.ksq);
    for (bb64 kt = ct.king[s.ksq] & ~s.ours; kt;) n += !square_attacked(pos, pop_lsb64(&kt), s.them, occ_noking);
    if (more_than_one(s.checkers)) return n;
    for (bb64 pieces = s.ours & ~BB(pos, PAWN) & ~BB(pos, KING); pieces;) {
        int from = pop_lsb64(&pieces), t = piece_type(pos->board[from]);
        bb64 att = t == KNIGHT ? ct.knight[from]
                 : t == BISHOP ? bishop_attacks64(from, s.occ)
                 : t == ROOK   ? rook_attacks64(from, s.occ)
                               : bishop_attacks64(from, s.occ) | rook_attacks64(from, s.occ);
        att &= s.target;
        if ((s.pinned >> from) & 1) att &= ct.line[s.ksq][from];
        n += popcount64(att);
    }
    Move castles[2];
    return n + count_pawns(pos, &s) + (int)(gen_castling(pos, &s, castles) - castles);
}

static void chess_make(Position *pos, Move m) {
    int from = move_from(m), to = move_to(m), us = pos->side;
    int moved = piece_type(pos->board[from]);
    pos->halfmove++;
    pos_set_ep(pos, SQ_NONE);
    if (move_kind(m) == MK_EP) {
        pos_remove(pos, to + (us == WHITE ? -8 : 8));
        pos->halfmove = 0;
    } else if (pos->board[to]) {
        pos_remove(pos, to);
        pos->halfmove = 0;
    }
    pos_move_piece(pos, from, to);
    if (moved == PAWN) {
        pos->halfmove = 0;
        if (to - from == 16 || from - to == 16) pos_set_ep(pos, (from + to) / 2);
        if (move_kind(m) == MK_PROMO) {
            pos_remove(pos, to);
            pos_put(pos, to, make_piece(us, move_piece(m)));
        }
    } else if (move_kind(m) == MK_CASTLE) {
        int rook_from = to > from ? to + 1 : to - 2, rook_to = to > from ? to - 1 : to + 1;
        pos_move_piece(pos, rook_from, rook_to);
    }
    if (pos->castling) pos_set_castling(pos, pos->castling & castle_keep[from] & castle_keep[to]);
    pos_flip_side(pos);
}

/* Static exchange evaluation by the swap algorithm: captures on the target
 * square alternate, each side using its least valuable attacker, and sliders
 * behind the pieces that move are revealed as the occupancy shrinks. */
static bool chess_see_ge(const Position *pos, Move m, int threshold) {
    static const int value[7] = {0, 100, 320, 330, 500, 950, 20000};
    if (move_kind(m) != MK_NORMAL) return threshold <= 0;
    int from = move_from(m), to = move_to(m);
    int swap = value[piece_type(pos->board[to])] - threshold;
    if (swap < 0) return false;
    swap = value[piece_type(pos->board[from])] - swap;
    if (swap <= 0) return true;
    bb64 occ = OCC(pos) ^ (1ull << from) ^ (1ull << to);
    bb64 attackers = attackers_to(pos, to, occ) & occ;
    bb64 diag = BB(pos, BISHOP) | BB(pos, QUEEN), orth = BB(pos, ROOK) | BB(pos, QUEEN);
    int stm = pos->side, res = 1;
    for (;;) {
        stm ^= 1;
        attackers &= occ;
        bb64 mine = attackers & US(pos, stm);
        if (!mine) break;
        res ^= 1;
        int t;
        bb64 b = 0;
        for (t = PAWN; t <= KING; t++)
            if ((b = mine & BB(pos, t))) break;
        if (t == KING) return (attackers & ~US(pos, stm)) ? res ^ 1 : res;
        swap = value[t] - swap;
        if (swap < res) break;
        occ ^= b & -b;
        if (t == PAWN || t == BISHOP || t == QUEEN) attackers |= bishop_attacks64(to, occ) & diag;
        if (t == ROOK || t == QUEEN) attackers |= rook_attacks64(to, occ) & orth;
    }
    return res;
}

/* FIDE 5.2.2 dead positions that a material count proves: bare kings, a
 * lone minor piece, or bishops all on squares of one colour. */
static bool insufficient_material(const Position *pos) {
    if (BB(pos, PAWN) | BB(pos, ROOK) | BB(pos, QUEEN)) return false;
    bb64 knights = BB(pos, KNIGHT), bishops = BB(pos, BISHOP);
    if (!knights && !bishops) return true;
    if (!bishops && !more_than_one(knights)) return true;
    if (!knights) {
        const bb64 dark = 0xAA55AA55AA55AA55ull;
        return !(bishops & dark) || !(bishops & ~dark);
    }
    return false;
}

static void chess_outcome(const Position *pos, Outcome *o) {
    Move moves[MAX_MOVES];
    memset(o, 0, sizeof *o);
    if (!chess_generate(pos, moves)) {
        if (in_check(pos)) {
            o->code = pos->side == WHITE ? RES_BLACK_WINS : RES_WHITE_WINS;
            o->reason = "checkmate";
        } else {
            o->code = RES_DRAW;
            o->reason = "stalemate";
        }
    } else if (pos->halfmove >= 100) {
        o->code = RES_DRAW;
        o->reason = "fifty-move rule";
    } else if (insufficient_material(pos)) {
        o->code = RES_DRAW;
        o->reason = "insufficient material";
    }
}

static bool chess_setup(Position *pos, char *err, size_t n) {
    for (int c = WHITE; c <= BLACK; c++) {
        if (popcount64(BB(pos, KING) & US(pos, c)) != 1) {
            snprintf(err, n, "%s must have exactly one king", c == WHITE ? "white" : "black");
            return false;
        }
    }
    if (BB(pos, PAWN) & (RANK_1 | RANK_8)) {
        snprintf(err, n, "pawns cannot stand on the first or last rank");
        return false;
    }
    int them = pos->side ^ 1;
    if (attackers_to(pos, king_square(pos, them), OCC(pos)) & US(pos, pos->side)) {
        snprintf(err, n, "the side not to move is in check");
        return false;
    }
    /* Drop rights whose king or rook is not at home, as GUIs do. */
    int keep = pos->castling;
    for (int sq = 0; sq < 64; sq++) {
        static const int home_type[64] = {[0] = ROOK, [4] = KING, [7] = ROOK, [56] = ROOK, [60] = KING, [63] = ROOK};
        if (!home_type[sq]) continue;
        Piece want = make_piece(sq < 8 ? WHITE : BLACK, home_type[sq]);
        if (pos->board[sq] != want) keep &= castle_keep[sq];
    }
    pos_set_castling(pos, keep);
    /* An en passant square needs the pawn that just double-stepped. */
    if (pos->ep != SQ_NONE) {
        int pawn_sq = pos->ep + (pos->side == WHITE ? -8 : 8);
        if (pos->board[pawn_sq] != make_piece(them, PAWN) || pos->board[pos->ep]) {
            snprintf(err, n, "en passant square without a pawn that just moved two squares");
            return false;
        }
    }
    return true;
}

const Variant variant_chess = {
    .name = "chess",
    .files = 8,
    .ranks = 8,
    .start_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    .system_book = "/usr/share/games/gnuchess/book.bin",
    .pieces = {[PAWN] = {'P', false, 100, "pawn", 'P'}, [KNIGHT] = {'N', false, 320, "knight", 'N'},
               [BISHOP] = {'B', false, 330, "bishop", 'B'}, [ROOK] = {'R', false, 500, "rook", 'R'},
               [QUEEN] = {'Q', false, 950, "queen", 'Q'}, [KING] = {'K', false, 0, "king", 'K'}},
    .holding_order = NULL,
    .castle_style = CASTLE_STYLE_KQ,
    .has_ep = true,
    .multi_step = false,
    .prune = PRUNE_TACTICAL,
    .time_horizon = 18,
    .repetition_draw = true,
    .init = chess_init,
    .setup = chess_setup,
    .generate = chess_generate,
    .make = chess_make,
    .outcome = chess_outcome,
    .evaluate = chess_evaluate,
    .eval_params = &chess_eval_params,
    .in_check = in_check,
    .see_ge = chess_see_ge,
    .generate_noisy = chess_generate_noisy,
    .count_legal = chess_count,
    .draw_halfmoves = 100,
    .clock_limit = CLOCK_LIMIT_NONE,
    .regions = {{"promotion", WHITE, "a8:h8", "white pawns promote"},
                {"promotion", BLACK, "a1:h1", "black pawns promote"}},
    .san = true,
    .polyglot = true,
    .wdl = {.win_cp = 109, .scale_cp = 151}, /* search/wdl_fit.py, docs/uci.md "WDL" */
};
