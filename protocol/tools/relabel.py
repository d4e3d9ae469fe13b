#!/usr/bin/env python3
"""Relabel ratnik datagen positions with another UCI engine's scores.

Reads lines `<FEN> | <score> | <result>` (docs/evaluation.md, "Training
data") and writes the same lines with <score> replaced by the other
engine's score, from White's view, scaled into the scores' own units: the
scale is fitted so that both sets of scores predict the games' results
equally well (a win-expectancy curve per set, fitted on the results), so
the tuner's sigmoid reads them alike. Positions the other engine scores as
mate are dropped: no centipawn label fits them.

Why: the games' results are noisy labels, and ratnik's own search score
only teaches the evaluation to agree with itself; a stronger engine's
score on the same positions is a label with less noise. The positions and
results stay ratnik's own games. The engine's output is data, not code.

Standard library only. Deterministic: every position is searched from an
empty hash (`ucinewgame`, Hash 1) to a fixed node count, one thread.

    python3 protocol/tools/relabel.py --engine /usr/games/stockfish \
        --nodes 2000 --jobs 2 < chess.txt > chess-sf.txt
"""
import argparse
import math
import multiprocessing
import subprocess
import sys


def start_engine(path):
    p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    send(p, "uci")
    wait_for(p, "uciok")
    send(p, "setoption name Threads value 1")
    send(p, "setoption name Hash value 1")
    send(p, "isready")
    wait_for(p, "readyok")
    return p


def send(p, line):
    p.stdin.write(line + "\n")
    p.stdin.flush()


def read_line(p):
    line = p.stdout.readline()
    if not line:
        raise RuntimeError("engine closed its output")
    return line


def wait_for(p, token):
    while True:
        line = read_line(p)
        if line.startswith(token):
            return line


def score_of(p, fen, nodes):
    """The engine's score in centipawns from White's view, or None for mate."""
    send(p, "ucinewgame")
    send(p, "position fen " + fen)
    send(p, "go nodes %d" % nodes)
    last = None
    while True:
        line = read_line(p)
        if line.startswith("bestmove"):
            break
        if line.startswith("info") and " score " in line:
            last = line.split()
    if last is None:
        return None
    i = last.index("score")
    if last[i + 1] != "cp":
        return None
    cp = int(last[i + 2])
    return cp if fen.split()[1] == "w" else -cp


def label_chunk(args):
    path, nodes, lines = args
    p = start_engine(path)
    out = []
    for line in lines:
        fen = line.split("|")[0].strip()
        out.append(score_of(p, fen, nodes))
    send(p, "quit")
    p.wait()
    return out


def fit_k(scores, results):
    """K of 1 / (1 + exp(-K x / 400)) that best predicts the results."""
    def err(k):
        return sum((r - 1 / (1 + math.exp(-k * s / 400))) ** 2 for s, r in zip(scores, results))
    lo, hi = 0.05, 5.0
    for _ in range(60):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if err(a) < err(b):
            hi = b
        else:
            lo = a
    return (lo + hi) / 2


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", required=True)
    ap.add_argument("--nodes", type=int, default=2000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--chunk", type=int, default=2000)
    a = ap.parse_args()
    if a.nodes < 1 or a.jobs < 1 or a.chunk < 1:
        ap.error("--nodes, --jobs and --chunk must be at least 1")
    lines = [l.rstrip("\n") for l in sys.stdin if l.count("|") == 2]
    chunks = [(a.engine, a.nodes, lines[i:i + a.chunk]) for i in range(0, len(lines), a.chunk)]
    labels = []
    with multiprocessing.Pool(a.jobs) as pool:
        for k, part in enumerate(pool.imap(label_chunk, chunks)):
            labels.extend(part)
            print("relabel: %d/%d positions" % (len(labels), len(lines)), file=sys.stderr)
    kept = [(l, s) for l, s in zip(lines, labels) if s is not None]
    own = [int(l.split("|")[1]) for l, _ in kept]
    res = [float(l.split("|")[2]) for l, _ in kept]
    theirs = [s for _, s in kept]
    k_own, k_theirs = fit_k(own, res), fit_k(theirs, res)
    scale = k_theirs / k_own
    print("relabel: %d kept, %d mate scores dropped; K own %.4f, K engine %.4f, scale %.4f"
          % (len(kept), len(lines) - len(kept), k_own, k_theirs, scale), file=sys.stderr)
    for l, s in kept:
        fen, _, result = l.split("|")
        print("%s| %d |%s" % (fen, round(s * scale), result))


if __name__ == "__main__":
    main()
