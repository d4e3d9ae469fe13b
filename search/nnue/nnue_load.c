/* Reading and checking a net file (layout in nnue_format.h). Every field
 * is checked against what this build and the variant's data expect before
 * the payload is used; a file that fails any check is refused whole. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "nnue.h"
#include "../../engine/fileio.h"

enum { NET_FILE_MAX = 64 << 20 }; /* far above any net this format allows */

void nnue_shape(const Variant *v, NnueShape *s) {
    s->files = v->files;
    s->ranks = v->ranks;
    s->squares = v->files * v->ranks;
    s->piece_types = 0;
    for (int t = 1; t < PT_NB; t++)
        if (v->pieces[t].letter) s->piece_types = t;
    s->hold_slots = v->holding_order ? NNUE_HOLD_SLOTS : 0;
    s->inputs = 2 * s->piece_types * (s->squares + s->hold_slots);
}

static bool header_ok(const NetHeader *h, size_t len, const Variant *v, char *err, size_t errlen) {
    NnueShape s;
    nnue_shape(v, &s);
    char name[NNUE_NAME_LEN + 1];
    memcpy(name, h->variant, NNUE_NAME_LEN);
    name[NNUE_NAME_LEN] = 0;
    if (memcmp(h->magic, NNUE_MAGIC, 8)) snprintf(err, errlen, "not a ratnik net file (bad magic)");
    else if (h->version != NNUE_VERSION)
        snprintf(err, errlen, "net file version %u, this build reads version %d", h->version, NNUE_VERSION);
    else if (strcmp(name, v->name)) snprintf(err, errlen, "net file is for variant '%s', not %s", name, v->name);
    else if (h->files != s.files || h->ranks != s.ranks || h->piece_types != s.piece_types || h->hold_slots != s.hold_slots
             || h->inputs != (uint32_t)s.inputs)
        snprintf(err, errlen, "net file's features (%ux%u, %u piece types, %u holding slots, %u inputs) do not match %s's (%dx%d, %d, %d, %d)",
                 h->files, h->ranks, h->piece_types, h->hold_slots, h->inputs, v->name, s.files, s.ranks, s.piece_types,
                 s.hold_slots, s.inputs);
    else if (h->hidden < 32 || h->hidden > NNUE_HIDDEN_MAX || h->hidden % 32 || h->l2 < 1 || h->l2 > NNUE_L2_MAX
             || h->out_scale == 0)
        snprintf(err, errlen, "net file's layer sizes (hidden %u, l2 %u, scale %u) are out of range", h->hidden, h->l2,
                 h->out_scale);
    else if (h->payload_bytes != nnue_payload_bytes(h->inputs, h->hidden, h->l2))
        snprintf(err, errlen, "net file's payload size %u does not match its layer sizes", h->payload_bytes);
    else if (len - sizeof *h != h->payload_bytes)
        snprintf(err, errlen, "net file is %s: %zu payload bytes, the header says %u",
                 len - sizeof *h < h->payload_bytes ? "truncated" : "too long", len - sizeof *h, h->payload_bytes);
    else if (nnue_fnv1a((const unsigned char *)(h + 1), h->payload_bytes) != h->checksum)
        snprintf(err, errlen, "net file is corrupt (checksum mismatch)");
    else return true;
    return false;
}

/* Takes n bytes from *p into dst (the payload is unaligned on disk). */
static void take(const unsigned char **p, void *dst, size_t n) {
    memcpy(dst, *p, n);
    *p += n;
}

static void group_l1_weights(Net *n) {
    int H2 = 2 * n->hidden, L = n->l2, Lp = nnue_l2_padded(n->l2);
    memset(n->l1_by_group, 0, (size_t)H2 * (size_t)Lp);
    for (int k = 0; k < L; k++)
        for (int j = 0; j < H2; j++) n->l1_by_group[((j / 4) * Lp + k) * 4 + j % 4] = n->l1_weight[k * H2 + j];
}

static Net *net_from(const NetHeader *h, const Variant *v) {
    nnue_init_tables();
    Net *n = calloc(1, sizeof *n);
    if (!n) return NULL;
    size_t H = h->hidden, L = h->l2, in = h->inputs;
    size_t Lp = (size_t)nnue_l2_padded((int)L);
    size_t bytes = 2 * H + 2 * in * H + 4 * in + 4 * L + 2 * H * L + 2 * H * Lp + L + 96;
    n->mem = aligned_alloc(32, (bytes + 31) / 32 * 32);
    if (!n->mem) {
        free(n);
        return NULL;
    }
    snprintf(n->variant, sizeof n->variant, "%s", v->name);
    nnue_shape(v, &n->shape);
    n->hidden = (int)H, n->l2 = (int)L, n->out_scale = h->out_scale, n->checksum = h->checksum;
    /* 32-byte aligned blocks, widest first. */
    unsigned char *m = n->mem;
    n->ft_weight = (int16_t *)m, m += 2 * in * H;
    n->ft_bias = (int16_t *)m, m += 2 * H;
    n->psqt_weight = (int32_t *)m, m += 4 * in + (32 - 4 * in % 32) % 32;
    n->l1_bias = (int32_t *)m, m += 4 * L + (32 - 4 * L % 32) % 32;
    n->l1_weight = (int8_t *)m, m += 2 * H * L;
    n->l1_by_group = (int8_t *)m, m += 2 * H * Lp;
    n->out_weight = (int8_t *)m;
    const unsigned char *p = (const unsigned char *)(h + 1);
    take(&p, n->ft_bias, 2 * H);
    take(&p, n->ft_weight, 2 * in * H);
    take(&p, n->psqt_weight, 4 * in);
    take(&p, n->l1_bias, 4 * L);
    take(&p, n->l1_weight, 2 * H * L);
    take(&p, &n->out_bias, 4);
    take(&p, n->out_weight, L);
    group_l1_weights(n);
    return n;
}

Net *nnue_load_bytes(const unsigned char *data, size_t len, const Variant *v, char *err, size_t errlen) {
    if (len < sizeof(NetHeader)) {
        snprintf(err, errlen, "net file is truncated (%zu bytes, the header alone is %zu)", len, sizeof(NetHeader));
        return NULL;
    }
    if (!header_ok((const NetHeader *)data, len, v, err, errlen)) return NULL;
    Net *n = net_from((const NetHeader *)data, v);
    if (!n) snprintf(err, errlen, "out of memory reading the net file");
    return n;
}

Net *nnue_load(const char *path, const Variant *v, char *err, size_t errlen) {
    char why[400];
    size_t len = 0;
    unsigned char *buf = (unsigned char *)file_read_all(path, NET_FILE_MAX, &len, why, sizeof why);
    if (!buf) {
        snprintf(err, errlen, "cannot open net file '%s': %s", path, why);
        return NULL;
    }
    Net *n = nnue_load_bytes(buf, len, v, why, sizeof why);
    if (!n) snprintf(err, errlen, "'%s': %s", path, why);
    free(buf);
    return n;
}

void nnue_free(Net *n) {
    if (!n) return;
    free(n->mem);
    free(n);
}
