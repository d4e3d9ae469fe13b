#!/usr/bin/env bash
# Compares ratnik's chess perft with Stockfish's on positions reached by
# seeded random play (captures, castling, en passant and promotions all turn
# up). Usage: tests/compare_stockfish.sh [games] [depth]. Exit 1 on any
# difference; fail when stockfish is not installed (CI installs it).
set -euo pipefail
cd "$(dirname "$0")/.."
SF=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$SF" ] || { echo "compare_stockfish: stockfish is missing (apt-get install stockfish)" >&2; exit 1; }
games=${1:-40}
depth=${2:-3}
RANDOM=20261129
fens=()
for ((g = 0; g < games; g++)); do
  fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  plies=$((20 + RANDOM % 60))
  for ((p = 0; p < plies; p++)); do
    mapfile -t moves < <(./ratnik perft --fen "$fen" --divide 1 2>/dev/null | sed -n 's/^\([a-h][1-8][a-h][1-8][qrbn]*\): 1$/\1/p')
    [ ${#moves[@]} -gt 0 ] || break
    m=${moves[$((RANDOM % ${#moves[@]}))]}
    fen=$(printf 'position fen %s moves %s\nd\n' "$fen" "$m" | ./ratnik | sed -n 's/^Fen: //p')
    if ((p % 5 == 4)); then fens+=("$fen"); fi
  done
done
batch() { for f in "${fens[@]}"; do printf 'position fen %s\ngo perft %s\n' "$f" "$depth"; done; echo quit; }
mapfile -t ours < <(batch | ./ratnik | sed -n 's/^Nodes searched: //p')
mapfile -t theirs < <(batch | "$SF" | sed -n 's/^Nodes searched: //p')
bad=0
for i in "${!fens[@]}"; do
  if [ "${ours[$i]:-x}" != "${theirs[$i]:-y}" ]; then
    echo "MISMATCH perft $depth: ${fens[$i]}: ratnik ${ours[$i]:-none}, stockfish ${theirs[$i]:-none}"
    bad=$((bad + 1))
  fi
done
echo "compare_stockfish: ${#fens[@]} positions, perft $depth, $bad mismatches"
[ "$bad" -eq 0 ]
