/* The neural evaluation (docs/evaluation.md, "NNUE"): a net per variant,
 * read from a net file (nnue_format.h), evaluated from two accumulators
 * that follow the search's make path incrementally.
 *
 * Features: (piece type, colour relative to the perspective, square with
 * the ranks mirrored for Black's perspective), and for variants with
 * holdings one feature per piece in hand (type, relative colour, index up
 * to NNUE_HOLD_SLOTS). Their number comes from the Variant's data only:
 * board size, piece types in use, whether it has holdings. A Net is
 * immutable once loaded and may be shared between threads. */
#ifndef RATNIK_NNUE_H
#define RATNIK_NNUE_H

#include <stddef.h>
#include "nnue_format.h"
#include "../../engine/variant.h"

/* The feature set a variant's data gives. */
typedef struct {
    int files, ranks, squares, piece_types, hold_slots, inputs;
} NnueShape;
void nnue_shape(const Variant *v, NnueShape *s);

typedef struct Net {
    char variant[NNUE_NAME_LEN + 1];
    NnueShape shape;
    int hidden, l2, out_scale;
    uint32_t checksum;
    int16_t *ft_bias, *ft_weight; /* ft_weight[feature * hidden + i] */
    int32_t *psqt_weight;         /* psqt_weight[feature] */
    int32_t *l1_bias;
    int8_t *l1_weight;            /* l1_weight[k * 2 * hidden + j] */
    /* The same weights by groups of four inputs, for SIMD code that
     * multiplies one group into every output at once (and skips groups
     * that are all zero after the activation): l1_by_group[(g *
     * nnue_l2_padded(l2) + k) * 4 + i] = l1_weight[k * 2 * hidden + 4 * g
     * + i], the outputs padded with zero weights to a multiple of 8. */
    int8_t *l1_by_group;
    int32_t out_bias;
    int8_t *out_weight;
    void *mem;                    /* one block holding all of the above */
} Net;

/* The small layer's outputs rounded up to whole 8-lane SIMD registers. */
static inline int nnue_l2_padded(int l2) { return (l2 + 7) / 8 * 8; }

/* Reads a net file for variant v; NULL with the reason in err if it is
 * missing, truncated, corrupt (checksum), of another version, variant or
 * feature set. */
Net *nnue_load(const char *path, const Variant *v, char *err, size_t errlen);
/* The same from bytes in memory (tests, fuzzing). */
Net *nnue_load_bytes(const unsigned char *data, size_t len, const Variant *v, char *err, size_t errlen);
void nnue_free(Net *n);
/* The inference's lookup tables; the loader builds them before any net
 * can be used. */
void nnue_init_tables(void);

typedef struct {
    _Alignas(32) int16_t v[COLOR_NB][NNUE_HIDDEN_MAX]; /* by perspective: White's, Black's */
    int32_t psqt[COLOR_NB];
} Accumulator;

/* Feature index of piece p on sq seen from perspective persp; of the
 * slot-th piece of (color, type) in hand. */
int nnue_piece_feature(const NnueShape *s, int persp, Piece p, int sq);
int nnue_hold_feature(const NnueShape *s, int persp, int color, int type, int slot);
/* The features active in pos from perspective persp, at most NNUE_ACTIVE_MAX;
 * returns how many. */
enum { NNUE_ACTIVE_MAX = SQ_MAX + 2 * PT_NB * NNUE_HOLD_SLOTS };
int nnue_active_features(const NnueShape *s, const Position *pos, int persp, int *out);

/* The accumulator of pos from scratch. */
void nnue_refresh(const Net *n, const Position *pos, Accumulator *acc);
/* The accumulator of child from its parent's, by what the step changed on
 * the board and in the holdings (whatever the variant's make did); a
 * refresh when too much changed for an update to pay. */
void nnue_update(const Net *n, const Position *parent, const Accumulator *from, const Position *child, Accumulator *to);
/* Centipawns from the side to move's view. */
int nnue_evaluate(const Net *n, const Accumulator *acc, int side);
/* Refresh and evaluate: for tools and tests. */
int nnue_evaluate_position(const Net *n, const Position *pos);
/* The same evaluation with the plain C code whatever the CPU offers (the
 * SIMD paths must give exactly this). */
int nnue_evaluate_position_plain(const Net *n, const Position *pos);

/* The search's stack of accumulators, one per ply, computed lazily: a node
 * enters its position; an evaluation walks back to the last computed ply
 * and updates forward along the current line. */
enum { NNUE_STACK = 132 };
typedef struct {
    const Position *pos[NNUE_STACK];
    bool valid[NNUE_STACK];
    Accumulator acc[NNUE_STACK];
} NnueStack;

static inline void nnue_stack_enter(NnueStack *s, int ply, const Position *pos) {
    s->pos[ply] = pos;
    s->valid[ply] = false;
}
int nnue_stack_evaluate(const Net *n, NnueStack *s, int ply);

#endif
