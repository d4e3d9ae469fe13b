/* Opening sets for matches: EPD (one position a line) or PGN (a start FEN
 * and the moves of each game, cut at plies=), and `ratnik match -makebook`,
 * the generator of the default sets in book/: shallow random play from the
 * start position, kept when a short search finds it balanced. */
#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "match.h"
#include "../../engine/fileio.h"
#include "../../search/search.h"
#include "../../variants/registry.h"

static void add_opening(Opening **ops, int *n, int *cap, const char *fen, const char *moves) {
    if (*n == *cap) {
        *cap = *cap ? *cap * 2 : 64;
        *ops = realloc(*ops, (size_t)*cap * sizeof **ops);
    }
    Opening *o = &(*ops)[(*n)++];
    snprintf(o->fen, sizeof o->fen, "%s", fen);
    o->moves = moves && *moves ? strdup(moves) : NULL;
}

/* EPD: board, side, castling, ep, then either the two counters or operations. */
static bool epd_fen(char *line, char *fen, size_t n) {
    line[strcspn(line, ";\r\n")] = 0;
    char *tok[6], *save = NULL;
    int k = 0;
    for (char *t = strtok_r(line, " \t", &save); t && k < 6; t = strtok_r(NULL, " \t", &save)) tok[k++] = t;
    if (k < 4) return false;
    bool counters = k == 6 && isdigit((unsigned char)tok[4][0]) && isdigit((unsigned char)tok[5][0]);
    snprintf(fen, n, "%s %s %s %s %s %s", tok[0], tok[1], tok[2], tok[3], counters ? tok[4] : "0",
             counters ? tok[5] : "1");
    return true;
}

/* Appends the movetext words of one PGN line that are moves. */
static void pgn_movetext(const char *line, int *depth, char *moves, size_t cap, int *plies, int max_plies) {
    char word[TURN_STR_MAX];
    for (const char *s = line; *s;) {
        if (*s == '{') (*depth)++, s++;
        else if (*s == '}') (*depth)--, s++;
        else if (*s == '(') (*depth) += 100, s++;
        else if (*s == ')') (*depth) -= 100, s++;
        else if (*s == ';' && !*depth) return;
        else if (*s == ';') s++; /* text of a comment: it used to loop forever here (fuzz_book) */
        else if (isspace((unsigned char)*s)) s++;
        else {
            size_t len = strcspn(s, " \t\r\n{}();");
            snprintf(word, sizeof word, "%.*s", (int)(len < sizeof word ? len : sizeof word - 1), s);
            s += len;
            char *w = word;
            while (isdigit((unsigned char)*w)) w++;
            if (*w == '.') { while (*w == '.') w++; } else w = word; /* "12." and "12...e5" */
            bool result = !strcmp(w, "1-0") || !strcmp(w, "0-1") || !strcmp(w, "1/2-1/2") || !strcmp(w, "*");
            if (*depth || !*w || *w == '$' || result || (max_plies && *plies >= max_plies)) continue;
            size_t used = strlen(moves);
            if (used + strlen(w) + 2 < cap) snprintf(moves + used, cap - used, "%s%s", used ? " " : "", w), (*plies)++;
        }
    }
}

static int load_pgn(FILE *f, const MatchConfig *cfg, Opening **ops, int *n, int *cap) {
    char *line = NULL, fen[256] = "";
    size_t line_cap = 0;
    size_t mcap = 65536;
    char *moves = calloc(1, mcap);
    int depth = 0, plies = 0;
    bool in_moves = false;
    while (getline(&line, &line_cap, f) >= 0) {
        if (line[0] == '[') {
            if (in_moves) add_opening(ops, n, cap, fen, moves), fen[0] = moves[0] = 0, plies = depth = 0;
            in_moves = false;
            if (!strncmp(line, "[FEN \"", 6)) snprintf(fen, sizeof fen, "%.*s", (int)strcspn(line + 6, "\""), line + 6);
            continue;
        }
        if (line[0] == '%') continue;
        pgn_movetext(line, &depth, moves, mcap, &plies, cfg->openings_plies);
        if (moves[0]) in_moves = true;
    }
    if (in_moves || fen[0]) add_opening(ops, n, cap, fen, moves);
    free(moves);
    free(line);
    return *n;
}

static void load_epd(FILE *f, Opening **ops, int *n, int *cap) {
    char *line = NULL, fen[256];
    size_t line_cap = 0;
    while (getline(&line, &line_cap, f) >= 0) {
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        if (*s && *s != '#' && epd_fen(s, fen, sizeof fen)) add_opening(ops, n, cap, fen, NULL);
    }
    free(line);
}

int match_load_openings(const MatchConfig *cfg, Opening **out, char *err, size_t errlen) {
    char why[160];
    FILE *f = file_open_read(cfg->openings, NULL, why, sizeof why);
    *out = NULL;
    if (!f) {
        snprintf(err, errlen, "cannot open '%s': %s", cfg->openings, why);
        return -1;
    }
    int n = 0, cap = 0;
    if (cfg->openings_pgn) load_pgn(f, cfg, out, &n, &cap);
    else load_epd(f, out, &n, &cap);
    bool read_ok = !ferror(f);
    fclose(f);
    if (!read_ok) {
        snprintf(err, errlen, "cannot read '%s'", cfg->openings);
        match_free_openings(*out, n), *out = NULL;
        return -1;
    }
    if (!n) snprintf(err, errlen, "no openings in '%s'", cfg->openings);
    return n;
}

void match_free_openings(Opening *ops, int n) {
    for (int i = 0; i < n; i++) free(ops[i].moves);
    free(ops);
}

/* ------------------------------------------------------------ -makebook */

typedef struct {
    const Variant *v;
    int count, plies, depth, margin;
    unsigned seed;
} BookArgs;

static unsigned book_rand(unsigned *s) {
    *s ^= *s << 13, *s ^= *s >> 17, *s ^= *s << 5;
    return *s;
}

/* Engines without setboard get the opening through XBoard's edit mode,
 * which cannot say that a king or rook standing on its start square has
 * lost its castling right (Fairy-Max then castles illegally). So an
 * opening with KQkq castling keeps exactly the rights its placement implies. */
static bool castling_implied(const Position *pos) {
    if (pos->v->castle_style != CASTLE_STYLE_KQ) return true; /* KQkq letters: what the check rewrites */
    char fen[FEN_MAX], full[2 * FEN_MAX + 16], board[FEN_MAX], side[8], rest[FEN_MAX], err[128];
    fen_write(pos, fen, sizeof fen);
    if (sscanf(fen, "%s %7s %*s %[^\n]", board, side, rest) != 3) return true;
    snprintf(full, sizeof full, "%s %s KQkq %s", board, side, rest);
    Position implied;
    return !fen_parse(&implied, pos->v, full, err, sizeof err) || implied.castling == pos->castling;
}

/* Random turns from the start; false if the game ended on the way. */
static bool random_walk(Game *g, const BookArgs *a, unsigned *s, char (*list)[TURN_STR_MAX], int max) {
    char err[128];
    Position start;
    fen_parse(&start, a->v, a->v->start_fen, err, sizeof err);
    game_reset(g, &start);
    int plies = a->plies - 1 + (int)(book_rand(s) % 3);
    for (int i = 0; i < plies; i++) {
        int k = legal_turn_strings(&g->cur, list, max);
        if (k <= 0) return false;
        if (k > max) k = max;
        /* Plain one-leg turns only: random sacrifices, trances and pushes
         * make wild openings that a short search cannot judge. */
        int simple = 0;
        for (int j = 0; j < k; j++)
            if (!strchr(list[j], ',') && list[j][0] != 'x') memmove(list[simple++], list[j], TURN_STR_MAX);
        if (simple) k = simple;
        if (!game_play(g, list[book_rand(s) % (unsigned)k], err, sizeof err)) return false;
    }
    Outcome o;
    game_outcome(g, &o);
    return o.code == RES_NONE && castling_implied(&g->cur);
}

static int makebook_usage(void) {
    fprintf(stderr, "usage: ratnik match -makebook variant=NAME [count=60] [plies=8] [depth=5] [margin=60] [seed=1]\n"
                    "       writes balanced positions as EPD lines to stdout\n");
    return 2;
}

static int makebook_error(const char *what, const char *s) {
    fprintf(stderr, "ratnik match -makebook: %s '%s'\n", what, s);
    return makebook_usage();
}

/* One numeric key=value of -makebook, in its range; false after a message. */
static bool makebook_number(const char *key, const char *value, BookArgs *a) {
    static const struct { const char *key; long long lo, hi; } keys[] = {
        {"count=", 1, 100000}, {"plies=", 1, 1000}, {"depth=", 1, 100}, {"margin=", 0, 100000}, {"seed=", 0, UINT_MAX}};
    char err[256];
    long long v;
    for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
        if (strncmp(key, keys[k].key, strlen(keys[k].key))) continue;
        if (!match_parse_int(keys[k].key, value, keys[k].lo, keys[k].hi, &v, err, sizeof err)) {
            fprintf(stderr, "ratnik match -makebook: %s\n", err);
            return false;
        }
        if (k == 0) a->count = (int)v;
        else if (k == 1) a->plies = (int)v;
        else if (k == 2) a->depth = (int)v;
        else if (k == 3) a->margin = (int)v;
        else a->seed = (unsigned)v;
        return true;
    }
    makebook_error("unknown setting", key);
    return false;
}

int match_makebook_main(int argc, char **argv) {
    BookArgs a = {variant_find("chess"), 60, 8, 5, 60, 1};
    for (int i = 2; i < argc; i++) {
        const char *s = argv[i], *eq = strchr(s, '=');
        if (!eq) return makebook_usage();
        if (!strncmp(s, "variant=", 8)) {
            if (!(a.v = variant_find(eq + 1))) return makebook_error("unknown variant", eq + 1);
        } else if (!makebook_number(s, eq + 1, &a)) return 2;
    }
    enum { MAX_LIST = 8192 };
    char (*list)[TURN_STR_MAX] = malloc(sizeof *list * MAX_LIST);
    uint64_t *keys = calloc((size_t)a.count, sizeof *keys);
    Game *g = malloc(sizeof *g);
    TT tt = {0};
    if (!list || !keys || !g || !tt_resize(&tt, 16)) {
        free(g), free(keys), free(list);
        fprintf(stderr, "ratnik match -makebook: out of memory\n");
        return 2;
    }
    unsigned s = a.seed * 2654435761u + 1;
    int found = 0;
    for (int tries = 0; found < a.count && tries < a.count * 200; tries++) {
        if (!random_walk(g, &a, &s, list, MAX_LIST)) continue;
        bool dup = false;
        for (int i = 0; i < found; i++) dup |= keys[i] == g->cur.key;
        if (dup) continue;
        tt_clear(&tt);
        int score = search_score(g, &tt, 1, &(SearchLimits){.depth = a.depth}, NULL);
        if (abs(score) > a.margin) continue;
        char fen[FEN_MAX];
        fen_write(&g->cur, fen, sizeof fen);
        printf("%s ; c0 \"ratnik depth %d score %d\";\n", fen, a.depth, score);
        fflush(stdout);
        keys[found++] = g->cur.key;
    }
    tt_free(&tt);
    free(g), free(keys), free(list);
    fprintf(stderr, "%d positions\n", found);
    return found == a.count ? 0 : 1;
}
