/* The chess evaluation's values: set by hand first, then fitted by
 * `ratnik tune --variant chess ... --write` (docs/evaluation.md gives the
 * data and the command), which rewrites the block between the markers. */
#include <stddef.h>
#include "chess_eval.h"

const ChessParams chess_params = {
    /* tuned values: begin */
    .material_mg = {86, 356, 367, 512, 1008, 0},
    .material_eg = {111, 332, 332, 558, 1008, 0},
    .rank_mg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .rank_eg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .file_mg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .file_eg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .mobility_mg = {12, 1, 2, 1},
    .mobility_eg = {-8, -3, 4, 14},
    .passed_mg = {0, 53, -12, -34, 1, 85, 118, 0},
    .passed_eg = {0, 6, 36, 50, 55, 82, 108, 0},
    .passed_free_eg = {0, 20, -15, -2, 8, 47, 32, 0},
    .passed_king_own = 2,
    .passed_king_their = 4,
    .doubled_mg = -12,
    .doubled_eg = -16,
    .isolated_mg = -18,
    .isolated_eg = -8,
    .supported_mg = -3,
    .supported_eg = -15,
    .rook_open_mg = 29,
    .rook_open_eg = 18,
    .rook_semi_mg = 16,
    .rook_semi_eg = 13,
    .bishop_pair_mg = 70,
    .bishop_pair_eg = 93,
    .outpost_mg = {20, 34},
    .outpost_eg = {-2, -39},
    .shelter_pawn = 12,
    .shelter_base = -16,
    .king_open_file = -19,
    .attack_weight = {24, 20, 4, 32},
    .zone_square = 8,
    .king_danger_eg = 4,
    .threat_pawn_mg = 56,
    .threat_pawn_eg = -18,
    .threat_minor_mg = 42,
    .threat_minor_eg = 1,
    .threat_rook_mg = 78,
    .threat_rook_eg = 64,
    .hanging_mg = 32,
    .hanging_eg = 19,
    .tempo = 8,
    /* tuned values: end */
};

#define G(f) EVAL_PARAM_GROUP(ChessParams, f)
static const EvalParamGroup groups[] = {
    G(material_mg), G(material_eg), G(rank_mg), G(rank_eg), G(file_mg), G(file_eg), G(mobility_mg),
    G(mobility_eg), G(passed_mg), G(passed_eg), G(passed_free_eg), G(passed_king_own), G(passed_king_their),
    G(doubled_mg), G(doubled_eg), G(isolated_mg), G(isolated_eg), G(supported_mg), G(supported_eg),
    G(rook_open_mg), G(rook_open_eg), G(rook_semi_mg), G(rook_semi_eg), G(bishop_pair_mg), G(bishop_pair_eg),
    G(outpost_mg), G(outpost_eg), G(shelter_pawn), G(shelter_base), G(king_open_file), G(attack_weight),
    G(zone_square), G(king_danger_eg), G(threat_pawn_mg), G(threat_pawn_eg), G(threat_minor_mg),
    G(threat_minor_eg), G(threat_rook_mg), G(threat_rook_eg), G(hanging_mg), G(hanging_eg), G(tempo),
    {NULL, 0, 0},
};
DEFINE_EVAL_PARAMS(chess_eval_params, ChessParams, "variants/chess_eval_params.c", groups, chess_params,
                   chess_evaluate_with);
