/* The variant interface: everything the engine knows about a game's rules.
 * A variant is data (board size, pieces, start FEN, notation style, and what
 * tournaments, books, XBoard and bribes need) plus a small table of functions
 * for what data cannot say. Perft, search and the protocols only call
 * through this table; they never ask which variant it is (`make
 * rules-check`). Every plugin is a const object, safe to share between
 * sessions. docs/architecture.md lists every field. */
#ifndef RATNIK_VARIANT_H
#define RATNIK_VARIANT_H

#include <stddef.h>
#include "position.h"

typedef struct {
    char letter;   /* uppercase FEN letter; 0 = unused type */
    bool promoted; /* written with a leading '+' in FEN     */
    int value;     /* rough material value in centipawns    */
    /* What a board shows (docs/uci-extensions.md): the players' name of
     * the piece (UTF-8) and the chess glyph drawn for it (K Q R B N P). */
    const char *name;
    char glyph;
} PieceDef;

/* A set of squares a board marks (throne, promotion zone, goal rank).
 * squares: space-separated squares and rectangles "a1:h1" (corners). */
typedef struct {
    const char *id;      /* one word: "throne", "promotion", "goal" */
    int side;            /* whose region: WHITE, BLACK, or COLOR_NB for both */
    const char *squares;
    const char *label;   /* words a person reads */
} Region;
enum { MAX_REGIONS = 8 };

typedef enum { RES_NONE = 0, RES_WHITE_WINS, RES_BLACK_WINS, RES_DRAW } ResultCode;

typedef struct {
    ResultCode code;
    bool advantage;     /* Buratia: a win "on advantage", worth half a win */
    const char *reason; /* short, lowercase: "checkmate", "throne held", ... */
} Outcome;

typedef enum { CASTLE_STYLE_NONE, CASTLE_STYLE_KQ, CASTLE_STYLE_FILES } CastleStyle;

/* Bribes (BRIBES.md): what a variant whose rules have them says, so that the
 * bribe code (search/bribe_decide.c decides, protocol/gui/bribes.c and
 * match_bribes.c carry the lines) never asks which variant it serves.
 * Terms as in BRIBES.md: X offers (the side not to move), Y receives. */
enum { BRIBE_SQUARES_MAX = 16 };
typedef struct {
    /* Reads a whole payment text ("N@b8") into a piece type and a square;
     * syntax only, false if the text is not one. */
    bool (*parse_payment)(const char *text, int *type, int *sq);
    /* The turn each kind of bribe makes, checked against the rules; false
     * with a reason if it is illegal. refrain and purchase get Y's position
     * and the move named; takeback gets the position before X's last turn. */
    bool (*refrain)(const Position *pos, Move named, int type, int sq, Move *turn, char *err, size_t errlen);
    bool (*purchase)(const Position *pos, Move named, int type, int sq, Move *turn, char *err, size_t errlen);
    bool (*takeback)(const Position *before, int type, int sq, Move *turn, char *err, size_t errlen);
    /* The squares a payment to `receiver` may go to when empty, in the order
     * offers try them (at most BRIBE_SQUARES_MAX); returns how many. */
    int (*payment_squares)(const Position *pos, int receiver, int *squares);
    /* What paying with a piece of `type` costs X, for offering the cheapest
     * payment (a table value need not say what a piece is worth as money);
     * 0: pieces of that type are never a payment. */
    int (*payment_price)(const Position *pos, int type);
} BribeRules;

/* Tournament points when the rules score a game other than 1, 1/2, 0. */
typedef struct {
    const char *name; /* the match runner's label: "Buratia seed scoring" */
    /* Points by colour for a game that ended in `pos` with `result`;
     * `advantage`: the rules' win on advantage (Outcome.advantage). */
    void (*score)(const Position *pos, ResultCode result, bool advantage, double points[COLOR_NB]);
} GameScoring;

/* How XBoard 4.9 shows an engine-defined variant (docs/xboard.md): the
 * `setup` and `piece` lines CECP sends after `variant`, and the letters
 * XBoard writes for pieces it names otherwise. */
typedef struct {
    char ours;     /* our FEN letter (uppercase) */
    bool promoted; /* ours is written +X */
    char xboard;   /* XBoard's letter (uppercase) */
} XboardLetter;

typedef struct {
    /* XBoard's piece types, in its order, as letters: P N B R Q F E A C W M
     * (0-10), their promoted forms (11-21: 13 is drawn as a crowned bishop,
     * 14 a crowned rook), 22-42 more fairy pieces (36 a helmet), the last
     * letter the king; '.' for types the variant does not use. */
    const char *piece_to_char;
    const char *size_parent;  /* "8x8+0_fairy": board size, holdings, parent */
    const char *pieces[12];   /* the `piece` lines, "K& K" (letter, Betza); NULL ends */
    XboardLetter letters[4];  /* ends with a zero entry */
} XboardView;

/* The win/draw/loss model of search/wdl.c: win_cp, the score at which the
 * side to move wins half its games; scale_cp, the logistic's width. A
 * scale of 0 (not declared): the generic model. */
typedef struct {
    short win_cp, scale_cp;
} WdlModel;

/* An evaluation's numbers as one array of ints in named groups (the fields
 * of the plugin's parameter struct), so that `ratnik tune` fits them
 * without knowing the variant (docs/evaluation.md, "Tuning"). */
typedef struct {
    const char *name;  /* the struct field: an int (count 1) or an int array */
    int offset, count; /* in ints from the start of the struct */
} EvalParamGroup;

typedef struct {
    /* The source file holding the values, between the lines
     * "tuned values: begin" and "tuned values: end" (`ratnik tune --write`). */
    const char *source;
    const EvalParamGroup *groups; /* ended by a NULL name */
    int count;                    /* ints in all groups */
    const int *values;            /* the values the engine plays with */
    /* The variant's evaluation (side to move's view) with other values. */
    int (*evaluate)(const Position *pos, const int *params);
} EvalParams;

/* The group for field f of a plugin's parameter struct T. */
#define EVAL_PARAM_GROUP(T, f) {#f, (int)(offsetof(T, f) / sizeof(int)), (int)(sizeof(((T *)0)->f) / sizeof(int))}
/* Defines the EvalParams `name` over `values`, a T (all ints) whose tuned
 * numbers stand in the file `source`. */
#define DEFINE_EVAL_PARAMS(name, T, source, groups, values, evaluate)                                             \
    _Static_assert(sizeof(T) % sizeof(int) == 0, #T " is read as ints");                                       \
    const EvalParams name = {source, groups, (int)(sizeof(T) / sizeof(int)), (const int *)&(values), evaluate}

/* How far the search may trust the static eval and the exchange count at
 * low depth: the game says which kind of game it is, the search holds the
 * depths and margins that go with each (search/prune.h). */
typedef enum {
    PRUNE_WIDE,     /* the eval tracks what a deeper search finds */
    PRUNE_TACTICAL, /* ... but quiet mates hide behind sacrifices (chess):
                       the reductions grow with depth only */
    PRUNE_NARROW,   /* scores swing by a piece from one depth to the next
                       (Voodoo's sacrifices): the wide limits lost most games */
    PRUNE_STYLE_NB
} PruneStyle;

typedef struct Variant {
    const char *name;
    int files, ranks;
    const char *start_fen;
    /* A book file the system may provide when ratnik ships none (chess:
     * Debian's gnuchess-book, a Polyglot book); NULL: none. */
    const char *system_book;
    PieceDef pieces[PT_NB];      /* indexed by piece type, 1..15            */
    const char *holding_order;   /* letters in FEN holdings order; NULL: none */
    CastleStyle castle_style;
    bool has_ep;
    bool multi_step;             /* some turns take more than one Move; a step
                                  * made from a pending position always
                                  * completes the turn (perft relies on it) */
    bool repetition_draw;        /* threefold repetition is a rule here     */
    bool volatile_scores;        /* scores swing by a piece between search
                                    depths: aspiration windows fail and
                                    re-search more than they save, so the
                                    search uses the full window              */
    PruneStyle prune;            /* how far the shallow prunings trust the eval */
    int default_move_limit;      /* Position.move_limit after a FEN; 0: none */
    int time_horizon;            /* the turns a side can expect to play yet,
                                    when the GUI sends no movestogo: a game
                                    that is usually decided early spends
                                    its clock sooner; 0: the search's 30 */

    /* One-time table building; called once at start-up, before any session. */
    void (*init)(void);
    /* Checks and completes a position just read from a FEN (derived state,
     * impossible castling rights). Returns false with a message if invalid. */
    bool (*setup)(Position *pos, char *err, size_t errlen);
    /* All legal steps of the side to move; 0 when the game is over. */
    int (*generate)(const Position *pos, Move *moves);
    /* Plays one legal step in place (callers copy the position first). */
    void (*make)(Position *pos, Move m);
    /* The result the rules give this position, judged from it alone
     * (history-based draws are the game layer's). */
    void (*outcome)(const Position *pos, Outcome *out);
    /* Optional: a move the generator never offers but a move list may carry
     * (Buratia's bribe tokens). Returns true and the move if `text` is one and
     * it is legal here; sets err when it is one but illegal. */
    bool (*parse_special)(const Position *pos, const char *text, Move *m, char *err, size_t errlen);

    /* Search hooks; each may be NULL for the generic behaviour. */
    /* Static evaluation in centipawns from the side to move's view
     * (NULL: material from the piece table plus generic placement). */
    int (*evaluate)(const Position *pos);
    /* Optional: knowledge added to a net's evaluation, from the side to
     * move's view: exact facts of the rules that self-play data shows too
     * rarely for a small net to learn (NULL: none). The hand-written
     * `evaluate` already holds them. */
    int (*net_knowledge)(const Position *pos);
    /* The same evaluation's parameters, for the tuner (NULL: none). */
    const EvalParams *eval_params;
    /* Whether the side to move is in check (NULL: the variant has no check). */
    bool (*in_check)(const Position *pos);
    /* Whether quiescence search must look at this step (NULL: captures and
     * promotions). Variants add the steps that decide their game. */
    bool (*is_noisy)(const Position *pos, Move m);
    /* Static exchange: whether step m wins at least `threshold` centipawns
     * once all captures on its square are played out (NULL: not known; the
     * search then orders captures by victim and attacker only). */
    bool (*see_ge)(const Position *pos, Move m, int threshold);
    /* Optional fast path for quiescence: the legal steps is_noisy accepts
     * (captures and promotions by default) of a side that is not in check
     * (NULL: generate all and filter). NOISY_GAME_OVER instead of a count:
     * the game is over here (a variant whose game can end without check,
     * so that quiescence sees the end). */
    int (*generate_noisy)(const Position *pos, Move *moves);
    /* Optional: whether m is one of the steps generate offers here, so
     * that the search can try a stored move before generating the rest
     * (NULL: it generates first). Any 32-bit value may be asked. */
    bool (*is_legal)(const Position *pos, Move m);
    /* Optional fast path for perft's last ply: how many steps generate
     * would return, without writing them (NULL: generate and count). */
    int (*count_legal)(const Position *pos);
    /* Half-moves after which the search scores a rule draw although the
     * position still has moves (chess's fifty-move rule); 0: none. */
    int draw_halfmoves;
    /* The halfmove clock at which the position itself ends the game, so that
     * generate returns nothing (Japanese 200, Belarusian 100);
     * CLOCK_LIMIT_NONE when the clock never changes a step list (chess's
     * fifty-move rule is a claim the search scores, not a generator rule).
     * 0, not declared: perft's hash then keys on the clock, always correct
     * but with fewer transpositions. */
    int clock_limit;
    /* For boards (docs/uci-extensions.md): the regions to mark, ended by a
     * NULL id; whether PGN writes this variant's turns in SAN (engine/san.c:
     * single-step chess-like moves; the match runner writes and `book build`
     * reads them so). */
    Region regions[MAX_REGIONS];
    bool san;

    /* Match and protocol data; each may be NULL or false for the common case. */
    /* Repetitions end nothing by rule here, or by an engine convention only:
     * RULES.md lets the match tools adjudicate threefold repetition as a
     * draw by agreement (Voodoo, Japanese). */
    bool agreed_repetition;
    /* Polyglot books and their keys describe this game (chess): books in
     * Polyglot format are read and built for it; others use ratnik's own. */
    bool polyglot;
    const BribeRules *bribes;     /* NULL: the rules have no bribes      */
    const GameScoring *scoring;   /* NULL: a win 1, a draw 1/2           */
    const XboardView *xboard;     /* NULL: XBoard knows the game itself  */
    WdlModel wdl;                 /* UCI_ShowWDL's model (search/wdl.c)  */
} Variant;
enum { CLOCK_LIMIT_NONE = 1 << 30, NOISY_GAME_OVER = -1 };

static inline bool variant_game_over(const Position *pos) {
    Outcome o;
    pos->v->outcome(pos, &o);
    return o.code != RES_NONE;
}

#endif
