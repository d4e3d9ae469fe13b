/* The net file: what `make net` writes (search/nnue/train.py) and
 * nnue_load.c reads. Little-endian throughout.
 *
 *   offset  size  field
 *        0     8  magic "RATNIKNN"
 *        8     4  version (NNUE_VERSION)
 *       12    16  variant name, NUL-padded
 *       28     1  files            \
 *       29     1  ranks             | the feature set: must match what the
 *       30     1  piece types       | variant's data gives (nnue_shape)
 *       31     1  holding slots    /
 *       32     4  inputs (features per perspective)
 *       36     2  hidden (accumulator width per perspective)
 *       38     2  l2 (the small layer after it)
 *       40     2  out_scale: centipawns per unit of the net's output
 *       42     2  reserved, 0
 *       44     4  payload bytes
 *       48     4  checksum: FNV-1a (32 bits) over the payload
 *       52    12  reserved, 0
 *       64        payload:
 *                   int16 ft_bias[hidden]
 *                   int16 ft_weight[inputs][hidden]
 *                   int32 psqt_weight[inputs]             (output units)
 *                   int32 l1_bias[l2]
 *                   int8  l1_weight[l2][2 * hidden]   (side to move's half first)
 *                   int32 out_bias
 *                   int8  out_weight[l2]
 *
 * Quantisation: accumulator units are 1/NNUE_QA (activations clipped to
 * 0..NNUE_QA), small-layer weights 1/NNUE_QB, output units
 * 1/(NNUE_QA * NNUE_QB); see nnue_infer.c. psqt_weight is a linear path
 * from the features straight to the output (half the difference of the
 * two perspectives' sums): material and placement are learnt there from
 * little data, the hidden layers learn what is not linear. */
#ifndef RATNIK_NNUE_FORMAT_H
#define RATNIK_NNUE_FORMAT_H

#include <stdint.h>

enum {
    NNUE_VERSION = 1,
    NNUE_NAME_LEN = 16,
    NNUE_QA = 127,        /* one unit of activation in the accumulator */
    NNUE_QB = 64,         /* one unit of weight in the small layers   */
    NNUE_HIDDEN_MAX = 256,
    NNUE_L2_MAX = 64,
    NNUE_HOLD_SLOTS = 8,  /* pieces of one type and colour in hand that the net tells apart */
};

#define NNUE_MAGIC "RATNIKNN"

typedef struct __attribute__((packed)) {
    char magic[8];
    uint32_t version;
    char variant[NNUE_NAME_LEN];
    uint8_t files, ranks, piece_types, hold_slots;
    uint32_t inputs;
    uint16_t hidden, l2, out_scale, reserved;
    uint32_t payload_bytes;
    uint32_t checksum;
    uint8_t pad[12];
} NetHeader;

_Static_assert(sizeof(NetHeader) == 64, "the net header is 64 bytes on disk");
_Static_assert(__builtin_offsetof(NetHeader, inputs) == 32, "net header layout");
_Static_assert(__builtin_offsetof(NetHeader, payload_bytes) == 44, "net header layout");
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "net files are read in place as little-endian");

static inline uint32_t nnue_fnv1a(const unsigned char *p, uint64_t n) {
    uint32_t h = 2166136261u;
    for (uint64_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static inline uint64_t nnue_payload_bytes(uint32_t inputs, uint32_t hidden, uint32_t l2) {
    return 2ull * hidden + 2ull * inputs * hidden + 4ull * inputs + 4ull * l2 + 2ull * hidden * l2 + 4 + l2;
}

#endif
