/* The chess evaluation's values: set by hand first, then fitted by
 * `ratnik tune --variant chess ... --write` (docs/evaluation.md gives the
 * data and the command), which rewrites the block between the markers. */
#include <stddef.h>
#include "chess_eval.h"

const ChessParams chess_params = {
    /* tuned values: begin */
    .material_mg = {90, 320, 335, 480, 960, 0},
    .material_eg = {115, 300, 320, 530, 960, 0},
    .rank_mg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .rank_eg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .file_mg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .file_eg = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
    .mobility_mg = {4, 5, 2, 1},
    .mobility_eg = {4, 5, 4, 2},
    .passed_mg = {0, 5, 8, 14, 25, 45, 70, 0},
    .passed_eg = {0, 10, 16, 30, 55, 90, 140, 0},
    .passed_free_eg = {0, 0, 5, 10, 20, 35, 60, 0},
    .passed_king_own = 2,
    .passed_king_their = 4,
    .doubled_mg = -8,
    .doubled_eg = -16,
    .isolated_mg = -10,
    .isolated_eg = -12,
    .supported_mg = 5,
    .supported_eg = 5,
    .rook_open_mg = 25,
    .rook_open_eg = 10,
    .rook_semi_mg = 12,
    .rook_semi_eg = 5,
    .bishop_pair_mg = 30,
    .bishop_pair_eg = 45,
    .outpost_mg = {20, 10},
    .outpost_eg = {10, 5},
    .shelter_pawn = 8,
    .shelter_base = -20,
    .king_open_file = -15,
    .attack_weight = {8, 8, 12, 20},
    .zone_square = 4,
    .king_danger_eg = 4,
    .threat_pawn_mg = 40,
    .threat_pawn_eg = 30,
    .threat_minor_mg = 30,
    .threat_minor_eg = 25,
    .threat_rook_mg = 30,
    .threat_rook_eg = 20,
    .hanging_mg = 20,
    .hanging_eg = 15,
    .tempo = 12,
    /* tuned values: end */
};

#define G(f) {#f, (int)(offsetof(ChessParams, f) / sizeof(int)), (int)(sizeof(((ChessParams *)0)->f) / sizeof(int))}
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
_Static_assert(sizeof(ChessParams) % sizeof(int) == 0, "ChessParams is read as ints");

const EvalParams chess_eval_params = {
    "variants/chess_eval_params.c", groups, (int)(sizeof(ChessParams) / sizeof(int)), (const int *)&chess_params,
    chess_evaluate_with,
};
