// The page: wires the controls to the game and draws what the engine said.

import { BoardView } from './board.js';
import { PieceSet } from './pieces.js';
import { MoveEntry } from './input.js';
import { BribePanel } from './bribes.js';
import { AnalysisView, ChoiceDialog, Log, renderHoldings, renderLegend, renderMoves, renderResult,
  setStatus, notice } from './panels.js';
import { parseFen, parseLastLeg } from './notation.js';
import { Game } from './game.js';

const $ = (id) => document.getElementById(id);

// Where each role of `state last` is marked: [class, squares of the leg].
const LAST_MARKS = {
  move: (l) => [['last-from', [l.from]], ['last-to', [l.to]]],
  capture: (l) => [['last-from', [l.from]], ['last-to', [l.to]], ['last-capture', [l.extra[0] || l.to]]],
  castle: (l) => [['last-from', [l.from]], ['last-to', [l.to]], ['last-castle', l.extra]],
  push: (l) => [['last-push', [l.from, l.to]]],
  remove: (l) => [['last-remove', [l.to]]],
  possess: (l) => [['last-possess', [l.from, l.to]]],
  place: (l) => [['last-place', [l.to]]],
  change: (l) => [['last-change', [l.from || l.to]]],
  promote: (l) => [['last-promote', [l.to]]],
};

class Page {
  constructor() {
    this.pieceSet = new PieceSet([]);
    this.info = null;
    this.st = null;
    this.board = new BoardView($('board'));
    this.dialog = new ChoiceDialog($('choice'), () => this.pieceSet);
    this.entry = new MoveEntry((l) => this.pieceName(l), (title, opts) => this.dialog.ask(title, opts));
    this.bribes = new BribePanel((l) => this.pieceName(l), (sq) => this.markOfferSquare(sq));
    this.analysis = new AnalysisView($('analysis'));
    this.logView = new Log($('log'), 500);
    this.board.onPress = (sq) => this.entry.press(sq);
    this.entry.onChange = () => this.redraw();
    this.entry.onTurn = (turn) => this.game.personMoved(turn);
    this.showSettings();
    this.game = new Game(this);
    this.wire();
  }

  pieceName(letter) {
    const d = this.pieceSet.byLetter[letter];
    return d ? d.name : letter;
  }

  readSettings() {
    const num = (id, def) => { const v = parseFloat($(id).value); return Number.isFinite(v) ? v : def; };
    return {
      mode: $('mode').value,
      human: $('human').value,
      timeKind: $('time-kind').value,
      movetime: Math.max(10, Math.round(num('movetime', 1000))),
      clockMs: Math.max(100, Math.round(num('clock-min', 5) * 60000)),
      incMs: Math.max(0, Math.round(num('clock-inc', 0) * 1000)),
      corruption: $('corruption').checked,
      multipv: Math.min(16, Math.max(1, Math.round(num('multipv', 1)))),
      strength: $('strength').value,
      wdl: $('wdl').checked,
    };
  }

  // --- controls ---

  wire() {
    $('variant').addEventListener('change', () => this.game.changeVariant($('variant').value));
    for (const id of ['mode', 'human', 'time-kind', 'movetime', 'clock-min', 'clock-inc', 'multipv', 'corruption',
      'strength', 'wdl']) {
      $(id).addEventListener('change', () => this.settingsChanged(id));
    }
    $('new-game').addEventListener('click', () => this.game.newGame());
    $('take-back').addEventListener('click', () => this.game.takeBack());
    $('flip').addEventListener('click', () => this.flip(!this.board.flipped));
    $('cancel-turn').addEventListener('click', () => this.entry.cancel());
    $('move-now').addEventListener('click', () => this.game.moveNow());
    $('pause').addEventListener('click', () => this.togglePause());
    $('setup-fen').addEventListener('click', () => this.game.setupFen($('fen-input').value.trim()));
    $('copy-fen').addEventListener('click', () => this.copy(this.st ? this.st.fen : ''));
    $('copy-pgn').addEventListener('click', () => this.copyPgn());
    $('download-pgn').addEventListener('click', () => this.downloadPgn());
    $('log-box').addEventListener('toggle', () => this.logView.refresh());
    $('console').addEventListener('submit', (e) => { e.preventDefault(); this.sendRaw(); });
    document.addEventListener('keydown', (e) => { if (e.key === 'Escape') this.entry.cancel(); });
  }

  settingsChanged(id) {
    this.showSettings();
    if (id === 'human') this.flip($('human').value === 'black');
    if (id === 'mode') { this.game.paused = false; this.pausedChanged(false); }
    this.game.settingsChanged();
  }

  showSettings() {
    const s = this.readSettings();
    $('human-label').hidden = s.mode !== 'engine';
    $('pause').hidden = s.mode !== 'selfplay';
    $('move-now').hidden = s.mode === 'analysis';
    $('movetime-label').hidden = s.timeKind !== 'move';
    $('clock-settings').hidden = s.timeKind !== 'clock';
  }

  togglePause() {
    this.game.pause(!this.game.paused);
  }

  pausedChanged(on) {
    $('pause').textContent = on ? 'Go on' : 'Pause';
  }

  flip(flipped) {
    this.board.setFlipped(flipped);
    this.redraw();
  }

  // --- what the game reports ---

  // The strength choices come from the engine's own UCI_Elo range (a
  // step of 200 from its minimum), so the page offers only what it takes.
  strengthKnown(options) {
    const elo = options.UCI_Elo;
    const limited = elo && options.UCI_LimitStrength;
    $('strength-label').hidden = !limited;
    $('wdl-label').hidden = !options.UCI_ShowWDL;
    if (!limited) return;
    const sel = $('strength');
    const lo = parseInt(elo.min, 10);
    const hi = parseInt(elo.max, 10);
    const choices = [];
    for (let v = lo; v < hi; v += 200) choices.push(v);
    const make = (value, text) => { const o = document.createElement('option'); o.value = value; o.textContent = text; return o; };
    sel.replaceChildren(make('full', 'full'), ...choices.reverse().map((v) => make(String(v), 'Elo ' + v)));
  }

  variantsKnown(option) {
    const sel = $('variant');
    const names = option && option.vars.length ? option.vars : ['chess'];
    sel.replaceChildren(...names.map((n) => { const o = document.createElement('option'); o.value = n; o.textContent = n; return o; }));
  }

  variantLoaded(info) {
    this.info = info;
    this.pieceSet = new PieceSet(info.pieces);
    $('variant').value = info.name;
    document.body.dataset.variant = info.name;
    this.board.setup(info, this.pieceSet);
    renderLegend($('legend'), info, this.pieceSet);
    $('corruption-label').hidden = info.bribes !== 'yes';
    $('holdings').hidden = info.holdings !== 'yes';
    $('bribe-panel').hidden = true;
  }

  gameStarted() {
    this.analysis.clear();
    this.bribes.clearAnswer();
    $('bribe-panel').hidden = !(this.info.bribes === 'yes' && this.readSettings().corruption);
    $('pgn-text').value = '';
  }

  showState(st) {
    this.st = st;
    this.board.render(st.fen);
    this.board.root.dataset.last = st.last.join(' ');
    $('side-to-move').dataset.side = st.side;
    $('fen-input').value = st.fen;
    renderMoves($('moves'), st);
    renderResult($('result'), st.result);
    this.redraw();
  }

  turnPlayed(st) {
    const changed = st.last.map(parseLastLeg).flatMap((l) => [l.to, ...(l.role === 'castle' ? l.extra : [])]);
    this.board.animate(changed.filter(Boolean));
  }

  showResult(result, over) {
    renderResult($('result'), over || result);
  }

  showClocks(v) {
    $('clocks').hidden = !v.timed;
    for (const c of ['white', 'black']) {
      const el = $('clock-' + c);
      const ms = Math.max(0, v[c]);
      const m = Math.floor(ms / 60000);
      const s = ((ms % 60000) / 1000).toFixed(1).padStart(4, '0');
      el.textContent = c + ' ' + m + ':' + s;
      el.classList.toggle('running', v.running === c);
    }
  }

  status(text, state) { setStatus(text, state); this.redraw(); }
  analysisStarted() { this.analysis.clear(); }
  engineInfo(info) { this.analysis.add(info); }
  engineError(msg) { notice('engine: ' + msg); }
  problem(msg) { notice(msg); }
  notice(msg) { notice(msg); }
  log(line) { this.logView.add(line); }

  // --- marks ---

  redraw() {
    if (!this.st || !this.info) return;
    this.board.clearMarks();
    this.markLast(this.st.last);
    this.markEntry();
    const pos = parseFen(this.st.fen, this.info.files, this.info.ranks);
    const e = this.entry;
    renderHoldings($('holdings'), pos.holdings, this.pieceSet, e.enabled ? e.placeableLetters() : [],
      e.sel && e.sel.letter, (l) => e.pressHolding(l));
    $('hint').textContent = this.hint();
    $('cancel-turn').disabled = !(e.enabled && (e.done.length > 0 || e.sel));
  }

  markLast(words) {
    for (const l of words.map(parseLastLeg)) {
      const marks = LAST_MARKS[l.role];
      if (marks) for (const [cls, squares] of marks(l)) this.board.mark(squares, cls);
    }
  }

  markEntry() {
    const e = this.entry;
    if (!e.enabled) return;
    for (const leg of e.pendingLegs()) {
      if (leg.kind === 'remove') this.board.mark([leg.to], 'pending-remove');
      else if (leg.kind === 'move') { this.board.mark([leg.from], 'pending-from'); this.board.mark([leg.to], 'pending-to'); }
      else this.board.mark([leg.to], 'pending-to');
    }
    if (e.sel && e.sel.square) this.board.mark([e.sel.square], 'sel');
    const targets = e.targets();
    this.board.mark(targets.filter((t) => !e.sel || t !== e.sel.square), 'dest');
    if (e.sel && targets.includes(e.sel.square)) this.board.mark([e.sel.square], 'self-target');
    if (e.done.length > 0 && !e.sel) this.board.mark(e.startSquares(), 'start');
  }

  markOfferSquare(sq) {
    this.board.clearMarksOf(['offer-square']);
    if (sq) this.board.mark([sq], 'offer-square');
  }

  hint() {
    const e = this.entry;
    if (!e.enabled) return '';
    const parts = [];
    if (e.done.length > 0) parts.push('Turn so far: ' + e.done.join(',') + '.');
    if (e.sel && e.sel.square) {
      const self = e.selectedLegs().find((l) => l.to === e.sel.square);
      const what = self && self.kind === 'remove' ? 'remove it' : 'change it in place';
      parts.push(self ? 'Press ' + e.sel.square + ' again to ' + what + (e.targets().length > 1 ? ', or a marked square.' : '.')
        : 'Press a marked square.');
    } else if (e.sel && e.sel.letter) parts.push('Press a marked square to place the ' + this.pieceName(e.sel.letter) + '.');
    else if (e.done.length > 0) parts.push('Press a marked piece to go on (Esc cancels).');
    return parts.join(' ');
  }

  // A line typed by the person goes to the engine as it is; the page's own
  // history is sent again with the next turn, so it stays the game.
  sendRaw() {
    const line = $('console-input').value.trim();
    if (!line) return;
    this.log('> ' + line);
    this.game.sendRaw(line);
    $('console-input').value = '';
  }

  // --- FEN and PGN out ---

  async copy(text) {
    try {
      await navigator.clipboard.writeText(text);
      notice('Copied.');
    } catch (e) {
      notice('The browser refused the clipboard; the text is in the box below.');
    }
  }

  async copyPgn() {
    const text = await this.game.pgn();
    $('pgn-text').value = text;
    this.copy(text);
  }

  async downloadPgn() {
    const text = await this.game.pgn();
    $('pgn-text').value = text;
    const a = document.createElement('a');
    a.href = URL.createObjectURL(new Blob([text], { type: 'application/x-chess-pgn' }));
    a.download = 'ratnik-' + (this.info ? this.info.name : 'game') + '.pgn';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }
}

const page = new Page();
page.game.start(new URLSearchParams(location.search).get('variant') || 'chess')
  .catch((e) => { setStatus('no engine session: ' + e.message, 'error'); });
