#!/bin/sh
# Load test of the TCP daemon: starts ./ratnik --listen on a free port of
# 127.0.0.1, runs tests/load/load_client with N sessions (default 200), then
# reports the daemon's peak RSS and stops it with SIGTERM (exit 0 expected).
#   tests/load/load.sh [SESSIONS] [PLIES]      (run by `make load`)
set -u
N=${1:-200}
PLIES=${2:-400}
LIMIT=${LOAD_TIMEOUT:-600}
cd "$(dirname "$0")/../.." || exit 1
LOG=$(mktemp /tmp/ratnik-load-XXXXXX)
trap 'rm -f "$LOG"' EXIT
./ratnik --listen 127.0.0.1:0 --max-sessions "$N" 2>"$LOG" &
PID=$!
i=0
PORT=
while [ $i -lt 100 ] && [ -z "$PORT" ]; do
  PORT=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\) .*/\1/p' "$LOG")
  [ -n "$PORT" ] || sleep 0.1
  i=$((i + 1))
done
if [ -z "$PORT" ]; then echo "load: the daemon did not start"; cat "$LOG"; kill "$PID"; exit 1; fi
echo "load: daemon pid $PID on 127.0.0.1:$PORT, $N sessions, games of up to $PLIES plies, go depth 3"
timeout $((LIMIT + 30)) tests/load/load_client --port "$PORT" --sessions "$N" --plies "$PLIES" --timeout "$LIMIT" ${LOAD_VARIANTS:+--variants "$LOAD_VARIANTS"}
RC=$?
grep -E 'VmHWM|VmRSS|Threads' /proc/$PID/status | tr -s ' \t' ' ' | sed 's/^/load: daemon /'
kill -TERM "$PID"
i=0
while kill -0 "$PID" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 "$PID" 2>/dev/null; then echo "load: the daemon did not exit after SIGTERM"; kill -KILL "$PID"; RC=1
else wait "$PID"; DRC=$?; echo "load: daemon exit code $DRC"; [ "$DRC" = 0 ] || RC=1; fi
exit $RC
