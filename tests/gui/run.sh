#!/bin/sh
# Real-GUI test: XBoard (Debian package xboard) under Xvfb (xvfb) plays
# ratnik against ratnik, GAMES games per variant, unattended, and checks
# that the saved PGN holds a finished result for every game.
#   tests/gui/run.sh [variant...]      (default: all five)
# Environment: GAMES (2), TC (XBoard -tc, default 1 minute), INC (0.1 s),
# DEPTH (XBoard -depth, 4), OUT (work directory, default a temp dir).
# Exit 0 when every game finished with 1-0, 0-1 or 1/2-1/2.
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
fail=0
for v in $VARIANTS; do
    pgn="$OUT/$v.pgn"; rm -f "$pgn"
    # -xlegal: the engines own the rules (XBoard cannot express them all);
    # -testClaims false: XBoard accepts the engines' game-end claims;
    # -xexit -autoflag: no pop-ups, flag falls by themselves.
    HOME="$OUT" timeout $((GAMES * 300)) xvfb-run -a -s "-screen 0 1280x1024x24" "$XBOARD" \
        -fcp "$ROOT/ratnik" -fd "$ROOT" -scp "$ROOT/ratnik" -sd "$ROOT" \
        -variant "$v" -mg "$GAMES" -tc "$TC" -inc "$INC" -depth "$DEPTH" \
        -xponder -xexit -autoflag -testClaims false -xlegal \
        -sgf "$pgn" -debug -nameOfDebugFile "$OUT/$v.debug" \
        -saveSettingsOnExit false -settingsFile "$OUT/xboardrc" >"$OUT/$v.out" 2>&1
    finished=$(grep -c -E '^\[Result "(1-0|0-1|1/2-1/2)"\]' "$pgn" 2>/dev/null)
    finished=${finished:-0}
    echo "$v: $finished/$GAMES games finished ($(grep -h -o -E '\{[^}]*\} (1-0|0-1|1/2-1/2)$' "$pgn" 2>/dev/null | tr '\n' ';'))"
    [ "$finished" -eq "$GAMES" ] || fail=1
done
echo "logs in $OUT"
exit $fail
