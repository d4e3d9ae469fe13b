/* `ratnik net-features`: training positions in the datagen format
 * (`<FEN> | <score> | <result>`, White's view) turned into the net's
 * active features, so that the trainer (search/nnue/train.py) never
 * computes a feature itself and cannot disagree with the engine.
 *
 * Output, little-endian: a 32-byte header ("RNFEAT1\0", u32 inputs, u32 K,
 * u32 count, u8 files, u8 ranks, u8 piece types, u8 holding slots, u32 0) then `count` records of
 *   f32 score (centipawns, White's view), f32 result (White's, 0..1),
 *   u8 side to move, u8 0, u16 n, u16 white_features[K], u16 black_features[K]
 * with the n features of each perspective first and 0xFFFF after them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "net_features.h"
#include "../../engine/fen.h"
#include "../../engine/fileio.h"
#include "../../search/eval.h"
#include "../../search/nnue/nnue.h"
#include "../../variants/registry.h"

enum { LINE_MAX_LEN = 1024 };

static int features_usage(void) {
    fprintf(stderr, "usage: ratnik net-features --variant NAME --in DATA --out FEATURES\n"
                    "       ratnik net-features --variant NAME --in DATA --net NET   (evaluations: net, hand-written)\n");
    return 2;
}

/* One datagen line into a position, score and result; false if malformed. */
static bool parse_line(char *line, const Variant *v, Position *pos, float *score, float *result) {
    char *bar1 = strchr(line, '|'), *bar2 = bar1 ? strchr(bar1 + 1, '|') : NULL;
    if (!bar2) return false;
    *bar1 = 0;
    char err[256], *end;
    *score = strtof(bar1 + 1, &end);
    if (end == bar1 + 1) return false;
    *result = strtof(bar2 + 1, &end);
    if (end == bar2 + 1 || *result < 0 || *result > 1) return false;
    return fen_parse(pos, v, line, err, sizeof err);
}

static bool write_record(FILE *out, const NnueShape *s, int K, const Position *pos, float score, float result) {
    int list[COLOR_NB][NNUE_ACTIVE_MAX];
    uint16_t feats[COLOR_NB][NNUE_ACTIVE_MAX];
    int n = nnue_active_features(s, pos, WHITE, list[WHITE]);
    nnue_active_features(s, pos, BLACK, list[BLACK]);
    for (int c = 0; c < COLOR_NB; c++)
        for (int i = 0; i < K; i++) feats[c][i] = i < n ? (uint16_t)list[c][i] : 0xFFFF;
    uint8_t side[2] = {pos->side, 0};
    uint16_t count = (uint16_t)n;
    return fwrite(&score, 4, 1, out) && fwrite(&result, 4, 1, out) && fwrite(side, 1, 2, out) && fwrite(&count, 2, 1, out)
           && fwrite(feats[WHITE], 2, (size_t)K, out) == (size_t)K && fwrite(feats[BLACK], 2, (size_t)K, out) == (size_t)K;
}

static bool write_header(FILE *out, const NnueShape *s, int K, uint32_t count) {
    uint32_t h[8] = {0};
    memcpy(h, "RNFEAT1", 8);
    h[2] = (uint32_t)s->inputs, h[3] = (uint32_t)K, h[4] = count;
    h[5] = (uint32_t)s->files | (uint32_t)s->ranks << 8 | (uint32_t)s->piece_types << 16 | (uint32_t)s->hold_slots << 24;
    return fwrite(h, 4, 8, out) == 8;
}

static bool write_values(FILE *out, const Variant *v, const NnueShape *s) {
    for (int f = 0; f < s->inputs; f++) {
        int32_t value = 0;
        if (f < 2 * s->piece_types * s->squares) {
            int kind = f / s->squares, type = kind % s->piece_types + 1;
            value = v->pieces[type].value * (kind < s->piece_types ? 1 : -1);
        }
        if (fwrite(&value, 4, 1, out) != 1) return false;
    }
    return true;
}

static int convert(const Variant *v, FILE *in, FILE *out, const char *in_name) {
    NnueShape s;
    nnue_shape(v, &s);
    int K = s.squares + 2 * s.piece_types * s.hold_slots;
    char line[LINE_MAX_LEN];
    uint32_t count = 0, bad = 0, lineno = 0;
    bool ok = write_header(out, &s, K, 0) && write_values(out, v, &s);
    while (ok && fgets(line, sizeof line, in)) {
        lineno++;
        Position pos;
        float score, result;
        if (!parse_line(line, v, &pos, &score, &result)) {
            if (bad++ < 5) fprintf(stderr, "net-features: %s:%u: not a training position, skipped\n", in_name, lineno);
            continue;
        }
        ok = write_record(out, &s, K, &pos, score, result);
        count++;
    }
    ok = ok && !fseek(out, 0, SEEK_SET) && write_header(out, &s, K, count);
    fprintf(stderr, "net-features %s: %u positions, %u lines skipped, %d inputs, %d features at most\n", v->name, count, bad,
            s.inputs, K);
    return ok ? 0 : 1;
}

/* --net FILE: each position's evaluation by that net (side to move's
 * view) and the hand-written one, instead of features: for checking a
 * trainer's numbers against the engine's. */
static int print_evals(const Variant *v, const char *net_name, FILE *in) {
    char err[512], line[LINE_MAX_LEN];
    Net *n = nnue_load(net_name, v, err, sizeof err);
    if (!n) {
        fprintf(stderr, "net-features: %s\n", err);
        return 1;
    }
    while (fgets(line, sizeof line, in)) {
        Position pos;
        float score, result;
        if (!parse_line(line, v, &pos, &score, &result)) continue;
        printf("%d %d %s\n", nnue_evaluate_position(n, &pos), evaluate(&pos), line);
    }
    nnue_free(n);
    return 0;
}

int net_features_main(int argc, char **argv) {
    const char *vname = "chess", *in_name = NULL, *out_name = NULL, *net_name = NULL;
    for (int i = 1; i < argc; i++) {
        if (i + 1 < argc && !strcmp(argv[i], "--variant")) vname = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--net")) net_name = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--in")) in_name = argv[++i];
        else if (i + 1 < argc && !strcmp(argv[i], "--out")) out_name = argv[++i];
        else return features_usage();
    }
    const Variant *v = variant_find(vname);
    if (!v || !in_name || (!out_name && !net_name)) {
        if (!v) fprintf(stderr, "net-features: unknown variant '%s'\n", vname);
        return features_usage();
    }
    char err[256];
    FILE *in = file_open_read(in_name, NULL, err, sizeof err);
    if (!in) {
        fprintf(stderr, "net-features: cannot read %s: %s\n", in_name, err);
        return 1;
    }
    if (net_name) {
        int rc = print_evals(v, net_name, in);
        fclose(in);
        return rc;
    }
    FILE *out = file_open_write(out_name, false, err, sizeof err);
    if (!out) {
        fclose(in);
        fprintf(stderr, "net-features: cannot write %s: %s\n", out_name, err);
        return 1;
    }
    int rc = convert(v, in, out, in_name);
    fclose(in);
    if (!file_close_ok(out, err, sizeof err)) {
        fprintf(stderr, "net-features: writing %s failed: %s\n", out_name, err);
        rc = 1;
    }
    return rc;
}
