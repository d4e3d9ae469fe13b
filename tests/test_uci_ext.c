/* The UCI extensions a board needs (docs/uci-extensions.md), through the
 * real binary over pipes in every variant: piece names and regions, legal
 * turns against perft, what the last turn did, PGN that the match runner's
 * PGN reader replays. */
#include <stdlib.h>
#include <unistd.h>
#include "script_check.h"
#include "../protocol/match/match.h"
#include "../variants/registry.h"
#include "suites.h"

enum { MAX_WORDS = 1 << 15 };

/* The words of every line starting with `prefix` (a trailing space
 * included), in order; the word "end" of the closing line is not one. */
static int words_after(const char *out, const char *prefix, char (*words)[TURN_STR_MAX], int max) {
    int n = 0;
    size_t plen = strlen(prefix);
    for (const char *p = out; *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : p + strlen(p)) {
        if (strncmp(p, prefix, plen)) continue;
        const char *eol = strchr(p, '\n');
        char line[4096];
        snprintf(line, sizeof line, "%.*s", (int)((eol ? eol : p + strlen(p)) - p - plen), p + plen);
        if (!strcmp(line, "end")) continue;
        char *save = NULL;
        for (char *w = strtok_r(line, " ", &save); w; w = strtok_r(NULL, " ", &save))
            if (n < max) snprintf(words[n++], TURN_STR_MAX, "%s", w);
    }
    return n;
}

/* ---- variantinfo ------------------------------------------------------- */

static const struct {
    const char *variant, *lines[6];
} piece_lines[] = {
    {"chess", {"piece K K king", "piece Q Q queen", "piece N N knight", "piece P P pawn"}},
    {"buratia", {"piece K K director", "piece Q Q secretary", "piece R R boss", "piece B B foreman", "piece N N lawyer",
                 "piece +P P shnyr"}},
    {"japanese", {"piece K K dragon", "piece G Q gold officer", "piece L R small bear", "piece R R big bear",
                  "piece +R R dragon-king", "piece +B B dragon-horse"}},
    {"belarusian", {"piece A K kniaź", "piece K K kniažyč", "piece G Q hetman", "piece I B harmata",
                    "piece V N vieršnik", "piece R P ratnik"}},
    {"voodoo", {"piece K K king", "piece Q Q queen", "piece B B bishop", "piece P P pawn"}},
};

START_TEST(ext_piece_names) {
    const char *v = piece_lines[_i].variant;
    char input[256], line[128];
    snprintf(input, sizeof input, "setoption name UCI_Variant value %s\nvariantinfo\n", v);
    char *out = uci_session(input);
    for (int k = 0; k < 6 && piece_lines[_i].lines[k]; k++) {
        snprintf(line, sizeof line, "info string variantinfo %s", piece_lines[_i].lines[k]);
        ck_assert_msg(has_line(out, line), "%s: no '%s' in\n%s", v, line, out);
    }
    snprintf(line, sizeof line, "info string variantinfo name %s files ", v);
    ck_assert_msg(strstr(out, line), "%s", out);
    ck_assert(has_line(out, "info string variantinfo end"));
    free(out);
}
END_TEST

/* Every piece of every variant has a name and a glyph a board can draw,
 * and every region's square list reads. */
START_TEST(ext_tables_complete) {
    for (int i = 0; i < variant_count(); i++) {
        const Variant *v = variant_at(i);
        const Geometry *g = geometry_get(v->files, v->ranks);
        for (int t = 1; t < PT_NB; t++) {
            const PieceDef *d = &v->pieces[t];
            if (!d->letter) continue;
            ck_assert_msg(d->name && d->name[0], "%s: piece %c has no name", v->name, d->letter);
            ck_assert_msg(d->glyph && strchr("KQRBNP", d->glyph), "%s: piece %c has no glyph", v->name, d->letter);
        }
        for (int r = 0; r < MAX_REGIONS && v->regions[r].id; r++) {
            bb_t sq;
            ck_assert_msg(squares_parse(g, v->regions[r].squares, &sq) && sq, "%s: region %s", v->name, v->regions[r].id);
        }
    }
}
END_TEST

/* ---- legal ------------------------------------------------------------- */

static const struct {
    const char *variant, *position;
} legal_positions[] = {
    {"chess", "startpos"},
    {"chess", "fen r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
    {"chess", "fen rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
    {"buratia", "startpos"},
    {"buratia", "startpos moves b1c3 e7e5 c3d5 d7d6"},
    {"japanese", "startpos"},
    {"japanese", "startpos moves c3c4 a7a6"},
    {"belarusian", "startpos"},
    {"belarusian", "fen 4a4/9/9/9/9/9/9/9/L3AK3 w A - 0 1"},
    {"belarusian", "fen 4a4/9/9/9/9/9/9/9/L4K3 w - - 0 1"},
    {"voodoo", "startpos"},
    {"voodoo", "startpos moves e2e4 e7e5 g1f3 b8c6"},
    {"voodoo", "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w - - 0 1"},
};

static char words_a[MAX_WORDS][TURN_STR_MAX], words_b[MAX_WORDS][TURN_STR_MAX];

static int cmp_words(const void *a, const void *b) { return strcmp(a, b); }

/* `legal` lists exactly the root turns of `go perft 1`, in lines that an
 * output line can carry. */
START_TEST(ext_legal_is_perft_one) {
    char input[512];
    snprintf(input, sizeof input, "setoption name UCI_Variant value %s\nposition %s\nlegal\ngo perft 1\n",
             legal_positions[_i].variant, legal_positions[_i].position);
    char *out = uci_session(input);
    int n = words_after(out, "info string legal ", words_a, MAX_WORDS);
    int m = 0;
    for (const char *p = out; (p = strstr(p, ": 1\n")); p++) {
        const char *s = p;
        while (s > out && s[-1] != '\n') s--;
        if (!strncmp(s, "Nodes", 5)) continue;
        snprintf(words_b[m++], TURN_STR_MAX, "%.*s", (int)(p - s), s);
    }
    const char *nodes = strstr(out, "Nodes searched: ");
    ck_assert_ptr_nonnull(nodes);
    ck_assert_msg(n == atoi(nodes + 16) && n == m && n > 0, "%s: legal %d, perft %d", legal_positions[_i].position, n, m);
    qsort(words_a, (size_t)n, sizeof *words_a, cmp_words);
    qsort(words_b, (size_t)m, sizeof *words_b, cmp_words);
    for (int i = 0; i < n; i++) ck_assert_str_eq(words_a[i], words_b[i]);
    for (const char *p = strstr(out, "info string legal "); p; p = strstr(p + 1, "info string legal "))
        ck_assert_int_lt((int)(strchr(p, '\n') - p), 2048);
    ck_assert_int_eq(count_substr(out, "info string legal end\n"), 1);
    free(out);
}
END_TEST

START_TEST(ext_legal_after_game_over) {
    char *out = uci_session("position startpos moves f2f3 e7e5 g2g4 d8h4\nlegal\n");
    ck_assert_str_eq(out, "info string legal end\n");
    free(out);
    out = uci_session("setoption name UCI_Variant value buratia\nlegal foo\n");
    ck_assert_msg(strstr(out, "info string error: legal takes no arguments\ninfo string legal end\n"), "%s", out);
    free(out);
}
END_TEST

/* ---- state ------------------------------------------------------------- */

static const struct {
    const char *variant, *position, *last;
} last_turns[] = {
    {"chess", "startpos moves e2e4 d7d5 e4d5", "capture:e4d5:p"},
    {"chess", "startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6 e1g1", "castle:e1g1:h1f1"},
    {"chess", "fen r3k3/8/8/8/8/8/8/4K3 b q - 0 1 moves e8c8", "castle:e8c8:a8d8"},
    {"chess", "startpos moves e2e4 a7a6 e4e5 d7d5 e5d6", "capture:e5d6:p:d5"},
    {"chess", "fen rn2k3/1P6/8/8/8/8/8/4K3 w - - 0 1 moves b7a8q", "capture:b7a8:r promote:a8:Q"},
    {"buratia", "startpos moves b1c3 e7e5 c3d5 d7d6 d5c7,c7d7", "move:d5c7 push:c7d7"},
    {"buratia", "fen 4k3/1P6/8/8/8/8/8/N3K3[] w - - 0 1 moves a1b3 e8d8 b3c5 d8e8 c5b7,b7b8",
     "move:c5b7 push:b7b8 promote:b8:+P"},
    {"buratia", "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[N] w - - 0 1 moves N@b1,e2e4", "place:N@b1 move:e2e4"},
    {"buratia", "fen rnbqkbnr/pppppppp/8/8/8/2N5/PPPPPPPP/R1BQKB1R[N] w - - 0 1 moves c3d5 a7a6 N@b1,d5c7,c7d6",
     "place:N@b1 move:d5c7 push:c7d6"},
    {"buratia", "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/R1BQKBNR[N] w - - 0 1 moves N@b1", "place:N@b1"},
    {"buratia", "fen rnbqkb1r/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] w - - 0 1 moves +P@g8", "place:+P@g8"},
    {"voodoo", "startpos moves e2e4 e7e5 xb1,g8f6,d2d4", "remove:b1:N possess:g8f6 move:d2d4"},
    {"voodoo", "startpos moves xb1,g8e7,e2e4", "remove:b1:N possess:g8e7:p move:e2e4"},
    {"voodoo", "fen 4k2r/8/8/8/8/8/p1P5/4K2R[] w - - 0 1 moves xc2,a2a1q,e1e2", "remove:c2:P possess:a2a1 promote:a1:Q move:e1e2"},
    {"voodoo", "fen rnbqkbnr/pppp1ppp/8/4p3/8/8/PPPP1PPP/RNBQKBNR[] w - - 0 1 moves xd1,e1e5", "remove:d1:Q capture:e1e5:p"},
    {"voodoo", "fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR[Q] w - - 0 1 moves Q@d4", "place:Q@d4"},
    {"voodoo", "fen 4k3/p7/8/8/8/8/P7/4K3[] w - - 0 1 moves xa2", "remove:a2:P"},
    {"belarusian", "fen 4a4/9/9/9/9/9/9/9/L3AK3 w A - 0 1 moves e1c1", "castle:e1c1:a1d1"},
    {"belarusian", "fen 4a4/9/9/9/9/9/9/9/L3AK3 w A - 0 1 moves e1b1", "castle:e1b1:a1c1"},
    {"belarusian", "fen 4a4/9/9/9/9/9/9/4k4/L3AK3 b A - 0 1 moves e2e1 f1f1a", "change:f1f1a"},
    {"belarusian", "fen a3R4/9/9/9/9/9/9/9/L2KA4 w - - 0 1 moves e9e9g", "change:e9e9g"},
    {"japanese", "startpos moves c3c4 a7a6 b2g7", "capture:b2g7:p promote:g7:+B"},
    {"japanese", "fen 4k4/9/9/9/2S6/9/9/9/4K4 w - - 0 1 moves c5c6 e9e8 c6c7", "move:c6c7 promote:c7:G"},
};

START_TEST(ext_state_last) {
    char input[512], line[256];
    snprintf(input, sizeof input, "setoption name UCI_Variant value %s\nposition %s\nstate\n", last_turns[_i].variant,
             last_turns[_i].position);
    char *out = uci_session(input);
    snprintf(line, sizeof line, "info string state last %s", last_turns[_i].last);
    ck_assert_msg(has_line(out, line), "%s %s: want '%s' in\n%s", last_turns[_i].variant, last_turns[_i].position, line, out);
    ck_assert_msg(!strstr(out, "error"), "%s", out);
    ck_assert(has_line(out, "info string state end"));
    free(out);
}
END_TEST

/* The queries answer at once while a search runs and do not end it. */
START_TEST(ext_queries_during_search) {
    char *out = uci_session("setoption name UCI_Variant value voodoo\nposition startpos moves e2e4\ngo infinite\n"
                        "variantinfo\nlegal\nstate\npgn\nstop\n");
    const char *best = strstr(out, "bestmove ");
    ck_assert_ptr_nonnull(best);
    ck_assert_int_eq(count_substr(out, "bestmove "), 1);
    static const char *ends[] = {"variantinfo end", "legal end", "state end", "pgn end"};
    for (int i = 0; i < 4; i++) {
        const char *p = strstr(out, ends[i]);
        ck_assert_msg(p && p < best, "%s", ends[i]);
    }
    free(out);
}
END_TEST

/* ---- pgn ----------------------------------------------------------------- */

static const struct {
    const char *variant, *position;
} pgn_games[] = {
    {"chess", "startpos moves e2e4 d7d5 e4d5 g8f6 f1b5 c7c6 d5c6 d8b6 c6b7 b6b5 b7a8q e8d8 g1f3 b5b2 e1g1"},
    {"buratia", "startpos moves b1c3 e7e5 c3d5 d7d6 d5c7,c7d7 a7a6"},
    {"buratia", "fen rnbqkb1r/ppp1pppp/8/8/8/8/PPPPPPPP/RNBQKBNR[p] w - - 0 1 moves +P@g8 e2e4 b8c6"},
    {"japanese", "startpos moves c3c4 a7a6 b2g7 h8g7"},
    {"belarusian", "fen 4a4/9/9/9/9/9/9/4k4/L3AK3 b A - 0 1 moves e2e1 f1f1a e9e8 f1e1"},
    {"voodoo", "startpos moves e2e4 e7e5 xb1,g8f6,d2d4 xd8,e8e6 g1f3 Q@d8"},
};

/* The lines of a `pgn` answer without their prefix, as a file would hold them. */
static void pgn_text(const char *out, char *buf, size_t n) {
    size_t len = 0;
    buf[0] = 0;
    for (const char *p = strstr(out, "info string pgn"); p; p = strstr(p + 1, "\ninfo string pgn")) {
        if (*p == '\n') p++;
        const char *s = p + strlen("info string pgn"), *eol = strchr(p, '\n');
        if (!strncmp(s, " end\n", 5)) break;
        if (*s == ' ') s++;
        len += (size_t)snprintf(buf + len, n - len, "%.*s\n", (int)(eol - s), s);
    }
}

START_TEST(ext_pgn_round_trip) {
    const char *variant = pgn_games[_i].variant;
    char input[512], fen_line[FEN_MAX + 32];
    snprintf(input, sizeof input, "setoption name UCI_Variant value %s\nposition %s\nstate\npgn\n", variant,
             pgn_games[_i].position);
    char *out = uci_session(input);
    ck_assert_msg(!strstr(out, "error"), "%s", out);
    static char text[1 << 16];
    pgn_text(out, text, sizeof text);
    char tag[64];
    snprintf(tag, sizeof tag, "[Variant \"%s\"]", variant);
    ck_assert_msg(strstr(text, tag), "%s", text);
    ck_assert((strncmp(pgn_games[_i].position, "fen", 3) == 0) == (strstr(text, "[FEN \"") != NULL));
    /* the match runner's reader, then its game replay, reach the same position */
    char path[] = "/tmp/ratnik-ext-pgn-XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    MatchConfig cfg = {.variant = variant_find(variant), .openings_pgn = true, .move_limit = -1};
    snprintf(cfg.openings, sizeof cfg.openings, "%s", path);
    Opening *ops;
    char err[256];
    ck_assert_int_eq(match_load_openings(&cfg, &ops, err, sizeof err), 1);
    MatchGame *mg = match_game_new();
    Position start;
    ck_assert(fen_parse(&start, cfg.variant, ops[0].fen[0] ? ops[0].fen : cfg.variant->start_fen, err, sizeof err));
    game_reset(&mg->game, &start);
    char *list = strdup(ops[0].moves), *save = NULL;
    for (char *t = strtok_r(list, " ", &save); t; t = strtok_r(NULL, " ", &save))
        ck_assert_msg(match_game_apply(mg, t, "", err, sizeof err), "%s: %s (%s)\n%s", variant, t, err, text);
    char fen[FEN_MAX];
    fen_write(&mg->game.cur, fen, sizeof fen);
    snprintf(fen_line, sizeof fen_line, "info string state fen %s", fen);
    ck_assert_msg(has_line(out, fen_line), "%s: replayed to %s\n%s", variant, fen, out);
    free(list);
    match_game_free(mg);
    match_free_openings(ops, 1);
    remove(path);
    free(out);
}
END_TEST

/* The same file as a `ratnik match` opening: every turn is played as book. */
START_TEST(ext_pgn_as_match_opening) {
    char *out = uci_session("setoption name UCI_Variant value voodoo\nposition startpos moves e2e4 e7e5 xb1,g8f6,d2d4 "
                        "xd8,e8e6 g1f3 Q@d8\npgn\n");
    static char text[1 << 16];
    pgn_text(out, text, sizeof text);
    free(out);
    char book[] = "/tmp/ratnik-ext-book-XXXXXX", pgn[] = "/tmp/ratnik-ext-match-XXXXXX";
    int fd = mkstemp(book);
    ck_assert_int_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
    close(fd);
    close(mkstemp(pgn));
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "%s match -engine cmd=%s -engine cmd=%s -each depth=1 -variant voodoo -games 1 -openings file=%s "
             "format=pgn -maxmoves 1 -pgnout %s >/dev/null 2>&1",
             ratnik_bin(), ratnik_bin(), ratnik_bin(), book, pgn);
    ck_assert_int_eq(system(cmd), 0);
    FILE *f = fopen(pgn, "r");
    ck_assert_ptr_nonnull(f);
    static char games[1 << 16];
    games[fread(games, 1, sizeof games - 1, f)] = 0;
    fclose(f);
    for (char *c = games; *c; c++)
        if (*c == '\n') *c = ' ';
    ck_assert_msg(strstr(games, "1. e2e4 {book} e7e5 {book} 2. xb1,g8f6,d2d4 {book} xd8,e8e6 {book} 3. g1f3 {book}"),
                  "%s", games);
    ck_assert_msg(strstr(games, "Q@d8 {book}") && !strstr(games, "bad opening"), "%s", games);
    remove(book), remove(pgn);
}
END_TEST

/* Scripts and what their output must hold. */
static const ScriptCheck ext_scripts[] = {
    {.name = "ext_regions", .input = "setoption name UCI_Variant value belarusian\nvariantinfo\n",
     .has = {"info string variantinfo region throne both e5 label ",
             "info string variantinfo region palace both c3 d3 e3 f3 g3 c4 ", " f7 g7 label palace",
             "region promotion white a9 b9 c9 d9 e9 f9 g9 h9 i9 label "}},
    {.name = "ext_regions", .input = "setoption name UCI_Variant value japanese\nvariantinfo\n",
     .has = {"region promotion white a7 b7 c7 d7 e7 f7 g7 h7 i7 b8 h8 a9 b9 c9 d9 e9 f9 g9 h9 i9 label ",
             "region promotion black a1 b1 c1 d1 e1 f1 g1 h1 i1 b2 h2 a3 b3 c3 d3 e3 f3 g3 h3 i3 label "}},
    {.name = "ext_regions", .input = "setoption name UCI_Variant value buratia\nvariantinfo\n",
     .has = {"region goal white a8 b8 c8 d8 e8 f8 g8 h8 label ", "region goal black a1 b1 c1 d1 e1 f1 g1 h1 label ",
             "holdings yes san no bribes yes"}},
    {.name = "ext_regions", .input = "setoption name UCI_Variant value voodoo\nvariantinfo\n",
     .has = {"region promotion white a8 b8 c8 d8 e8 f8 g8 h8 label "}},
    {.name = "ext_state_fields", .input = "position startpos moves e2e4 e7e5 g1f3\nstate\n",
     .lines = {"info string state fen rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
               "info string state side black", "info string state result none",
               "info string state startfen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
               "info string state moves e2e4 e7e5 g1f3", "info string state san e4 e5 Nf3",
               "info string state last move:g1f3"}},
    {.name = "ext_state_fields", .input = "position startpos moves f2f3 e7e5 g2g4 d8h4\nstate\n",
     .lines = {"info string state result 0-1 checkmate", "info string state san f3 e5 g4 Qh4#"}},
    /* the start position: no moves, no last turn; no SAN where the variant has none */
    {.name = "ext_state_fields", .input = "setoption name UCI_Variant value japanese\nstate\n",
     .lines = {"info string state moves"},
     .hasnt = {"state last", "state san"}},
    {.name = "ext_state_fields",
     .input = "setoption name UCI_Variant value buratia\nposition fen 4k3/8/8/8/8/8/8/4K3[] w - - 0 101\nstate\n",
     .lines = {"info string state result 0-0 move limit"}},
    {.name = "ext_state_fields",
     .input = "setoption name UCI_Variant value buratia\nposition fen 8/8/8/8/8/8/8/8[Kk] w - - 0 101\nstate\n",
     .lines = {"info string state result 1/2-1/2 move limit"}},
    {.name = "ext_state_fields",
     .input = "setoption name UCI_Variant value buratia\nposition fen 8/8/8/8/8/8/8/4K3[k] w - - 0 101\nstate\n",
     .lines = {"info string state result 1/2-0 move limit, advantage"}},
    {.name = "ext_state_fields",
     .input = "setoption name UCI_Variant value belarusian\nposition startpos moves c1b3 b9c7 b3c1 c7b9 c1b3 b9c7 b3c1 "
              "c7b9\nstate\n",
     .lines = {"info string state result 1/2-1/2 threefold repetition"}},
};

SCRIPT_LOOP_TEST(ext_scripted, ext_scripts)

Suite *suite_uci_ext(void) {
    return suite_of("uci_ext",
                    LOOP_CASE("uci_ext", 60,
                              LOOPS({ext_piece_names, sizeof piece_lines / sizeof *piece_lines},
                                    {ext_legal_is_perft_one, sizeof legal_positions / sizeof *legal_positions},
                                    {ext_state_last, sizeof last_turns / sizeof *last_turns},
                                    {ext_pgn_round_trip, sizeof pgn_games / sizeof *pgn_games},
                                    {ext_scripted, SCRIPT_COUNT(ext_scripts)}),
                              ext_tables_complete, ext_legal_after_game_over, ext_queries_during_search,
                              ext_pgn_as_match_opening),
                    NULL);
}
