/* The chess evaluation's values: set by hand first, then fitted by
 * `ratnik tune --variant chess ... --write` (docs/evaluation.md gives the
 * data and the command), which rewrites the block between the markers. */
#include <stddef.h>
#include "chess_eval.h"

const ChessParams chess_params = {
    /* tuned values: begin */
    .material_mg = {78, 388, 387, 548, 1056, 0},
    .material_eg = {107, 324, 336, 586, 1048, 0},
    .rank_mg = {0, 4, -4, -4, 0, 36, 16, 0, 0, 4, -4, 8,
        8, 24, 40, -24, 0, 20, 8, 4, 20, 20, -20, 4,
        16, -8, -4, 12, 4, 28, 8, 12, 24, 20, 20, 28,
        44, 48, 36, 32, 0, 0, 0, 0, 0, 0, 0, 0},
    .rank_eg = {0, 8, 0, -4, -4, -8, -20, 0, -20, -8, 8, 12,
        12, 8, -8, -24, -4, -4, 4, 12, 4, 8, 12, 8,
        -4, 8, 4, 12, 20, 16, 0, 20, -20, 8, 44, 40,
        -44, 48, 48, 48, 0, 0, 0, 0, 0, 0, 0, 0},
    .file_mg = {0, 0, 0, 0, 4, 20, 12, 12, -4, 0, 12, 0,
        0, 0, 12, 12, 20, 20, 32, 48, 0, 0, 0, 0},
    .file_eg = {8, 8, 4, -8, -12, -4, 4, 8, 4, 4, 0, 8,
        12, 16, 4, 12, 48, 48, 48, -28, 0, 0, 0, 0},
    .mobility_mg = {12, 5, 6, 5},
    .mobility_eg = {-8, -3, 4, -18},
    .passed_mg = {0, 29, -12, -14, 5, 57, 142, 0},
    .passed_eg = {0, 6, 28, 34, 43, 54, 76, 0},
    .passed_free_eg = {0, 16, -3, 10, 32, 83, 80, 0},
    .passed_king_own = 2,
    .passed_king_their = 4,
    .doubled_mg = -4,
    .doubled_eg = -16,
    .isolated_mg = -18,
    .isolated_eg = -8,
    .supported_mg = 5,
    .supported_eg = -11,
    .rook_open_mg = 37,
    .rook_open_eg = 2,
    .rook_semi_mg = 12,
    .rook_semi_eg = 13,
    .bishop_pair_mg = 82,
    .bishop_pair_eg = 77,
    .outpost_mg = {24, 18},
    .outpost_eg = {14, -15},
    .shelter_pawn = 8,
    .shelter_base = -16,
    .king_open_file = -23,
    .attack_weight = {20, 16, 8, 32},
    .zone_square = 8,
    .king_danger_eg = 0,
    .threat_pawn_mg = 64,
    .threat_pawn_eg = 2,
    .threat_minor_mg = 62,
    .threat_minor_eg = -15,
    .threat_rook_mg = 54,
    .threat_rook_eg = 16,
    .hanging_mg = 24,
    .hanging_eg = 23,
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
