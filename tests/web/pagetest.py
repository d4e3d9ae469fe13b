"""The base of the browser tests: a fresh page (a new engine session) per
test, and the check that what the page draws is the reference engine's
position after the page's own move list."""

import unittest

from webtest import Browser, Engine, Server, parse_fen

MOVETIME = 50   # the page's engine: fast, the games are long enough


class Fixture:
    """One daemon, one browser and one reference engine for the whole run
    (tests/web/run.py makes and ends it)."""
    server = browser = ref = None

    @classmethod
    def make(cls):
        cls.server = Server()
        cls.browser = Browser()
        cls.ref = Engine()

    @classmethod
    def end(cls):
        for thing in (cls.browser and cls.browser.quit, cls.ref and cls.ref.close, cls.server and cls.server.stop):
            if thing:
                thing()


class PageTest(unittest.TestCase):
    """Opens a fresh page (a new engine session) for each test."""

    def setUp(self):
        self.b = Fixture.browser
        self.ref = Fixture.ref
        self.server = Fixture.server
        self.base = 'startpos'

    def tearDown(self):
        errors = self.b.console_errors()
        self.assertTrue(self.server.alive(), 'the daemon died')
        self.assertEqual(errors, [], 'errors in the browser console')

    def start(self, variant, fen=None, human='white', corruption=False, mode='engine', movetime=MOVETIME):
        b = self.b
        self.ref.use(variant)
        b.open(self.server.url)
        if variant != 'chess':
            b.select('variant', variant)
            b.wait(lambda: b.snapshot()['fen'] == self.ref.startfen, 'the variant')
        b.set_value('movetime', movetime)
        if corruption:
            b.click('#corruption')
        if mode != 'engine':
            b.select('mode', mode)
        if fen:
            b.set_value('fen-input', fen)
            b.click('#setup-fen')
            placement = fen.split()[0].split('[')[0]
            b.wait(lambda: b.snapshot()['fen'].split('[')[0].split()[0] == placement, 'the FEN set up')
        if human != 'white':
            b.select('human', human)
        self.base = 'fen ' + fen if fen else 'startpos'
        if mode == 'selfplay':
            b.wait(lambda: b.body_state() in ('engine', 'over'), 'engine against engine')
        else:
            b.wait_ready()
        b.seen()
        self.check(b.snapshot())

    # --- checking the page against the reference engine ---

    def check(self, snap):
        """The board the page drew is the engine's position after the page's
        move list: the same FEN and the same piece on every square."""
        st = self.ref.state(self.base, snap['moves'])
        self.assertEqual(snap['fen'], st['fen'], 'board FEN after %s' % snap['moves'])
        self.assertEqual(snap['pieces'], parse_fen(st['fen'], self.ref.files, self.ref.ranks),
                         'squares after %s' % snap['moves'])
        return st

    def check_seen(self):
        """Every board drawn since the last call (each turn, both sides);
        returns them, so that a test can look at the marks of one."""
        done = set()
        seen = self.b.seen()
        for snap in seen + [self.b.snapshot()]:
            key = (snap['fen'], tuple(snap['moves']))
            if key not in done:
                done.add(key)
                self.check(snap)
        self.seen = seen
        return seen

    def drawn_once_ready(self, moves):
        """After the person's first turn, entered on the board: waits for the
        engine's reply, checks every board drawn, and returns the one drawn
        right after `moves`."""
        self.b.wait_ready(0)
        self.check_seen()
        return self.drawn_after(moves)

    def choose_from(self, offered, turn, shot):
        """The choice dialog offers exactly the turns `offered` (a screenshot
        `shot` shows it); choosing `turn` plays it as the first turn. Returns
        the board drawn right after it."""
        values = sorted(e.get_attribute('data-value') for e in self.b.els('#choice .choice'))
        self.assertEqual(values, sorted(offered))
        self.b.screenshot(shot)
        self.b.choose(turn)
        return self.drawn_once_ready([turn])

    def drawn_after(self, moves):
        """The board the page drew right after `moves` (before any reply)."""
        for snap in self.seen:
            if snap['moves'] == list(moves):
                return snap
        self.fail('the page never drew the board after %s' % (moves,))

    def assert_marks(self, snap, expected):
        """`expected`: {square: [last-... classes]} as a subset of the marks."""
        for sq, classes in expected.items():
            for c in classes:
                self.assertIn(c, snap['marks'].get(sq, []), 'mark %s on %s: %s' % (c, sq, snap['marks']))

    def play(self, turn):
        self.b.play_turn(turn)
        self.check_seen()
        return self.b.snapshot()

    def play_to_end(self, max_turns=200):
        """The person's side plays the reference engine's choice, through
        the board, until the page shows a result."""
        for _ in range(max_turns):
            snap = self.b.snapshot()
            if snap['state'] == 'over':
                return snap
            self.assertEqual(snap['state'], 'person')
            self.play(self.ref.best(self.base, snap['moves']))
        self.fail('no result after %d turns' % max_turns)

    def game_to_end(self, variant, fen, token, reason, shot):
        """From fen the person's side, playing the reference engine's
        choices, wins with `token` for `reason` (a screenshot `shot` shows
        the end)."""
        self.start(variant, fen)
        self.assert_result(self.play_to_end(), token, reason)
        self.b.screenshot(shot)

    def assert_result(self, snap, token, reason):
        st = self.check(snap)
        self.assertEqual(snap['result'], st['result'])
        self.assertEqual(snap['result'], token)
        self.assertIn(reason, snap['reason'])
        self.assertIn(reason, self.b.el('#result').text)
