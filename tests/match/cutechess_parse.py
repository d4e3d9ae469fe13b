#!/usr/bin/env python3
"""Reads `ratnik match` output on stdin the way scripts written for
cutechess-cli read cutechess-cli's, and prints what they find as JSON, for
tests/test_match_results.c to compare with the match's results file.

The readers, quoted from their sources:

OpenBench's client (Client/worker.py, MatchRunner.update_results), per
"Finished game" line:
    tokens = line.split()
    return int(tokens[2]), tokens[6]
    def game_to_pair(g): return (g, g+1) if g % 2 else (g-1, g)
    lookup = { '0-1' : 0, '1/2-1/2' : 1, '1-0' : 2 }
    return lookup[r1] + 2 - lookup[r2]              # pentanomial index
    return lookup[r1], 2 - lookup[r2]               # trinomial indices
    reason = line.split(':')[1]
    results['crashes'   ] += 'disconnect' in reason or 'stalls' in reason
    results['timelosses'] += 'on time' in reason
    results['illegals'  ] += 'illegal' in reason

chess-tuning-tools (tune/local.py, parse_experiment_result):
    re.findall(r"Score of.*:\\s*([0-9]+\\s-\\s[0-9]+\\s-\\s[0-9]+)", outstr)
    re.findall(r"Finished game ([0-9]+)", outstr)
  (one score line per finished game; their differences, in game order,
  paired two by two, give the pentanomial counts)

cutechess log readers, for the Elo line:
    r"^Elo difference: ([-+\\d.]+) \\+/- ([\\d.]+), LOS: ([\\d.]+) %.*$"
and cutechess's own SPRT wording (projects/lib/src/tournament.cpp):
    "SPRT: llr %1 (%2%), lbound %3, ubound %4" + " - H0 was accepted"
"""
import json
import re
import sys

text = sys.stdin.read()
out = {}

# OpenBench
games = {}
penta, tri = [0] * 5, [0] * 3
crashes = timelosses = illegals = 0
lookup = {'0-1': 0, '1/2-1/2': 1, '1-0': 2}
for line in text.splitlines():
    if 'Finished game' not in line:
        continue
    reason = line.split(':')[1]
    crashes += 'disconnect' in reason or 'stalls' in reason
    timelosses += 'on time' in reason
    illegals += 'illegal' in reason
    tokens = line.split()
    game, result = int(tokens[2]), tokens[6]
    games[game] = result
    first, second = (game, game + 1) if game % 2 else (game - 1, game)
    if first in games and second in games:
        r1, r2 = games.pop(first), games.pop(second)
        penta[lookup[r1] + 2 - lookup[r2]] += 1
        tri[lookup[r1]] += 1
        tri[2 - lookup[r2]] += 1
out['openbench'] = {'pentanomial': penta, 'trinomial': tri, 'crashes': crashes,
                    'timelosses': timelosses, 'illegals': illegals}

# chess-tuning-tools
wdl = [[int(y) for y in re.findall(r"[0-9]+", x)]
       for x in re.findall(r"Score of.*:\s*([0-9]+\s-\s[0-9]+\s-\s[0-9]+)", text)]
finished = [int(x) - 1 for x in re.findall(r"Finished game ([0-9]+)", text)]
diffs = [[c - p for c, p in zip(cur, prev)] for cur, prev in zip(wdl, [[0, 0, 0]] + wdl[:-1])]
diffs = [d for _, d in sorted(zip(finished, diffs))]
counts = {"WW": 0, "WD": 0, "WL/DD": 0, "LD": 0, "LL": 0}
for i in range(0, len(diffs) - 1, 2):
    w, l, d = [a + b for a, b in zip(diffs[i], diffs[i + 1])]
    key = {4: "WW", 3: "WD", 2: "WL/DD", 1: "LD", 0: "LL"}[2 * w + d]
    counts[key] += 1
out['tuning'] = {'last_score': wdl[-1] if wdl else None, 'pentanomial': counts}

# Elo and SPRT lines
elo = re.findall(r"^Elo difference: ([-+\d.]+) \+/- ([\d.]+), LOS: ([\d.]+) %.*$", text, re.MULTILINE)
if elo:
    out['elo'], out['elo_error'], out['los'] = map(float, elo[-1])
sprt = re.findall(r"^SPRT: llr ([-+\d.e]+) \(([-+\d.]+)%\), lbound ([-+\d.e]+), ubound ([-+\d.e]+)( - (H[01]) was accepted)?$",
                  text, re.MULTILINE)
if sprt:
    llr, pct, lo, hi, _, verdict = sprt[-1]
    out['sprt'] = {'llr': float(llr), 'lbound': float(lo), 'ubound': float(hi), 'result': verdict or 'continue'}
print(json.dumps(out))
