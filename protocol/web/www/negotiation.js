// Bribes between the person and the engine (Buratia with Corruption on,
// BRIBES.md): the page carries offers and answers; what is worth offering
// or accepting is the engine's search, what is legal its rule layer. Each
// method returns true when the turn was settled by it (a bribe accepted,
// or the game interrupted), false when play goes on as usual.

import { parseFen, pieceColor } from './notation.js';

const OTHER = { white: 'black', black: 'white' };

export class Negotiation {
  constructor(game) {
    this.game = game;
  }

  active() {
    const g = this.game;
    return g.info.bribes === 'yes' && g.settings.corruption && g.settings.mode === 'engine';
  }

  // As long as a move may take, but never more than a second: the
  // negotiation is on no clock.
  time() {
    const s = this.game.settings;
    return Math.min(1000, Math.max(50, s.timeKind === 'clock' ? 500 : s.movetime));
  }

  // Before the person's turn the engine, not to move, may offer something;
  // its best offer is shown (BRIBES.md: at most one goes to the receiver).
  async engineOffers(g) {
    const { ui, uci } = this.game;
    ui.status('the engine may offer a bribe...', 'negotiating');
    const offers = await uci.bribeQuery(this.time());
    if (g !== this.game.gen) return true;
    if (offers.length === 0) return false;
    const offer = offers[0];
    const person = this.game.st.side;
    ui.status('the engine offers a bribe', 'engine-offer');
    const answer = await ui.bribes.showEngineOffer(offer, OTHER[person], person);
    if (g !== this.game.gen) return true;
    const accepted = answer === 'accept';
    uci.send('bribe result ' + (accepted ? 'accept' : 'decline'));
    ui.bribes.showAnswer('You ' + (accepted ? 'accepted' : 'declined') + ' the engine\'s offer: ' + offer.text,
      accepted ? 'accept' : 'decline');
    if (!accepted) return false;
    await this.game.applyBribe(g, offer);
    return true;
  }

  // What the person could pay the engine (to move) with: its pieces in the
  // holdings, on the empty squares of its `home` region.
  payments() {
    const { st, info } = this.game;
    const engine = st.side;
    const pos = parseFen(st.fen, info.files, info.ranks);
    const pieces = [...new Set(pos.holdings.filter((p) => pieceColor(p) === engine).map((p) => p.toUpperCase()))];
    const home = info.regions.find((r) => r.id === 'home' && r.side === engine);
    const squares = home ? home.squares.filter((sq) => !pos.board[sq]) : [];
    return { engine, pieces, squares };
  }

  // Before the engine's turn the person, not to move, may offer it a
  // bribe, when there is something to pay with.
  async personOffers(g) {
    const { ui, uci } = this.game;
    const pay = this.payments();
    if (pay.pieces.length === 0 || pay.squares.length === 0) return false;
    ui.status('you may offer the engine a bribe before it moves', 'bribe-form');
    const choice = await ui.bribes.askPersonOffer({
      turns: this.game.legal, payments: pay.pieces, squares: pay.squares,
      canTakeBack: this.game.moves.length > 0, engineColor: pay.engine,
    });
    if (g !== this.game.gen) return true;
    if (!choice) return false;
    ui.status('the engine considers your offer...', 'negotiating');
    const ans = await uci.bribeOffer(choice.text + ' movetime ' + this.time());
    if (g !== this.game.gen) return true;
    const why = ans.errors.length ? ' (' + ans.errors.join('; ') + ')' : '';
    ui.bribes.showAnswer('The engine ' + (ans.answer === 'accept' ? 'accepted' : 'declined') +
      ' your offer: ' + choice.text + why, ans.answer);
    if (ans.answer !== 'accept') return false;
    await this.game.applyBribe(g, choice);
    return true;
  }
}
