#!/bin/sh
# Real-GUI test: XBoard (Debian package xboard) under Xvfb (xvfb) plays
# ratnik against ratnik, GAMES games per variant, unattended, one XBoard at
# a time, and checks each game's end in the saved PGN and the debug log.
#   tests/gui/run.sh [variant...]      (default: all five)
# Environment: GAMES (2), TC (XBoard -tc, minutes, 1), INC (0.1 s),
# DEPTH (XBoard -depth, 4), OUT (work directory, default a temp dir).
#
# A game passes when it ends 1-0, 0-1 or 1/2-1/2 by the rules: no forfeit,
# no illegal-move complaint, no time loss, no XBoard error. XBoard 4.9.1
# cannot show Buratia's displacements or Voodoo's sacrifices and trances
# (docs/xboard.md): a game that XBoard stops at such a turn is reported as
# KNOWN LIMITATION with the move, and does not fail the run; any other
# failure does. Exit 0 when nothing failed.
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
XBOARD=$(command -v xboard || echo /usr/games/xboard)
GAMES=${GAMES:-2} TC=${TC:-1} INC=${INC:-0.1} DEPTH=${DEPTH:-4}
OUT=${OUT:-$(mktemp -d /tmp/ratnik-gui.XXXXXX)}
mkdir -p "$OUT"
[ -x "$XBOARD" ] && command -v xvfb-run >/dev/null || {
    echo "tests/gui: needs the Debian packages xboard and xvfb" >&2; exit 2; }
[ -x "$ROOT/ratnik" ] || make -s ratnik || exit 2
VARIANTS=${*:-normal buratia japanese belarusian voodoo}
BAD='Forfeit|[Ii]llegal move|invalid move|on time|adjudication|Error|error'
fail=0
for v in $VARIANTS; do
    pgn="$OUT/$v.pgn" dbg="$OUT/$v.debug"; rm -f "$pgn" "$dbg"
    # -xlegal: the engines own the rules (XBoard cannot express them all);
    # -testClaims false: XBoard accepts the engines' game-end claims;
    # -xexit -autoflag, no pop-ups: unattended.
    HOME="$OUT" timeout $((GAMES * 120)) xvfb-run -a -s "-screen 0 1280x1024x24" "$XBOARD" \
        -fcp "$ROOT/ratnik" -fd "$ROOT" -scp "$ROOT/ratnik" -sd "$ROOT" \
        -variant "$v" -mg "$GAMES" -tc "$TC" -inc "$INC" -depth "$DEPTH" \
        -xponder -xexit -autoflag -testClaims false -xlegal \
        -ruleMoves 0 -repeatsToDraw 0 -materialDraws false -trivialDraws false \
        -popupMoveErrors false -popupExitMessage false \
        -sgf "$pgn" -debug -nameOfDebugFile "$dbg" \
        -saveSettingsOnExit false -settingsFile "$OUT/xboardrc" >"$OUT/$v.out" 2>&1
    # Every game's end as XBoard told the engines: "result 1-0 {reason}".
    ends=$(grep -o -E '>first : result .*' "$dbg" 2>/dev/null | sed 's/^>first : result //')
    finished=$(grep -c -E '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$pgn" 2>/dev/null)
    good=$(printf '%s\n' "$ends" | grep -E '^(1-0|0-1|1/2-1/2) ' | grep -v -c -E "$BAD")
    known=$(printf '%s\n' "$ends" | grep -c -E 'Forfeit due to invalid move: (x[a-i][0-9]|[A-Z]@|[a-i][0-9]+[a-i][0-9]+,)')
    complaints=$(grep -c -E "^[0-9]+ <(first|second): .*($BAD)" "$dbg" 2>/dev/null)
    echo "$v: $good/$GAMES games ended by the rules; ends: $(printf '%s\n' "$ends" | tr '\n' ';')"
    status=ok
    case $v in
        buratia|voodoo)
            # The limitation is the only accepted failure: a forfeit on a
            # displacement (Buratia: also a later move of a displaced piece,
            # whose square XBoard shows wrongly) or on a magic turn.
            if [ "$v" = buratia ] && grep -q -E '<(first|second): move [a-h][1-8][a-h][1-8],' "$dbg" 2>/dev/null; then
                known=$(printf '%s\n' "$ends" | grep -c 'Forfeit due to invalid move')
            fi
            if [ $((good + known)) -ne "$GAMES" ]; then status=FAIL
            elif [ "$known" -gt 0 ]; then
                status="KNOWN LIMITATION ($known game(s) stopped by XBoard at a turn it cannot express)"
            fi ;;
        *)
            [ "$good" -eq "$GAMES" ] && [ "${finished:-0}" -eq "$GAMES" ] && [ "${complaints:-0}" -eq 0 ] || status=FAIL ;;
    esac
    echo "  $v: $status"
    [ "$status" = FAIL ] && fail=1
done
echo "logs in $OUT"
exit $fail
