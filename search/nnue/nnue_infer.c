/* Integer inference: accumulators (int16, one per perspective), clipped to
 * 0..NNUE_QA as the first activation, the small layer (int8 weights, int32
 * sums scaled down by NNUE_QB and clipped again), the output. The AVX2
 * code, chosen when the CPU has it, does the same integer arithmetic in
 * the same ranges (no saturating step can saturate), so it gives exactly
 * the plain C result; tests/test_nnue.c compares the two. */
#include <pthread.h>
#include <string.h>
#include "nnue.h"
#if defined(__x86_64__) || defined(__i386__)
#include <immintrin.h>
#define NNUE_X86 1
#endif

enum { UPDATE_MAX = 16 };

int nnue_piece_feature(const NnueShape *s, int persp, Piece p, int sq) {
    int rel = piece_color(p) != persp;
    int file = sq % s->files, rank = sq / s->files;
    if (persp == BLACK) rank = s->ranks - 1 - rank;
    return (rel * s->piece_types + piece_type(p) - 1) * s->squares + rank * s->files + file;
}

int nnue_hold_feature(const NnueShape *s, int persp, int color, int type, int slot) {
    int rel = color != persp;
    return 2 * s->piece_types * s->squares + (rel * s->piece_types + type - 1) * s->hold_slots + slot;
}

/* ---- accumulator rows -------------------------------------------------- */

/* to = from + the rows of add - the rows of rem, wrapping in int16 (the
 * trainer keeps the weights far from it; both paths wrap alike). */
static void rows_plain(const Net *n, const int16_t *from, int16_t *to, const int *add, int na, const int *rem, int nr) {
    int H = n->hidden;
    memmove(to, from, sizeof(int16_t) * (size_t)H);
    for (int a = 0; a < na; a++) {
        const int16_t *w = n->ft_weight + (size_t)add[a] * (size_t)H;
        for (int i = 0; i < H; i++) to[i] = (int16_t)(to[i] + w[i]);
    }
    for (int r = 0; r < nr; r++) {
        const int16_t *w = n->ft_weight + (size_t)rem[r] * (size_t)H;
        for (int i = 0; i < H; i++) to[i] = (int16_t)(to[i] - w[i]);
    }
}

#ifdef NNUE_X86
__attribute__((target("avx2"))) static void rows_avx2(const Net *n, const int16_t *from, int16_t *to, const int *add,
                                                      int na, const int *rem, int nr) {
    int H = n->hidden;
    for (int i = 0; i < H; i += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(from + i));
        for (int a = 0; a < na; a++)
            x = _mm256_add_epi16(x, _mm256_loadu_si256((const __m256i *)(n->ft_weight + (size_t)add[a] * (size_t)H + i)));
        for (int r = 0; r < nr; r++)
            x = _mm256_sub_epi16(x, _mm256_loadu_si256((const __m256i *)(n->ft_weight + (size_t)rem[r] * (size_t)H + i)));
        _mm256_storeu_si256((__m256i *)(to + i), x);
    }
}

static bool has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#else
static bool has_avx2(void) { return false; }
#endif

static int32_t psqt_rows(const Net *n, int32_t from, const int *add, int na, const int *rem, int nr) {
    for (int a = 0; a < na; a++) from += n->psqt_weight[add[a]];
    for (int r = 0; r < nr; r++) from -= n->psqt_weight[rem[r]];
    return from;
}

static void rows(const Net *n, bool simd, const int16_t *from, int16_t *to, const int *add, int na, const int *rem, int nr) {
#ifdef NNUE_X86
    if (simd) {
        rows_avx2(n, from, to, add, na, rem, nr);
        return;
    }
#endif
    (void)simd;
    rows_plain(n, from, to, add, na, rem, nr);
}

/* ---- refresh and update ------------------------------------------------ */

static int hand_count(const NnueShape *s, const Position *pos, int c, int t) {
    return pos->hold[c][t] < s->hold_slots ? pos->hold[c][t] : s->hold_slots;
}

int nnue_active_features(const NnueShape *s, const Position *pos, int persp, int *out) {
    int k = 0, sq;
    BB_FOREACH(sq, pos_occupied(pos)) {
        Piece p = pos->board[sq];
        if (piece_type(p) <= s->piece_types) out[k++] = nnue_piece_feature(s, persp, p, sq);
    }
    for (int c = 0; s->hold_slots && c < COLOR_NB; c++)
        for (int t = 1; t <= s->piece_types; t++)
            for (int i = 0; i < hand_count(s, pos, c, t); i++) out[k++] = nnue_hold_feature(s, persp, c, t, i);
    return k;
}

static void refresh_with(const Net *n, bool simd, const Position *pos, Accumulator *acc) {
    int list[NNUE_ACTIVE_MAX];
    for (int persp = 0; persp < COLOR_NB; persp++) {
        int k = nnue_active_features(&n->shape, pos, persp, list);
        rows(n, simd, n->ft_bias, acc->v[persp], list, k, NULL, 0);
        acc->psqt[persp] = psqt_rows(n, 0, list, k, NULL, 0);
    }
}

void nnue_refresh(const Net *n, const Position *pos, Accumulator *acc) { refresh_with(n, has_avx2(), pos, acc); }

/* What changed between two positions: squares whose piece differs, and
 * holding slots filled or emptied. Returns false when it is more than an
 * incremental update is worth (a refresh is then cheaper or as cheap). */
typedef struct {
    int nadd, nrem;
    Piece add_p[UPDATE_MAX], rem_p[UPDATE_MAX];
    int add_sq[UPDATE_MAX], rem_sq[UPDATE_MAX]; /* square, or -1 - (holding slot) with the piece giving colour and type */
} Diff;

static bool diff_push(int *count, Piece *ps, int *sqs, Piece p, int sq) {
    if (*count == UPDATE_MAX) return false;
    ps[*count] = p, sqs[*count] = sq;
    (*count)++;
    return true;
}

static bool position_diff(const NnueShape *s, const Position *a, const Position *b, Diff *d) {
    d->nadd = d->nrem = 0;
    bb_t changed = (a->by_color[WHITE] ^ b->by_color[WHITE]) | (a->by_color[BLACK] ^ b->by_color[BLACK]);
    for (int t = 1; t <= s->piece_types; t++) changed |= a->by_type[t] ^ b->by_type[t];
    int sq;
    BB_FOREACH(sq, changed) {
        if (a->board[sq] == b->board[sq]) continue;
        if (a->board[sq] && !diff_push(&d->nrem, d->rem_p, d->rem_sq, a->board[sq], sq)) return false;
        if (b->board[sq] && !diff_push(&d->nadd, d->add_p, d->add_sq, b->board[sq], sq)) return false;
    }
    for (int c = 0; s->hold_slots && c < COLOR_NB; c++)
        for (int t = 1; t <= s->piece_types; t++) {
            int na = hand_count(s, a, c, t), nb = hand_count(s, b, c, t);
            for (int i = nb; i < na; i++)
                if (!diff_push(&d->nrem, d->rem_p, d->rem_sq, make_piece(c, t), -1 - i)) return false;
            for (int i = na; i < nb; i++)
                if (!diff_push(&d->nadd, d->add_p, d->add_sq, make_piece(c, t), -1 - i)) return false;
        }
    return true;
}

static int diff_feature(const NnueShape *s, int persp, Piece p, int sq) {
    return sq >= 0 ? nnue_piece_feature(s, persp, p, sq)
                   : nnue_hold_feature(s, persp, piece_color(p), piece_type(p), -1 - sq);
}

static void update_with(const Net *n, bool simd, const Position *parent, const Accumulator *from, const Position *child,
                        Accumulator *to) {
    Diff d;
    if (!position_diff(&n->shape, parent, child, &d)) {
        refresh_with(n, simd, child, to);
        return;
    }
    for (int persp = 0; persp < COLOR_NB; persp++) {
        int add[UPDATE_MAX], rem[UPDATE_MAX];
        for (int i = 0; i < d.nadd; i++) add[i] = diff_feature(&n->shape, persp, d.add_p[i], d.add_sq[i]);
        for (int i = 0; i < d.nrem; i++) rem[i] = diff_feature(&n->shape, persp, d.rem_p[i], d.rem_sq[i]);
        rows(n, simd, from->v[persp], to->v[persp], add, d.nadd, rem, d.nrem);
        to->psqt[persp] = psqt_rows(n, from->psqt[persp], add, d.nadd, rem, d.nrem);
    }
}

void nnue_update(const Net *n, const Position *parent, const Accumulator *from, const Position *child, Accumulator *to) {
    update_with(n, has_avx2(), parent, from, child, to);
}

/* ---- the layers after the accumulator ------------------------------------ */

static int clip(int x, int hi) { return x < 0 ? 0 : x > hi ? hi : x; }

static int32_t l1_plain(const uint8_t *x, const int8_t *w, int len) {
    int32_t s = 0;
    for (int j = 0; j < len; j++) s += x[j] * w[j];
    return s;
}

static void activate_plain(const Net *n, const Accumulator *acc, int side, uint8_t *x) {
    for (int j = 0; j < n->hidden; j++) {
        x[j] = (uint8_t)clip(acc->v[side][j], NNUE_QA);
        x[n->hidden + j] = (uint8_t)clip(acc->v[side ^ 1][j], NNUE_QA);
    }
}

/* For each 8-bit mask, the indices of its set bits packed into bytes,
 * lowest first: the small layer lists its live input groups with it. Built
 * once, read-only after (pext would do it in one instruction, but it is
 * microcoded and slow on some AMD CPUs). */
static uint64_t set_bit_indices[256];

static void build_set_bit_indices(void) {
    for (int mask = 0; mask < 256; mask++) {
        uint64_t packed = 0;
        for (int bit = 7; bit >= 0; bit--)
            if (mask >> bit & 1) packed = packed << 8 | (uint64_t)bit;
        set_bit_indices[mask] = packed;
    }
}

void nnue_init_tables(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, build_set_bit_indices);
}

#ifdef NNUE_X86
/* Every output's sum at once, one group of four inputs at a time: the
 * group's bytes broadcast, multiplied into each output's four weights
 * (maddubs adds two products of at most 127 * 128 each: below int16's
 * limit), so no output needs a horizontal sum. Groups that the activation
 * left all zero add nothing: in a trained net about two thirds are. The
 * others are listed first, without a branch per group, so that the loop
 * over them is one predictable count. */
__attribute__((target("avx2"))) static void l1_avx2(const Net *n, const uint8_t *x, int32_t *sums) {
    int groups = 2 * n->hidden / 4, regs = nnue_l2_padded(n->l2) / 8, count = 0;
    size_t stride = (size_t)regs * 32; /* one group's weights for every output */
    uint8_t live_groups[2 * NNUE_HIDDEN_MAX / 4 + 8];
    __m256i zero = _mm256_setzero_si256();
    for (int g0 = 0; g0 < groups; g0 += 8) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(x + 4 * g0));
        unsigned live = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(v, zero))) & 0xFF;
        uint64_t indices = set_bit_indices[live] + (uint64_t)g0 * 0x0101010101010101ull;
        memcpy(live_groups + count, &indices, 8);
        count += __builtin_popcount(live);
    }
    __m256i acc[NNUE_L2_MAX / 8], ones = _mm256_set1_epi16(1);
    for (int r = 0; r < regs; r++) acc[r] = zero;
    for (int i = 0; i < count; i++) {
        int g = live_groups[i];
        int32_t four;
        memcpy(&four, x + 4 * g, 4);
        __m256i in = _mm256_set1_epi32(four);
        const int8_t *w = n->l1_by_group + (size_t)g * stride;
        for (int r = 0; r < regs; r++) {
            __m256i p = _mm256_maddubs_epi16(in, _mm256_loadu_si256((const __m256i *)(w + 32 * r)));
            acc[r] = _mm256_add_epi32(acc[r], _mm256_madd_epi16(p, ones));
        }
    }
    for (int r = 0; r < regs; r++) _mm256_storeu_si256((__m256i *)(sums + 8 * r), acc[r]);
}

__attribute__((target("avx2"))) static void activate_avx2(const Net *n, const Accumulator *acc, int side, uint8_t *x) {
    __m256i zero = _mm256_setzero_si256(), top = _mm256_set1_epi16(NNUE_QA);
    for (int half = 0; half < 2; half++) {
        const int16_t *a = acc->v[half ? side ^ 1 : side];
        for (int j = 0; j < n->hidden; j += 32) {
            __m256i lo = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256((const __m256i *)(a + j)), zero), top);
            __m256i hi = _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256((const __m256i *)(a + j + 16)), zero), top);
            /* packus interleaves the 128-bit lanes; the permute restores the order. */
            __m256i packed = _mm256_permute4x64_epi64(_mm256_packus_epi16(lo, hi), 0xD8);
            _mm256_storeu_si256((__m256i *)(x + half * n->hidden + j), packed);
        }
    }
}
#endif

/* sums[k]: the small layer's output k before its bias. */
static void l1_sums(const Net *n, bool simd, const uint8_t *x, int32_t *sums) {
#ifdef NNUE_X86
    if (simd) {
        l1_avx2(n, x, sums);
        return;
    }
#endif
    (void)simd;
    int H2 = 2 * n->hidden;
    for (int k = 0; k < n->l2; k++) sums[k] = l1_plain(x, n->l1_weight + (size_t)k * (size_t)H2, H2);
}

static int evaluate_with(const Net *n, bool simd, const Accumulator *acc, int side) {
    _Alignas(32) uint8_t x[2 * NNUE_HIDDEN_MAX];
#ifdef NNUE_X86
    if (simd) activate_avx2(n, acc, side, x);
    else activate_plain(n, acc, side, x);
#else
    (void)simd;
    activate_plain(n, acc, side, x);
#endif
    int64_t out = n->out_bias + ((int64_t)acc->psqt[side] - acc->psqt[side ^ 1]) / 2;
    int32_t sums[NNUE_L2_MAX + 8];
    l1_sums(n, simd, x, sums);
    for (int k = 0; k < n->l2; k++)
        out += (int64_t)clip((n->l1_bias[k] + sums[k]) / NNUE_QB, NNUE_QA) * n->out_weight[k];
    int64_t cp = out * n->out_scale / (NNUE_QA * NNUE_QB);
    /* Far inside the search's mate scores, whatever a net says. */
    return cp > 20000 ? 20000 : cp < -20000 ? -20000 : (int)cp;
}

int nnue_evaluate(const Net *n, const Accumulator *acc, int side) { return evaluate_with(n, has_avx2(), acc, side); }

int nnue_evaluate_position(const Net *n, const Position *pos) {
    Accumulator acc;
    nnue_refresh(n, pos, &acc);
    return nnue_evaluate(n, &acc, pos->side);
}

int nnue_evaluate_position_plain(const Net *n, const Position *pos) {
    Accumulator acc;
    refresh_with(n, false, pos, &acc);
    return evaluate_with(n, false, &acc, pos->side);
}

int nnue_stack_evaluate(const Net *n, NnueStack *s, int ply) {
    int k = ply;
    while (k > 0 && !s->valid[k]) k--;
    if (!s->valid[k]) nnue_refresh(n, s->pos[k], &s->acc[k]);
    s->valid[k] = true;
    for (int j = k + 1; j <= ply; j++) {
        nnue_update(n, s->pos[j - 1], &s->acc[j - 1], s->pos[j], &s->acc[j]);
        s->valid[j] = true;
    }
    return nnue_evaluate(n, &s->acc[ply], s->pos[ply]->side);
}
