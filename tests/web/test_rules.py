"""The turns of several legs and the special moves, entered leg by leg on
the board with only the squares the page marks, and what the page then
shows of them (the marks of `state last`)."""

from pagetest import PageTest


class Voodoo(PageTest):
    def test_trance_queen_return_and_sacrifice(self):
        b = self.b
        self.start('voodoo')
        # Trance: the queen is removed (pressed twice), then the king moves
        # like a queen; it is selected at once, being the only piece to go on.
        b.press('d1')
        self.assertEqual(b.marked('self-target'), ['d1'])
        b.press('d1', 'self-target')
        self.assertEqual(b.marked('pending-remove'), ['d1'])
        self.assertEqual(b.marked('sel'), ['e1'])
        self.assertEqual(b.marked('dest'), ['d1'])
        b.press('d1', 'dest')
        self.assert_marks(self.drawn_once_ready(['xd1,e1d1']), {'d1': ['last-remove', 'last-to'], 'e1': ['last-from']})
        b.screenshot('voodoo-trance')
        snap = b.snapshot()
        self.assertIn('Q', snap['fen'].split('[')[1].split(']')[0], 'the queen waits in the holdings')
        # The queen's return is the whole next turn, from the holdings.
        self.assertEqual(len(b.els('#holdings .holding.placeable[data-piece="Q"]')), 1)
        empty = [sq for sq, p in snap['pieces'].items() if not p]
        self.assertEqual(b.marked('dest'), sorted(empty))
        back = self.ref.best(self.base, snap['moves'])  # where the queen helps most
        self.assertTrue(back.startswith('Q@'))
        self.play(back)
        self.assert_marks(self.drawn_after(snap['moves'] + [back]), {back[2:]: ['last-place']})
        # Sacrifice: remove an own knight, move an enemy knight, move own.
        snap = b.snapshot()
        sacrifices = [t for t in self.ref.legal(self.base, snap['moves']) if t.count(',') == 2]
        self.assertTrue(sacrifices, 'a sacrifice is legal after %s' % snap['moves'])
        gone = sacrifices[0].split(',')[0][1:]
        turns = [t for t in sacrifices if t.startswith('x' + gone + ',')]
        turn = next((t for t in turns if t.endswith(',e2e4')), turns[0])
        remove, possess, own = turn.split(',')
        b.press_twice(gone, 'self-target')
        # The enemy pieces of the same type that may now be moved are marked.
        self.assertEqual(b.marked('start'), sorted({t.split(',')[1][:2] for t in turns}))
        b.pick(possess[:2])
        b.press(possess[2:4], 'dest')
        self.assertEqual(b.marked('pending-from'), [possess[:2]])
        b.pick(own[:2])
        b.press(own[2:4], 'dest')
        b.wait_ready(len(snap['moves']))
        self.check_seen()
        drawn = self.drawn_after(snap['moves'] + [turn])
        self.assert_marks(drawn, {gone: ['last-remove'], possess[:2]: ['last-possess'],
                                  possess[2:4]: ['last-possess'], own[2:4]: ['last-to']})
        self.assertTrue(drawn['last'].startswith('remove:%s:' % gone), drawn['last'])
        self.assertIn(' possess:' + possess[:4], drawn['last'])
        b.screenshot('voodoo-sacrifice')

    def test_possessed_pawn_promotes_for_the_possessor(self):
        b = self.b
        self.start('voodoo', '4k2r/8/8/8/8/8/2Pp3P/4K3[] w - - 0 1')
        b.press_twice('c2', 'self-target')
        self.assertEqual(b.marked('sel'), ['d2'], 'the only pawn to possess is selected')
        b.press('d1', 'dest')
        b.choose('d2d1n')  # the black pawn becomes a white knight
        b.press('h2')
        b.press('h3', 'dest')
        drawn = self.drawn_once_ready(['xc2,d2d1n,h2h3'])
        self.assertEqual(drawn['pieces']['d1'], 'N')
        self.assert_marks(drawn, {'d1': ['last-promote']})


class Buratia(PageTest):
    def test_lawyer_displacement(self):
        b = self.b
        self.start('buratia')
        b.press('b1')
        self.assertEqual(b.marked('dest'), ['a3', 'c3', 'd2'])
        b.press('d2', 'dest')
        # The pushed slave is selected: where it may go is marked.
        self.assertEqual(b.marked('sel'), ['d2'])
        self.assertEqual(b.marked('dest'), ['c3', 'd3', 'e3'])
        b.press('e3', 'dest')
        drawn = self.drawn_once_ready(['b1d2,d2e3'])
        self.assertEqual(drawn['last'], 'move:b1d2 push:d2e3')
        self.assertEqual((drawn['pieces']['d2'], drawn['pieces']['e3']), ('N', 'P'))
        self.assert_marks(drawn, {'d2': ['last-to', 'last-push'], 'e3': ['last-push'], 'b1': ['last-from']})
        b.screenshot('buratia-push')

    def wait_for_engine_offer(self):
        """Black (the engine, not to move) holds a white slave to pay with;
        returns once the page shows the engine's offer."""
        b = self.b
        fen = 'rn1qkbnr/ppp1pppp/8/8/4p1b1/2NP4/PPP2PPP/R1BQKBNR[P] w - - 1 4'
        # 300 ms: shorter searches of the offering side often find nothing
        # worth offering.
        self.start('buratia', fen, corruption=True, movetime=300)
        b.wait(lambda: b.body_state() == 'engine-offer', 'the engine\'s offer', 60)

    def test_engine_offers_a_bribe_and_the_person_accepts(self):
        b = self.b
        self.wait_for_engine_offer()
        offer = b.el('#bribe-offer').get_attribute('data-offer').split()
        self.assertIn(offer[0], ('refrain', 'purchase'))
        payment = offer[-1]
        self.assertIn(payment, [p + '@' + sq for p in 'P' for sq in 'b1 d1'.split()])
        b.screenshot('buratia-engine-offer')
        b.click('#bribe-accept')
        b.wait_ready(0)
        self.check_seen()
        snap = b.snapshot()
        paid = payment if offer[0] == 'refrain' else payment + ',' + offer[1]
        self.assertEqual(snap['moves'][0], paid)
        self.assertEqual(b.el('#bribe-answer').get_attribute('data-answer'), 'accept')
        self.assert_marks(self.drawn_after([paid]), {payment.split('@')[1]: ['last-place']})

    def test_engine_offers_a_bribe_and_the_person_declines(self):
        b = self.b
        self.wait_for_engine_offer()
        b.click('#bribe-decline')
        b.wait(lambda: b.body_state() == 'person', 'the person\'s turn')
        self.assertEqual(b.el('#bribe-answer').get_attribute('data-answer'), 'decline')
        self.assertEqual(b.snapshot()['moves'], [])
        snap = self.play(self.ref.best(self.base, []))
        if snap['state'] == 'bribe-form':  # the person took a piece to pay with
            b.click('#bribe-skip')
            b.wait_ready(1)
            self.check_seen()
            snap = b.snapshot()
        self.assertEqual(len(snap['moves']), 2)
        self.assertNotIn('@', ' '.join(snap['moves']))

    def test_person_offers_a_bribe_and_the_engine_declines(self):
        b = self.b
        # White (the person) holds a black slave; Black, the engine, is to move.
        fen = 'r1bqkbnr/ppp1pppp/2n5/3P4/8/8/PPP1PPPP/RNBQKBNR[p] b - - 0 3'
        self.start('buratia', fen, corruption=True)
        b.wait(lambda: b.body_state() == 'bribe-form', 'the bribe form', 60)
        self.assertEqual([o.get_attribute('value') for o in b.els('#bribe-square option')], ['b8'])
        self.assertEqual([o.get_attribute('value') for o in b.els('#bribe-piece option')], ['P'])
        self.assertEqual(b.marked('offer-square'), ['b8'])
        b.select('bribe-kind', 'purchase')
        b.select('bribe-move', 'a7a6')
        b.screenshot('buratia-person-offer')
        b.click('#bribe-send')
        b.wait_ready(0)
        self.check_seen()
        self.assertEqual(b.el('#bribe-answer').get_attribute('data-answer'), 'decline')
        self.assertIn('declined', b.el('#bribe-answer').text)
        snap = b.snapshot()
        self.assertEqual(len(snap['moves']), 1, 'the engine moved instead')
        self.assertNotIn('@', snap['moves'][0])


    def person_offer_accepted(self, fen, first, kind, move=None):
        """The engine set (through the page's console) to accept every
        legal offer, so that the accepted path is tested whatever search
        would decide; `first` is the person's turn before the offer."""
        b = self.b
        self.start('buratia', fen, corruption=True)
        b.click('#log-box summary')
        b.set_value('console-input', 'setoption name BribePolicy value accept-all')
        b.click('#console button')
        if first:
            self.play(first)
        b.wait(lambda: b.body_state() == 'bribe-form', 'the bribe form', 60)
        b.select('bribe-kind', kind)
        if move:
            b.select('bribe-move', move)
        before = b.snapshot()['moves']
        b.click('#bribe-send')
        b.wait(lambda: b.el('#bribe-answer').get_attribute('data-answer') == 'accept', 'the acceptance')
        b.wait(lambda: b.body_state() == 'person', 'the person\'s turn')
        self.check_seen()
        return before, b.snapshot()

    def test_person_buys_a_move(self):
        fen = 'r1bqkbnr/ppp1pppp/2n5/3P4/8/8/PPP1PPPP/RNBQKBNR[p] b - - 0 3'
        _, snap = self.person_offer_accepted(fen, None, 'purchase', 'c6b4')
        self.assertEqual(snap['moves'], ['P@b8,c6b4'])
        self.assertEqual((snap['pieces']['b8'], snap['pieces']['b4']), ('p', 'n'))

    def test_person_takes_back_a_move(self):
        # White (the person) holds a black slave, plays d4d5, then pays it
        # back to undo d4d5: the slave stands on b8 and White moves again.
        fen = 'r1bqkbnr/ppp1pppp/2n5/8/3P4/8/PPP1PPPP/RNBQKBNR[p] w - - 0 3'
        before, snap = self.person_offer_accepted(fen, 'd4d5', 'takeback')
        self.assertEqual(before, ['d4d5'])
        self.assertEqual(snap['moves'], ['+P@b8'])
        self.assertEqual((snap['pieces']['b8'], snap['pieces']['d4'], snap['pieces']['d5']), ('p', 'P', ''))
        self.assert_marks(self.drawn_after(['+P@b8']), {'b8': ['last-place']})


class Belarusian(PageTest):
    def test_castling(self):
        b = self.b
        self.start('belarusian', 'lvigakvil/rrrrrrrrr/9/9/9/9/9/RRRRRRRRR/L3A3L w AIai - 0 1')
        b.press('e1')
        self.assertEqual(b.marked('dest'), ['b1', 'c1', 'd1', 'f1', 'g1', 'h1'])
        b.press('c1', 'dest')
        drawn = self.drawn_once_ready(['e1c1'])
        self.assertEqual(drawn['last'], 'castle:e1c1:a1d1')
        self.assertEqual((drawn['pieces']['c1'], drawn['pieces']['d1'], drawn['pieces']['a1']), ('A', 'L', ''))
        self.assert_marks(drawn, {'a1': ['last-castle'], 'd1': ['last-castle'], 'c1': ['last-to']})

    def test_inauguration(self):
        b = self.b
        self.start('belarusian', '4a4/9/9/9/9/9/9/3K5/9 w - - 0 1')
        # The only turn: the kniažyč, selected at once, becomes the kniaź.
        self.assertEqual(b.marked('sel'), ['d2'])
        self.assertEqual(b.marked('self-target'), ['d2'])
        self.assertIn('again', b.el('#hint').text)
        b.press('d2', 'self-target')
        drawn = self.drawn_once_ready(['d2d2a'])
        self.assertEqual(drawn['pieces']['d2'], 'A')
        self.assert_marks(drawn, {'d2': ['last-change']})
        b.screenshot('belarusian-inauguration')

    def test_ratnik_changes_into_a_lost_piece(self):
        b = self.b
        self.start('belarusian', 'a3R4/9/9/9/9/9/9/9/4A4 w - - 0 1')
        b.press_twice('e9', 'self-target')
        drawn = self.choose_from(['e9e9g', 'e9e9i', 'e9e9k', 'e9e9l', 'e9e9v'], 'e9e9g', 'belarusian-change-choice')
        self.assertEqual(drawn['pieces']['e9'], 'G')


class Promotions(PageTest):
    def test_japanese_promotions_are_automatic(self):
        b = self.b
        # Black's dragon starts far from g7, so that its reply cannot take
        # the new dragon-horse before the board is looked at.
        self.start('japanese', 'k8/9/9/2S6/9/9/9/9/B3K4 w - - 0 1')
        self.play('c6c7')
        self.assertFalse(b.dialog_open())
        drawn = self.drawn_after(['c6c7'])
        self.assertEqual(drawn['pieces']['c7'], 'G')
        self.assertEqual(drawn['last'], 'move:c6c7 promote:c7:G')
        self.assert_marks(drawn, {'c7': ['last-promote']})
        moves = b.snapshot()['moves']
        self.play('a1g7')
        drawn = self.drawn_after(moves + ['a1g7'])
        self.assertEqual(drawn['pieces']['g7'], '+B')
        self.assertEqual(b.el('#board [data-square="g7"] .badge').text, '+B')
        b.screenshot('japanese-promotion')

    def test_chess_promotion_with_the_choice(self):
        b = self.b
        self.start('chess', '8/4P3/8/8/8/8/8/k6K w - - 0 1')
        b.press('e7')
        b.press('e8', 'dest')
        drawn = self.choose_from(['e7e8b', 'e7e8n', 'e7e8q', 'e7e8r'], 'e7e8n', 'chess-promotion-choice')
        self.assertEqual(drawn['pieces']['e8'], 'N')
