#!/usr/bin/env python3
"""A person at XBoard's board, scripted: clicks squares with xdotool on an
XBoard that runs under Xvfb (its screen is read from Xvfb's -fbdir file to
find the board), plays White against ratnik, and checks at the end that the
board XBoard saved (-spf, written when XBoard exits) is ratnik's.

    person.py VARIANT XVFB_SCREEN_FILE XBOARD_DEBUG_LOG XBOARD_PID POSITION_FILE

The person's moves are chosen from ratnik's own legal list (a second ratnik,
over UCI, replays the game: the "oracle"), so the script never needs to
know the rules; it knows only what it wants (a promotion in Japanese, a few
moves and one move onto the throne that must be refused in Belarusian).
Exit 0 when every check passed; each failure is printed."""
import os
import re
import signal
import struct
import subprocess
import sys
import time

LIGHT, DARK = (0x40, 0xC0, 0x40), (0x40, 0x40, 0xC0)  # -lightSquareColor, -darkSquareColor
FILES = {"japanese": 9, "belarusian": 9}
# XBoard's letters for our promoted pieces (variants/japanese.c's XboardView).
XB_LETTERS = {"japanese": {"+R": "D", "+B": "H"}, "belarusian": {}}
RATNIK = os.environ.get("RATNIK_BIN", "./ratnik")


def fail(msg):
    print("person: FAIL: " + msg)
    sys.exit(1)


class Screen:
    """Xvfb's screen as an XWD file, read fresh each time."""

    def __init__(self, path):
        self.path = path

    def pixels(self):
        data = open(self.path, "rb").read()
        f = struct.unpack(">25I", data[:100])
        header, width, height, order, bpp, bpl, ncolors = f[0], f[4], f[5], f[7], f[11], f[12], f[19]
        if bpp != 32:
            fail("Xvfb screen is %d bits per pixel, want 32" % bpp)
        return data[header + 12 * ncolors:], width, height, bpl, order

    def board(self, files):
        """The board's rectangle: the box of the square colours."""
        px, w, h, bpl, order = self.pixels()
        want = {bytes(c[::-1]) if order == 0 else bytes(c) for c in (LIGHT, DARK)}
        x0 = y0 = 10 ** 9
        x1 = y1 = -1
        for y in range(0, h, 2):
            row = px[y * bpl:y * bpl + w * 4]
            for x in range(0, w, 2):
                p = row[x * 4:x * 4 + 3] if order == 0 else row[x * 4 + 1:x * 4 + 4]
                if p in want:
                    x0, x1, y0, y1 = min(x0, x), max(x1, x), min(y0, y), max(y1, y)
        if x1 < 0:
            return None
        return x0, y0, x1 + 2, y1 + 2


class Log:
    """XBoard's debug log, followed from where the last wait ended."""

    def __init__(self, path):
        self.path, self.pos = path, 0

    def wait(self, pattern, timeout=20.0):
        end = time.time() + timeout
        rx = re.compile(pattern)
        while time.time() < end:
            try:
                with open(self.path, "r", errors="replace") as f:
                    f.seek(self.pos)
                    text = f.read()
            except FileNotFoundError:
                text = ""
            for line in text.splitlines(keepends=True):
                if not line.endswith("\n"):
                    break
                self.pos += len(line.encode("utf-8", "replace"))
                m = rx.search(line)
                if m:
                    return m
            time.sleep(0.1)
        return None

    def skip_to_end(self):
        try:
            self.pos = os.path.getsize(self.path)
        except FileNotFoundError:
            pass


class Oracle:
    """ratnik over UCI: the legal turns and the FEN after a move list."""

    def __init__(self, variant):
        self.p = subprocess.Popen([RATNIK], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value " + variant)
        self.moves = []

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def until(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                fail("oracle ratnik ended")
            lines.append(line.rstrip("\n"))
            if word in line:
                return lines

    def ask(self, cmd):
        self.send("position startpos" + (" moves " + " ".join(self.moves) if self.moves else ""))
        self.send(cmd)
        return self.until("info string %s end" % cmd)

    def legal(self):
        out = []
        for line in self.ask("legal"):
            if line.startswith("info string legal ") and not line.endswith(" end"):
                out += line.split()[3:]
        return out

    def fen(self):
        for line in self.ask("state"):
            if line.startswith("info string state fen "):
                return line[len("info string state fen "):]
        fail("oracle gave no FEN")

    def result(self):
        for line in self.ask("state"):
            if line.startswith("info string state result "):
                return line.split()[4]
        return "none"


def board_rows(fen, letters):
    """The board field as 8 or 9 rows of one character per square, our
    promoted letters written as XBoard's."""
    rows = []
    for rank in fen.split()[0].split("[")[0].split("/"):
        row, i = "", 0
        while i < len(rank):
            c = rank[i]
            if c.isdigit():
                row += "." * int(c)
            elif c == "+":
                i += 1
                key = "+" + rank[i].upper()
                x = letters.get(key, "?")
                row += x if rank[i].isupper() else x.lower()
            else:
                row += c
            i += 1
        rows.append(row)
    return rows


class Person:
    def __init__(self, variant, screen, log):
        self.variant, self.files = variant, FILES[variant]
        self.screen, self.log = screen, log
        self.rect = None
        end = time.time() + 30
        while not self.rect and time.time() < end:
            time.sleep(0.5)
            self.rect = screen.board(self.files)
        if not self.rect:
            fail("no board on the screen")
        print("person: board at %s" % (self.rect,))

    def click(self, sq):
        x0, y0, x1, y1 = self.rect
        f, r = ord(sq[0]) - ord("a"), int(sq[1:]) - 1
        w, h = (x1 - x0) / self.files, (y1 - y0) / self.files
        x, y = int(x0 + (f + 0.5) * w), int(y1 - (r + 0.5) * h)
        subprocess.run(["xdotool", "mousemove", str(x), str(y), "click", "1"], check=True)

    def lift(self, sq):
        """Clicks a piece; returns the highlight ratnik answered."""
        self.click(sq)
        if not self.log.wait(r">first : lift %s$" % sq, 10):
            fail("XBoard sent no lift for " + sq)
        m = self.log.wait(r"<first : highlight (\S+)", 10)
        if not m:
            fail("ratnik sent no highlight for " + sq)
        time.sleep(0.3)
        return m.group(1)


def xboard_form(move):
    """How a click sequence enters one of ratnik's turns: squares to click."""
    m = re.fullmatch(r"([a-i][1-9])([a-i][1-9])([a-z]?)", move)
    if not m:
        return None
    a, b, _ = m.groups()
    return [a, b] if a != b else None


def engine_turn(text, legal):
    """ratnik's move as XBoard showed it, back in the rules' notation."""
    cands = [text, text[:-1]]
    m = re.fullmatch(r"([a-i][1-9])([a-i][1-9]),([a-i][1-9])([a-i][1-9])([a-z])", text)
    if m and m.group(1) == m.group(4):
        cands.insert(0, m.group(1) * 2 + m.group(5))
    for c in cands:
        if c in legal:
            return c
    fail("engine move %s is none of ratnik's legal turns" % text)


def promotes(fen_rows, move):
    """Japanese: a White silver, unicorn, lance, rook or bishop landing on a
    square of Black's start position (RULES.md)."""
    a, b = move[:2], move[2:4]
    row = lambda sq: fen_rows[9 - int(sq[1])]
    piece = row(a)[ord(a[0]) - 97]
    rank = int(b[1])
    zone = rank in (7, 9) or b in ("b8", "h8")
    return piece in "SNLRB" and zone


def play_move(person, oracle, move, clicks):
    person.log.skip_to_end()
    person.lift(clicks[0])
    for sq in clicks[1:]:
        person.click(sq)
        time.sleep(0.4)
    m = person.log.wait(r">first : usermove (?:\d+ >first : )?(\S+)", 15)
    if not m:
        fail("XBoard sent no usermove for " + move)
    print("person: %s clicked, XBoard sent usermove %s" % (move, m.group(1)))
    oracle.moves.append(move)
    if oracle.result() != "none":
        return m.group(1), None
    reply = person.log.wait(r"<first : move (\S+)", 60)
    if not reply:
        fail("ratnik did not answer " + move)
    turn = engine_turn(reply.group(1), oracle.legal())
    oracle.moves.append(turn)
    print("person: ratnik answered %s (%s)" % (reply.group(1), turn))
    return m.group(1), turn


def refused(person, frm, to):
    """A click on a square ratnik did not mark must send no move."""
    person.log.skip_to_end()
    marks = person.lift(frm)
    person.click(to)
    time.sleep(1.5)
    if person.log.wait(r">first : usermove", 2):
        fail("XBoard sent a move %s%s that ratnik's highlight %s did not allow" % (frm, to, marks))
    person.click(frm)  # put the piece back: a second click on it deselects
    time.sleep(0.5)
    print("person: %s%s refused (marks %s)" % (frm, to, marks))


def japanese(person, oracle):
    opening = ["c3c4", "g3g4", "e3e4", "a3a4"]
    for _ in range(10):
        legal = oracle.legal()
        rows = board_rows(oracle.fen(), {})
        simple = [t for t in legal if xboard_form(t)]
        promo = [t for t in simple if promotes(rows, t)]
        bishop = [t for t in simple if rows[9 - int(t[1])][ord(t[0]) - 97] == "B"]
        move = (promo or [t for t in opening if t in simple] or bishop or simple)[0]
        if move in opening:
            opening.remove(move)
        sent, _ = play_move(person, oracle, move, xboard_form(move))
        if promo:
            if sent != move + {"S": "g", "N": "g", "L": "g", "R": "d", "B": "h"}[rows[9 - int(move[1])][ord(move[0]) - 97]]:
                fail("promotion %s sent as %s" % (move, sent))
            print("person: promoted with %s" % sent)
            return
    fail("no promotion in ten moves")


def belarusian(person, oracle):
    play_move(person, oracle, "e2e4", ["e2", "e4"])
    # A ratnik may not stand on the throne: XBoard's own rules (legality
    # testing off) would let it; ratnik's marks must not.
    refused(person, "e4", "e5")
    wanted = ["d2d4", "f2f4", "c2c3", "g2g3", "d1e2", "b2b3"]
    for _ in range(6):
        legal = oracle.legal()
        simple = [t for t in legal if xboard_form(t)]
        caps = []
        rows = board_rows(oracle.fen(), {})
        for t in simple:
            target = rows[9 - int(t[3])][ord(t[2]) - 97]
            if target.islower():
                caps.append(t)
        move = (caps or [t for t in wanted if t in simple] or simple)[0]
        if move in wanted:
            wanted.remove(move)
        _, reply = play_move(person, oracle, move, xboard_form(move))
        if reply is None:
            return


def main():
    variant, screen_file, debug_log, xboard_pid, position_file = sys.argv[1:6]
    log = Log(debug_log)
    if not log.wait(r"<first : feature .*done=1", 30):
        fail("ratnik did not start under XBoard")
    time.sleep(2)
    person = Person(variant, Screen(screen_file), log)
    oracle = Oracle(variant)
    {"japanese": japanese, "belarusian": belarusian}[variant](person, oracle)
    time.sleep(1)
    want = oracle.fen()
    os.kill(int(xboard_pid), signal.SIGTERM)  # XBoard exits, saving its position
    for _ in range(100):
        if os.path.exists(position_file) and os.path.getsize(position_file):
            break
        time.sleep(0.1)
    time.sleep(0.5)
    got = open(position_file).read().strip() if os.path.exists(position_file) else ""
    print("person: ratnik's FEN %s" % want)
    print("person: XBoard's FEN %s" % got)
    if not got:
        fail("XBoard saved no position")
    if board_rows(got, {}) != board_rows(want, XB_LETTERS[variant]) or got.split()[1] != want.split()[1]:
        fail("XBoard's board differs from ratnik's")
    print("person: %s: boards agree after %d turns" % (variant, len(oracle.moves)))


if __name__ == "__main__":
    main()
