/* Polyglot books (book/polyglot.c, book/book.c) and the engine's OwnBook
 * (search/engine_book.c, protocol/gui/book_opts.c): the spec's reference keys,
 * Debian's gnuchess-book, writing and reading back, malformed files, and
 * UCI/CECP sessions through the real binary. */
#include <stdlib.h>
#include <unistd.h>
#include "test_util.h"
#include "book_util.h"
#include "../book/polyglot.h"
#include "../variants/registry.h"
#include "suites.h"

static const char GNUCHESS_BOOK[] = "/usr/share/games/gnuchess/book.bin";
enum { OUT_MAX = 1 << 20 };

/* The Najdorf line along the book's best moves: in book for 42 plies. */
static const char DEEP_LINE[] = "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1g5 e7e6 f2f4 d8b6 d1d2 b6b2 "
                                "a1b1 b2a3 f4f5 b8c6 f5e6 f7e6 d4c6 b7c6 e4e5 d6e5 g5f6 g7f6 c3e4 f8e7 f1e2 h7h5 "
                                "b1b3 a3a4 e4f6 e7f6 c2c4 a8a7 e1g1 f6e7 b3b8 a7c7";

static Position after(const char *turns) {
    char fen[FEN_MAX * 2];
    test_play("chess", NULL, turns, fen, sizeof fen);
    return test_pos("chess", fen);
}

/* Fails when Debian's gnuchess-book is missing (CI installs it). */
static void need_gnuchess_book(void) {
    ck_assert_msg(!access(GNUCHESS_BOOK, R_OK), "%s is missing (apt-get install gnuchess-book)", GNUCHESS_BOOK);
}

/* The real book. */
static Book *gnuchess(void) {
    need_gnuchess_book();
    char err[512];
    Book *b = book_open(GNUCHESS_BOOK, variant_find("chess"), err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    return b;
}

static int find_move(const BookMove *m, int n, const char *turn) {
    for (int i = 0; i < n; i++)
        if (!strcmp(m[i].turn, turn)) return i;
    return -1;
}

START_TEST(reference_keys) {
    /* The Polyglot spec's list of positions and keys. */
    static const struct { const char *moves; uint64_t key; } ref[] = {
        {"", 0x463b96181691fc9cull},
        {"e2e4", 0x823c9b50fd114196ull},
        {"e2e4 d7d5", 0x0756b94461c50fb0ull},
        {"e2e4 d7d5 e4e5", 0x662fafb965db29d4ull},
        {"e2e4 d7d5 e4e5 f7f5", 0x22a48b5a8e47ff78ull},
        {"e2e4 d7d5 e4e5 f7f5 e1e2", 0x652a607ca3f242c1ull},
        {"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", 0x00fdd303c946bdd9ull},
        {"a2a4 b7b5 h2h4 b5b4 c2c4", 0x3c8123ea7b067637ull},
        {"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", 0x5c3f9b829b279560ull},
    };
    for (size_t i = 0; i < sizeof ref / sizeof *ref; i++) {
        Position pos = after(ref[i].moves);
        ck_assert_msg(polyglot_key(&pos) == ref[i].key, "after '%s': %016llx, want %016llx", ref[i].moves,
                      (unsigned long long)polyglot_key(&pos), (unsigned long long)ref[i].key);
    }
    /* The same positions from their FENs (the FEN names e3 after e2e4: no
     * black pawn can take, so the key leaves the file out). */
    Position p = test_pos("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    ck_assert(polyglot_key(&p) == 0x823c9b50fd114196ull);
    p = test_pos("chess", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4");
    ck_assert(polyglot_key(&p) == 0x5c3f9b829b279560ull);
}
END_TEST

START_TEST(move_encoding) {
    Position start = after("");
    ck_assert_uint_eq(polyglot_encode_move(&start, "e2e4"), (uint16_t)(12 << 6 | 28));
    ck_assert_uint_eq(polyglot_encode_move(&start, "e2e5"), 0); /* illegal */
    Position castle = test_pos("chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    ck_assert_uint_eq(polyglot_encode_move(&castle, "e1g1"), (uint16_t)(4 << 6 | 7)); /* king takes rook h1 */
    ck_assert_uint_eq(polyglot_encode_move(&castle, "e1c1"), (uint16_t)(4 << 6 | 0));
    char turn[TURN_STR_MAX];
    ck_assert(polyglot_decode_move(&castle, 4 << 6 | 7, turn, sizeof turn));
    ck_assert_str_eq(turn, "e1g1");
    ck_assert(polyglot_decode_move(&castle, 4 << 6 | 0, turn, sizeof turn));
    ck_assert_str_eq(turn, "e1c1");
    Position promo = test_pos("chess", "8/P6k/8/8/8/8/8/K7 w - - 0 1");
    uint16_t m = polyglot_encode_move(&promo, "a7a8n");
    ck_assert_uint_eq(m, (uint16_t)(1 << 12 | 48 << 6 | 56));
    ck_assert(polyglot_decode_move(&promo, m, turn, sizeof turn));
    ck_assert_str_eq(turn, "a7a8n");
    ck_assert(!polyglot_decode_move(&promo, 48 << 6 | 56, turn, sizeof turn)); /* no piece chosen: illegal */
}
END_TEST

START_TEST(gnuchess_start_position) {
    Book *b = gnuchess();
    ck_assert_str_eq(book_format(b), "polyglot");
    ck_assert_uint_eq(book_entries(b), 180358);
    Position start = after("");
    ck_assert(book_key(b, &start) == 0x463b96181691fc9cull);
    BookMove m[64];
    int n = book_moves(b, &start, m, 64);
    ck_assert_int_eq(n, 13);
    static const struct { const char *turn; unsigned weight; } top[] = {
        {"e2e4", 12135}, {"d2d4", 11257}, {"g1f3", 3745}, {"c2c4", 3294}};
    for (int i = 0; i < 4; i++) {
        ck_assert_str_eq(m[i].turn, top[i].turn);
        ck_assert_uint_eq(m[i].weight, top[i].weight);
    }
    for (int i = 1; i < n; i++) ck_assert_uint_ge(m[i - 1].weight, m[i].weight);
    for (int i = 0; i < n; i++) ck_assert(test_has_turn(&start, m[i].turn));
    book_close(b);
}
END_TEST

START_TEST(gnuchess_castling_deep_and_out) {
    Book *b = gnuchess();
    BookMove m[64];
    Position p = after("e2e4 c7c5 g1f3 d7d6 f1b5 c8d7 b5d7 d8d7");
    int n = book_moves(b, &p, m, 64), k = find_move(m, n, "e1g1");
    ck_assert_int_ge(k, 0);
    ck_assert_uint_eq(m[k].weight, 117);
    p = after("e2e4 c7c5 g1f3 b8c6 f1b5 g7g6 e1g1 f8g7 c2c3 g8f6 f1e1");
    n = book_moves(b, &p, m, 64);
    k = find_move(m, n, "e8g8");
    ck_assert_int_ge(k, 0);
    ck_assert_uint_eq(m[k].weight, 55);
    /* Every ply of the deep line is in book; the position after it is not. */
    Position walk = after("");
    char line[sizeof DEEP_LINE], *save = NULL, err[128];
    snprintf(line, sizeof line, "%s", DEEP_LINE);
    int plies = 0;
    for (char *t = strtok_r(line, " ", &save); t; t = strtok_r(NULL, " ", &save), plies++) {
        n = book_moves(b, &walk, m, 64);
        ck_assert_msg(n > 0 && !strcmp(m[0].turn, t), "ply %d: %s not the book's first move", plies, t);
        ck_assert(play_turn_str(&walk, t, err, sizeof err));
    }
    ck_assert_int_eq(plies, 42);
    ck_assert_int_eq(book_moves(b, &walk, m, 64), 0);
    BookMove chosen;
    uint64_t rng = 1;
    ck_assert(!book_choose(b, &walk, 50, &rng, &chosen));
    p = after("g1f3 g8f6 f3g1"); /* a knight back home: no book knows it */
    ck_assert_int_eq(book_moves(b, &p, m, 64), 0);
    book_close(b);
}
END_TEST

/* Every entry reached by walking the book's first moves from the start
 * decodes to a legal move: keys and moves agree over many table entries. */
static int raw_entries(const unsigned char *data, size_t count, uint64_t key) {
    size_t lo = 0, hi = count;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        PolyEntry e;
        polyglot_entry_read(data + mid * POLY_ENTRY_BYTES, &e);
        if (e.key < key) lo = mid + 1;
        else hi = mid;
    }
    int n = 0;
    for (PolyEntry e; lo < count && (polyglot_entry_read(data + lo * POLY_ENTRY_BYTES, &e), e.key == key); lo++) n++;
    return n;
}

static void walk_tree(const Book *b, const unsigned char *data, size_t count, const Position *pos, int depth, int *positions) {
    BookMove m[64];
    int n = book_moves(b, pos, m, 64);
    ck_assert_int_eq(n, raw_entries(data, count, polyglot_key(pos)));
    (*positions)++;
    for (int i = 0; i < n && i < 3 && depth > 0; i++) {
        Position child = *pos;
        char err[128];
        ck_assert(play_turn_str(&child, m[i].turn, err, sizeof err));
        walk_tree(b, data, count, &child, depth - 1, positions);
    }
}

START_TEST(gnuchess_tree_is_consistent) {
    Book *b = gnuchess();
    FILE *f = fopen(GNUCHESS_BOOK, "rb");
    ck_assert_ptr_nonnull(f);
    fseek(f, 0, SEEK_END);
    size_t size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *data = malloc(size);
    ck_assert_uint_eq(fread(data, 1, size, f), size);
    fclose(f);
    int positions = 0;
    Position start = after("");
    walk_tree(b, data, size / POLY_ENTRY_BYTES, &start, 6, &positions);
    ck_assert_int_gt(positions, 500);
    free(data);
    book_close(b);
}
END_TEST

static void temp_path(char *path, size_t n) {
    snprintf(path, n, "/tmp/ratnik-polyglot-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
}

static void write_bytes(const char *path, const unsigned char *data, size_t n) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, n, f), n);
    fclose(f);
}

START_TEST(save_and_read_back) {
    Position start = after(""), e4 = after("e2e4"), castle = test_pos("chess", "r3k2r/8/8/8/8/8/8/R3K2R b kq - 0 1");
    PolyEntry in[] = {
        {polyglot_key(&e4), polyglot_encode_move(&e4, "c7c5"), 30, 7},
        {polyglot_key(&start), polyglot_encode_move(&start, "d2d4"), 40, 0},
        {polyglot_key(&castle), polyglot_encode_move(&castle, "e8c8"), 5, 0},
        {polyglot_key(&start), polyglot_encode_move(&start, "e2e4"), 60, 1},
        {polyglot_key(&e4), polyglot_encode_move(&e4, "e7e5"), 30, 0},
        {polyglot_key(&start), polyglot_encode_move(&start, "b1a3"), 0, 0},
    };
    size_t n = sizeof in / sizeof *in;
    char path[64], err[512];
    temp_path(path, sizeof path);
    ck_assert_msg(polyglot_save(path, in, n, err, sizeof err), "%s", err);
    /* The bytes are the sorted entries. */
    PolyEntry sorted[sizeof in / sizeof *in];
    memcpy(sorted, in, sizeof in);
    qsort(sorted, n, sizeof *sorted, polyglot_entry_cmp);
    FILE *f = fopen(path, "rb");
    unsigned char bytes[16 * 8];
    ck_assert_uint_eq(fread(bytes, 1, sizeof bytes, f), n * 16);
    fclose(f);
    for (size_t i = 0; i < n; i++) {
        PolyEntry e;
        polyglot_entry_read(bytes + 16 * i, &e);
        ck_assert(e.key == sorted[i].key && e.move == sorted[i].move && e.weight == sorted[i].weight
                  && e.learn == sorted[i].learn);
    }
    Book *b = book_open(path, variant_find("chess"), err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    ck_assert_uint_eq(book_entries(b), n);
    BookMove m[8];
    assert_book_turns(m, book_moves(b, &start, m, 8), "e2e4 d2d4 b1a3");
    ck_assert_uint_eq(m[0].weight, 60);
    ck_assert_uint_eq(m[0].learn, 1);
    ck_assert_int_eq(book_moves(b, &e4, m, 8), 2);
    ck_assert_uint_eq(m[0].learn + m[1].learn, 7);
    assert_book_turns(m, book_moves(b, &castle, m, 8), "e8c8");
    /* Variety 0 takes the best; weight 0 is never played; a seed repeats. */
    uint64_t rng = 42, rng2 = 42;
    int counts[3] = {0};
    for (int i = 0; i < 400; i++) {
        BookMove c, c2;
        ck_assert(book_choose(b, &start, 0, &rng, &c));
        ck_assert_str_eq(c.turn, "e2e4");
        ck_assert(book_choose(b, &start, 100, &rng2, &c2));
        ck_assert_str_ne(c2.turn, "b1a3");
        counts[!strcmp(c2.turn, "d2d4")]++;
    }
    ck_assert_int_gt(counts[0], 180); /* 60:40 */
    ck_assert_int_gt(counts[1], 100);
    uint64_t s1 = 7, s2 = 7;
    for (int i = 0; i < 20; i++) {
        BookMove c1, c2;
        book_choose(b, &start, 50, &s1, &c1);
        book_choose(b, &start, 50, &s2, &c2);
        ck_assert_str_eq(c1.turn, c2.turn);
    }
    book_close(b);
    remove(path);
}
END_TEST

static void assert_open_fails(const char *path, const char *variant, const char *want) {
    char err[512] = "";
    Book *b = book_open(path, variant_find(variant), err, sizeof err);
    ck_assert_msg(b == NULL, "%s opened for %s", path, variant);
    ck_assert_msg(strstr(err, want) != NULL, "error '%s' lacks '%s'", err, want);
}

START_TEST(malformed_files) {
    char path[64];
    temp_path(path, sizeof path);
    write_bytes(path, (const unsigned char *)"", 0);
    assert_open_fails(path, "chess", "not a non-zero multiple of 16");
    unsigned char bytes[48] = {0};
    write_bytes(path, bytes, 17);
    assert_open_fails(path, "chess", "17 bytes");
    bytes[0] = 0xff; /* first key above the second: unsorted */
    write_bytes(path, bytes, 32);
    assert_open_fails(path, "chess", "out of key order");
    assert_open_fails("/nonexistent/ratnik.bin", "chess", "cannot open book");
    assert_open_fails("/tmp", "chess", "book /tmp");
    need_gnuchess_book();
    assert_open_fails(GNUCHESS_BOOK, "buratia", "for chess only");
    remove(path);
}
END_TEST

START_TEST(random_bytes_never_crash) {
    char path[64], err[512];
    temp_path(path, sizeof path);
    uint64_t s = 0x1234567;
    Position start = after(""), mid = after("e2e4 e7e5 g1f3");
    unsigned char data[16 * 64];
    for (int round = 0; round < 200; round++) {
        size_t n = round % 3 ? 16 * (size_t)(1 + round % 64) : (size_t)(round % 97);
        for (size_t i = 0; i < n; i++) {
            s ^= s << 13, s ^= s >> 7, s ^= s << 17;
            data[i] = (unsigned char)s;
        }
        if (round % 2 && n >= 16) { /* sorted keys, with the start's key in some */
            PolyEntry e[64];
            for (size_t i = 0; i < n / 16; i++) {
                polyglot_entry_read(data + 16 * i, &e[i]);
                if (i % 3 == 0) e[i].key = polyglot_key(i % 2 ? &start : &mid);
            }
            qsort(e, n / 16, sizeof *e, polyglot_entry_cmp);
            for (size_t i = 0; i < n / 16; i++) polyglot_entry_write(data + 16 * i, &e[i]);
        }
        write_bytes(path, data, n);
        for (int v = 0; v < variant_count(); v++) {
            Book *b = book_open(path, variant_at(v), err, sizeof err);
            if (!b) continue;
            BookMove m[64], c;
            uint64_t rng = (uint64_t)round;
            const Position *positions[] = {&start, &mid};
            for (int k = 0; k < 2; k++) {
                int got = book_moves(b, positions[k], m, 64);
                for (int i = 0; i < got; i++) ck_assert(test_has_turn(positions[k], m[i].turn));
                book_choose(b, positions[k], round % 101, &rng, &c);
            }
            book_close(b);
        }
    }
    remove(path);
}
END_TEST

/* ------------------------------------------------------------ protocols */

static char *session(const char *input) { return ratnik_output(input, OUT_MAX); }

/* The output of a session on input, which must hold every string of the
 * NULL-ended wants. The caller frees it. */
static char *session_saying(const char *input, const char *const *wants) {
    char *out = session(input);
    for (; *wants; wants++) ck_assert_msg(strstr(out, *wants), "no \"%s\" in: %.3000s", *wants, out);
    return out;
}

/* The move X of "prefix X\n" in out, or "". */
static void word_after(const char *out, const char *prefix, char *word, size_t n) {
    const char *at = strstr(out, prefix);
    word[0] = 0;
    if (at) sscanf(at + strlen(prefix), "%63s", word);
    (void)n;
}

#define BOOK_ON "uci\nsetoption name OwnBook value true\nsetoption name BookFile value /usr/share/games/gnuchess/book.bin\n"

START_TEST(uci_options_listed) {
    char *out = session_saying("uci\nsetoption name BookVariety value 101\nsetoption name OwnBook value maybe\n"
                               "setoption name BookDepth value -1\nquit\n",
                               (const char *[]){"option name OwnBook type check default false\n",
                                                "option name BookFile type string default <empty>\n",
                                                "option name BookDepth type spin default 20 min 0 max 1000\n",
                                                "option name BookVariety type spin default 50 min 0 max 100\n", NULL});
    ck_assert_int_eq(count_substr(out, "info string error: "), 3);
    free(out);
}
END_TEST

START_TEST(uci_book_move) {
    need_gnuchess_book();
    char *out = session(BOOK_ON "position startpos\ngo movetime 1000\nstop\nisready\nquit\n");
    char book[64], best[64];
    word_after(out, "info string book move ", book, sizeof book);
    word_after(out, "bestmove ", best, sizeof best);
    ck_assert_str_eq(book, best);
    ck_assert_msg(!strcmp(best, "e2e4") || !strcmp(best, "d2d4") || !strcmp(best, "g1f3") || !strcmp(best, "c2c4")
                      || !strcmp(best, "g2g3") || !strcmp(best, "b2b3") || !strcmp(best, "f2f4")
                      || !strcmp(best, "b1c3") || !strcmp(best, "b2b4") || !strcmp(best, "e2e3")
                      || !strcmp(best, "d2d3") || !strcmp(best, "g2g4") || !strcmp(best, "a2a3"),
                  "bestmove %s is not a book move", best);
    ck_assert_int_eq(count_substr(out, "bestmove "), 1); /* stop after a book move adds none */
    ck_assert_int_eq(count_substr(out, "info depth"), 0); /* no search */
    ck_assert_ptr_nonnull(strstr(out, "readyok\n"));
    free(out);
    /* Variety 0: the best move, with the book's best reply to ponder on. */
    out = session(BOOK_ON "setoption name BookVariety value 0\nposition startpos moves e2e4\ngo wtime 1000 btime 1000\n"
                          "quit\n");
    ck_assert_ptr_nonnull(strstr(out, "info string book move c7c5\nbestmove c7c5 ponder g1f3\n"));
    free(out);
}
END_TEST

START_TEST(uci_out_of_book_searches) {
    need_gnuchess_book();
    char in[2048];
    /* The deep line is in book to its end, then out: a normal search. */
    snprintf(in, sizeof in, BOOK_ON "setoption name BookDepth value 1000\nposition startpos moves %s\ngo movetime 200\n"
             "isready\nquit\n", DEEP_LINE);
    char *out = session(in);
    ck_assert_int_eq(count_substr(out, "book move"), 0);
    ck_assert_int_eq(count_substr(out, "bestmove "), 1);
    ck_assert_ptr_nonnull(strstr(out, "info depth"));
    free(out);
    /* BookDepth 4: book at ply 3, not at ply 4. */
    out = session(BOOK_ON "setoption name BookDepth value 4\nposition startpos moves e2e4 e7e5 g1f3\ngo movetime 200\n"
                          "isready\nposition startpos moves e2e4 e7e5 g1f3 b8c6\ngo movetime 200\nisready\nquit\n");
    ck_assert_int_eq(count_substr(out, "info string book move "), 1);
    ck_assert_int_eq(count_substr(out, "bestmove "), 2);
    free(out);
    /* Left the book (a miss at ply 3) and back to a book position in the
     * same game: no probe; a new game probes again. */
    out = session(BOOK_ON "position startpos moves g1f3 g8f6 f3g1\ngo movetime 100\nisready\n"
                          "position startpos moves g1f3 g8f6 f3g1 f6g8\ngo movetime 100\nisready\n"
                          "ucinewgame\nposition startpos\ngo movetime 100\nisready\nquit\n");
    ck_assert_int_eq(count_substr(out, "info string book move "), 1);
    ck_assert_int_eq(count_substr(out, "bestmove "), 3);
    const char *second = strstr(strstr(out, "readyok\n") + 1, "readyok\n");
    ck_assert_ptr_nonnull(second);
    ck_assert_ptr_nonnull(strstr(second, "info string book move ")); /* the new game's */
    free(out);
}
END_TEST

START_TEST(uci_bad_book_still_searches) {
    char *out = session("uci\nsetoption name OwnBook value true\nsetoption name BookFile value /nonexistent/x.bin\n"
                        "position startpos\ngo movetime 100\nisready\ngo movetime 100\nisready\nquit\n");
    ck_assert_int_eq(count_substr(out, "info string error: cannot open book /nonexistent/x.bin"), 1); /* once */
    ck_assert_int_eq(count_substr(out, "bestmove "), 2);
    free(out);
    need_gnuchess_book();
    out = session(BOOK_ON "setoption name UCI_Variant value buratia\nposition startpos\ngo movetime 100\nisready\nquit\n");
    ck_assert_ptr_nonnull(strstr(out, "info string error: book /usr/share/games/gnuchess/book.bin is not a ratnik book"));
    ck_assert_int_eq(count_substr(out, "bestmove "), 1);
    free(out);
}
END_TEST

START_TEST(cecp_book_move) {
    need_gnuchess_book();
    /* bk lists Black's replies, c7c5 among them */
    char *out = session_saying("xboard\nprotover 2\noption OwnBook=1\noption BookFile=/usr/share/games/gnuchess/book.bin\n"
                               "option BookVariety=0\nnew\ngo\nbk\nquit\n",
                               (const char *[]){"feature option=\"OwnBook -check 0\"\n",
                                                "feature option=\"BookVariety -spin 50 0 100\"\n",
                                                "# book move e2e4\nmove e2e4\n", " c7c5 ", NULL});
    free(out);
}
END_TEST

Suite *suite_polyglot(void) {
    return suite_of("polyglot",
                    CASE("book", 0, reference_keys, move_encoding, gnuchess_start_position,
                         gnuchess_castling_deep_and_out, gnuchess_tree_is_consistent, save_and_read_back,
                         malformed_files, random_bytes_never_crash),
                    CASE("protocol", 30, uci_options_listed, uci_book_move, uci_out_of_book_searches,
                         uci_bad_book_still_searches, cecp_book_move),
                    NULL);
}
