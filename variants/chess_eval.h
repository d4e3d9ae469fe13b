/* The chess evaluation's parameters (values in chess_eval_params.c, the
 * terms in chess_eval.c, docs/evaluation.md says what each is). Every field
 * is an int or an int array, so that the tuner sees the struct as ints. */
#ifndef RATNIK_CHESS_EVAL_H
#define RATNIK_CHESS_EVAL_H

#include "../engine/variant.h"

typedef struct {
    int material_mg[6], material_eg[6]; /* by type - 1: P N B R Q (K unused) */
    /* Added to the base placement table (chess_eval.c): by type - 1 and the
     * rank from the owner's side (x8), or the file's distance from the edge (x4). */
    int rank_mg[48], rank_eg[48];
    int file_mg[24], file_eg[24];
    int mobility_mg[4], mobility_eg[4]; /* N B R Q: per safe square over a typical count */
    int passed_mg[8], passed_eg[8];     /* by rank from the owner's side */
    int passed_free_eg[8];              /* nothing stands on the way to promotion */
    /* per step of king distance to the square ahead of a passed pawn, times its rank - 1 */
    int passed_king_own, passed_king_their;
    int doubled_mg, doubled_eg, isolated_mg, isolated_eg, supported_mg, supported_eg;
    int phalanx_mg[8], phalanx_eg[8];   /* a pawn with a friend beside it, by rank from the owner's side */
    int rook_open_mg, rook_open_eg, rook_semi_mg, rook_semi_eg;
    int bishop_pair_mg, bishop_pair_eg;
    int outpost_mg[2], outpost_eg[2];   /* knight, bishop */
    int shelter_pawn, shelter_base, king_open_file;
    /* per file beside or on the king's: the nearest enemy pawn's rank from
     * the king's side (0: none), middlegame only; blocked: one of ours
     * stands right in front of it */
    int storm[8], storm_blocked[8];
    int attack_weight[4];               /* N B R Q attacking the enemy king's zone */
    int zone_square;                    /* per zone square attacked */
    int king_danger_eg;
    int safe_check[4];                  /* N B R Q: squares it could check the enemy king from, safely */
    int weak_zone_square;               /* a zone square the enemy attacks and only king or queen guards */
    int backward_mg, backward_eg;       /* a pawn no neighbour can support and an enemy pawn stops */
    int bishop_pawns_mg, bishop_pawns_eg; /* per own pawn on the bishop's colour */
    int opposite_bishops_scale;         /* endgame x this / 64 with only opposite-coloured bishops */
    int threat_pawn_mg, threat_pawn_eg;   /* a pawn attacks a piece */
    int threat_minor_mg, threat_minor_eg; /* a knight or bishop attacks a rook or queen */
    int threat_rook_mg, threat_rook_eg;   /* a rook attacks a queen */
    int hanging_mg, hanging_eg;           /* a piece attacked and not defended */
    int threat_push_mg, threat_push_eg;   /* a safe pawn step would attack a piece */
    int minor_behind_pawn_mg;             /* a knight or bishop right behind a pawn */
    int tempo;
} ChessParams;

extern const ChessParams chess_params;
extern const EvalParams chess_eval_params;
int chess_evaluate_with(const Position *pos, const int *params);

#endif
