/* `japanese`: the drop-free 9x9 shogi of seed 002 (RULES.md section 3).
 *
 * Every piece moves along fixed patterns, nobody is ever in check, and the only
 * state beyond the board is the capture clock, so the generator is a plain
 * loop over the side's pieces with tables built once in init():
 *   - leapers (dragon, silver, unicorn, soldier, the gold's step back, the
 *     dragon-king's diagonal step) are one bitboard per colour and square;
 *   - the gold's "exactly 2 or 3 squares, never jumping" moves are three lines
 *     (forward-left, forward, forward-right) of three squares each, the first
 *     one or two of which must be empty;
 *   - sliders use the core's ray tables.
 * Promotion is automatic, so a move is always MK_NORMAL and make() decides. */
#include <stdio.h>
#include "japanese_internal.h"

enum {
    JP_KING = 1,   /* dragon                    */
    JP_GOLD,       /* gold officer (seed's)     */
    JP_SILVER,     /* silver officer            */
    JP_UNICORN,    /* forward-only knight       */
    JP_LANCE,      /* small bear                */
    JP_ROOK,       /* big bear                  */
    JP_BISHOP,     /* elephant                  */
    JP_SOLDIER,    /* soldier                   */
    JP_DRAGON,     /* dragon-king, +R           */
    JP_HORSE,      /* dragon-horse, +B          */
};

enum { JP_SIZE = 9, JP_HALFMOVE_DRAW = 200 };

/* One of the gold's three forward lines: the 1st, 2nd and 3rd square along it
 * (0 where off the board). */
typedef struct {
    bb_t s1, s2, s3;
} GoldLine;

/* Read-only after init(). */
static struct {
    const Geometry *g;
    bb_t silver[COLOR_NB][SQ_MAX];
    bb_t unicorn[COLOR_NB][SQ_MAX];
    bb_t forward1[COLOR_NB][SQ_MAX]; /* soldier's step                   */
    bb_t back1[COLOR_NB][SQ_MAX];    /* the gold's (and horse's) step back */
    bb_t diag1[SQ_MAX];              /* the dragon-king's extra steps     */
    GoldLine gold[COLOR_NB][3][SQ_MAX]; /* [0] forward-left, [1] forward, [2] forward-right */
    bb_t promo_zone[COLOR_NB];       /* squares the opponent started on  */
    int promotes_to[PT_NB];          /* 0: never promotes                */
} T;

static bb_t sq_bb_or0(int sq) { return sq >= 0 ? bb_sq(sq) : 0; }

static void init_tables(void) {
    const Geometry *g = geometry_get(JP_SIZE, JP_SIZE);
    T.g = g;
    for (int c = 0; c < COLOR_NB; c++) {
        int fw = c == WHITE ? 1 : -1;
        for (int sq = 0; sq < g->nsq; sq++) {
            T.silver[c][sq] = sq_bb_or0(geo_offset(g, sq, 0, fw)) | sq_bb_or0(geo_offset(g, sq, 1, 1))
                            | sq_bb_or0(geo_offset(g, sq, -1, 1)) | sq_bb_or0(geo_offset(g, sq, 1, -1))
                            | sq_bb_or0(geo_offset(g, sq, -1, -1));
            T.unicorn[c][sq] = sq_bb_or0(geo_offset(g, sq, 1, 2 * fw)) | sq_bb_or0(geo_offset(g, sq, -1, 2 * fw));
            T.forward1[c][sq] = sq_bb_or0(geo_offset(g, sq, 0, fw));
            T.back1[c][sq] = sq_bb_or0(geo_offset(g, sq, 0, -fw));
            for (int l = 0; l < 3; l++) {
                int df = l - 1;
                GoldLine *gl = &T.gold[c][l][sq];
                gl->s1 = sq_bb_or0(geo_offset(g, sq, df, fw));
                gl->s2 = sq_bb_or0(geo_offset(g, sq, 2 * df, 2 * fw));
                gl->s3 = sq_bb_or0(geo_offset(g, sq, 3 * df, 3 * fw));
            }
        }
        /* Rank 9, b8, h8 and rank 7 for White; mirrored for Black. */
        int r9 = c == WHITE ? 8 : 0, r8 = c == WHITE ? 7 : 1, r7 = c == WHITE ? 6 : 2;
        T.promo_zone[c] = g->rank[r9] | g->rank[r7] | bb_sq(sq_make(g, 1, r8)) | bb_sq(sq_make(g, 7, r8));
    }
    for (int sq = 0; sq < g->nsq; sq++) T.diag1[sq] = g->king[sq] & ~(g->rank[sq_rank(g, sq)] | g->file[sq_file(g, sq)]);
    T.promotes_to[JP_SILVER] = JP_GOLD;
    T.promotes_to[JP_UNICORN] = JP_GOLD;
    T.promotes_to[JP_LANCE] = JP_GOLD;
    T.promotes_to[JP_ROOK] = JP_DRAGON;
    T.promotes_to[JP_BISHOP] = JP_HORSE;
}

/* Squares exactly 2 or 3 away along one gold line, the squares before empty. */
static inline bb_t gold_line_targets(const GoldLine *gl, bb_t occ) {
    if (occ & gl->s1) return 0;
    return (occ & gl->s2) ? gl->s2 : gl->s2 | gl->s3;
}

static inline bb_t gold_straight(int c, int sq, bb_t occ) {
    return gold_line_targets(&T.gold[c][1][sq], occ) | T.back1[c][sq];
}

/* Every square the piece on `sq` may move to, own pieces included. */
static inline bb_t piece_targets(int c, int type, int sq, bb_t occ) {
    const Geometry *g = T.g;
    switch (type) {
    case JP_KING: return g->king[sq];
    case JP_GOLD:
        return gold_straight(c, sq, occ) | gold_line_targets(&T.gold[c][0][sq], occ)
             | gold_line_targets(&T.gold[c][2][sq], occ);
    case JP_SILVER: return T.silver[c][sq];
    case JP_UNICORN: return T.unicorn[c][sq];
    case JP_LANCE: return geo_ray_attacks(g, sq, c == WHITE ? DIR_N : DIR_S, occ);
    case JP_ROOK: return geo_rook_attacks(g, sq, occ);
    case JP_BISHOP: return geo_bishop_attacks(g, sq, occ);
    case JP_SOLDIER: return T.forward1[c][sq];
    case JP_DRAGON: return geo_rook_attacks(g, sq, occ) | T.diag1[sq];
    case JP_HORSE: return geo_bishop_attacks(g, sq, occ) | gold_straight(c, sq, occ);
    default: return 0;
    }
}

/* All moves of the side to move, ignoring whether the game is over. With
 * `first_only` it stops at the first one (for outcome()). */
static int gen_moves(const Position *pos, Move *moves, bool first_only) {
    int us = pos->side, n = 0;
    bb_t occ = pos_occupied(pos), own = pos->by_color[us];
    int from, to;
    BB_FOREACH(from, own) {
        bb_t targets = piece_targets(us, piece_type(pos->board[from]), from, occ) & ~own;
        if (first_only && targets) return 1;
        BB_FOREACH(to, targets) moves[n++] = move_simple(from, to);
    }
    return n;
}

/* Game over before any move is looked at: a side without pieces, or the
 * capture clock at its limit. ("No legal move" needs the generator.) */
static inline bool over_without_moves(const Position *pos) {
    return !pos->by_color[WHITE] || !pos->by_color[BLACK] || pos->halfmove >= JP_HALFMOVE_DRAW;
}

static int jp_generate(const Position *pos, Move *moves) {
    if (over_without_moves(pos)) return 0;
    return gen_moves(pos, moves, false);
}

static void jp_make(Position *pos, Move m) {
    int from = move_from(m), to = move_to(m), us = pos->side;
    bool capture = pos->board[to] != PIECE_NONE;
    if (capture) pos_remove(pos, to); /* no drops: the piece leaves the game */
    Piece p = pos_remove(pos, from);
    int promoted = T.promotes_to[piece_type(p)];
    if (promoted && bb_test(T.promo_zone[us], to)) p = make_piece(us, promoted);
    pos_put(pos, to, p);
    pos->halfmove = capture ? 0 : (uint16_t)(pos->halfmove + 1);
    pos_flip_side(pos);
}

/* Order (RULES.md): a side without pieces has lost; then a side to move with
 * no legal move loses; then the 200-half-move draw. */
static void jp_outcome(const Position *pos, Outcome *o) {
    Move dummy[1];
    o->advantage = false;
    o->code = RES_NONE;
    o->reason = "";
    if (!pos->by_color[WHITE] || !pos->by_color[BLACK]) {
        o->code = pos->by_color[WHITE] ? RES_WHITE_WINS : RES_BLACK_WINS;
        o->reason = "annihilation";
    } else if (gen_moves(pos, dummy, true) == 0) {
        o->code = pos->side == WHITE ? RES_BLACK_WINS : RES_WHITE_WINS;
        o->reason = "no legal move";
    } else if (pos->halfmove >= JP_HALFMOVE_DRAW) {
        o->code = RES_DRAW;
        o->reason = "200 half-moves without capture";
    }
}

/* Rejects what no game can reach and the rules cannot judge: an empty board,
 * two dragons of one colour (nothing ever becomes a dragon), more than 20
 * pieces or 9 soldiers a side, a soldier behind its start rank (soldiers only
 * move forward). Stuck pieces and unpromoted pieces deep in the camp are kept:
 * the rules speak of them. */
static bool jp_setup(Position *pos, char *err, size_t errlen) {
    const Geometry *g = pos->geo;
    static const char *const name[COLOR_NB] = {"White", "Black"};
    if (!pos_occupied(pos)) {
        snprintf(err, errlen, "the board is empty");
        return false;
    }
    for (int c = 0; c < COLOR_NB; c++) {
        if (bb_count(pos_pieces(pos, c, JP_KING)) > 1) {
            snprintf(err, errlen, "%s has more than one dragon (K)", name[c]);
            return false;
        }
        if (bb_count(pos->by_color[c]) > 20) {
            snprintf(err, errlen, "%s has more than 20 pieces", name[c]);
            return false;
        }
        bb_t soldiers = pos_pieces(pos, c, JP_SOLDIER);
        if (bb_count(soldiers) > 9) {
            snprintf(err, errlen, "%s has more than 9 soldiers", name[c]);
            return false;
        }
        bb_t behind = c == WHITE ? g->rank[0] | g->rank[1] : g->rank[7] | g->rank[8];
        if (soldiers & behind) {
            snprintf(err, errlen, "%s soldier behind its start rank", name[c]);
            return false;
        }
    }
    pos_set_castling(pos, 0);
    pos_set_ep(pos, SQ_NONE);
    return true;
}

/* The soldier is not on XBoard's pawn type: XBoard would promote it on the
 * last rank itself (it vanished). Dragon and horse are XBoard's D and H. */
static const XboardView xboard_view = {
    ".NBR.S...G...HD...L.................P......K.nbr.s...g...hd...l.................p......k",
    "9x9+0_fairy",
    {"K& K", "G& fmafWfmafmafWfmafFfmafmafFbW", "S& fWF", "N& ffN", "L& fR", "R& R", "B& B", "P& fW", "D& RF",
     "H& BfmafWfmafmafWbW", NULL},
    {{'R', true, 'D'}, {'B', true, 'H'}, {0, false, 0}},
};

const Variant variant_japanese = {
    .name = "japanese",
    .files = JP_SIZE,
    .ranks = JP_SIZE,
    .start_fen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - - 0 1",
    .pieces = {
        /* Glyphs by likeness of movement; the letter tells them apart. */
        [JP_KING] = {'K', false, 400, "dragon", 'K'},
        [JP_GOLD] = {'G', false, 450, "gold officer", 'Q'},
        [JP_SILVER] = {'S', false, 350, "silver officer", 'B'},
        [JP_UNICORN] = {'N', false, 200, "unicorn", 'N'},
        [JP_LANCE] = {'L', false, 250, "small bear", 'R'},
        [JP_ROOK] = {'R', false, 800, "big bear", 'R'},
        [JP_BISHOP] = {'B', false, 650, "elephant", 'B'},
        [JP_SOLDIER] = {'P', false, 100, "soldier", 'P'},
        [JP_DRAGON] = {'R', true, 1050, "dragon-king", 'R'},
        [JP_HORSE] = {'B', true, 950, "dragon-horse", 'B'},
    },
    .holding_order = NULL,
    .castle_style = CASTLE_STYLE_NONE,
    .has_ep = false,
    .multi_step = false,
    .prune = PRUNE_WIDE,
    .repetition_draw = true,
    .default_move_limit = 0,
    .init = init_tables,
    .setup = jp_setup,
    .generate = jp_generate,
    .make = jp_make,
    .outcome = jp_outcome,
    .parse_special = NULL,
    .evaluate = japanese_evaluate,
    .eval_params = &japanese_eval_params,
    .is_noisy = japanese_is_noisy,
    .clock_limit = JP_HALFMOVE_DRAW,
    /* The squares the opponent's pieces start on (T.promo_zone). */
    .regions = {{"promotion", WHITE, "a9:i9 b8 h8 a7:i7", "white silver, unicorn, small bear, big bear, elephant promote"},
                {"promotion", BLACK, "a1:i1 b2 h2 a3:i3", "black silver, unicorn, small bear, big bear, elephant promote"}},
    .agreed_repetition = true, /* repetition ends a game by engine convention only */
    .xboard = &xboard_view,
    .wdl = {.win_cp = 109, .scale_cp = 151}, /* chess's: its own games were too drawn to fit (docs/uci.md "WDL") */
};
