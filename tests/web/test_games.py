"""A game to its result in every variant, against the engine, through the
page's board; one of them from the start position."""

from pagetest import PageTest


class GamesToTheEnd(PageTest):
    """A game to its result in every variant against the engine."""

    def test_voodoo_full_game_from_start(self):
        self.start('voodoo')
        snap = self.play_to_end(150)
        self.assertNotEqual(snap['result'], 'none')
        self.assert_result(snap, snap['result'], snap['reason'])
        self.b.screenshot('voodoo-full-game-end')

    def test_chess_to_mate(self):
        self.game_to_end('chess', '8/8/8/3k4/8/8/8/QR2K3 w - - 0 1', '1-0', 'checkmate', 'chess-mate')

    def test_buratia_director_reaches_its_rank(self):
        self.game_to_end('buratia', '8/8/4K3/8/k7/8/8/8[] w - - 0 1', '1-0', 'director on the last rank',
                         'buratia-goal')

    def test_japanese_annihilation(self):
        self.game_to_end('japanese', '4k4/9/9/9/9/9/9/9/R3K3R w - - 0 1', '1-0', 'annihilation',
                         'japanese-annihilation')

    def test_belarusian_throne_held(self):
        self.game_to_end('belarusian', '4a4/9/9/9/9/4K4/4A4/9/9 w - - 0 1', '1-0', 'throne held', 'belarusian-throne')

    def test_engine_wins_as_white(self):
        # The person plays Black and loses: the engine's own turns end it.
        self.start('chess', '4k3/8/8/8/8/8/8/QQ2K3 w - - 0 1', human='black')
        for _ in range(30):
            snap = self.b.snapshot()
            if snap['state'] == 'over':
                break
            self.play(self.ref.best(self.base, snap['moves']))
        self.assert_result(self.b.snapshot(), '1-0', 'checkmate')
