// Move entry. The engine's `legal` list is the only source of what may be
// played: a turn is entered leg by leg, and after each leg only the turns
// that start with the legs chosen so far remain. So every square the person
// can press leads to a legal turn, whatever the variant.

import { parseLeg, splitTurn } from './notation.js';

export class MoveEntry {
  constructor(pieceName, ask) {
    this.pieceName = pieceName; // FEN letter -> the players' name
    this.ask = ask;             // (title, options) -> Promise(value or null)
    this.turns = [];
    this.done = [];             // leg texts chosen so far
    this.sel = null;            // {square} or {letter} (a holding)
    this.enabled = false;
    this.onChange = () => {};
    this.onTurn = () => {};
  }

  setTurns(turns, enabled) {
    this.turns = turns.map((text) => ({ text, legs: splitTurn(text).map(parseLeg) }));
    this.enabled = enabled && this.turns.length > 0;
    this.reset();
  }

  disable() {
    this.enabled = false;
    this.reset();
  }

  reset() {
    this.done = [];
    this.sel = null;
    this.autoSelect();
    this.onChange();
  }

  // --- what is still possible ---

  candidates() {
    const n = this.done.length;
    return this.turns.filter((t) => t.legs.length >= n && this.done.every((d, i) => t.legs[i].text === d));
  }

  nextLegs() {
    const n = this.done.length;
    const seen = new Map();
    for (const t of this.candidates()) if (t.legs.length > n) seen.set(t.legs[n].text, t.legs[n]);
    return [...seen.values()];
  }

  isComplete() {
    return this.candidates().some((t) => t.legs.length === this.done.length);
  }

  legsStartingAt(sq) {
    return this.nextLegs().filter((l) => l.kind !== 'place' && l.from === sq);
  }

  placementsTo(sq) {
    return this.nextLegs().filter((l) => l.kind === 'place' && l.to === sq);
  }

  selectedLegs() {
    if (!this.sel) return [];
    if (this.sel.letter) return this.nextLegs().filter((l) => l.kind === 'place' && l.letter === this.sel.letter);
    return this.legsStartingAt(this.sel.square);
  }

  // Squares a press completes a leg on: a move's target, a placement's
  // square, or the selected square itself (a removal, a change in place).
  targets() {
    return [...new Set(this.selectedLegs().map((l) => l.to))];
  }

  startSquares() {
    return [...new Set(this.nextLegs().filter((l) => l.kind !== 'place').map((l) => l.from))];
  }

  placeableLetters() {
    return [...new Set(this.nextLegs().filter((l) => l.kind === 'place').map((l) => l.letter))];
  }

  // --- presses ---

  press(sq) {
    if (!this.enabled) return;
    const hits = this.selectedLegs().filter((l) => l.to === sq);
    if (hits.length > 0) { this.pick(hits); return; }
    const reselect = !(this.sel && this.sel.square === sq);
    if (reselect && this.legsStartingAt(sq).length > 0) {
      this.sel = { square: sq };
      this.onChange();
      return;
    }
    const placements = this.placementsTo(sq);
    if (placements.length > 0) { this.pick(placements); return; }
    this.sel = null;
    this.onChange();
  }

  pressHolding(letter) {
    if (!this.enabled || !this.placeableLetters().includes(letter)) return;
    this.sel = this.sel && this.sel.letter === letter ? null : { letter };
    this.onChange();
  }

  // Cancels the legs chosen so far (nothing was sent: a turn goes to the
  // engine only when it is complete).
  cancel() {
    this.reset();
  }

  async pick(legs) {
    if (legs.length === 1) return this.choose(legs[0]);
    const title = legs.every((l) => l.suffix || l.kind === 'place') ? 'Choose the piece' : 'Choose';
    const value = await this.ask(title, legs.map((l) => this.option(l)));
    if (value) this.choose(legs.find((l) => l.text === value));
    return undefined;
  }

  option(leg) {
    if (leg.kind === 'remove') return { value: leg.text, label: 'remove the piece on ' + leg.to, leg };
    if (leg.kind === 'place') return { value: leg.text, label: this.pieceName(leg.letter), letter: leg.letter, leg };
    const letter = leg.suffix ? leg.suffix.toUpperCase() : '';
    const label = letter ? this.pieceName(letter) : leg.from + '-' + leg.to;
    return { value: leg.text, label, letter, leg };
  }

  async choose(leg) {
    this.done.push(leg.text);
    this.sel = null;
    const more = this.nextLegs().length > 0;
    if (!more || (this.isComplete() && await this.endsHere())) {
      const turn = this.done.join(',');
      this.enabled = false;
      this.done = [];
      this.onChange();
      this.onTurn(turn);
      return;
    }
    this.autoSelect();
    this.onChange();
  }

  // A turn may be complete and still go on (a game that ends part-way is
  // written with the legs played): the person says which.
  async endsHere() {
    const v = await this.ask('This turn may end here', [
      { value: 'end', label: 'end the turn here' },
      { value: 'more', label: 'go on with the next part' },
    ]);
    return v !== 'more';
  }

  // When every next leg starts at one place (the pushed piece of a lawyer,
  // the king of a trance, the queen waiting in the holdings), it is selected
  // at once.
  autoSelect() {
    const legs = this.nextLegs();
    if (legs.length === 0) return;
    const letters = new Set(legs.map((l) => (l.kind === 'place' ? '@' + l.letter : l.from)));
    if (letters.size !== 1) return;
    const only = legs[0];
    this.sel = only.kind === 'place' ? { letter: only.letter } : { square: only.from };
  }

  // The legs chosen so far, for the board to show them as pending.
  pendingLegs() {
    return this.done.map(parseLeg);
  }
}
