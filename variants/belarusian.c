/* `belarusian`: Belarusian (Litvin) chess, seed 003 (RULES.md section 4).
 *
 * 9x9, with a throne on e5 that only a kniaz or kniazhych may take, and a
 * family (kniaz + kniazhych) instead of one royal king:
 *   - sliders treat e5 as a permanent blocker: they attack it, never pass it,
 *     so their rays are computed on `occupied | e5` and e5 is masked out of
 *     their destinations;
 *   - check exists only while the kniazhych is dead; rokash (an attacked own
 *     throne-holder) exists only while someone of ours sits on e5.
 * In the common position (kniazhych alive, throne not ours) no step can
 * expose anything, so steps are emitted without being played; only steps
 * onto the throne, and every step in a position with check or a holder to
 * guard, are verified on a copy of the position. That keeps perft's last ply
 * (which just counts the generated steps) cheap. */
#include <stdio.h>
#include <string.h>
#include "belarusian_internal.h"

enum {
    BY_KNIAZ = 1, /* A: the kniaz, the king                 */
    BY_HEIR,      /* K: the kniazhych, heir                 */
    BY_HETMAN,    /* G: queen                               */
    BY_ROOK,      /* L                                      */
    BY_HARMATA,   /* I: bishop                              */
    BY_HORSE,     /* V: vierhsnik, knight                   */
    BY_RATNIK,    /* R: pawn                                */
};

enum { BY_SIZE = 9, BY_THRONE = 40 /* e5 */, BY_HALFMOVE_DRAW = 100 };

/* Read-only after init(). */
static struct {
    const Geometry *g;
    bb_t throne, palace;
    bb_t ratnik_att[COLOR_NB][SQ_MAX]; /* squares a ratnik of that colour attacks */
    bb_t far2[SQ_MAX];                 /* the kniazhych's 2-square targets        */
    int8_t mid2[SQ_MAX][DIR_NB];       /* square passed on the way, or -1         */
    int8_t dest2[SQ_MAX][DIR_NB];      /* 2-square target in each direction, or -1 */
    uint8_t castle_keep[SQ_MAX];       /* rights that survive a step touching sq  */
    bb_t rank_start[COLOR_NB], rank_last[COLOR_NB];
    bb_t not_file_a, not_file_i;
} T;

static const int start_count[PT_NB] = {[BY_HEIR] = 1, [BY_HETMAN] = 1, [BY_ROOK] = 2, [BY_HARMATA] = 2, [BY_HORSE] = 2};

static bb_t sq_bb_or0(int sq) { return sq >= 0 ? bb_sq(sq) : 0; }

static void by_init(void) {
    const Geometry *g = geometry_get(BY_SIZE, BY_SIZE);
    T.g = g;
    T.throne = bb_sq(BY_THRONE);
    for (int r = 2; r <= 6; r++)
        for (int f = 2; f <= 6; f++) T.palace |= bb_sq(sq_make(g, f, r));
    for (int sq = 0; sq < g->nsq; sq++) {
        T.ratnik_att[WHITE][sq] = sq_bb_or0(geo_offset(g, sq, -1, 1)) | sq_bb_or0(geo_offset(g, sq, 1, 1));
        T.ratnik_att[BLACK][sq] = sq_bb_or0(geo_offset(g, sq, -1, -1)) | sq_bb_or0(geo_offset(g, sq, 1, -1));
        for (int d = 0; d < DIR_NB; d++) {
            T.mid2[sq][d] = (int8_t)geo_offset(g, sq, dir_df[d], dir_dr[d]);
            T.dest2[sq][d] = (int8_t)geo_offset(g, sq, 2 * dir_df[d], 2 * dir_dr[d]);
            if (T.dest2[sq][d] >= 0) T.far2[sq] |= bb_sq(T.dest2[sq][d]);
        }
    }
    memset(T.castle_keep, 15, sizeof T.castle_keep);
    T.castle_keep[4] = (uint8_t)~(CASTLE_WHITE_SHORT | CASTLE_WHITE_LONG) & 15;
    T.castle_keep[0] = (uint8_t)~CASTLE_WHITE_LONG & 15;
    T.castle_keep[8] = (uint8_t)~CASTLE_WHITE_SHORT & 15;
    T.castle_keep[76] = (uint8_t)~(CASTLE_BLACK_SHORT | CASTLE_BLACK_LONG) & 15;
    T.castle_keep[72] = (uint8_t)~CASTLE_BLACK_LONG & 15;
    T.castle_keep[80] = (uint8_t)~CASTLE_BLACK_SHORT & 15;
    T.rank_start[WHITE] = g->rank[1];
    T.rank_start[BLACK] = g->rank[7];
    T.rank_last[WHITE] = g->rank[8];
    T.rank_last[BLACK] = g->rank[0];
    T.not_file_a = g->all & ~g->file[0];
    T.not_file_i = g->all & ~g->file[8];
}

static inline bb_t pieces(const Position *pos, int c, int t) { return pos->by_color[c] & pos->by_type[t]; }

/* Sliders see e5 as occupied: they reach it and stop. */
static inline bb_t rook_att(int sq, bb_t occ) { return geo_rook_attacks(T.g, sq, occ | T.throne); }
static inline bb_t bishop_att(int sq, bb_t occ) { return geo_bishop_attacks(T.g, sq, occ | T.throne); }

/* Does colour `by` attack sq, with occupancy occ? Every piece attacks by its
 * pattern, whether or not it could move there (e5 included). */
static bool attacked(const Position *pos, int sq, int by, bb_t occ) {
    bb_t them = pos->by_color[by];
    if (T.ratnik_att[by ^ 1][sq] & them & pos->by_type[BY_RATNIK]) return true;
    if (T.g->knight[sq] & them & pos->by_type[BY_HORSE]) return true;
    bb_t heirs = them & pos->by_type[BY_HEIR];
    if (T.g->king[sq] & them & (pos->by_type[BY_KNIAZ] | heirs)) return true;
    bb_t h2 = T.far2[sq] & heirs;
    while (h2) {
        int h = bb_pop_lsb(&h2);
        if (!bb_test(occ, (sq + h) / 2)) return true;
    }
    bb_t orth = them & (pos->by_type[BY_ROOK] | pos->by_type[BY_HETMAN]);
    if (orth && (rook_att(sq, occ) & orth)) return true;
    bb_t diag = them & (pos->by_type[BY_HARMATA] | pos->by_type[BY_HETMAN]);
    return diag && (bishop_att(sq, occ) & diag);
}

static void by_make(Position *pos, Move m);

/* After the step, neither our kniaz (when the kniazhych is dead) nor our
 * throne-holder may stand attacked. */
static bool leaves_safe(const Position *pos, Move m) {
    Position after = *pos;
    int us = pos->side;
    by_make(&after, m);
    bb_t occ = pos_occupied(&after);
    if (!pieces(&after, us, BY_HEIR)) {
        bb_t a = pieces(&after, us, BY_KNIAZ);
        if (a && attacked(&after, bb_lsb(a), us ^ 1, occ)) return false;
    }
    if ((after.by_color[us] & T.throne) && attacked(&after, BY_THRONE, us ^ 1, occ)) return false;
    return true;
}

/* Emits from->each target; a target on e5 (only the family gets there) is
 * verified unless every step is verified anyway. */
typedef struct {
    const Position *pos;
    Move *list;
    bool verify_all;
} Gen;

static inline void emit(Gen *gn, Move m, bool verify) {
    if ((verify || gn->verify_all) && !leaves_safe(gn->pos, m)) return;
    *gn->list++ = m;
}

/* Writes from->to for every target; the two 64-bit halves are walked on
 * their own, which is cheaper than 128-bit pops (perft's hottest loop). */
static inline Move *push_targets(Move *l, int from, bb_t targets) {
    uint64_t lo = bb_lo(targets), hi = bb_hi(targets);
    Move base = move_simple(from, 0);
    for (; lo; lo &= lo - 1) *l++ = base | (Move)__builtin_ctzll(lo) << 7;
    for (; hi; hi &= hi - 1) *l++ = base | (Move)(64 + __builtin_ctzll(hi)) << 7;
    return l;
}

/* Same for a set of destinations reached by a fixed square offset. */
static inline Move *push_shifted(Move *l, int delta, bb_t targets) {
    uint64_t lo = bb_lo(targets), hi = bb_hi(targets);
    for (; lo; lo &= lo - 1) {
        int to = __builtin_ctzll(lo);
        *l++ = move_simple(to - delta, to);
    }
    for (; hi; hi &= hi - 1) {
        int to = 64 + __builtin_ctzll(hi);
        *l++ = move_simple(to - delta, to);
    }
    return l;
}

static inline void emit_targets(Gen *gn, int from, bb_t targets) {
    if (gn->verify_all) {
        int to;
        BB_FOREACH(to, targets) emit(gn, move_simple(from, to), true);
        return;
    }
    gn->list = push_targets(gn->list, from, targets);
}

static inline void emit_shifted(Gen *gn, int delta, bb_t targets) {
    if (gn->verify_all) {
        int to;
        BB_FOREACH(to, targets) emit(gn, move_simple(to - delta, to), true);
        return;
    }
    gn->list = push_shifted(gn->list, delta, targets);
}

/* Ratniks: steps and captures by shifting the whole set; a ratnik already on
 * the last rank instead may change into a lost piece type. */
static void gen_ratniks(Gen *gn, int us, bb_t ours, bb_t theirs, bb_t occ) {
    const Position *pos = gn->pos;
    bb_t rat = ours & pos->by_type[BY_RATNIK];
    bb_t waiting = rat & T.rank_last[us];
    rat ^= waiting;
    bb_t empty = T.g->all & ~occ & ~T.throne, prey = theirs & ~T.throne;
    bb_t one, two, capl, capr;
    int up = us == WHITE ? 9 : -9;
    if (us == WHITE) {
        one = (rat << 9) & empty;
        two = ((one & T.g->rank[2]) << 9) & empty;
        capl = ((rat & T.not_file_a) << 8) & prey;
        capr = ((rat & T.not_file_i) << 10) & prey;
    } else {
        one = (rat >> 9) & empty;
        two = ((one & T.g->rank[6]) >> 9) & empty;
        capl = ((rat & T.not_file_a) >> 10) & prey;
        capr = ((rat & T.not_file_i) >> 8) & prey;
    }
    emit_shifted(gn, up, one);
    emit_shifted(gn, 2 * up, two);
    emit_shifted(gn, up - 1, capl);
    emit_shifted(gn, up + 1, capr);
    if (!waiting) return;
    int from;
    BB_FOREACH(from, waiting) {
        for (int t = BY_HEIR; t <= BY_HORSE; t++)
            if (bb_count(pieces(pos, us, t)) < start_count[t])
                emit(gn, move_make(from, from, SQ_NONE, t, MK_CHANGE), false);
    }
}

/* The kniazhych: one or two squares along the 8 lines, the square passed
 * over empty; onto the throne only while our kniaz is in the palace. */
static void gen_heir(Gen *gn, int from, bb_t ours, bb_t occ, bool kniaz_in_palace) {
    bb_t targets = T.g->king[from] & ~ours;
    for (int d = 0; d < DIR_NB; d++) {
        int to = T.dest2[from][d];
        if (to >= 0 && !bb_test(occ, T.mid2[from][d]) && !bb_test(ours, to)) targets |= bb_sq(to);
    }
    if (targets & T.throne) {
        targets ^= T.throne;
        if (kniaz_in_palace) emit(gn, move_simple(from, BY_THRONE), true);
    }
    emit_targets(gn, from, targets);
}

static void gen_castling(Gen *gn, int us, int ksq, bb_t occ) {
    const Position *pos = gn->pos;
    int base = us == WHITE ? 0 : 72, rights = pos->castling >> (us == WHITE ? 0 : 2);
    if (!(rights & (CASTLE_WHITE_SHORT | CASTLE_WHITE_LONG)) || ksq != base + 4) return;
    Piece rook = make_piece(us, BY_ROOK);
    /* Cheap tests first: the rook at home and the three squares between empty. */
    bool lng = (rights & CASTLE_WHITE_LONG) && pos->board[base] == rook && !(occ & ((bb_t)7 << (base + 1)));
    bool shrt = (rights & CASTLE_WHITE_SHORT) && pos->board[base + 8] == rook && !(occ & ((bb_t)7 << (base + 5)));
    if (!(lng || shrt) || attacked(pos, ksq, us ^ 1, occ)) return;
    /* Long: b, c, d safe; the kniaz goes to c or b. */
    if (lng && !attacked(pos, base + 1, us ^ 1, occ) && !attacked(pos, base + 2, us ^ 1, occ)
        && !attacked(pos, base + 3, us ^ 1, occ)) {
        emit(gn, move_make(ksq, base + 2, SQ_NONE, 0, MK_CASTLE), false);
        emit(gn, move_make(ksq, base + 1, SQ_NONE, 0, MK_CASTLE), false);
    }
    if (shrt && !attacked(pos, base + 5, us ^ 1, occ) && !attacked(pos, base + 6, us ^ 1, occ)
        && !attacked(pos, base + 7, us ^ 1, occ)) {
        emit(gn, move_make(ksq, base + 6, SQ_NONE, 0, MK_CASTLE), false);
        emit(gn, move_make(ksq, base + 7, SQ_NONE, 0, MK_CASTLE), false);
    }
}

/* Every legal step, with no game-over test. */
static int gen_legal(const Position *pos, Move *moves) {
    int us = pos->side;
    bb_t ours = pos->by_color[us], theirs = pos->by_color[us ^ 1], occ = ours | theirs;
    bb_t kniaz = ours & pos->by_type[BY_KNIAZ], heir = ours & pos->by_type[BY_HEIR];
    if (!kniaz) { /* inauguration: the only turn there is */
        if (!heir) return 0;
        int h = bb_lsb(heir);
        moves[0] = move_make(h, h, SQ_NONE, BY_KNIAZ, MK_CHANGE);
        return 1;
    }
    Gen gn = {pos, moves, !heir || (ours & T.throne)};
    gen_ratniks(&gn, us, ours, theirs, occ);
    bb_t not_ours = T.g->all & ~ours, land = not_ours & ~T.throne;
    int from;
    BB_FOREACH(from, ours & pos->by_type[BY_HORSE]) emit_targets(&gn, from, T.g->knight[from] & land);
    BB_FOREACH(from, ours & pos->by_type[BY_HARMATA]) emit_targets(&gn, from, bishop_att(from, occ) & land);
    BB_FOREACH(from, ours & pos->by_type[BY_ROOK]) emit_targets(&gn, from, rook_att(from, occ) & land);
    BB_FOREACH(from, ours & pos->by_type[BY_HETMAN])
        emit_targets(&gn, from, (rook_att(from, occ) | bishop_att(from, occ)) & land);
    int ksq = bb_lsb(kniaz);
    if (heir) gen_heir(&gn, bb_lsb(heir), ours, occ, bb_test(T.palace, ksq));
    bb_t kt = T.g->king[ksq] & not_ours;
    if (kt & T.throne) {
        kt ^= T.throne;
        emit(&gn, move_simple(ksq, BY_THRONE), true);
    }
    emit_targets(&gn, ksq, kt);
    gen_castling(&gn, us, ksq, occ);
    return (int)(gn.list - moves);
}

/* Our throne-holder has sat out one enemy move without rokash. */
static bool throne_held(const Position *pos) {
    int us = pos->side;
    return (pos->by_color[us] & T.throne) && !attacked(pos, BY_THRONE, us ^ 1, pos_occupied(pos));
}

static bool family_gone(const Position *pos) {
    return !(pos->by_color[pos->side] & (pos->by_type[BY_KNIAZ] | pos->by_type[BY_HEIR]));
}

static int by_generate(const Position *pos, Move *moves) {
    if (throne_held(pos) || family_gone(pos)) return 0;
    int n = gen_legal(pos, moves);
    return pos->halfmove >= BY_HALFMOVE_DRAW ? 0 : n;
}

static void by_make(Position *pos, Move m) {
    int from = move_from(m), to = move_to(m), us = pos->side;
    pos->halfmove++;
    switch (move_kind(m)) {
    case MK_CHANGE:
        pos_remove(pos, from);
        pos_put(pos, from, make_piece(us, move_piece(m)));
        break;
    case MK_CASTLE: {
        /* The rook jumps to the square on the kniaz's far side. */
        int base = us == WHITE ? 0 : 72;
        int rook_from = to < from ? base : base + 8, rook_to = to < from ? to + 1 : to - 1;
        pos_move_piece(pos, from, to);
        pos_move_piece(pos, rook_from, rook_to);
        break;
    }
    default:
        if (pos->board[to]) {
            /* A captured kniaz takes its side's castling rights with it. */
            if (piece_type(pos->board[to]) == BY_KNIAZ)
                pos_set_castling(pos, pos->castling & (us == WHITE ? 3 : 12));
            pos_remove(pos, to);
            pos->halfmove = 0;
        }
        pos_move_piece(pos, from, to);
        break;
    }
    if (pos->castling) pos_set_castling(pos, pos->castling & T.castle_keep[from] & T.castle_keep[to]);
    pos_flip_side(pos);
}

static void by_outcome(const Position *pos, Outcome *o) {
    Move moves[MAX_MOVES];
    int us = pos->side;
    ResultCode we_win = us == WHITE ? RES_WHITE_WINS : RES_BLACK_WINS;
    ResultCode they_win = us == WHITE ? RES_BLACK_WINS : RES_WHITE_WINS;
    memset(o, 0, sizeof *o);
    if (throne_held(pos)) {
        o->code = we_win;
        o->reason = "throne held";
    } else if (family_gone(pos)) {
        o->code = they_win;
        o->reason = "family captured";
    } else if (!gen_legal(pos, moves)) {
        bb_t kniaz = pieces(pos, us, BY_KNIAZ);
        if (!pieces(pos, us, BY_HEIR) && kniaz && attacked(pos, bb_lsb(kniaz), us ^ 1, pos_occupied(pos))) {
            o->code = they_win;
            o->reason = "checkmate";
        } else {
            o->code = RES_DRAW;
            o->reason = "stalemate";
        }
    } else if (pos->halfmove >= BY_HALFMOVE_DRAW) {
        o->code = RES_DRAW;
        o->reason = "100 half-moves without capture";
    }
}

/* The text of a step the generator does not offer, explained: the engine
 * rejects it anyway, but says which rule forbids it. Never accepts a move. */
static const char *why_illegal(const Position *pos, const char *text) {
    if (strlen(text) < 4 || strlen(text) > 5) return NULL;
    int f1 = text[0] - 'a', r1 = text[1] - '1', f2 = text[2] - 'a', r2 = text[3] - '1';
    if (f1 < 0 || f1 > 8 || r1 < 0 || r1 > 8 || f2 < 0 || f2 > 8 || r2 < 0 || r2 > 8) return NULL;
    int us = pos->side, from = r1 * BY_SIZE + f1, to = r2 * BY_SIZE + f2;
    char suffix = text[4];
    Piece p = pos->board[from];
    if (throne_held(pos) || family_gone(pos)) return NULL;
    if (!pieces(pos, us, BY_KNIAZ)) return "the kniaz was captured: the inauguration (kniazhych square twice, then 'a') is the only turn";
    if (!p || piece_color(p) != us) return NULL;
    int t = piece_type(p);
    if (from == to) {
        if (suffix == 'a') return "only a kniazhych whose kniaz was captured is inaugurated";
        if (t != BY_RATNIK) return NULL;
        if (!bb_test(T.rank_last[us], from)) return "a ratnik changes only once it stands on the last rank";
        for (int k = BY_HEIR; k <= BY_HORSE; k++)
            if (suffix == (char)(pos->v->pieces[k].letter + ('a' - 'A')) && bb_count(pieces(pos, us, k)) >= start_count[k])
                return "a ratnik changes only into a piece type its side has lost";
        return NULL;
    }
    if (to == BY_THRONE && t != BY_KNIAZ && t != BY_HEIR) return "only a kniaz or kniazhych may stand on the throne e5";
    if (t == BY_HETMAN || t == BY_ROOK || t == BY_HARMATA)
        for (int d = 0; d < DIR_NB; d++)
            if (bb_test(T.g->ray[d][from], to) && bb_test(T.g->ray[d][from], BY_THRONE) && bb_test(T.g->ray[d][BY_THRONE], to))
                return "no piece passes through the throne e5";
    if (t == BY_HEIR && to == BY_THRONE && !(pieces(pos, us, BY_KNIAZ) & T.palace))
        return "the kniazhych takes the throne only while its kniaz is in the palace c3..g7";
    if (to == BY_THRONE && attacked(pos, BY_THRONE, us ^ 1, pos_occupied(pos) ^ bb_sq(from)))
        return "the throne e5 may not be entered while the opponent attacks it";
    if (t == BY_KNIAZ && r1 == r2 && f1 == 4 && r1 == (us == WHITE ? 0 : 8) && (f2 == 1 || f2 == 2 || f2 == 6 || f2 == 7))
        return "castling needs the right, empty squares up to the rook, and no attack on the kniaz or the squares between";
    return NULL;
}

static bool by_explain(const Position *pos, const char *text, Move *m, char *err, size_t n) {
    (void)m;
    const char *why = why_illegal(pos, text);
    if (why) snprintf(err, n, "%s", why);
    return false;
}

static bool fail(char *err, size_t n, const char *msg) {
    snprintf(err, n, "%s", msg);
    return false;
}

static bool by_setup(Position *pos, char *err, size_t n) {
    static const char *const name[COLOR_NB] = {"white", "black"};
    for (int c = WHITE; c <= BLACK; c++) {
        char msg[96];
        if (bb_count(pieces(pos, c, BY_KNIAZ)) > 1 || bb_count(pieces(pos, c, BY_HEIR)) > 1) {
            snprintf(msg, sizeof msg, "%s has more than one kniaz (A) or kniazhych (K)", name[c]);
            return fail(err, n, msg);
        }
        if (pieces(pos, c, BY_RATNIK) & T.rank_last[c ^ 1]) {
            snprintf(msg, sizeof msg, "a %s ratnik cannot stand on its own first rank", name[c]);
            return fail(err, n, msg);
        }
    }
    int them = pos->side ^ 1;
    if (pos->board[BY_THRONE] && piece_type(pos->board[BY_THRONE]) != BY_KNIAZ
        && piece_type(pos->board[BY_THRONE]) != BY_HEIR)
        return fail(err, n, "only a kniaz (A) or kniazhych (K) may stand on the throne e5");
    if (!pieces(pos, them, BY_KNIAZ)) {
        if (pieces(pos, them, BY_HEIR))
            return fail(err, n, "the side not to move has a kniazhych but no kniaz: its inauguration was due");
        return fail(err, n, "the side not to move has no kniaz or kniazhych: the game ended before this move");
    }
    /* Drop rights whose kniaz or rook is not at home. */
    int keep = pos->castling;
    static const struct { int sq, type; } home[] = {{0, BY_ROOK}, {4, BY_KNIAZ}, {8, BY_ROOK},
                                                    {72, BY_ROOK}, {76, BY_KNIAZ}, {80, BY_ROOK}};
    for (size_t i = 0; i < sizeof home / sizeof home[0]; i++)
        if (pos->board[home[i].sq] != make_piece(home[i].sq < 9 ? WHITE : BLACK, home[i].type))
            keep &= T.castle_keep[home[i].sq];
    pos_set_castling(pos, keep);
    return true;
}

/* The ratnik is not on XBoard's pawn type: XBoard would promote it on the
 * last rank itself (a ratnik forfeited there). */
static const XboardView xboard_view = {
    ".VILG.....K.........................R......A.vilg.....k.........................r......a",
    "9x9+0_fairy",
    {"A& KO2O3", "K& KnDnA", "G& Q", "L& R", "I& B", "V& N", "R& fmWfcFifmnD", NULL},
    {{0, false, 0}},
};

const Variant variant_belarusian = {
    .name = "belarusian",
    .files = BY_SIZE,
    .ranks = BY_SIZE,
    .start_fen = "lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/LIVKAGIVL w AIai - 0 1",
    .pieces = {[BY_KNIAZ] = {'A', false, 1500, "kniaź", 'K'}, [BY_HEIR] = {'K', false, 700, "kniažyč", 'K'},
               [BY_HETMAN] = {'G', false, 950, "hetman", 'Q'}, [BY_ROOK] = {'L', false, 500, "rook", 'R'},
               [BY_HARMATA] = {'I', false, 330, "harmata", 'B'}, [BY_HORSE] = {'V', false, 320, "vieršnik", 'N'},
               [BY_RATNIK] = {'R', false, 100, "ratnik", 'P'}},
    .holding_order = NULL,
    .castle_style = CASTLE_STYLE_FILES,
    .has_ep = false,
    .multi_step = false,
    .prune = PRUNE_WIDE,
    .repetition_draw = true,
    .init = by_init,
    .setup = by_setup,
    .generate = by_generate,
    .make = by_make,
    .outcome = by_outcome,
    .parse_special = by_explain,
    .evaluate = belarusian_evaluate,
    .eval_params = &belarusian_eval_params,
    .in_check = belarusian_in_check,
    .is_noisy = belarusian_is_noisy,
    .clock_limit = BY_HALFMOVE_DRAW,
    .regions = {{"throne", COLOR_NB, "e5", "throne: held for one move by a kniaź or kniažyč, it wins"},
                {"palace", COLOR_NB, "c3:g7", "palace: the kniažyč takes the throne only while its kniaź is here"},
                {"promotion", WHITE, "a9:i9", "a white ratnik here may later change into a lost piece"},
                {"promotion", BLACK, "a1:i1", "a black ratnik here may later change into a lost piece"}},
    .xboard = &xboard_view,
    .wdl = {.win_cp = 201, .scale_cp = 113}, /* search/wdl_fit.py, docs/uci.md "WDL" */
};
