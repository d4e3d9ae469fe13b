#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "notation.h"

void square_to_str(const Geometry *g, int sq, char *buf) {
    buf[0] = (char)('a' + sq_file(g, sq));
    buf[1] = (char)('1' + sq_rank(g, sq));
    buf[2] = 0;
}

int square_parse(const Geometry *g, const char *text, int *sq) {
    if (!text[0]) return 0; /* an empty argument ends the string: text[1] is not ours to read */
    int f = text[0] - 'a', r = text[1] - '1';
    if (f < 0 || f >= g->files || r < 0 || r >= g->ranks) return 0;
    *sq = sq_make(g, f, r);
    return 2;
}

bool squares_parse(const Geometry *g, const char *text, bb_t *out) {
    *out = 0;
    for (const char *s = text; *s;) {
        int a, b;
        if (*s == ' ') { s++; continue; }
        if (!square_parse(g, s, &a)) return false;
        b = a;
        s += 2;
        if (*s == ':') {
            if (!square_parse(g, s + 1, &b)) return false;
            s += 3;
        }
        if (*s && *s != ' ') return false;
        int f0 = sq_file(g, a), f1 = sq_file(g, b), r0 = sq_rank(g, a), r1 = sq_rank(g, b);
        for (int r = r0 < r1 ? r0 : r1; r <= (r0 < r1 ? r1 : r0); r++)
            for (int f = f0 < f1 ? f0 : f1; f <= (f0 < f1 ? f1 : f0); f++) *out |= bb_sq(sq_make(g, f, r));
    }
    return true;
}

static char lower_letter(const Position *pos, int type) {
    return (char)tolower((unsigned char)pos->v->pieces[type].letter);
}

void move_to_str(const Position *pos, Move m, char *buf) {
    const Geometry *g = pos->geo;
    char from[3] = "", to[3] = "", aux[3] = "";
    if (move_from(m) != SQ_NONE) square_to_str(g, move_from(m), from);
    if (move_to(m) != SQ_NONE) square_to_str(g, move_to(m), to);
    if (move_aux(m) != SQ_NONE) square_to_str(g, move_aux(m), aux);
    char letter = pos->v->pieces[move_piece(m)].letter;
    switch (move_kind(m)) {
    case MK_DROP: snprintf(buf, MOVE_STR_MAX, "%c@%s", letter, to); break;
    case MK_TAKEBACK: snprintf(buf, MOVE_STR_MAX, "+%c@%s", letter, to); break;
    case MK_PURCHASE: snprintf(buf, MOVE_STR_MAX, "%c@%s,%s%s", letter, aux, from, to); break;
    case MK_PURCHASE_PUSH: {
        char push[3] = "";
        int d = move_dir(m), sq = geo_offset(g, move_to(m), dir_df[d], dir_dr[d]);
        if (sq >= 0) square_to_str(g, sq, push);
        snprintf(buf, MOVE_STR_MAX, "%c@%s,%s%s,%s%s", letter, aux, from, to, to, push);
        break;
    }
    case MK_DISPLACE: snprintf(buf, MOVE_STR_MAX, "%s%s,%s%s", from, to, to, aux); break;
    case MK_CHANGE: snprintf(buf, MOVE_STR_MAX, "%s%s%c", from, from, lower_letter(pos, move_piece(m))); break;
    case MK_PROMO: snprintf(buf, MOVE_STR_MAX, "%s%s%c", from, to, lower_letter(pos, move_piece(m))); break;
    case MK_REMOVE:
        if (move_from(m) == SQ_NONE) snprintf(buf, MOVE_STR_MAX, "x%s", aux);
        else if (move_piece(m)) snprintf(buf, MOVE_STR_MAX, "x%s,%s%s%c", aux, from, to, lower_letter(pos, move_piece(m)));
        else snprintf(buf, MOVE_STR_MAX, "x%s,%s%s", aux, from, to);
        break;
    default: snprintf(buf, MOVE_STR_MAX, "%s%s", from, to); break;
    }
}

bool step_from_str(const Position *pos, const char *text, Move *out) {
    Move moves[MAX_MOVES];
    char str[MOVE_STR_MAX];
    int count = pos->v->generate(pos, moves);
    for (int i = 0; i < count; i++) {
        move_to_str(pos, moves[i], str);
        if (!strcmp(str, text)) {
            *out = moves[i];
            return true;
        }
    }
    return false;
}

/* The legal step written at the start of `text`, preferring the longest
 * match (a step's text may itself contain commas). Returns its length. */
static size_t match_step(const Position *pos, const char *text, Move *out) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    size_t best = 0;
    char str[MOVE_STR_MAX];
    for (int i = 0; i < n; i++) {
        move_to_str(pos, moves[i], str);
        size_t len = strlen(str);
        if (len > best && !strncmp(text, str, len) && (text[len] == ',' || text[len] == 0)) {
            best = len;
            *out = moves[i];
        }
    }
    return best;
}

/* Whether text reads as a step of the side to move: from a square holding
 * one of its pieces to a square of the board, the removal of one of its
 * pieces, or a drop of a piece letter. After the end of a game such a
 * step is refused for the end; anything else is simply illegal. */
static bool reads_as_own_step(const Position *pos, const char *text) {
    const Geometry *g = pos->geo;
    int from, to;
    if (text[0] == '+') text++;
    if (isupper((unsigned char)text[0]) && text[1] == '@') {
        for (int t = 1; t < PT_NB; t++)
            if (pos->v->pieces[t].letter == text[0]) return text[2] && square_parse(g, text + 2, &to) == 2;
        return false;
    }
    bool removal = text[0] == 'x';
    if (!text[removal] || !square_parse(g, text + removal, &from)) return false;
    if (!removal && (!text[2] || !square_parse(g, text + 2, &to))) return false;
    Piece p = pos->board[from];
    return p && piece_color(p) == pos->side;
}

bool play_turn_str(Position *pos, const char *text, char *err, size_t errlen) {
    return play_turn_steps(pos, text, NULL, NULL, err, errlen);
}

bool play_turn_steps(Position *pos, const char *text, Move *steps, int *nsteps, char *err, size_t errlen) {
    Position cur = *pos;
    int count = 0;
    const char *s = text;
    if (strlen(text) >= TURN_STR_MAX) {
        snprintf(err, errlen, "move text too long");
        return false;
    }
    for (;;) {
        Move m = MOVE_NONE;
        size_t len = match_step(&cur, s, &m);
        if (!len) {
            char why[128] = "";
            if (cur.v->parse_special && cur.v->parse_special(&cur, s, &m, why, sizeof why)) {
                len = strlen(s);
            } else {
                if (why[0]) snprintf(err, errlen, "illegal move '%s': %s", text, why);
                else if (variant_game_over(&cur) && reads_as_own_step(&cur, s))
                    snprintf(err, errlen, "illegal move '%s': the game is over", text);
                else snprintf(err, errlen, "illegal move '%s'", text);
                return false;
            }
        }
        if (count == MAX_TURN_STEPS) {
            snprintf(err, errlen, "illegal move '%s': too many steps", text);
            return false;
        }
        if (steps) steps[count] = m;
        count++;
        cur.v->make(&cur, m);
        s += len;
        if (!*s) break;
        if (!cur.pending) {
            snprintf(err, errlen, "illegal move '%s': text after a complete turn", text);
            return false;
        }
        s++;
    }
    if (cur.pending) {
        snprintf(err, errlen, "illegal move '%s': the turn is not complete", text);
        return false;
    }
    *pos = cur;
    if (nsteps) *nsteps = count;
    return true;
}

/* Walks the legal turns in a fixed order, counting them; turn number c is
 * stored as out[c - lo] when it falls in [lo, lo + max). */
static int collect(const Position *pos, const char *prefix, char (*out)[TURN_STR_MAX], int count, int lo, int max) {
    Move moves[MAX_MOVES];
    int n = pos->v->generate(pos, moves);
    char str[MOVE_STR_MAX];
    for (int i = 0; i < n; i++) {
        char turn[TURN_STR_MAX];
        move_to_str(pos, moves[i], str);
        snprintf(turn, sizeof turn, "%s%s%s", prefix, *prefix ? "," : "", str);
        Position child = *pos;
        child.v->make(&child, moves[i]);
        if (child.pending) {
            count = collect(&child, turn, out, count, lo, max);
        } else {
            if (count >= lo && count - lo < max) memcpy(out[count - lo], turn, TURN_STR_MAX);
            count++;
        }
    }
    return count;
}

int legal_turn_strings(const Position *pos, char (*out)[TURN_STR_MAX], int max) {
    return collect(pos, "", out, 0, 0, max);
}

int legal_turn_count(const Position *pos) {
    return collect(pos, "", NULL, 0, 0, 0);
}

bool legal_turn_string_at(const Position *pos, int index, char out[TURN_STR_MAX]) {
    char (*one)[TURN_STR_MAX] = (char (*)[TURN_STR_MAX])out;
    return index >= 0 && index < collect(pos, "", one, 0, index, 1);
}

bool legal_turn_random(const Position *pos, unsigned long long r, char out[TURN_STR_MAX]) {
    int k = legal_turn_count(pos);
    return k > 0 && legal_turn_string_at(pos, (int)(r % (unsigned long long)k), out);
}
