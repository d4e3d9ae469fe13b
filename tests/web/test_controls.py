"""The page's other controls: drag, take back, flip, analysis, engine
against engine, the clock, FEN and PGN, the legend, and that a press the
page did not mark does nothing."""

import os
import time

from pagetest import PageTest
from webtest import Failure

VARIANTS = ['chess', 'buratia', 'japanese', 'belarusian', 'voodoo']

# Per variant, turns played and then presses of a turn left half entered,
# so that a screenshot shows what the page marks.
SCENES = {
    'chess': (['e2e4'], ['g1']),
    'buratia': (['b1d2,d2e3'], ['g1']),
    'japanese': (['c3c4'], ['h2']),
    'belarusian': (['e2e4'], ['c1']),
    'voodoo': (['xg1,b8c6,e2e4'], ['b1', 'b1']),
}


class Controls(PageTest):
    def test_drag_take_back_and_flip(self):
        b = self.b
        self.start('chess')
        b.drag('e2', 'e4')
        self.check_seen()
        snap = b.snapshot()
        self.assertEqual(snap['moves'][0], 'e2e4')
        self.assertEqual(len(snap['moves']), 2, 'the engine replied')
        b.click('#take-back')
        b.wait(lambda: b.snapshot()['moves'] == [] and b.body_state() == 'person', 'the take-back')
        self.check_seen()
        self.assertEqual(b.snapshot()['fen'], self.ref.startfen)
        b.click('#flip')
        self.assertEqual(b.el('#board').get_attribute('data-flipped'), 'yes')
        first = b.els('#board [data-square]')[0].get_attribute('data-square')
        self.assertEqual(first, 'h1', 'Black\'s side at the bottom')
        self.check(b.snapshot())
        b.screenshot('chess-flipped')

    def test_presses_the_page_did_not_mark_do_nothing(self):
        b = self.b
        self.start('chess')
        b.press('e2')
        self.assertEqual(b.marked('dest'), ['e3', 'e4'])
        b.press('e5')  # not a target: the selection goes, nothing is played
        b.press('e7')  # the other side's piece
        b.press('d4')  # an empty square
        self.assertEqual(b.marked('sel'), [])
        self.assertEqual(b.marked('dest'), [])
        time.sleep(0.3)
        snap = b.snapshot()
        self.assertEqual((snap['moves'], snap['state']), ([], 'person'))
        self.assertTrue(b.el('#notice').get_attribute('hidden') is not None, 'no error shown')

    def test_analysis_with_two_lines(self):
        b = self.b
        self.start('chess', mode='analysis')
        b.set_value('multipv', 2)

        def lines():  # read at once: the rows are redrawn with every info line
            return b.js("return [...document.querySelectorAll('#analysis .pv-line')]"
                        ".map((r) => [r.dataset.multipv, +r.dataset.depth])")

        def two_lines():
            rows = lines()
            return len(rows) == 2 and all(depth >= 3 for _, depth in rows)
        b.wait(two_lines, 'two analysis lines')
        self.assertEqual([k for k, _ in lines()], ['1', '2'])
        b.screenshot('chess-analysis')
        self.play('e2e4')  # the person moves both sides
        self.play('e7e5')
        self.assertEqual(b.snapshot()['moves'], ['e2e4', 'e7e5'])
        b.wait(two_lines, 'two lines for the new position')
        self.assertEqual(b.body_state(), 'analysis')

    def test_engine_against_engine_and_pause(self):
        b = self.b
        self.start('japanese', mode='selfplay', movetime=200)
        b.wait(lambda: len(b.snapshot()['moves']) >= 6, 'six engine turns')
        b.click('#pause')
        b.wait(lambda: b.body_state() == 'paused', 'the pause')
        self.check_seen()
        n = len(b.snapshot()['moves'])
        time.sleep(0.5)
        self.assertEqual(len(b.snapshot()['moves']), n, 'no turn while paused')

    def test_clock_runs_out(self):
        b = self.b
        self.start('chess')
        b.select('time-kind', 'clock')
        b.set_value('clock-min', '0.1')
        b.set_value('clock-inc', '0')
        b.wait(lambda: b.el('#clocks').is_displayed(), 'the clocks')
        # The person does not move: after six seconds White has lost.
        b.wait(lambda: b.body_state() == 'over', 'the loss on time', 30)
        self.assertEqual(b.el('#result').get_attribute('data-result'), '0-1')
        self.assertIn('white lost on time', b.el('#result').text)

    def test_clock_game_against_the_engine(self):
        b = self.b
        self.start('chess', human='black')
        b.select('time-kind', 'clock')
        b.set_value('clock-min', '1')
        b.set_value('clock-inc', '1')
        b.click('#new-game')
        for _ in range(3):
            b.wait_ready()
            snap = b.snapshot()
            self.play(self.ref.best(self.base, snap['moves']))
        self.assertGreaterEqual(len(b.snapshot()['moves']), 6)
        self.assertRegex(b.el('#clock-black').text, r'^black \d+:\d\d\.\d$')
        self.assertNotEqual(b.el('#clock-white').text, 'white 1:00.0', 'the engine\'s clock ran')

    def test_fen_set_up_refused_and_copied(self):
        b = self.b
        self.start('chess')
        b.set_value('fen-input', 'this is no fen')
        b.click('#setup-fen')
        b.wait(lambda: 'refused the FEN' in b.el('#notice').text, 'the refusal')
        self.assertEqual(b.snapshot()['fen'], self.ref.startfen)
        fen = '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1'
        b.set_value('fen-input', fen)
        b.click('#setup-fen')
        b.wait(lambda: b.snapshot()['fen'] == fen, 'the new position')
        self.base = 'fen ' + fen
        self.check(b.snapshot())
        b.js_grant_clipboard()
        b.click('#copy-fen')
        self.assertEqual(b.clipboard(), fen)

    def test_pgn_copied_and_downloaded(self):
        b = self.b
        self.start('buratia')
        self.play('e2e4')
        moves = b.snapshot()['moves']
        folder = b.download_folder()
        b.click('#download-pgn')
        path = os.path.join(folder, 'ratnik-buratia.pgn')
        b.wait(lambda: os.path.exists(path) and os.path.getsize(path) > 0, 'the PGN file')
        with open(path) as f:
            text = f.read()
        self.assertEqual(text, self.ref.pgn(self.base, moves))
        self.assertIn('[Variant "buratia"]', text)
        self.assertEqual(b.el('#pgn-text').get_property('value'), text)
        b.js_grant_clipboard()
        b.click('#copy-pgn')
        b.wait(lambda: b.clipboard() == text, 'the PGN in the clipboard')


class EveryVariant(PageTest):
    def test_legend_names_and_screenshots(self):
        """Each variant's pieces and special squares, named as the engine
        names them. The screenshots, build/web-shots/docs-<variant>.png,
        are the ones of docs/img/web-<variant>.png (made smaller)."""
        b = self.b
        for v in VARIANTS:
            self.start(v)
            info = self.ref.pieces()
            rows = {r.get_attribute('data-letter'): r.text for r in b.els('#legend tr')}
            self.assertEqual(sorted(rows), sorted(info))
            for letter, name in info.items():
                self.assertIn(name, rows[letter])
            for sq, piece in b.snapshot()['pieces'].items():
                if piece:
                    title = b.el('#board [data-square="%s"] .piece' % sq).get_attribute('title')
                    self.assertIn(info[piece.upper()], title)
            regions = len(b.els('#legend .legend-regions li'))
            self.assertEqual(regions, self.ref.region_count())
            turns, presses = SCENES[v]
            for turn in turns:
                self.play(turn)
            for sq in presses:
                b.press(sq)
            if not os.path.exists(b.screenshot('docs-' + v)):
                raise Failure('no screenshot of ' + v)


class Session(PageTest):
    def test_a_lost_session_is_replayed(self):
        """The engine's session ends (here by `quit` typed into the page's
        console): the page starts a new one, replays the game, plays on."""
        b = self.b
        self.start('buratia')
        self.play('b1d2,d2e3')
        moves = b.snapshot()['moves']
        b.click('#log-box summary')
        b.set_value('console-input', 'quit')
        b.click('#console button')
        b.wait(lambda: b.js("return document.getElementById('log').textContent.split('uciok').length") >= 3,
               'a second session')
        b.wait_ready()
        self.assertEqual(b.snapshot()['moves'], moves)
        self.assertIn('a new session replayed the game', b.el('#notice').text)
        snap = self.play(self.ref.best(self.base, moves))
        self.assertEqual(len(snap['moves']), len(moves) + 2, 'the new session plays on')


# A choice whose answer leads straight to a second question (a promotion
# chosen, then "this turn may end here"): the first dialog's close event
# arrives as a later task, after the second question has opened, and must
# not answer it. Then a close by the person (Escape) answers "no choice".
CHAINED_QUESTIONS = """
const done = arguments[0];
(async () => {
  const { ChoiceDialog } = await import(new URL('panels.js', location.href).href);
  const d = document.createElement('dialog');
  d.innerHTML = '<h3></h3><div class="options"></div>';
  document.body.appendChild(d);
  const cd = new ChoiceDialog(d, () => null);
  const pending = (p) => Promise.race([p, new Promise((r) => setTimeout(() => r('pending'), 300))]);
  const first = cd.ask('first', [{ value: 'q', label: 'queen' }, { value: 'n', label: 'knight' }]);
  d.querySelector('.choice[data-value="n"]').click();
  const v1 = await first;
  const second = cd.ask('second', [{ value: 'end', label: 'end' }, { value: 'more', label: 'more' }]);
  const early = await pending(second);
  const open = d.open;
  d.querySelector('.choice[data-value="more"]').click();
  const v2 = await pending(second);
  const third = cd.ask('third', [{ value: 'a', label: 'a' }]);
  d.close();
  const v3 = await pending(third);
  d.remove();
  done({ v1, early, open, v2, v3 });
})().catch((e) => done('error: ' + e));
"""


class Dialog(PageTest):
    def test_a_choice_that_leads_to_another_question_waits_for_its_answer(self):
        b = self.b
        b.open(self.server.url)
        b.wait_ready()
        got = b.d.execute_async_script(CHAINED_QUESTIONS)
        self.assertEqual(got, {'v1': 'n', 'early': 'pending', 'open': True, 'v2': 'more', 'v3': None})

    def test_a_question_that_opens_late_is_still_answered(self):
        # On a slow browser (a first start of Chromium under load) the
        # promotion question opened after the harness had looked for it, and
        # the game waited for an answer nobody gave: the harness waits for it.
        b = self.b
        self.start('chess', '8/4P3/8/8/8/8/8/k6K w - - 0 1')
        b.js("const show = HTMLDialogElement.prototype.showModal;"
             "HTMLDialogElement.prototype.showModal = function () { setTimeout(() => show.call(this), 700); };")
        self.play('e7e8n')
        drawn = self.drawn_after(['e7e8n'])
        self.assertEqual(drawn['pieces']['e8'], 'N')
