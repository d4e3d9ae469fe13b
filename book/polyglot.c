/* Polyglot books: keys, move encoding, entries, lookup and writing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "polyglot.h"
#include "../engine/fileio.h"

enum { POLY_CASTLE = 768, POLY_EP = 772, POLY_TURN = 780 };

/* Polyglot's piece order: pawn, knight, bishop, rook, queen, king; -1 for a
 * letter chess does not have. The letters come from the variant's table so
 * that this file does not depend on the chess plugin's type numbers. */
static int poly_piece_index(const Position *pos, Piece p) {
    static const char order[] = "PNBRQK";
    const char *at = strchr(order, pos->v->pieces[piece_type(p)].letter);
    return at && *at ? (int)(at - order) : -1;
}

static char piece_letter(const Position *pos, int sq) {
    Piece p = pos->board[sq];
    return p ? pos->v->pieces[piece_type(p)].letter : 0;
}

/* Whether a pawn of the side to move stands beside the pawn that just made
 * a double step (the skipped square is pos->ep). */
static bool ep_capturable(const Position *pos) {
    if (pos->ep == SQ_NONE) return false;
    int file = pos->ep % 8, row = pos->ep / 8;
    int pawn_row = pos->side == WHITE ? row - 1 : row + 1; /* where the pushed pawn stands */
    if (pawn_row < 0 || pawn_row > 7) return false;
    for (int df = -1; df <= 1; df += 2) {
        int f = file + df;
        if (f < 0 || f > 7) continue;
        Piece p = pos->board[pawn_row * 8 + f];
        if (p && piece_color(p) == pos->side && piece_letter(pos, pawn_row * 8 + f) == 'P') return true;
    }
    return false;
}

uint64_t polyglot_key(const Position *pos) {
    uint64_t key = 0;
    if (pos->v->files != 8 || pos->v->ranks != 8) return 0; /* no Polyglot key off an 8x8 board */
    bb_t occ = pos_occupied(pos);
    int sq;
    BB_FOREACH(sq, occ) {
        if (sq >= 64) break;
        Piece p = pos->board[sq];
        int idx = poly_piece_index(pos, p);
        if (idx < 0) continue;
        int kind = 2 * idx + (piece_color(p) == WHITE);
        key ^= polyglot_random64[64 * kind + sq];
    }
    /* ratnik's castling bits are white short, white long, black short,
     * black long: Polyglot's order of offsets 768..771. */
    for (int i = 0; i < 4; i++)
        if (pos->castling & (1 << i)) key ^= polyglot_random64[POLY_CASTLE + i];
    if (ep_capturable(pos)) key ^= polyglot_random64[POLY_EP + pos->ep % 8];
    if (pos->side == WHITE) key ^= polyglot_random64[POLY_TURN];
    return key;
}

enum { LEGAL_MAX = 256 }; /* chess has at most 218 legal moves */

typedef struct {
    int n;
    char turn[LEGAL_MAX][TURN_STR_MAX];
} LegalList;

/* Book moves are checked against the legal turns: a hash collision or a
 * corrupt entry never reaches the game. */
static LegalList *legal_list(const Position *pos) {
    LegalList *l = malloc(sizeof *l);
    if (l) {
        l->n = legal_turn_strings(pos, l->turn, LEGAL_MAX);
        if (l->n > LEGAL_MAX) l->n = LEGAL_MAX;
    }
    return l;
}

static bool in_list(const LegalList *l, const char *turn) {
    for (int i = 0; l && i < l->n; i++)
        if (!strcmp(l->turn[i], turn)) return true;
    return false;
}

static bool is_legal_turn(const Position *pos, const char *turn) {
    LegalList *l = legal_list(pos);
    bool found = in_list(l, turn);
    free(l);
    return found;
}

/* The text of a Polyglot move in pos, legality unchecked. */
static bool decode_text(const Position *pos, uint16_t move, char *turn, size_t n) {
    if (pos->v->files != 8 || pos->v->ranks != 8) return false;
    int to = move & 63, from = (move >> 6) & 63, promo = (move >> 12) & 7;
    if (promo > 4) return false;
    Piece mover = pos->board[from], target = pos->board[to];
    /* King takes own rook: castling, written with the king's two-square step. */
    if (mover && target && piece_color(mover) == piece_color(target) && piece_letter(pos, from) == 'K'
        && piece_letter(pos, to) == 'R' && from / 8 == to / 8)
        to = from + (to > from ? 2 : -2);
    char sq_from[3], sq_to[3];
    square_to_str(pos->geo, from, sq_from);
    square_to_str(pos->geo, to, sq_to);
    static const char *const promo_suffix[] = {"", "n", "b", "r", "q"};
    snprintf(turn, n, "%s%s%s", sq_from, sq_to, promo_suffix[promo]);
    return true;
}

bool polyglot_decode_move(const Position *pos, uint16_t move, char *turn, size_t n) {
    return decode_text(pos, move, turn, n) && is_legal_turn(pos, turn);
}

uint16_t polyglot_encode_move(const Position *pos, const char *turn) {
    if (pos->v->files != 8 || pos->v->ranks != 8 || !is_legal_turn(pos, turn)) return 0;
    int from, to, a = square_parse(pos->geo, turn, &from);
    int b = a ? square_parse(pos->geo, turn + a, &to) : 0;
    if (!a || !b) return 0;
    const char *rest = turn + a + b;
    static const char promos[] = "nbrq";
    int promo = 0;
    if (*rest) {
        const char *at = rest[1] ? NULL : strchr(promos, *rest);
        if (!at || !*at) return 0;
        promo = (int)(at - promos) + 1;
    }
    if (piece_letter(pos, from) == 'K' && (to - from == 2 || from - to == 2))
        to = (from / 8) * 8 + (to > from ? 7 : 0); /* stored as king takes rook */
    return (uint16_t)(promo << 12 | from << 6 | to);
}

static uint64_t read_be(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = 0; i < bytes; i++) v = v << 8 | p[i];
    return v;
}

static void write_be(unsigned char *p, uint64_t v, int bytes) {
    for (int i = bytes - 1; i >= 0; i--, v >>= 8) p[i] = (unsigned char)v;
}

void polyglot_entry_read(const unsigned char *bytes, PolyEntry *e) {
    e->key = read_be(bytes, 8);
    e->move = (uint16_t)read_be(bytes + 8, 2);
    e->weight = (uint16_t)read_be(bytes + 10, 2);
    e->learn = (uint32_t)read_be(bytes + 12, 4);
}

void polyglot_entry_write(unsigned char *bytes, const PolyEntry *e) {
    write_be(bytes, e->key, 8);
    write_be(bytes + 8, e->move, 2);
    write_be(bytes + 10, e->weight, 2);
    write_be(bytes + 12, e->learn, 4);
}

int polyglot_entry_cmp(const void *a, const void *b) {
    const PolyEntry *x = a, *y = b;
    if (x->key != y->key) return x->key < y->key ? -1 : 1;
    if (x->weight != y->weight) return x->weight > y->weight ? -1 : 1;
    return (x->move > y->move) - (x->move < y->move);
}

bool polyglot_check(const unsigned char *data, size_t n, char *err, size_t errlen) {
    if (n == 0 || n % POLY_ENTRY_BYTES) {
        snprintf(err, errlen, "not a Polyglot book: %zu bytes is not a non-zero multiple of 16", n);
        return false;
    }
    /* Lookup is a binary search: an unsorted file would miss positions. */
    for (size_t i = POLY_ENTRY_BYTES; i < n; i += POLY_ENTRY_BYTES)
        if (read_be(data + i - POLY_ENTRY_BYTES, 8) > read_be(data + i, 8)) {
            snprintf(err, errlen, "not a Polyglot book: entry %zu is out of key order", i / POLY_ENTRY_BYTES);
            return false;
        }
    return true;
}

/* Index of the first entry with key, or count when there is none. */
static size_t first_with_key(const unsigned char *data, size_t count, uint64_t key) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (read_be(data + mid * POLY_ENTRY_BYTES, 8) < key) lo = mid + 1;
        else hi = mid;
    }
    return lo;
}

static int by_weight_desc(const void *a, const void *b) {
    const BookMove *x = a, *y = b;
    return (x->weight < y->weight) - (x->weight > y->weight);
}

int polyglot_moves(const unsigned char *data, size_t n, const Position *pos, BookMove *out, int max) {
    size_t count = n / POLY_ENTRY_BYTES;
    uint64_t key = polyglot_key(pos);
    size_t first = first_with_key(data, count, key);
    if (first == count || read_be(data + first * POLY_ENTRY_BYTES, 8) != key) return 0;
    LegalList *legal = legal_list(pos);
    int found = 0;
    for (size_t i = first; i < count && found < max; i++) {
        PolyEntry e;
        polyglot_entry_read(data + i * POLY_ENTRY_BYTES, &e);
        if (e.key != key) break;
        BookMove m = {.weight = e.weight, .learn = e.learn};
        if (!decode_text(pos, e.move, m.turn, sizeof m.turn) || !in_list(legal, m.turn)) continue;
        bool dup = false;
        for (int k = 0; k < found && !dup; k++) dup = !strcmp(out[k].turn, m.turn);
        if (!dup) out[found++] = m;
    }
    free(legal);
    /* A stable insertion sort: equal weights keep the file's order. */
    for (int i = 1; i < found; i++)
        for (int k = i; k > 0 && by_weight_desc(&out[k - 1], &out[k]) > 0; k--) {
            BookMove t = out[k];
            out[k] = out[k - 1];
            out[k - 1] = t;
        }
    return found;
}

bool polyglot_save(const char *path, const PolyEntry *e, size_t n, char *err, size_t errlen) {
    PolyEntry *sorted = malloc((n ? n : 1) * sizeof *sorted);
    if (!sorted) {
        snprintf(err, errlen, "out of memory for %zu book entries", n);
        return false;
    }
    if (n) memcpy(sorted, e, n * sizeof *sorted);
    qsort(sorted, n, sizeof *sorted, polyglot_entry_cmp);
    char why[160];
    FILE *f = file_open_write(path, false, why, sizeof why);
    if (!f) {
        snprintf(err, errlen, "cannot write %s: %s", path, why);
        free(sorted);
        return false;
    }
    bool ok = true;
    for (size_t i = 0; i < n && ok; i++) {
        unsigned char bytes[POLY_ENTRY_BYTES];
        polyglot_entry_write(bytes, &sorted[i]);
        ok = fwrite(bytes, 1, sizeof bytes, f) == sizeof bytes;
    }
    if (!file_close_ok(f, why, sizeof why)) ok = false;
    free(sorted);
    if (!ok) snprintf(err, errlen, "cannot write %s: %s", path, why);
    return ok;
}
