"""The strength selector and the win/draw/loss display: the page offers
the engine's own UCI_Elo range, sets UCI_LimitStrength and UCI_Elo through
UCI options, and shows the `wdl` the engine reports."""

import re

from pagetest import PageTest


class Strength(PageTest):
    def test_strength_selector_and_wdl(self):
        b = self.b
        self.start('chess')
        values = b.js("return [...document.querySelectorAll('#strength option')].map((o) => o.value)")
        self.assertEqual(values[0], 'full')
        self.assertIn('1250', values, 'the choices come from the engine\'s UCI_Elo range')
        b.select('strength', '1250')
        b.click('#wdl')
        b.click('#log-box summary')
        # The engine tells what its limit chose once `debug on` is sent.
        b.set_value('console-input', 'debug on')
        b.click('#console button')
        b.wait_ready()
        self.play('e2e4')
        b.wait(lambda: 'info string debug strength level ' in b.el('#log').text, 'the limited search')
        b.wait(lambda: len(b.snapshot()['moves']) == 2, 'the weaker engine\'s reply')
        self.check_seen()
        # Analysis shows the wdl the engine reports, per line.
        b.select('mode', 'analysis')
        # Read in one step: the rows are redrawn with every info line.
        text = b.wait(lambda: b.js("const e = document.querySelector('#analysis .pv-wdl');"
                                   " return e ? e.textContent : null"), 'a win/draw/loss estimate')
        self.assertTrue(re.fullmatch(r'W \d+\.\d% D \d+\.\d% L \d+\.\d%', text), text)
        b.screenshot('chess-strength-wdl')
        # Full strength again: the page switches the limit off.
        b.select('mode', 'engine')
        b.select('strength', 'full')
        b.wait_ready()
        log_before = b.el('#log').text.count('info string debug strength')
        self.play('d2d4')
        b.wait(lambda: len(b.snapshot()['moves']) == 4, 'the full-strength reply')
        self.assertEqual(b.el('#log').text.count('info string debug strength'), log_before)
