#!/bin/sh
# Real-GUI test of a person at the board: XBoard (Debian xboard) under Xvfb
# (xvfb), legality testing off, the person playing White against ratnik by
# clicking squares (xdotool) as tests/gui/person.py scripts them: a Japanese
# promotion, and a Belarusian game with a move onto the throne that ratnik's
# highlight must refuse. At the end XBoard's saved position must be ratnik's.
#   tests/gui/person.sh [variant...]    (default: japanese belarusian)
# OUT: work directory (default a temp dir). Exit 0 when every game passed.
set -u
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
XBOARD=$(command -v xboard || echo /usr/games/xboard)
OUT=${OUT:-$(mktemp -d /tmp/ratnik-person.XXXXXX)}
mkdir -p "$OUT"
[ -x "$XBOARD" ] && command -v xvfb-run >/dev/null && command -v xdotool >/dev/null && command -v python3 >/dev/null || {
    echo "tests/gui/person.sh: needs the Debian packages xboard, xvfb, xdotool and python3" >&2; exit 2; }
[ -x "$ROOT/ratnik" ] || make -s ratnik || exit 2
fail=0
for v in ${*:-japanese belarusian}; do
    dir="$OUT/$v"; rm -rf "$dir"; mkdir -p "$dir"
    # -xlegal: XBoard's own rules are off; -showTargetSquares and
    # -highlightDragging make it obey ratnik's highlights (docs/xboard.md).
    # The square colours let person.py find the board on the screen.
    HOME="$dir" RATNIK_BIN="$ROOT/ratnik" timeout 300 xvfb-run -a -s "-screen 0 1024x900x24 -fbdir $dir" sh -c '
        "$0" -fcp "$1/ratnik" -fd "$1" -variant "$2" -xlegal -showTargetSquares true -highlightDragging true \
            -testClaims false -ruleMoves 0 -repeatsToDraw 0 -materialDraws false -trivialDraws false \
            -popupMoveErrors false -popupExitMessage false -xponder -depth 1 -tc 30 -inc 5 -xanimate \
            -lightSquareColor "#40c040" -darkSquareColor "#4040c0" -liteBackTextureFile "" -darkBackTextureFile "" \
            -boardSize medium \
            -spf "$3/position.fen" -sgf "$3/game.pgn" -debug -nameOfDebugFile "$3/xboard.debug" \
            -saveSettingsOnExit false -settingsFile "$3/xboardrc" >"$3/xboard.out" 2>&1 &
        pid=$!
        python3 "$1/tests/gui/person.py" "$2" "$3/Xvfb_screen0" "$3/xboard.debug" $pid "$3/position.fen"
        rc=$?
        kill $pid 2>/dev/null; wait $pid 2>/dev/null
        exit $rc' "$XBOARD" "$ROOT" "$v" "$dir" >"$dir/person.log" 2>&1
    rc=$?
    cat "$dir/person.log"
    if [ $rc -eq 0 ]; then echo "  $v: ok"; else echo "  $v: FAIL"; fail=1; fi
done
echo "logs in $OUT"
exit $fail
