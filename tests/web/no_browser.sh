#!/bin/sh
# Without a browser the suite must fail with a clear message and leave no
# daemon behind (it had started the daemon first and then returned without
# stopping it). python3 -S cannot import Selenium, which stands in for a
# machine without the browser's packages.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
ln -s "$(pwd)/ratnik" "$dir/ratnik-nobrowser"
if RATNIK_BIN="$dir/ratnik-nobrowser" /usr/bin/python3 -S tests/web/run.py -k none 2>"$dir/err"; then
    echo "FAIL: the browser suite passed without a browser"; exit 1
fi
sleep 1
if pgrep -f "$dir/ratnik-nobrowser" >/dev/null; then
    pkill -f "$dir/ratnik-nobrowser"
    echo "FAIL: the daemon outlived the failed run"; exit 1
fi
if ! grep -q -i "selenium" "$dir/err"; then
    echo "FAIL: no clear message: $(cat "$dir/err")"; exit 1
fi
echo "ok: without a browser the suite fails clearly and leaves no daemon"
