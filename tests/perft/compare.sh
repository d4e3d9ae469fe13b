#!/usr/bin/env bash
# Runs the positions of an EPD perft suite through ratnik and other UCI
# engines with `go perft` in one run, and prints one row per position: the
# counts of every engine (and the suite's expected count), then each
# engine's total time. Every engine gets the same batch of commands over UCI
# in one process, so start-up is paid once and the times compare.
#
# usage: tests/perft/compare.sh [--depth N] [--engine PATH]... FILE.epd
#   --depth N   run each position at the deepest listed depth <= N (default 4)
#   --engine    another engine (default: /usr/games/stockfish and
#               /usr/games/fairy-stockfish, those installed)
# A position whose variant an engine does not offer (its UCI_Variant list,
# or "chess" for an engine without one) shows "-" for that engine.
# Exit status: 0 all counts agree, 1 a difference, 2 bad usage.
set -euo pipefail
cd "$(dirname "$0")/../.."
depth=4
engines=()
while [ $# -gt 1 ]; do
  case "$1" in
    --depth) depth=$2; shift 2 ;;
    --engine) engines+=("$2"); shift 2 ;;
    *) echo "usage: $0 [--depth N] [--engine PATH]... FILE.epd" >&2; exit 2 ;;
  esac
done
[ $# -eq 1 ] && [ -r "$1" ] || { echo "usage: $0 [--depth N] [--engine PATH]... FILE.epd" >&2; exit 2; }
suite=$1
if [ ${#engines[@]} -eq 0 ]; then
  for e in /usr/games/stockfish /usr/games/fairy-stockfish; do [ -x "$e" ] && engines+=("$e"); done
fi
[ -x ./ratnik ] || make -s ratnik
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The suite as "variant|depth|expected|fen" rows.
awk -v max="$depth" -F';' '
  /^[ \t]*(#|$)/ { next }
  { fen = $1; sub(/[ \t]+$/, "", fen); variant = "chess"; d = 0; want = ""
    for (i = 2; i <= NF; i++) {
      split($i, kv, " ")
      if (kv[1] == "variant") variant = kv[2]
      else if (kv[1] ~ /^[Dd][0-9]+$/) { k = substr(kv[1], 2) + 0; if (k <= max && k > d) { d = k; want = kv[2] } }
    }
    if (d > 0) print variant "|" d "|" want "|" fen }' "$suite" > "$tmp/rows"

# The variants an engine offers: its UCI_Variant combo, or chess alone.
variants_of() {
  printf 'uci\nquit\n' | "$1" 2>/dev/null | sed -n 's/^option name UCI_Variant type combo//p' | tr ' ' '\n' \
    | awk '$0 != "default" && $0 != "var" && $0 != ""' > "$tmp/v"
  [ -s "$tmp/v" ] || echo chess > "$tmp/v"
  cat "$tmp/v"
}

# One engine over all its positions in one process; "-" where it cannot play.
# Only "Nodes searched" lines are read back, one per `go perft` sent, in order
# (an engine may answer isready before its perft is done).
run_engine() {
  local exe=$1 out=$2 offered t0 t1
  offered=$(variants_of "$exe" | tr '\n' ' ')
  : > "$tmp/in"
  : > "$tmp/sent"
  while IFS='|' read -r variant d want fen; do
    if [[ " $offered " == *" $variant "* ]]; then
      printf 'setoption name UCI_Variant value %s\nposition fen %s\ngo perft %s\n' "$variant" "$fen" "$d" >> "$tmp/in"
      echo 1 >> "$tmp/sent"
    else
      echo 0 >> "$tmp/sent"
    fi
  done < "$tmp/rows"
  echo quit >> "$tmp/in"
  t0=$(date +%s.%N)
  "$exe" < "$tmp/in" 2>/dev/null | sed -n 's/^Nodes searched: *//p' > "$tmp/counts"
  t1=$(date +%s.%N)
  awk -v counts="$tmp/counts" '$1 == 1 { print ((getline c < counts) > 0 ? c : "none"); next } { print "-" }' "$tmp/sent" > "$out"
  echo "$t0 $t1" | awk '{ printf "%.2f", $2 - $1 }' > "$out.time"
}

names=(ratnik)
run_engine ./ratnik "$tmp/e0"
for i in "${!engines[@]}"; do
  names+=("$(basename "${engines[$i]}")")
  run_engine "${engines[$i]}" "$tmp/e$((i + 1))"
done

bad=0
printf '%-12s %5s %14s' variant depth expected
for n in "${names[@]}"; do printf ' %16s' "$n"; done
printf '  position\n'
row=0
while IFS='|' read -r variant d want fen; do
  row=$((row + 1))
  printf '%-12s %5s %14s' "$variant" "$d" "$want"
  for i in "${!names[@]}"; do
    got=$(sed -n "${row}p" "$tmp/e$i")
    printf ' %16s' "$got"
    if [ "$got" != "-" ] && [ "$got" != "$want" ]; then bad=$((bad + 1)); fi
  done
  printf '  %s\n' "$fen"
done < "$tmp/rows"
printf '%-33s' "time (s)"
for i in "${!names[@]}"; do printf ' %16s' "$(cat "$tmp/e$i.time")"; done
printf '\n'
echo "compare: $row positions, $bad differences"
[ "$bad" -eq 0 ]
