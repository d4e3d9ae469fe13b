#!/usr/bin/env bash
# protocol/tools/relabel.py against the real Stockfish: every position of
# the committed chess sample comes back in order with its result, scored by
# Stockfish (not the sample's own score everywhere), a position Stockfish
# scores as mate is dropped, and a second run gives the same file. Fails
# when stockfish or python3 is missing (CI installs both).
set -euo pipefail
cd "$(dirname "$0")/.."
SF=$(command -v stockfish || echo /usr/games/stockfish)
[ -x "$SF" ] || { echo "relabel: stockfish is missing (apt-get install stockfish)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "relabel: python3 is missing" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
head -n 40 tests/tuning/chess.txt > "$tmp/in.txt"
echo "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 | 300 | 1" >> "$tmp/in.txt"   # Ra8 mates
run() { python3 protocol/tools/relabel.py --engine "$SF" --nodes 500 --jobs 2 --chunk 7 < "$tmp/in.txt" 2> "$tmp/log"; }
run > "$tmp/a.txt"
run > "$tmp/b.txt"
fail() { echo "relabel: $*" >&2; cat "$tmp/log" >&2; exit 1; }
cmp -s "$tmp/a.txt" "$tmp/b.txt" || fail "two runs differ"
grep -q "40 kept, 1 mate scores dropped" "$tmp/log" || fail "expected 40 kept and the mate dropped"
[ "$(head -n 40 "$tmp/in.txt" | cut -d'|' -f1,3)" = "$(cut -d'|' -f1,3 "$tmp/a.txt")" ] || fail "FENs or results changed"
awk -F' [|] ' 'NF != 3 || $2 !~ /^-?[0-9]+$/ { bad = 1 } END { exit bad }' "$tmp/a.txt" || fail "a line is not FEN | score | result"
same=$(paste -d'\n' <(head -n 40 "$tmp/in.txt" | cut -d'|' -f2) <(cut -d'|' -f2 "$tmp/a.txt") | paste - - | awk '$1 == $2' | wc -l)
[ "$same" -lt 30 ] || fail "$same of 40 scores unchanged: not Stockfish's"
echo "relabel: ok (40 positions relabelled, the mate dropped, two runs identical)"
