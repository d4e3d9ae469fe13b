/* Buratia bribes (RULES.md "Corruption", BRIBES.md) as rule-layer functions,
 * and the plugin's parse_special: the bribe tokens a move list may carry, and
 * a plain-words reason for the illegal moves players try most (a lawyer
 * "capture", a slave taking a boss, a move onto the secretary). */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "buratia_internal.h"
#include "../engine/notation.h"

static const char *const COLOR_NAME[COLOR_NB] = {"white", "black"};
static const char *const PIECE_NAME[] = {"", "slave", "lawyer", "foreman", "boss", "secretary", "director", "shnyr"};

static int home_rank(int color) { return color == WHITE ? 0 : 7; }

__attribute__((format(printf, 3, 4))) static bool fail(char *err, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, n, fmt, ap);
    va_end(ap);
    return false;
}

bool buratia_parse_payment(const char *text, int *type, int *sq) {
    static const char letters[] = "KQRBNP";
    static const int types[] = {BUR_DIRECTOR, BUR_SECRETARY, BUR_BOSS, BUR_FOREMAN, BUR_LAWYER, BUR_SLAVE};
    const char *l = text[0] ? strchr(letters, text[0]) : NULL;
    if (!l || text[1] != '@') return false;
    if (text[2] < 'a' || text[2] > 'h' || text[3] < '1' || text[3] > '8') return false;
    *type = types[l - letters];
    *sq = (text[3] - '1') * 8 + (text[2] - 'a');
    return true;
}

bool buratia_payment_ok(const Position *pos, int receiver, int type, int sq, char *err, size_t n) {
    char square[3];
    if (type < BUR_SLAVE || type > BUR_DIRECTOR || sq < 0 || sq >= 64)
        return fail(err, n, "bribe: not a piece and square");
    square_to_str(pos->geo, sq, square);
    if (variant_game_over(pos)) return fail(err, n, "bribe: the game is over");
    if (!pos->hold[receiver][type])
        return fail(err, n, "bribe: the payer holds no %s %s", COLOR_NAME[receiver], PIECE_NAME[type]);
    if (sq / 8 != home_rank(receiver))
        return fail(err, n, "bribe: %s is not on %s's home rank", square, COLOR_NAME[receiver]);
    if (pos->board[sq]) return fail(err, n, "bribe: %s is not empty", square);
    return true;
}

bool buratia_refrain(const Position *pos, Move named, int type, int sq, Move *turn, char *err, size_t n) {
    if (!buratia_payment_ok(pos, pos->side, type, sq, err, n)) return false;
    if (!pos_generates(pos, named)) return fail(err, n, "refrain: the named move is not legal here");
    *turn = move_make(SQ_NONE, sq, SQ_NONE, type, MK_DROP);
    return true;
}

/* The direction from a lawyer's landing square to where it pushes. */
static int push_direction(const Geometry *g, int to, int push) {
    for (int d = 0; d < DIR_NB; d++)
        if (geo_offset(g, to, dir_df[d], dir_dr[d]) == push) return d;
    return 0;
}

bool buratia_purchase(const Position *pos, Move named, int type, int sq, Move *turn, char *err, size_t n) {
    if (!buratia_payment_ok(pos, pos->side, type, sq, err, n)) return false;
    if (!pos_generates(pos, named)) return fail(err, n, "purchase: the named move is not legal here");
    Position after = *pos;
    buratia_place(&after, pos->side, type, sq);
    if (!pos_generates(&after, named))
        return fail(err, n, "purchase: the named move is not legal once the piece is placed");
    if (move_kind(named) == MK_DISPLACE) {
        int d = push_direction(pos->geo, move_to(named), move_aux(named));
        *turn = move_with_dir(move_make(move_from(named), move_to(named), sq, type, MK_PURCHASE_PUSH), d);
    } else {
        *turn = move_make(move_from(named), move_to(named), sq, type, MK_PURCHASE);
    }
    return true;
}

bool buratia_takeback(const Position *before, int type, int sq, Move *turn, char *err, size_t n) {
    if (!buratia_payment_ok(before, before->side ^ 1, type, sq, err, n)) return false;
    *turn = move_make(SQ_NONE, sq, SQ_NONE, type, MK_TAKEBACK);
    return true;
}

/* A reason for the common illegal moves "a1b2" / "a1b2,b2c3"; false always. */
static bool explain_illegal(const Position *pos, const char *text, char *err, size_t n) {
    int from, to, aux = -1;
    size_t len = strlen(text);
    if ((len != 4 && len != 9) || variant_game_over(pos)) return false;
    if (!square_parse(pos->geo, text, &from) || !square_parse(pos->geo, text + 2, &to)) return false;
    if (text[4] == ',' && (strncmp(text + 5, text + 2, 2) || !square_parse(pos->geo, text + 7, &aux))) return false;
    Piece mover = pos->board[from], target = pos->board[to];
    int type = piece_type(mover), them = pos->side ^ 1;
    if (!mover || piece_color(mover) != pos->side) return fail(err, n, "no piece of the side to move on %.2s", text);
    if (target && piece_type(target) == BUR_SECRETARY)
        return fail(err, n, "nothing captures or displaces the secretary");
    if (type == BUR_LAWYER && target && aux < 0)
        return fail(err, n, "a lawyer never captures: it displaces the piece (%.4s,%.2s..)", text, text + 2);
    if (aux >= 0 && type != BUR_LAWYER) return fail(err, n, "only a lawyer displaces pieces");
    if (aux >= 0 && !target) return fail(err, n, "%.2s is empty: nothing to displace", text + 2);
    if (aux >= 0 && pos->board[aux]) return fail(err, n, "a displaced piece goes to an empty square: %.2s is occupied", text + 7);
    if (type == BUR_SECRETARY && target) return fail(err, n, "the secretary moves only onto empty squares");
    if (type == BUR_SLAVE && target && piece_color(target) == them && piece_type(target) != BUR_SLAVE
        && piece_type(target) != BUR_SHNYR && piece_type(target) != BUR_LAWYER && piece_type(target) != BUR_FOREMAN)
        return fail(err, n, "a slave captures only slaves, shnyrs, lawyers and foremen, not a %s", PIECE_NAME[piece_type(target)]);
    return false;
}

bool buratia_parse_special(const Position *pos, const char *text, Move *m, char *err, size_t n) {
    int type, sq;
    if (text[0] == '+') { /* take-back payment */
        if (!buratia_parse_payment(text + 1, &type, &sq) || text[5]) return false;
        return buratia_takeback(pos, type, sq, m, err, n);
    }
    if (!buratia_parse_payment(text, &type, &sq)) return explain_illegal(pos, text, err, n);
    if (!text[4]) { /* refrain: the offer's named move is not part of the token */
        if (!buratia_payment_ok(pos, pos->side, type, sq, err, n)) return false;
        *m = move_make(SQ_NONE, sq, SQ_NONE, type, MK_DROP);
        return true;
    }
    if (text[4] != ',') return false;
    Move named;
    if (!step_from_str(pos, text + 5, &named)) {
        if (!buratia_payment_ok(pos, pos->side, type, sq, err, n)) return false;
        return fail(err, n, "purchase: '%s' is not a legal move here", text + 5);
    }
    return buratia_purchase(pos, named, type, sq, m, err, n);
}

/* ---- the plugin's BribeRules ------------------------------------------------- */

static bool read_payment(const char *text, int *type, int *sq) {
    return strlen(text) == 4 && buratia_parse_payment(text, type, sq);
}

/* The receiver's home rank, a to h. */
static int home_rank_squares(const Position *pos, int receiver, int *squares) {
    (void)pos;
    for (int f = 0; f < 8; f++) squares[f] = home_rank(receiver) * 8 + f;
    return 8;
}

/* The table values, but a director is the dearest payment of all: it can
 * win the game back. A shnyr is held as a slave, so it is never paid. */
static int payment_price(const Position *pos, int type) {
    if (type == BUR_DIRECTOR) return 1 << 20;
    return type >= BUR_SLAVE && type < BUR_DIRECTOR ? pos->v->pieces[type].value : 0;
}

const BribeRules buratia_bribe_rules = {
    .parse_payment = read_payment,
    .refrain = buratia_refrain,
    .purchase = buratia_purchase,
    .takeback = buratia_takeback,
    .payment_squares = home_rank_squares,
    .payment_price = payment_price,
};
