// Buratia's bribes on the page (BRIBES.md, docs/bribes.md). The engine
// offers through `bribe query`, the person answers here; the person offers
// through the form, the engine answers `bribe accept` or `bribe decline`.
// The page only carries offers: what is worth offering or accepting is the
// engine's search, what is legal its rule layer.

function $(id) { return document.getElementById(id); }

function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

export class BribePanel {
  constructor(pieceName, onSquare) {
    this.pieceName = pieceName; // FEN letter -> name
    this.onSquare = onSquare;   // shows the chosen payment square on the board
    this.resolve = null;
    $('bribe-accept').addEventListener('click', () => this.finish('accept'));
    $('bribe-decline').addEventListener('click', () => this.finish('decline'));
    $('bribe-send').addEventListener('click', () => this.finish(this.readForm()));
    $('bribe-skip').addEventListener('click', () => this.finish(null));
    $('bribe-kind').addEventListener('change', () => this.syncForm());
    $('bribe-square').addEventListener('change', () => this.onSquare($('bribe-square').value));
  }

  paymentText(payment, color) {
    const [letter, sq] = payment.split('@');
    return 'a ' + color + ' ' + this.pieceName(letter) + ' placed on ' + sq;
  }

  // The engine (X, not to move) offers the person (Y, to move).
  showEngineOffer(offer, engineColor, personColor) {
    const pay = this.paymentText(offer.payment, personColor);
    const text = {
      refrain: 'The engine (' + engineColor + ') offers you ' + pay + ' if you do not play ' + offer.move +
        '. Accepting, the placement is your whole turn.',
      purchase: 'The engine (' + engineColor + ') offers you ' + pay + ' if you play ' + offer.move +
        '. Accepting, the placement and ' + offer.move + ' are your turn.',
      takeback: 'The engine (' + engineColor + ') asks to take back its last move and pays you ' + pay +
        '. Accepting, it is to move again.',
    }[offer.kind] || offer.text;
    $('bribe-offer-text').textContent = text;
    $('bribe-offer').dataset.kind = offer.kind;
    $('bribe-offer').dataset.offer = offer.text;
    return this.open('bribe-offer');
  }

  // The person (X, not to move) may offer the engine (Y, to move).
  askPersonOffer(ctx) {
    this.ctx = ctx;
    const moves = $('bribe-move');
    moves.replaceChildren(...ctx.turns.map((t) => option(t, t)));
    const pieces = $('bribe-piece');
    pieces.replaceChildren(...ctx.payments.map((l) => option(l, ctx.engineColor + ' ' + this.pieceName(l))));
    const squares = $('bribe-square');
    squares.replaceChildren(...ctx.squares.map((s) => option(s, s)));
    const takeback = $('bribe-kind').querySelector('option[value=takeback]');
    takeback.disabled = !ctx.canTakeBack;
    if (takeback.disabled && $('bribe-kind').value === 'takeback') $('bribe-kind').value = 'refrain';
    this.syncForm();
    const answer = this.open('bribe-form');
    this.onSquare(squares.value);
    return answer;
  }

  syncForm() {
    const needsMove = $('bribe-kind').value !== 'takeback';
    $('bribe-move-label').hidden = !needsMove;
  }

  readForm() {
    const kind = $('bribe-kind').value;
    const payment = $('bribe-piece').value + '@' + $('bribe-square').value;
    const move = kind === 'takeback' ? null : $('bribe-move').value;
    return { kind, move, payment, text: kind === 'takeback' ? kind + ' ' + payment : kind + ' ' + move + ' ' + payment };
  }

  showAnswer(text, answer) {
    const a = $('bribe-answer');
    a.textContent = text;
    a.dataset.answer = answer;
    a.hidden = false;
  }

  clearAnswer() {
    const a = $('bribe-answer');
    a.hidden = true;
    a.dataset.answer = '';
  }

  open(id) {
    this.finish(null);
    $('bribe-panel').hidden = false;
    $('bribe-offer').hidden = id !== 'bribe-offer';
    $('bribe-form').hidden = id !== 'bribe-form';
    return new Promise((resolve) => { this.resolve = resolve; });
  }

  finish(value) {
    $('bribe-offer').hidden = true;
    $('bribe-form').hidden = true;
    this.onSquare(null);
    const r = this.resolve;
    this.resolve = null;
    if (r) r(value);
  }

  cancel() {
    this.finish(null);
  }
}
