/* A person entering moves in XBoard: lift/put/hover answered with highlight
 * and choice, through the real binary; and the move texts XBoard can draw
 * for turns of two legs (docs/xboard.md, "A person at the board"). */
#include <stdlib.h>
#include "script_check.h"
#include "../protocol/gui/cecp_xboard.h"
#include "suites.h"

/* The engine's own move as XBoard is sent it. */
static void check_text(const char *variant, const char *fen, const char *turn, const char *want) {
    Position before = test_pos(variant, fen), after = before;
    char err[128], out[TURN_STR_MAX + 8];
    ck_assert_msg(play_turn_str(&after, turn, err, sizeof err), "%s: %s", turn, err);
    cecp_xboard_move_text(&before, &after, turn, out, sizeof out);
    ck_assert_str_eq(out, want);
}

START_TEST(xboard_two_leg_texts) {
    /* A trance: the queen's square is XBoard's kill square. */
    check_text("voodoo", "4k3/pp6/8/8/8/8/PP6/3QK3[] w - - 0 1", "xd1,e1e5", "e1e5,d1e5");
    /* A lawyer pushing its own piece sideways, to where XBoard's castling
     * puts it (the lawyer's Betza has O): drawn right. */
    check_text("buratia", "4k3/8/8/8/8/8/3P4/1N2K3[] w - - 0 1", "b1d2,d2c2", "b1d2,d2d2");
    check_text("buratia", "4k3/8/8/8/8/8/3P4/5NK1[] w - - 0 1", "f1d2,d2e2", "f1d2,d2d2");
    /* Other pushes keep the rules' text (XBoard cannot draw them). */
    check_text("buratia", "4k3/8/8/8/8/8/3P4/1N2K3[] w - - 0 1", "b1d2,d2e2", "b1d2,d2e2");
    check_text("buratia", "4k3/8/8/8/8/8/3p4/1N2K3[] w - - 0 1", "b1d2,d2c2", "b1d2,d2c2");
}
END_TEST

/* The match runner reads ratnik's CECP moves back from those forms. */
static void check_read(const char *variant, const char *fen, const char *text, const char *want) {
    Position pos = test_pos(variant, fen);
    char turn[TURN_STR_MAX] = "";
    ck_assert_msg(cecp_xboard_read_engine_move(&pos, text, turn, sizeof turn), "%s not read", text);
    ck_assert_str_eq(turn, want);
}

START_TEST(xboard_forms_read_back) {
    check_read("buratia", "4k3/8/8/8/8/8/3P4/1N2K3[] w - - 0 1", "b1d2,d2d2", "b1d2,d2c2");
    check_read("voodoo", "4k3/pp6/8/8/8/8/PP6/3QK3[] w - - 0 1", "e1e5,d1e5", "xd1,e1e5");
    check_read("belarusian", "2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1", "c9c8,c8c9g", "c9c9g");
    check_read("japanese", "4k4/9/9/2S6/R8/9/9/9/4K4 w - - 0 1", "c6c7g", "c6c7");
}
END_TEST

/* Scripts and what their output must hold. */
static const ScriptCheck highlight_scripts[] = {
    {.name = "highlight_feature_and_chess", .cecp = true,
     .input = "new\nforce\nlift e2\nput e4\nlift g1\nlift e7\nlift e4\n",
     .has = {" highlight=1", "\nhighlight 8/8/8/8/4Y3/4Y3/8/8\n" /* e2: e3 and e4 */,
      "\nhighlight 8/8/8/8/8/5Y1Y/8/8\n" /* g1: f3 and h3 */},
     .hasnt = {"choice"},
     /* Not White's piece to move, and an empty square: nothing is marked. */
     .counts = {{"highlight 8/8/8/8/8/8/8/8\n", 2}}},
    /* A promotion with a choice: magenta (XBoard's dialog), `choice QRBN` on put. */
    {.name = "highlight_chess_promotion_and_en_passant", .cecp = true,
     .input = "new\nforce\nsetboard 4k3/1P6/8/8/8/8/8/4K3 w - - 0 1\nlift b7\nput b8\n",
     .has = {"\nhighlight 1M6/8/8/8/8/8/8/8\nchoice QRBN\n"}},
    /* En passant: red on d6; hovering there marks the victim on d5 green. */
    {.name = "highlight_chess_promotion_and_en_passant", .cecp = true,
     .input = "new\nforce\nsetboard 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1\nlift e5\nhover d6\nhover e6\n",
     .has = {"\nhighlight 8/8/3RY3/8/8/8/8/8\nhighlight 8/8/3RY3/3g4/8/8/8/8\n"},
     .counts = {{"\nhighlight ", 2}}}, /* no victim for e6 */
    /* The silver's moves into the promotion zone are blue; XBoard waits for
     * the piece after `put`: gold (G), the rook's dragon-king (D). */
    {.name = "highlight_japanese_forced_promotion", .cecp = true,
     .input = "variant japanese\nforce\nsetboard 4k4/9/9/2S6/R8/9/9/9/4K4 w - - 0 1\n"
     "lift c6\nput c7\nput c5\nlift a5\nput a7\nput a6\nusermove c6c7g\n",
     .has = {"\nhighlight 9/9/1BBB5/9/1Y1Y5/9/9/9/9\nchoice G\n", "\nhighlight B8/Y8/B8/Y8/1YYYYYYYY/Y8/Y8/Y8/Y8\nchoice D\n"},
     .hasnt = {"Illegal"},
     .counts = {{"\nchoice ", 2}}}, /* none for c5, a6 */
    /* The throne: a rook's line stops at e5, which it may not enter. */
    {.name = "highlight_belarusian_rules", .cecp = true,
     .input = "variant belarusian\nforce\nsetboard 4a4/9/9/9/L8/9/9/9/4A4 w - - 0 1\nlift a5\n",
     .has = {"\nhighlight Y8/Y8/Y8/Y8/1YYY5/Y8/Y8/Y8/Y8\n"}},
    /* The kniaź (no heir: check applies) may not step onto the throne or e4
     * while the rook on e1 attacks them; e6 is behind the throne, safe.
     * Then the rook moved away: all free. */
    {.name = "highlight_belarusian_rules", .cecp = true,
     .input = "variant belarusian\nforce\nsetboard 4a4/9/9/9/3A5/9/9/9/4l4 w - - 0 1\nlift d5\n"
     "setboard 4a4/9/9/9/3A5/9/9/9/8l w - - 0 1\nlift d5\n",
     .has = {"\nhighlight 9/9/9/2YYY4/2Y6/2YY5/9/9/9\n", "\nhighlight 9/9/9/2YYY4/2Y1Y4/2YYY4/9/9/9\n"}},
    /* In-place promotion: a cyan leg to an empty neighbour, then the
     * ratnik's own square blue, `choice G` (the lost hetman first). */
    {.name = "highlight_belarusian_rules", .cecp = true,
     .input = "variant belarusian\nforce\nsetboard 2R5a/9/9/9/9/9/9/9/4A4 w - - 0 1\n"
     "lift c9\nput c8\nlift c8\nput c9\nusermove c9c8,c8c9g\n",
     .has = {"\nhighlight 9/2C6/9/9/9/9/9/9/9\nhighlight 2B6/9/9/9/9/9/9/9/9\nchoice G\n"},
     .hasnt = {"Illegal"}},
    /* A slave takes the foreman, not the boss; nobody takes the secretary
     * (d5 also blocks the slave's step); the lawyer never captures, and its
     * displacements are not offered (no clicks make XBoard draw them). */
    {.name = "highlight_buratia_captures", .cecp = true,
     .input = "variant buratia\nforce\nsetboard 4k3/8/8/2bqr3/3P4/8/8/1N2K3 w - - 0 1\nlift d4\n"
     "setboard 4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1\nlift b1\n",
     .has = {"\nhighlight 8/8/8/2R5/8/8/8/8\n", "\nhighlight 8/8/8/8/8/Y1Y5/8/8\n"}},
    /* The king's trance: the queen's square cyan (XBoard's kill square),
     * then the king's queen lines; the move comes back as XBoard writes it. */
    {.name = "highlight_voodoo_trance", .cecp = true,
     .input = "variant voodoo\nforce\nsetboard 4k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1\n"
     "lift e1\nput d1\nlift d1\nput e5\nusermove e1e5,d1f5\n",
     .has = {"\nhighlight 8/8/8/8/8/8/3YYY2/3C1Y2\n", "\nhighlight 4R3/4Y3/4Y3/Y3Y3/1Y2Y2Y/2Y1Y1Y1/3YYY2/YYYY1YYY\n"},
     .hasnt = {"Illegal", "choice"}},
    {.name = "highlight_bad_square", .cecp = true, .input = "new\nlift z9\nput\nlift\nhover\nlift e2\n",
     .has = {"Error (bad square): lift z9", "Error (bad square): put", "Error (bad square): lift \n",
      "Error (bad square): hover",
      "\nhighlight 8/8/8/8/4Y3/4Y3/8/8\n" /* the session goes on */}},
    /* What XBoard relays for those: the trance as castling (`e1e5,d1f5`),
     * the push unchanged; and the engine's own `b1d2,d2d2` is read back. */
    {.name = "xboard_two_leg_relays", .cecp = true,
     .input = "variant voodoo\nforce\nsetboard 4k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1\nusermove e1e5,d1f5\n"
     "variant buratia\nforce\nsetboard 4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1\nusermove b1d2,d2d2\n"
     "variant buratia\nforce\nsetboard 4k3/8/8/8/8/8/3P4/1N2K3 w - - 0 1\nusermove b1d2,d2c2\n", .hasnt = {"Illegal"}},
    /* not a trance: a2 is no queen */
    {.name = "xboard_two_leg_relays", .cecp = true,
     .input = "variant voodoo\nforce\nsetboard 4k3/pp6/8/8/8/8/PP6/3QK3 w - - 0 1\nusermove e1e5,a2f5\n",
     .has = {"Illegal move: e1e5,a2f5"}},
};

SCRIPT_LOOP_TEST(highlight_scripted, highlight_scripts)

Suite *suite_cecp_highlight(void) {
    return suite_of("cecp_highlight",
                    LOOP_CASE("pipes", 60, LOOPS({highlight_scripted, SCRIPT_COUNT(highlight_scripts)}),
                              xboard_two_leg_texts, xboard_forms_read_back),
                    NULL);
}
