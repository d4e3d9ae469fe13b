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
# Fault sessions (tests/load/fault_client.c) run beside the load unless
# LOAD_FAULTS=0: resets and half-closes mid-search, 1 MB lines, binary junk
# for LOAD_FAULT_SECONDS, and one connection idle past --idle-timeout
# LOAD_IDLE seconds. LOAD_SIGTERM_AFTER=S sends SIGTERM S seconds into the
# load instead of after it (the games are then cut short; only a clean
# exit counts).
FAULTS=${LOAD_FAULTS:-1}
[ -n "${LOAD_SIGTERM_AFTER:-}" ] && FAULTS=0 # the faults would all fail once the daemon is gone
IDLE=${LOAD_IDLE:-60}
./ratnik --listen 127.0.0.1:0 --max-sessions $((N + 4)) --idle-timeout "$IDLE" 2>"$LOG" &
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
FPID=
if [ "$FAULTS" != 0 ]; then
  timeout $((LIMIT + 30)) tests/load/fault_client --port "$PORT" --duration "${LOAD_FAULT_SECONDS:-60}" --idle "$IDLE" &
  FPID=$!
fi
if [ -n "${LOAD_SIGTERM_AFTER:-}" ]; then
  (sleep "$LOAD_SIGTERM_AFTER"; echo "load: SIGTERM to the daemon during the load"; kill -TERM "$PID") &
fi
timeout $((LIMIT + 30)) tests/load/load_client --port "$PORT" --sessions "$N" --plies "$PLIES" --timeout "$LIMIT" ${LOAD_VARIANTS:+--variants "$LOAD_VARIANTS"}
RC=$?
if [ -n "$FPID" ]; then wait "$FPID" || RC=1; fi
if [ -n "${LOAD_SIGTERM_AFTER:-}" ]; then
  i=0
  while kill -0 "$PID" 2>/dev/null && [ $i -lt 150 ]; do sleep 0.1; i=$((i + 1)); done
  if kill -0 "$PID" 2>/dev/null; then echo "load: the daemon did not exit within 15 s of SIGTERM"; kill -KILL "$PID"; exit 1; fi
  wait "$PID"; DRC=$?; echo "load: daemon exit code $DRC after SIGTERM during the load"
  [ "$DRC" = 0 ] && exit 0 || exit 1
fi
grep -E 'VmHWM|VmRSS|Threads' /proc/$PID/status | tr -s ' \t' ' ' | sed 's/^/load: daemon /'
kill -TERM "$PID"
i=0
while kill -0 "$PID" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if kill -0 "$PID" 2>/dev/null; then echo "load: the daemon did not exit after SIGTERM"; kill -KILL "$PID"; RC=1
else wait "$PID"; DRC=$?; echo "load: daemon exit code $DRC"; [ "$DRC" = 0 ] || RC=1; fi
exit $RC
