/* The neural evaluation (search/nnue): the loader's refusals, incremental
 * accumulators against a refresh along random games of every variant, the
 * integer inference against a plain reference written here, the SIMD path
 * against the plain one, the fallback through the real binary, and the
 * shipped nets. Nets for the tests are made here from a seeded generator. */
#include <limits.h>
#include <sys/stat.h>
#include "test_util.h"
#include "../search/engine.h"
#include "../search/nnue/nnue.h"
#include "suites.h"

enum { OUT_MAX = 1 << 16 };

static uint64_t rng_next(uint64_t *s) {
    *s ^= *s << 13, *s ^= *s >> 7, *s ^= *s << 17;
    return *s;
}

static int rng_range(uint64_t *s, int lo, int hi) { return lo + (int)(rng_next(s) % (uint64_t)(hi - lo + 1)); }

/* A valid net file image for v with random weights in ranges like a
 * trained net's; the caller frees it. */
static unsigned char *net_image(const Variant *v, int hidden, int l2, uint64_t seed, size_t *len) {
    NnueShape s;
    nnue_shape(v, &s);
    uint64_t payload = nnue_payload_bytes((uint32_t)s.inputs, (uint32_t)hidden, (uint32_t)l2);
    *len = sizeof(NetHeader) + payload;
    unsigned char *img = calloc(1, *len);
    ck_assert_ptr_nonnull(img);
    NetHeader h = {.version = NNUE_VERSION, .files = (uint8_t)s.files, .ranks = (uint8_t)s.ranks,
                   .piece_types = (uint8_t)s.piece_types, .hold_slots = (uint8_t)s.hold_slots,
                   .inputs = (uint32_t)s.inputs, .hidden = (uint16_t)hidden, .l2 = (uint16_t)l2, .out_scale = 400,
                   .payload_bytes = (uint32_t)payload};
    memcpy(h.magic, NNUE_MAGIC, 8);
    snprintf(h.variant, sizeof h.variant, "%s", v->name);
    unsigned char *p = img + sizeof h;
    for (int i = 0; i < hidden + s.inputs * hidden; i++, p += 2) {
        int16_t w = (int16_t)rng_range(&seed, -60, 80);
        memcpy(p, &w, 2);
    }
    for (int i = 0; i < s.inputs; i++, p += 4) {
        int32_t w = rng_range(&seed, -30000, 60000);
        memcpy(p, &w, 4);
    }
    for (int i = 0; i < l2; i++, p += 4) {
        int32_t b = rng_range(&seed, -4000, 4000);
        memcpy(p, &b, 4);
    }
    for (int i = 0; i < 2 * hidden * l2; i++) *p++ = (unsigned char)(int8_t)rng_range(&seed, -127, 127);
    int32_t ob = rng_range(&seed, -2000, 2000);
    memcpy(p, &ob, 4), p += 4;
    for (int i = 0; i < l2; i++) *p++ = (unsigned char)(int8_t)rng_range(&seed, -127, 127);
    h.checksum = nnue_fnv1a(img + sizeof h, payload);
    memcpy(img, &h, sizeof h);
    return img;
}

static Net *test_net_sized(const Variant *v, int hidden, int l2, uint64_t seed) {
    size_t len;
    unsigned char *img = net_image(v, hidden, l2, seed, &len);
    char err[512] = "";
    Net *n = nnue_load_bytes(img, len, v, err, sizeof err);
    ck_assert_msg(n != NULL, "test net refused: %s", err);
    free(img);
    return n;
}

static Net *test_net(const Variant *v, uint64_t seed) { return test_net_sized(v, 64, 16, seed); }

static void write_file(const char *path, const unsigned char *data, size_t len) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    fclose(f);
}

static void expect_refused(const unsigned char *img, size_t len, const Variant *v, const char *why) {
    char err[512] = "";
    Net *n = nnue_load_bytes(img, len, v, err, sizeof err);
    ck_assert_msg(n == NULL, "a bad net (%s) was accepted", why);
    ck_assert_msg(strstr(err, why) != NULL, "message '%s' does not say '%s'", err, why);
}

START_TEST(test_loader_refuses_bad_files) {
    const Variant *chess = variant_find("chess"), *japanese = variant_find("japanese");
    size_t len;
    unsigned char *img = net_image(chess, 64, 16, 7, &len);
    expect_refused(img, len - 1, chess, "truncated");
    expect_refused(img, 40, chess, "truncated");
    expect_refused(img, len, japanese, "for variant 'chess'");
    img[len / 2] ^= 0x40;
    expect_refused(img, len, chess, "checksum");
    img[len / 2] ^= 0x40;
    NetHeader *h = (NetHeader *)img;
    h->version = NNUE_VERSION + 1;
    expect_refused(img, len, chess, "version");
    h->version = NNUE_VERSION;
    h->magic[0] = 'X';
    expect_refused(img, len, chess, "magic");
    h->magic[0] = 'R';
    h->hidden = 48;
    expect_refused(img, len, chess, "layer sizes");
    h->hidden = 64;
    char err[512] = "";
    Net *n = nnue_load_bytes(img, len, chess, err, sizeof err);
    ck_assert_msg(n != NULL, "the restored image is refused: %s", err);
    nnue_free(n);
    ck_assert_ptr_null(nnue_load("/nonexistent/chess.nnue", chess, err, sizeof err));
    ck_assert_ptr_nonnull(strstr(err, "cannot open net file"));
    free(img);
}
END_TEST

/* The integer inference written out plainly from the format's definition.
 * The int16 range is checked with a flag and asserted once: a Check
 * assertion costs a write to the runner's pipe, and one per weight made
 * this test take minutes under valgrind. */
static int reference_eval(const Net *n, const Position *pos) {
    int H = n->hidden, acc[COLOR_NB][NNUE_HIDDEN_MAX], feats[NNUE_ACTIVE_MAX];
    long long psqt[COLOR_NB] = {0, 0};
    for (int persp = 0; persp < COLOR_NB; persp++) {
        for (int i = 0; i < H; i++) acc[persp][i] = n->ft_bias[i];
        int k = nnue_active_features(&n->shape, pos, persp, feats);
        for (int f = 0; f < k; f++) {
            for (int i = 0; i < H; i++) acc[persp][i] += n->ft_weight[feats[f] * H + i];
            psqt[persp] += n->psqt_weight[feats[f]];
        }
    }
    long long out = n->out_bias + (psqt[pos->side] - psqt[!pos->side]) / 2;
    bool overflow = false;
    for (int k = 0; k < n->l2; k++) {
        long long s = n->l1_bias[k];
        for (int j = 0; j < 2 * H; j++) {
            int a = j < H ? acc[pos->side][j] : acc[!pos->side][j - H];
            overflow |= a < INT16_MIN || a > INT16_MAX;
            a = a < 0 ? 0 : a > NNUE_QA ? NNUE_QA : a;
            s += (long long)a * n->l1_weight[k * 2 * H + j];
        }
        long long h = s < 0 ? 0 : s / NNUE_QB > NNUE_QA ? NNUE_QA : s / NNUE_QB;
        out += h * n->out_weight[k];
    }
    ck_assert_msg(!overflow, "the test net overflows int16");
    long long cp = out * n->out_scale / (NNUE_QA * NNUE_QB);
    return (int)(cp > 20000 ? 20000 : cp < -20000 ? -20000 : cp);
}

static bool random_step(Position *pos, uint64_t *rng) {
    Move moves[MAX_MOVES];
    int k = pos->v->generate(pos, moves);
    if (!k) return false;
    pos->v->make(pos, moves[rng_next(rng) % (uint64_t)k]);
    return true;
}

static void expect_same_accumulator(const Net *n, const Accumulator *a, const Position *pos, const char *what, int ply) {
    Accumulator fresh;
    nnue_refresh(n, pos, &fresh);
    for (int c = 0; c < COLOR_NB; c++) {
        int diff = memcmp(a->v[c], fresh.v[c], sizeof(int16_t) * (size_t)n->hidden) || a->psqt[c] != fresh.psqt[c];
        if (diff) {
            char fen[FEN_MAX];
            fen_write(pos, fen, sizeof fen);
            ck_abort_msg("%s %s ply %d: incremental accumulator differs from a refresh at %s", pos->v->name, what, ply, fen);
        }
    }
}

/* Along random games: the accumulator updated step by step (never
 * refreshed) equals a refresh; a null move changes nothing; the search's
 * lazy stack gives the same evaluation as a refresh. */
START_TEST(test_incremental_equals_refresh) {
    for (int vi = 0; vi < variant_count(); vi++) {
        const Variant *v = variant_at(vi);
        Net *n = test_net(v, 11 + (uint64_t)vi);
        uint64_t rng = 0x1234567 + (uint64_t)vi;
        for (int game = 0; game < 12; game++) {
            static Position line[NNUE_STACK];
            NnueStack *stack = calloc(1, sizeof *stack);
            ck_assert_ptr_nonnull(stack);
            Position pos = test_pos(v->name, NULL);
            Accumulator acc, next;
            nnue_refresh(n, &pos, &acc);
            line[0] = pos;
            nnue_stack_enter(stack, 0, &line[0]);
            for (int ply = 1; ply < 300; ply++) {
                Position child = pos;
                if (!random_step(&child, &rng)) break;
                nnue_update(n, &pos, &acc, &child, &next);
                expect_same_accumulator(n, &next, &child, "step", ply);
                acc = next, pos = child;
                Position passed = pos;
                pos_flip_side(&passed);
                nnue_update(n, &pos, &acc, &passed, &next);
                expect_same_accumulator(n, &next, &passed, "null move", ply);
                int at = ply % (NNUE_STACK - 1);
                if (at == 0) nnue_stack_enter(stack, 0, &line[0]); /* a new line from the root */
                line[at] = pos;
                nnue_stack_enter(stack, at, &line[at]);
                if (at && rng_next(&rng) % 3 == 0) {
                    /* Evaluate here, sometimes only every few plies, as the search does. */
                    int inc = nnue_stack_evaluate(n, stack, at);
                    ck_assert_int_eq(inc, nnue_evaluate_position(n, &line[at]));
                }
            }
            free(stack);
        }
        nnue_free(n);
    }
}
END_TEST

/* The engine's integer inference equals the reference exactly, and the
 * SIMD path (when the CPU has one) the plain C path. */
START_TEST(test_int_inference_equals_reference) {
    /* The SIMD code pads the small layer to a multiple of 8 outputs and
     * walks the inputs by groups: sizes off those steps are tested too. */
    static const int sizes[][2] = {{64, 16}, {256, 32}, {32, 12}, {128, 64}, {96, 1}};
    for (int vi = 0; vi < variant_count(); vi++) {
        const Variant *v = variant_at(vi);
        for (size_t si = 0; si < sizeof sizes / sizeof sizes[0]; si++) {
            Net *n = test_net_sized(v, sizes[si][0], sizes[si][1], 101 + (uint64_t)vi + 1000 * si);
            uint64_t rng = 99 + (uint64_t)vi;
            int nonzero = 0, checked = 0;
            for (int game = 0; game < 3; game++) {
                Position pos = test_pos(v->name, NULL);
                for (int ply = 0; ply < 200 && random_step(&pos, &rng); ply++) {
                    int ref = reference_eval(n, &pos);
                    ck_assert_int_eq(nnue_evaluate_position(n, &pos), ref);
                    ck_assert_int_eq(nnue_evaluate_position_plain(n, &pos), ref);
                    nonzero += ref != 0;
                    checked++;
                }
            }
            ck_assert_msg(nonzero > checked / 2, "%s %dx%d: the test net says 0 too often to test anything", v->name,
                          sizes[si][0], sizes[si][1]);
            nnue_free(n);
        }
    }
}
END_TEST

static void temp_net(char *path, const unsigned char *img, size_t len) {
    snprintf(path, 64, "/tmp/ratnik-net-XXXXXX");
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    close(fd);
    write_file(path, img, len);
}

/* A missing, truncated or corrupt EvalFile: the binary says why, plays the
 * hand-written evaluation and answers every go. */
START_TEST(test_bad_net_falls_back) {
    size_t len;
    unsigned char *img = net_image(variant_find("chess"), 64, 16, 5, &len);
    char good[64], truncated[64], corrupt[64];
    temp_net(good, img, len);
    temp_net(truncated, img, len - 100);
    img[200] ^= 1;
    temp_net(corrupt, img, len);
    struct {
        const char *path, *why;
    } cases[] = {{"/nonexistent/x.nnue", "cannot open net file"}, {truncated, "truncated"}, {corrupt, "checksum"}};
    char *out = malloc(OUT_MAX), in[512];
    ck_assert_ptr_nonnull(out);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        snprintf(in, sizeof in, "setoption name EvalFile value %s\nisready\ngo depth 4\nisready\ngo depth 2\nisready\n", cases[i].path);
        run_ratnik(NULL, in, strlen(in), out, OUT_MAX);
        ck_assert_msg(strstr(out, "info string error: evaluation: hand-written") && strstr(out, cases[i].why),
                      "no fallback message for %s:\n%s", cases[i].why, out);
        ck_assert_int_eq(count_substr(out, "bestmove "), 2);
        ck_assert_int_eq(count_substr(out, "readyok"), 3);
        ck_assert_int_eq(count_substr(out, "info string error: "), 1); /* said once, not at every go */
    }
    snprintf(in, sizeof in, "setoption name EvalFile value %s\nisready\ngo depth 4\nisready\n", good);
    run_ratnik(NULL, in, strlen(in), out, OUT_MAX);
    ck_assert_msg(strstr(out, "info string evaluation: NNUE ") && !strstr(out, "error"), "good net not used:\n%s", out);
    ck_assert_int_eq(count_substr(out, "bestmove "), 1);
    snprintf(in, sizeof in, "xboard\nprotover 2\noption EvalFile=%s\nnew\nforce\ngo\n", corrupt);
    run_ratnik(NULL, in, strlen(in), out, OUT_MAX);
    ck_assert_msg(strstr(out, "# error: evaluation: hand-written") && strstr(out, "feature option=\"UseNNUE -check 1\""),
                  "CECP fallback not said:\n%s", out);
    ck_assert_msg(strstr(out, "move "), "CECP did not move:\n%s", out);
    remove(good), remove(truncated), remove(corrupt);
    free(img);
    free(out);
}
END_TEST

static unsigned long long bench_nodes(const char *input) {
    char *out = ratnik_output(input, OUT_MAX);
    const char *at = strstr(out, "Nodes searched: ");
    ck_assert_msg(at != NULL, "no bench result:\n%s", out);
    unsigned long long n = strtoull(at + 16, NULL, 10);
    free(out);
    return n;
}

/* UseNNUE false plays exactly the hand-written search: its bench is the
 * signature of tests/bench-hand.sig. */
START_TEST(test_use_nnue_false_is_hand_written_bench) {
    FILE *f = fopen("tests/bench-hand.sig", "r");
    ck_assert_ptr_nonnull(f);
    unsigned long long want = 0;
    ck_assert_int_eq(fscanf(f, "%llu", &want), 1);
    fclose(f);
    ck_assert_uint_eq(bench_nodes("setoption name UseNNUE value false\nbench\n"), want);
}
END_TEST

/* Every net in search/nets/ (<variant>.nnue, loaded automatically, or
 * <variant>-<generation>.nnue, for EvalFile) loads for its variant. */
START_TEST(test_shipped_nets_load) {
    FILE *ls = popen("ls search/nets/*.nnue 2>/dev/null", "r");
    ck_assert_ptr_nonnull(ls);
    char path[512];
    int loaded = 0;
    while (fgets(path, sizeof path, ls)) {
        path[strcspn(path, "\n")] = 0;
        char name[64];
        const char *base = strrchr(path, '/') + 1;
        snprintf(name, sizeof name, "%.*s", (int)strcspn(base, ".-"), base);
        const Variant *v = variant_find(name);
        ck_assert_msg(v != NULL, "%s: no variant '%s'", path, name);
        char err[512] = "";
        Net *n = nnue_load(path, v, err, sizeof err);
        ck_assert_msg(n != NULL, "shipped net %s refused: %s", path, err);
        nnue_free(n);
        struct stat st;
        ck_assert_int_eq(stat(path, &st), 0);
        ck_assert_msg(st.st_size < 4 << 20, "%s is larger than 4 MB", path);
        loaded++;
    }
    pclose(ls);
    ck_assert_msg(loaded > 0, "no net in search/nets/");
}
END_TEST

/* The automatic net: search/nets/<variant>.nnue is found at start-up
 * (beside the binary, else in the current directory) and used. */
START_TEST(test_automatic_net_is_used) {
    char dir[] = "/tmp/ratnik-nets-XXXXXX", sub[128], path[160], cmd[PATH_MAX + 512];
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(sub, sizeof sub, "%s/search/nets", dir);
    snprintf(cmd, sizeof cmd, "mkdir -p %s", sub);
    ck_assert_int_eq(system(cmd), 0);
    size_t len;
    unsigned char *img = net_image(variant_find("japanese"), 64, 16, 3, &len);
    snprintf(path, sizeof path, "%s/japanese.nnue", sub);
    write_file(path, img, len);
    free(img);
    char bin[PATH_MAX];
    ck_assert_ptr_nonnull(realpath(ratnik_bin(), bin));
    snprintf(cmd, sizeof cmd, "cd %s && printf 'setoption name UCI_Variant value japanese\ngo depth 2\nisready\n' | %s 2>/dev/null",
             dir, bin);
    FILE *p = popen(cmd, "r");
    ck_assert_ptr_nonnull(p);
    char *out = calloc(1, OUT_MAX);
    ck_assert_ptr_nonnull(out);
    size_t got = fread(out, 1, OUT_MAX - 1, p);
    out[got] = 0;
    pclose(p);
    ck_assert_msg(strstr(out, "info string evaluation: NNUE ") && strstr(out, "japanese.nnue"),
                  "the automatic net is not used:\n%s", out);
    ck_assert_int_eq(count_substr(out, "bestmove "), 1);
    free(out);
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    ck_assert_int_eq(system(cmd), 0);
}
END_TEST

Suite *suite_nnue(void) {
    return suite_of("nnue",
                    CASE("nnue", 120, test_loader_refuses_bad_files, test_incremental_equals_refresh,
                         test_int_inference_equals_reference, test_bad_net_falls_back,
                         test_use_nnue_false_is_hand_written_bench, test_shipped_nets_load,
                         test_automatic_net_is_used),
                    NULL);
}
