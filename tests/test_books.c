/* ratnik books (book/rbook*.c) and `ratnik book build|search|show|epd`:
 * the writer and reader round trip, every validation error of the loader,
 * legality filtering, the commands through the real binary, and the books
 * shipped in book/. */
#include <sys/wait.h>
#include <unistd.h>
#include "test_util.h"
#include "book_util.h"
#include "../book/book.h"
#include "../book/rbook.h"
#include "../book/rbook_format.h"
#include "../book/rbook_write.h"
#include "../variants/registry.h"
#include "suites.h"

enum { OUT_MAX = 1 << 16 };

/* Runs `ratnik ARGS`, stdout in out (may be NULL); returns the exit code. */
static int run_cmd(const char *args, char *out, size_t n) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "%s %s 2>/dev/null", ratnik_bin(), args);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    char sink[4096];
    size_t len = out ? fread(out, 1, n - 1, p) : 0;
    if (out) out[len] = 0;
    while (fread(sink, 1, sizeof sink, p) > 0) {}
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static const Variant *var(const char *name) {
    const Variant *v = variant_find(name);
    ck_assert_ptr_nonnull(v);
    return v;
}

/* A small valid book for buratia: three moves from the start, one after e2e4. */
static unsigned char *sample_image(size_t *size) {
    Position start = test_pos("buratia", NULL), after = start;
    char err[128];
    ck_assert(play_turn_str(&after, "e2e4", err, sizeof err));
    RBookWriter *w = rbook_writer_new();
    ck_assert(rbook_writer_add(w, start.key, "d2d4", 10, 1));
    ck_assert(rbook_writer_add(w, start.key, "e2e4", 30, 2));
    ck_assert(rbook_writer_add(w, start.key, "e2e4", 20, 3)); /* merged: 50, learn 5 */
    ck_assert(rbook_writer_add(w, after.key, "e7e5", 7, 0));
    ck_assert(!rbook_writer_add(w, start.key, "", 1, 0));
    ck_assert(!rbook_writer_add(w, start.key, "e2 e4", 1, 0));
    unsigned char *img = rbook_writer_image(w, var("buratia"), size);
    ck_assert_int_eq(rbook_writer_entries(w), 3);
    ck_assert_int_eq(rbook_writer_positions(w), 2);
    rbook_writer_free(w);
    return img;
}

START_TEST(test_round_trip) {
    size_t n;
    unsigned char *img = sample_image(&n);
    char err[256] = "";
    ck_assert(rbook_is_ratnik(img, n));
    RBook *b = rbook_load(img, n, var("buratia"), err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    ck_assert_int_eq(rbook_entries(b), 3);
    Position start = test_pos("buratia", NULL);
    BookMove m[8];
    assert_book_turns(m, rbook_moves(b, &start, m, 8), "e2e4 d2d4");
    ck_assert_uint_eq(m[0].weight, 50);
    ck_assert_uint_eq(m[0].learn, 5);
    assert_book_turns(m, rbook_moves(b, &start, m, 1), "e2e4"); /* max keeps the best */
    Position after = start;
    ck_assert(play_turn_str(&after, "e2e4", err, sizeof err));
    assert_book_turns(m, rbook_moves(b, &after, m, 8), "e7e5");
    Position other = test_pos("buratia", NULL);
    ck_assert(play_turn_str(&other, "d2d4", err, sizeof err));
    ck_assert_int_eq(rbook_moves(b, &other, m, 8), 0);
    rbook_free(b);
    free(img);
}
END_TEST

/* Loads a mutated copy of the sample; must fail with a message containing want. */
static void expect_error(const unsigned char *img, size_t n, const char *variant, const char *want) {
    char err[256] = "";
    RBook *b = rbook_load(img, n, var(variant), err, sizeof err);
    ck_assert_msg(b == NULL, "accepted a bad book (%s expected)", want);
    ck_assert_msg(strstr(err, want) != NULL, "error '%s' does not say '%s'", err, want);
}

START_TEST(test_validation_errors) {
    size_t n;
    unsigned char *img = sample_image(&n), *bad = malloc(n + 8);
    size_t ents = RBOOK_HEADER_SIZE, strs = ents + 3 * RBOOK_ENTRY_SIZE;
    expect_error(img, 10, "buratia", "truncated header");
    expect_error(img, n - 1, "buratia", "size mismatch");
    expect_error(img, RBOOK_HEADER_SIZE + 5, "buratia", "too large");
    expect_error(img, n, "japanese", "not 'japanese'");
#define MUTATE(stmt, want)       \
    memcpy(bad, img, n);         \
    stmt;                        \
    expect_error(bad, n, "buratia", want)
    MUTATE(bad[0] = 'X', "bad magic");
    MUTATE(bad[8] = 9, "version");
    MUTATE(rb_put(bad + 12, 1000000, 4), "too large");
    MUTATE(rb_put(bad + 12, 2, 4), "size mismatch");
    MUTATE(bad[20] = 1, "reserved");
    MUTATE(memset(bad + RBOOK_NAME_AT, 'a', RBOOK_NAME_SIZE), "variant name");
    MUTATE(rb_put(bad + ents, 0, 8); rb_put(bad + ents + 20, UINT64_MAX, 8), "not sorted");
    MUTATE(rb_put(bad + ents + 8, 5000, 4), "out of bounds");
    MUTATE(bad[n - 1] = 'x', "unterminated");
    MUTATE(bad[strs] = 0, "bad turn text"); /* an empty string */
    MUTATE(bad[strs] = '\n', "bad turn text");
    MUTATE(bad[ents + 18] = 1, "reserved");
#undef MUTATE
    /* every prefix of a valid book is refused without a crash */
    for (size_t k = 0; k < n; k++) {
        char err[256] = "";
        RBook *b = rbook_load(img, k, var("buratia"), err, sizeof err);
        ck_assert_msg(!b && err[0], "prefix of %zu bytes accepted", k);
    }
    free(bad);
    free(img);
}
END_TEST

START_TEST(test_illegal_moves_filtered) {
    Position start = test_pos("buratia", NULL);
    RBookWriter *w = rbook_writer_new();
    rbook_writer_add(w, start.key, "e2e5", 90, 0);   /* no such move */
    rbook_writer_add(w, start.key, "zz", 80, 0);     /* not a move at all */
    rbook_writer_add(w, start.key, "e7e5", 70, 0);   /* the other side's */
    rbook_writer_add(w, start.key, "e2e4,e7e5", 60, 0); /* text after a complete turn */
    rbook_writer_add(w, start.key, "e2e4", 5, 0);
    size_t n;
    unsigned char *img = rbook_writer_image(w, var("buratia"), &n);
    char err[256];
    RBook *b = rbook_load(img, n, var("buratia"), err, sizeof err);
    ck_assert_ptr_nonnull(b);
    BookMove m[8];
    assert_book_turns(m, rbook_moves(b, &start, m, 8), "e2e4");
    rbook_free(b);
    rbook_writer_free(w);
    free(img);
}
END_TEST

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    ck_assert_ptr_nonnull(f);
    fputs(text, f);
    fclose(f);
}

/* The moves of the book at path for pos after `turns` (space-separated). */
static int book_at(const char *path, const char *variant, const char *turns, BookMove *m, int max) {
    char err[256], buf[256];
    Book *b = book_open(path, var(variant), err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    Position pos = test_pos(variant, NULL);
    snprintf(buf, sizeof buf, "%s", turns);
    char *save = NULL;
    for (char *t = strtok_r(buf, " ", &save); t; t = strtok_r(NULL, " ", &save))
        ck_assert(play_turn_str(&pos, t, err, sizeof err));
    int n = book_moves(b, &pos, m, max);
    book_close(b);
    return n;
}

static const char sample_pgn[] =
    "[Variant \"buratia\"]\n[Result \"1-0\"]\n\n1. e2e4 e7e5 1-0\n\n"
    "[Variant \"buratia\"]\n[Result \"1/2-1/2\"]\n\n1. e2e4 {a comment} e7e5 (1... d7d5) 2. d2d4 $1 1/2-1/2\n\n"
    "[Variant \"buratia\"]\n[Result \"0-1\"]\n\n1. d2d4 e7e5 0-1\n\n"
    "[Variant \"buratia\"]\n[Result \"*\"]\n\n1. c2c4 *\n\n"
    "[Variant \"japanese\"]\n[Result \"0-1\"]\n\n1. a3a4 0-1\n";

START_TEST(test_build_weights_and_filters) {
    char pgn[] = "/tmp/ratnik-bk-XXXXXX", out[64], args[512];
    int fd = mkstemp(pgn);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_text(pgn, sample_pgn);
    snprintf(out, sizeof out, "%s.bin", pgn);
    BookMove m[8];
    /* weight 2 x wins + draws (at least 1), learn = games */
    snprintf(args, sizeof args, "book build --variant buratia --pgn %s --out %s", pgn, out);
    ck_assert_int_eq(run_cmd(args, NULL, 0), 0);
    ck_assert_int_eq(book_at(out, "buratia", "", m, 8), 2);
    ck_assert_str_eq(m[0].turn, "e2e4");
    ck_assert_uint_eq(m[0].weight, 3);
    ck_assert_uint_eq(m[0].learn, 2);
    ck_assert_str_eq(m[1].turn, "d2d4");
    ck_assert_uint_eq(m[1].weight, 1);
    ck_assert_int_eq(book_at(out, "buratia", "e2e4", m, 8), 1);
    ck_assert_uint_eq(m[0].weight, 1);  /* e7e5: a loss and a draw for black */
    ck_assert_int_eq(book_at(out, "buratia", "e2e4 e7e5", m, 8), 1); /* the variation is skipped */
    ck_assert_str_eq(m[0].turn, "d2d4");
    snprintf(args, sizeof args, "book build --variant buratia --pgn %s --out %s --min-games 2", pgn, out);
    ck_assert_int_eq(run_cmd(args, NULL, 0), 0);
    ck_assert_int_eq(book_at(out, "buratia", "", m, 8), 1);
    ck_assert_int_eq(book_at(out, "buratia", "d2d4", m, 8), 0);
    snprintf(args, sizeof args, "book build --variant buratia --pgn %s --out %s --min-score 50", pgn, out);
    ck_assert_int_eq(run_cmd(args, NULL, 0), 0);
    ck_assert_int_eq(book_at(out, "buratia", "", m, 8), 1); /* e2e4 75%, d2d4 0% */
    ck_assert_int_eq(book_at(out, "buratia", "e2e4", m, 8), 0); /* e7e5 25% */
    ck_assert_int_eq(book_at(out, "buratia", "d2d4", m, 8), 1); /* e7e5 100% */
    snprintf(args, sizeof args, "book build --variant buratia --pgn %s --out %s --only-winner --plies 1", pgn, out);
    ck_assert_int_eq(run_cmd(args, NULL, 0), 0);
    ck_assert_int_eq(book_at(out, "buratia", "", m, 8), 1);
    ck_assert_uint_eq(m[0].weight, 2);
    ck_assert_int_eq(book_at(out, "buratia", "d2d4", m, 8), 0);
    /* chess: SAN in, a Polyglot book out */
    write_text(pgn, "[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Result \"0-1\"]\n\n1. e4 c5 0-1\n");
    snprintf(args, sizeof args, "book build --variant chess --pgn %s --out %s", pgn, out);
    ck_assert_int_eq(run_cmd(args, NULL, 0), 0);
    ck_assert_int_eq(book_at(out, "chess", "", m, 8), 1);
    ck_assert_str_eq(m[0].turn, "e2e4");
    ck_assert_uint_eq(m[0].weight, 2);
    ck_assert_int_eq(book_at(out, "chess", "e2e4", m, 8), 2);
    ck_assert_str_eq(m[0].turn, "c7c5");
    ck_assert_int_eq(book_at(out, "chess", "e2e4 e7e5", m, 8), 1);
    ck_assert_str_eq(m[0].turn, "g1f3");
    /* usage and I/O errors */
    ck_assert_int_eq(run_cmd("book build --variant buratia", NULL, 0), 2);
    ck_assert_int_eq(run_cmd("book build --variant nosuch --pgn x --out y", NULL, 0), 2);
    ck_assert_int_eq(run_cmd("book build --variant buratia --pgn /nonexistent.pgn --out /tmp/x.bin", NULL, 0), 1);
    remove(pgn), remove(out);
}
END_TEST

START_TEST(test_show_through_binary) {
    size_t n;
    unsigned char *img = sample_image(&n);
    char path[] = "/tmp/ratnik-bk-XXXXXX", args[512], *out = malloc(OUT_MAX);
    int fd = mkstemp(path);
    ck_assert_int_eq(write(fd, img, n), (ssize_t)n);
    close(fd);
    snprintf(args, sizeof args, "book show --variant buratia --book %s", path);
    ck_assert_int_eq(run_cmd(args, out, OUT_MAX), 0);
    Position start = test_pos("buratia", NULL);
    char key[32];
    snprintf(key, sizeof key, "key %016llx\n", (unsigned long long)start.key);
    ck_assert_msg(strstr(out, key), "%s", out);
    ck_assert_msg(strstr(out, "format ratnik entries 3"), "%s", out);
    ck_assert_msg(strstr(out, "e2e4         weight    50  83.3% learn 5"), "%s", out);
    ck_assert_msg(strstr(out, "d2d4         weight    10  16.7% learn 1"), "%s", out);
    snprintf(args, sizeof args, "book show --variant buratia --book %s --moves e2e4", path);
    ck_assert_int_eq(run_cmd(args, out, OUT_MAX), 0);
    ck_assert_msg(strstr(out, "moves 1\ne7e5 "), "%s", out);
    snprintf(args, sizeof args, "book show --variant japanese --book %s", path);
    ck_assert_int_eq(run_cmd(args, out, OUT_MAX), 1); /* wrong variant */
    snprintf(args, sizeof args, "book show --variant buratia --book %s --fen 'not a fen'", path);
    ck_assert_int_eq(run_cmd(args, out, OUT_MAX), 1);
    snprintf(args, sizeof args, "book show --variant buratia --book %s --moves e2e5", path);
    ck_assert_int_eq(run_cmd(args, out, OUT_MAX), 1);
    ck_assert_int_eq(run_cmd("book show --variant buratia --book /nonexistent.bin", out, OUT_MAX), 1);
    ck_assert_int_eq(run_cmd("book show --book x", out, OUT_MAX), 2);
    ck_assert_int_eq(run_cmd("book frobnicate", out, OUT_MAX), 2);
    remove(path);
    free(out);
    free(img);
}
END_TEST

/* Whether the book has a line of `plies` book moves from pos. */
static bool line_to(const Book *b, const Position *pos, int plies) {
    if (!plies) return true;
    BookMove m[16];
    int n = book_moves(b, pos, m, 16);
    char err[128];
    for (int i = 0; i < n; i++) {
        Position c = *pos;
        ck_assert(play_turn_str(&c, m[i].turn, err, sizeof err));
        if (line_to(b, &c, plies - 1)) return true;
    }
    return false;
}

/* Distinct keys of a ratnik book file (entries are sorted by key). */
static int positions_in(const char *path) {
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    unsigned char head[RBOOK_HEADER_SIZE], e[RBOOK_ENTRY_SIZE];
    ck_assert_int_eq(fread(head, 1, sizeof head, f), sizeof head);
    uint64_t count = rb_get(head + 12, 4), last = 0;
    int positions = 0;
    for (uint64_t i = 0; i < count; i++) {
        ck_assert_int_eq(fread(e, 1, sizeof e, f), sizeof e);
        if (!i || rb_get(e, 8) != last) positions++;
        last = rb_get(e, 8);
    }
    fclose(f);
    return positions;
}

START_TEST(test_shipped_books) {
    static const char *names[] = {"buratia", "japanese", "belarusian", "voodoo"};
    const char *name = names[_i];
    char path[64], err[256];
    snprintf(path, sizeof path, "book/%s.bin", name);
    Book *b = book_open(path, var(name), err, sizeof err);
    ck_assert_msg(b != NULL, "%s", err);
    ck_assert_str_eq(book_format(b), "ratnik");
    ck_assert_int_ge(positions_in(path), 300);
    Position start = test_pos(name, NULL);
    BookMove m[16];
    int n = book_moves(b, &start, m, 16);
    ck_assert_int_ge(n, 1);
    for (int i = 0; i < n; i++) ck_assert_msg(test_has_turn(&start, m[i].turn), "%s: %s", name, m[i].turn);
    ck_assert_msg(line_to(b, &start, 8), "%s: no line of 8 book plies", name);
    book_close(b);
}
END_TEST

START_TEST(test_search_tiny) {
    char path[] = "/tmp/ratnik-bk-XXXXXX", args[512], *out = malloc(OUT_MAX);
    int fd = mkstemp(path);
    close(fd);
    snprintf(args, sizeof args, "book search --variant japanese --depth 2 --plies 3 --positions 6 --out %s", path);
    ck_assert_int_eq(run_cmd(args, out, OUT_MAX), 0);
    ck_assert_msg(strstr(out, "book search: 6 positions"), "%s", out);
    BookMove m[8];
    ck_assert_int_ge(book_at(path, "japanese", "", m, 8), 1);
    snprintf(args, sizeof args, "book epd --variant japanese --book %s --plies 2 --count 2 --depth 1 --margin 500", path);
    ck_assert_int_eq(run_cmd(args, out, OUT_MAX), 0);
    ck_assert_int_eq(count_substr(out, "; c0 \"ratnik depth 1 score "), 2);
    ck_assert_int_eq(run_cmd("book search --variant japanese --out /tmp/x.bin --width 99", out, OUT_MAX), 2);
    remove(path);
    free(out);
}
END_TEST

Suite *suite_books(void) {
    return suite_of("books",
                    LOOP_CASE("rbook", 60, LOOPS({test_shipped_books, 4}), test_round_trip, test_validation_errors,
                              test_illegal_moves_filtered, test_build_weights_and_filters, test_show_through_binary,
                              test_search_tiny),
                    NULL);
}
