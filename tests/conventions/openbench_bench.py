#!/usr/bin/python3
"""Reads `ratnik bench` as OpenBench's client does (Client/bench.py of
github.com/AndyGrant/OpenBench, parse_stream_output): the output is read
from its last line up, each line with every non-alphanumeric character
turned into a space, and the first matches of these two patterns (kept as
OpenBench writes them) give the bench signature and the speed.

Usage: openbench_bench.py BINARY [BENCH ARGS...] -- EXPECTED_NODES MAX_SECONDS
Exit 0 when OpenBench would read EXPECTED_NODES and a positive nps within
MAX_SECONDS (OpenBench's MAX_BENCH_TIME_SECONDS is 60); else 1, saying why.
"""
import re
import subprocess
import sys
import time

# Quoted from OpenBench's Client/bench.py.
NPS_PATTERN = r'(\d+\s+nps)|(nps\s+\d+)|(nodes second\s+\d+)'
BENCH_PATTERN = r'(\d+\s+nodes)|(nodes\s+\d+)|(nodes searched\s+\d+)'


def parse_stream_output(stream):
    nps = bench = None
    for line in stream.decode('utf-8').strip().split('\n')[::-1]:
        line = re.sub(r'[^a-zA-Z0-9 ]+', ' ', line)
        re_nps = re.search(NPS_PATTERN, line, re.IGNORECASE)
        re_bench = re.search(BENCH_PATTERN, line, re.IGNORECASE)
        if re_nps:
            nps = nps if nps else re_nps.group()
        if re_bench:
            bench = bench if bench else re_bench.group()
    nps = int(re.search(r'\d+', nps).group()) if nps else None
    bench = int(re.search(r'\d+', bench).group()) if bench else None
    return bench, nps


def main():
    args = sys.argv[1:]
    if '--' not in args or len(args) < 4:
        sys.exit(__doc__)
    cut = args.index('--')
    cmd, (expected, max_seconds) = args[:cut], args[cut + 1:]
    start = time.monotonic()
    # OpenBench runs the bench with stderr joined to stdout.
    out = subprocess.run([cmd[0], 'bench'] + cmd[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         check=False).stdout
    seconds = time.monotonic() - start
    bench, nps = parse_stream_output(out)
    print(f'OpenBench reads bench {bench} nps {nps} in {seconds:.1f} s')
    if bench != int(expected):
        sys.exit(f'bench {bench}, expected {expected}')
    if not nps:
        sys.exit('no nps')
    if seconds >= float(max_seconds):
        sys.exit(f'bench took {seconds:.1f} s, OpenBench allows {max_seconds}')


if __name__ == '__main__':
    main()
