#!/usr/bin/python3
"""Fits search/wdl.c's model to games of `ratnik match` (docs/uci.md "WDL").

Usage: search/wdl_fit.py GAMES.pgn...

Every move's comment {+0.35/9 0.120s} holds a score in pawns from the mover's
view; the game's result, seen from the same mover, is the outcome. The
fit maximises the likelihood of the outcomes under
  P(win) = 1 / (1 + exp((a - s) / b)),  P(loss) = 1 / (1 + exp((a + s) / b))
over a and b in centipawns (a coarse grid, then a fine one around its
best), and prints a, b and how many scores and games it used. Mate
scores and scores beyond 20 pawns say nothing about the slope and are
left out.
"""
import math
import re
import sys

COMMENT = re.compile(r"\{([^}]*)\}")
SCORE = re.compile(r"^([+-]?\d+\.\d+)/\d+ ")
RESULT = re.compile(r'\[Result "([^"]+)"\]')
TERMINATION = re.compile(r'\[Termination "([^"]+)"\]')
# Games the board decided; a time forfeit or a crash says nothing of the score.
BOARD_ENDS = ("normal", "advantage", "adjudication")
FEN_SIDE = re.compile(r'\[FEN "[^"]* ([wb]) ')


def games(text):
    for chunk in re.split(r"\n(?=\[Event )", text):
        result = RESULT.search(chunk)
        if not result or result.group(1) not in ("1-0", "0-1", "1/2-1/2"):
            continue
        end = TERMINATION.search(chunk)
        if end and end.group(1) not in BOARD_ENDS:
            continue
        side = FEN_SIDE.search(chunk)
        first = 0 if not side or side.group(1) == "w" else 1
        movetext = chunk[chunk.rfind("]") + 1:]
        # Every move has one comment (a score, a bare time, `book`); the
        # last one is the game's end.
        comments = [m.group(1) for m in COMMENT.finditer(movetext)]
        scores = [SCORE.match(c) for c in comments]
        yield result.group(1), first, [float(m.group(1)) if m else None for m in scores]


def samples(paths):
    out, ngames = [], 0
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for result, first, scores in games(f.read()):
                ngames += 1
                white_score = {"1-0": 1, "0-1": -1, "1/2-1/2": 0}[result]
                for ply, pawns in enumerate(scores):
                    if pawns is None or abs(pawns) > 20:
                        continue
                    mover_white = (ply + first) % 2 == 0
                    out.append((pawns * 100, white_score if mover_white else -white_score))
    return out, ngames


def loglik(data, a, b):
    total = 0.0
    for s, o in data:
        w = 1 / (1 + math.exp(min(700, (a - s) / b)))
        l = 1 / (1 + math.exp(min(700, (a + s) / b)))
        p = w if o > 0 else l if o < 0 else 1 - w - l
        total += math.log(max(p, 1e-9))
    return total


def fit(data):
    best = max(((a, b) for a in range(0, 2001, 25) for b in range(25, 5001, 50)), key=lambda ab: loglik(data, *ab))
    a0, b0 = best
    fine = ((a, b) for a in range(max(0, a0 - 24), a0 + 25, 2) for b in range(max(5, b0 - 24), b0 + 25, 2))
    return max(fine, key=lambda ab: loglik(data, *ab))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    data, ngames = samples(sys.argv[1:])
    if not data:
        sys.exit("wdl_fit: no scored moves in the games")
    a, b = fit(data)
    draws = sum(1 for _, o in data if o == 0)
    print(f"win_cp {a} scale_cp {b}  ({len(data)} scores of {ngames} games, {draws} from drawn games)")


if __name__ == "__main__":
    main()
