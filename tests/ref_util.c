#include "ref_util.h"

#include <ctype.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

static size_t aligned(size_t bytes) {
    size_t a = _Alignof(max_align_t);
    return (bytes + a - 1) / a * a;
}

/* scratch holds, per level still to go, the moves and the child position. */
static unsigned long long perft_below(const RefTree *t, const void *pos, int depth, unsigned char *scratch) {
    unsigned char *moves = scratch, *child = scratch + aligned((size_t)t->max_moves * t->move_size);
    int n = t->legal(pos, moves);
    if (depth == 1) return (unsigned long long)n;
    unsigned char *deeper = child + aligned(t->pos_size);
    unsigned long long total = 0;
    for (int i = 0; i < n; i++) {
        memcpy(child, pos, t->pos_size);
        t->play(child, moves + (size_t)i * t->move_size);
        total += perft_below(t, child, depth - 1, deeper);
    }
    return total;
}

unsigned long long ref_perft(const RefTree *t, const void *pos, int depth) {
    if (depth <= 0) return 1;
    size_t level = aligned((size_t)t->max_moves * t->move_size) + aligned(t->pos_size);
    unsigned char *scratch = malloc(level * (size_t)depth);
    if (!scratch) abort(); /* a test cannot go on without it */
    unsigned long long total = perft_below(t, pos, depth, scratch);
    free(scratch);
    return total;
}

static void *legal_moves_of(const RefTree *t, const void *pos, int *n) {
    void *moves = malloc((size_t)t->max_moves * t->move_size);
    if (!moves) abort(); /* a test cannot go on without it */
    *n = t->legal(pos, moves);
    return moves;
}

int ref_turn_names(const RefTree *t, const void *pos, RefTurnName *name, char out[][REF_TURN_MAX], int max) {
    int n;
    unsigned char *moves = legal_moves_of(t, pos, &n);
    for (int i = 0; i < n && i < max; i++) name(moves + (size_t)i * t->move_size, out[i]);
    free(moves);
    return n;
}

int ref_play_turn(const RefTree *t, void *pos, RefTurnName *name, const char *turn) {
    int n, found = -1;
    unsigned char *moves = legal_moves_of(t, pos, &n);
    for (int i = 0; i < n && found < 0; i++) {
        char s[REF_TURN_MAX];
        name(moves + (size_t)i * t->move_size, s);
        if (!strcmp(s, turn)) found = i;
    }
    if (found >= 0) t->play(pos, moves + (size_t)found * t->move_size);
    free(moves);
    return found < 0 ? -1 : 0;
}

static void put(char *out, size_t n, size_t *len, char c) {
    if (*len + 1 < n) out[(*len)++] = c;
}

size_t ref_write_placement(const char *cells, int size, const char *promoted, char *out, size_t n) {
    size_t len = 0;
    for (int r = size - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < size; f++) {
            char c = cells[r * size + f];
            if (c == '.') {
                empty++;
                continue;
            }
            if (empty) put(out, n, &len, (char)('0' + empty));
            empty = 0;
            for (const char *q = promoted; q[0] && q[1]; q += 2)
                if (q[0] == c) {
                    put(out, n, &len, '+');
                    c = q[1];
                    break;
                }
            put(out, n, &len, c);
        }
        if (empty) put(out, n, &len, (char)('0' + empty));
        if (r) put(out, n, &len, '/');
    }
    if (n) out[len] = 0;
    return len;
}

int ref_split_words(const char *s, char word[][REF_WORD_MAX], int max) {
    int count = 0;
    for (s += strspn(s, " "); *s; s += strspn(s, " ")) {
        size_t len = strcspn(s, " ");
        if (count == max || len >= REF_WORD_MAX) return -1;
        memcpy(word[count], s, len);
        word[count++][len] = 0;
        s += len;
    }
    return count;
}

/* The internal letter of "+c", or 0 when c has no promoted form. */
static char promoted_letter(const char *promoted, char c) {
    for (const char *q = promoted; c && q[0] && q[1]; q += 2)
        if (q[1] == c) return q[0];
    return 0;
}

const char *ref_read_placement(const char *s, char *cells, int size, const char *letters, const char *promoted) {
    memset(cells, '.', (size_t)(size * size));
    int r = size - 1, f = 0;
    for (; *s && *s != ' ' && *s != '['; s++) {
        char c = *s;
        if (c == '/') {
            if (f != size || r == 0) return NULL;
            r--;
            f = 0;
        } else if (c >= '1' && c <= '9') {
            f += c - '0';
            if (f > size) return NULL;
        } else {
            if (c == '+') {
                c = *++s;
                if (!c || !strchr(letters, c) || !(c = promoted_letter(promoted, c))) return NULL;
            } else if (!strchr(letters, c)) {
                return NULL;
            }
            if (f >= size) return NULL;
            cells[r * size + f++] = c;
        }
    }
    return r == 0 && f == size ? s : NULL;
}

int ref_read_number(const char **s, int *out) {
    while (**s == ' ') (*s)++;
    if (!isdigit((unsigned char)**s)) return 0;
    long v = 0;
    while (isdigit((unsigned char)**s)) {
        v = v * 10 + (**s - '0');
        if (v > 100000) return 0;
        (*s)++;
    }
    *out = (int)v;
    return 1;
}
