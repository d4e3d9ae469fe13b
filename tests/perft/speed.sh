#!/usr/bin/env bash
# The perft speed figures (docs/perft.md, "Speed"), measured back to back on this machine:
#  1. chess start position perft 6, ratnik (1 thread, no hash) against
#     Stockfish's `go perft 6`, alternated REPS times; best wall and user time;
#  2. nodes/second of every variant on its start position (per wall and
#     per CPU second: the second holds still on a busy machine);
#  3. perft 6 with --threads 2 against 1 thread;
#  4. perft 7 with and without --hash (skipped with QUICK=1).
# usage: tests/perft/speed.sh [REPS]   (default 3). Uses CPU for about a minute.
set -euo pipefail
cd "$(dirname "$0")/../.."
reps=${1:-3}
SF=${STOCKFISH:-/usr/games/stockfish}
[ -x ./ratnik ] || make -s ratnik
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# "wall user" seconds of one command (stdin from $2 when given).
timed() {
  local in=${2:-/dev/null}
  /usr/bin/time -f '%e %U' -o "$tmp/t" bash -c "$1" < "$in" > /dev/null 2>&1
  cat "$tmp/t"
}
best() { sort -n -k"$1" "$tmp/$2" | head -n 1 | cut -d' ' -f"$1"; }

echo "# load average before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) CPUs"
echo "## 1. chess perft 6: ratnik vs stockfish, $reps alternations"
printf 'position startpos\ngo perft 6\nquit\n' > "$tmp/sf6"
printf 'quit\n' > "$tmp/sfq"
: > "$tmp/r"; : > "$tmp/s"
for ((i = 0; i < reps; i++)); do
  timed "./ratnik perft --no-progress 6" >> "$tmp/r"
  if [ -x "$SF" ]; then timed "$SF" "$tmp/sf6" >> "$tmp/s"; fi
done
echo "ratnik perft 6:      best wall $(best 1 r) s, best user $(best 2 r) s"
if [ -x "$SF" ]; then
  timed "$SF" "$tmp/sfq" > "$tmp/q"
  echo "stockfish go perft 6: best wall $(best 1 s) s, best user $(best 2 s) s (start-up alone: $(cat "$tmp/q"))"
  awk -v r="$(best 1 r)" -v s="$(best 1 s)" -v ru="$(best 2 r)" -v su="$(best 2 s)" \
    'BEGIN { printf "ratio ratnik/stockfish: wall %.2f, user %.2f\n", r / s, (su > 0 ? ru / su : 0) }'
fi

echo "## 2. start positions, nodes per second of wall time and of CPU time (best of $reps)"
for spec in chess:6 buratia:5 japanese:6 belarusian:6 voodoo:2; do
  v=${spec%:*} d=${spec#*:}
  for ((i = 0; i < reps; i++)); do
    ./ratnik perft --no-progress --json --variant "$v" "$d" \
      | sed 's/.*"nodes": \([0-9]*\), "ms": \([0-9.]*\), .*"cpu_ms": \([0-9.]*\),.*/\1 \2 \3/'
  done | awk -v v="$v" -v d="$d" '{ w = $1 / $2 * 1e3; c = $1 / $3 * 1e3; if (w > bw) bw = w; if (c > bc) bc = c }
    END { printf "%-11s perft %d %11d nodes  %12.0f nps wall  %12.0f nps CPU\n", v, d, $1, bw, bc }'
done

echo "## 3. perft 6 with 2 threads against 1, $reps alternations"
: > "$tmp/t1"; : > "$tmp/t2"
for ((i = 0; i < reps; i++)); do
  timed "./ratnik perft --no-progress 6" >> "$tmp/t1"
  timed "./ratnik perft --no-progress --threads 2 6" >> "$tmp/t2"
done
awk -v a="$(best 1 t1)" -v b="$(best 1 t2)" 'BEGIN { printf "1 thread %.2f s, 2 threads %.2f s: speedup %.2fx\n", a, b, a / b }'

[ "${QUICK:-0}" = 1 ] && exit 0
echo "## 4. perft 7 with and without hash (one run each)"
for args in "7" "--hash 256 7" "--threads 2 7" "--threads 2 --hash 256 7"; do
  echo "perft $args: $(timed "./ratnik perft --no-progress $args") (wall user)"
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
