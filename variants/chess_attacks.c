#include <stdbool.h>
#include "chess_attacks.h"

ChessTables ct;

/* Multipliers this file's own search found (seeds below); start-up only
 * verifies them, and searches again if one ever fails. */
static const bb64 rook_magics[64] = {
0x3080004000802010ull, 0x0c40029005c02004ull, 0x4080100259200080ull, 0x1100042009021000ull,
0x2100030010080004ull, 0x1200860044001810ull, 0x0400080110008402ull, 0x2200008040240102ull,
0x0000800020804004ull, 0x0184804000200480ull, 0x0848801004200080ull, 0x1001001001002008ull,
0x8001000408001100ull, 0x0101000802040100ull, 0x4285001401000200ull, 0x008180010020c080ull,
0x0000228000400080ull, 0x0810004000402000ull, 0x0010008020008018ull, 0x1400090021021000ull,
0x820a808004000802ull, 0x0404008002008004ull, 0x0202008080020100ull, 0x094402000c025181ull,
0x0280400080008020ull, 0x0200200040401000ull, 0x0404482200108200ull, 0x00081022000a0040ull,
0x1000040080800800ull, 0x0182000200058810ull, 0x0000827400481021ull, 0x0000008200091064ull,
0x0040004020800089ull, 0x648e024102002082ull, 0x0000200080801000ull, 0x001200419200200aull,
0x0430080080800400ull, 0x0000040080800200ull, 0x002201100400d802ull, 0x5800404082000401ull,
0x0000400080008020ull, 0x0140028020018044ull, 0x4004801204420020ull, 0x080210030021000aull,
0x2204000408008080ull, 0x020a000804020010ull, 0x0100010002008080ull, 0x2000440040820001ull,
0x0000408000210100ull, 0x4000810028420200ull, 0x0a8020010043b100ull, 0x0100201000090100ull,
0x0001021048004500ull, 0x0002020080040080ull, 0x0048080102100400ull, 0x00410000a2084100ull,
0x0040110222004682ull, 0x0802002100408012ull, 0x0420040820401101ull, 0x8040200805001001ull,
0x0045000218001035ull, 0x840a001001080482ull, 0x0800420081300804ull, 0x0400008100402412ull,
};
static const bb64 bishop_magics[64] = {
0x1040024400460140ull, 0x0002882210920110ull, 0x0004013c09020400ull, 0x0408208820440000ull,
0x8224042200010a00ull, 0x00160a02a0404040ull, 0x0010820802400050ull, 0x0042020064020801ull,
0xb4004032c4054200ull, 0x0884100400809200ull, 0x0001640464014404ull, 0x0000040400889200ull,
0x0002040420021100ull, 0x30100a1202200801ull, 0x0000108404434000ull, 0x0010020044040415ull,
0x0090000420420420ull, 0x2021004204310200ull, 0x00010a020a020201ull, 0x00a8041120404008ull,
0x5307004820080000ull, 0x0002000908010400ull, 0x4014810404411880ull, 0x9002009021040200ull,
0x02024000100408b0ull, 0x0414024011100100ull, 0x1040240108880200ull, 0x0044010040200880ull,
0x1098840000802002ull, 0x0008008802100400ull, 0x04080348020a4202ull, 0x808100230104210cull,
0x003005044a204802ull, 0x0a280c8400028802ull, 0x2000402202102400ull, 0x2040400820020200ull,
0x4021020200640104ull, 0x6001100082110042ull, 0x0010010050220210ull, 0x9481240034188200ull,
0xc014100806040906ull, 0x0000808808882048ull, 0x01108c0244050802ull, 0x2002210280800802ull,
0x1400084901108400ull, 0x0010200081014024ull, 0x8020010210800210ull, 0x0d01840108400200ull,
0x4084008410084008ull, 0x000021042260400cull, 0x00e1002221300000ull, 0x4080024320882402ull,
0x14204020024c0810ull, 0x0904c00851044080ull, 0x814812a404040080ull, 0x402018020490304eull,
0x082a010042022000ull, 0xac00020109084282ull, 0x8840502040441009ull, 0x2c01000040208800ull,
0x001448001002020aull, 0x0140002002922200ull, 0x0001181288581108ull, 0x0004081498020140ull,
};

static bb64 rook_table[0x19000], bishop_table[0x1480];

static bb64 slide(int sq, bb64 occ, const int (*dirs)[2]) {
    bb64 att = 0;
    for (int d = 0; d < 4; d++) {
        int f = sq % 8, r = sq / 8;
        for (;;) {
            f += dirs[d][0], r += dirs[d][1];
            if (f < 0 || f > 7 || r < 0 || r > 7) break;
            att |= 1ull << (r * 8 + f);
            if (occ & (1ull << (r * 8 + f))) break;
        }
    }
    return att;
}

static const int rook_dirs[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
static const int bishop_dirs[4][2] = {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};

static uint64_t rng_next(uint64_t *s) {
    *s ^= *s >> 12, *s ^= *s << 25, *s ^= *s >> 27;
    return *s * 2685821657736338717ull;
}

/* Finds a multiplier that maps every blocker subset of the mask to a slot
 * holding its attack set without destructive collisions. */
static bb64 *init_magics(Magic *magics, bb64 *table, const int (*dirs)[2], const bb64 *known, uint64_t seed) {
    static bb64 occs[4096], refs[4096];
    static int epoch[4096];
    int stamp = 0;
    for (int sq = 0; sq < 64; sq++) {
        Magic *m = &magics[sq];
        bb64 edges = ((0xFFull | 0xFF00000000000000ull) & ~(0xFFull << (8 * (sq / 8))))
                   | ((0x0101010101010101ull | 0x8080808080808080ull) & ~(0x0101010101010101ull << (sq % 8)));
        m->mask = slide(sq, 0, dirs) & ~edges;
        m->shift = 64u - (unsigned)__builtin_popcountll(m->mask);
        m->attacks = table;
        int size = 0;
        bb64 b = 0;
        do { /* Carry-Rippler enumeration of all subsets of the mask */
            occs[size] = b;
            refs[size++] = slide(sq, b, dirs);
            b = (b - m->mask) & m->mask;
        } while (b);
        for (int attempt = 0, ok = 0; !ok; attempt++) {
            if (attempt == 0) m->magic = known[sq];
            else do m->magic = rng_next(&seed) & rng_next(&seed) & rng_next(&seed);
                while (__builtin_popcountll((m->magic * m->mask) >> 56) < 6);
            stamp++;
            ok = 1;
            for (int i = 0; i < size && ok; i++) {
                unsigned idx = (unsigned)(((occs[i] & m->mask) * m->magic) >> m->shift);
                if (epoch[idx] < stamp) epoch[idx] = stamp, table[idx] = refs[i];
                else if (table[idx] != refs[i]) ok = 0;
            }
        }
        table += size;
    }
    return table;
}

static bb64 leaper(int sq, const int (*d)[2], int n) {
    bb64 b = 0;
    for (int i = 0; i < n; i++) {
        int f = sq % 8 + d[i][0], r = sq / 8 + d[i][1];
        if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= 1ull << (r * 8 + f);
    }
    return b;
}

void chess_attacks_init(void) {
    static const int kn[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
    static const int kg[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    static const int wp[2][2] = {{-1, 1}, {1, 1}}, bp[2][2] = {{-1, -1}, {1, -1}};
    if (ct.king[0]) return;
    for (int sq = 0; sq < 64; sq++) {
        ct.knight[sq] = leaper(sq, kn, 8);
        ct.king[sq] = leaper(sq, kg, 8);
        ct.pawn[0][sq] = leaper(sq, wp, 2);
        ct.pawn[1][sq] = leaper(sq, bp, 2);
    }
    init_magics(ct.rook, rook_table, rook_dirs, rook_magics, 0x1234567ull);
    init_magics(ct.bishop, bishop_table, bishop_dirs, bishop_magics, 0x7654321ull);
    for (int a = 0; a < 64; a++)
        for (int b = 0; b < 64; b++) {
            bb64 bb = 1ull << b;
            if (a == b) continue;
            if (slide(a, 0, rook_dirs) & bb) {
                ct.line[a][b] = (slide(a, 0, rook_dirs) & slide(b, 0, rook_dirs)) | (1ull << a) | bb;
                ct.between[a][b] = slide(a, bb, rook_dirs) & slide(b, 1ull << a, rook_dirs);
            } else if (slide(a, 0, bishop_dirs) & bb) {
                ct.line[a][b] = (slide(a, 0, bishop_dirs) & slide(b, 0, bishop_dirs)) | (1ull << a) | bb;
                ct.between[a][b] = slide(a, bb, bishop_dirs) & slide(b, 1ull << a, bishop_dirs);
            }
        }
}
