// The game on the page: its history (`position ... moves`), whose turn it
// is (the engine's `state side`), who plays it, the engine's searches and
// the bribes. Every rule question goes to the engine; this file only keeps
// the history and decides who is asked to move.

import { Transport } from './transport.js';
import { Uci } from './uci.js';
import { Clocks } from './clock.js';
import { Negotiation } from './negotiation.js';

const OTHER = { white: 'black', black: 'white' };

export class Game {
  constructor(ui) {
    this.ui = ui;
    this.uci = new Uci();
    this.uci.onInfo = (info) => ui.engineInfo(info);
    this.uci.onError = (msg) => ui.engineError(msg);
    this.uci.onLine = (line) => ui.log(line);
    this.transport = null;
    this.queue = Promise.resolve(); // engine work, one task at a time
    this.gen = 0;                   // bumped by every interruption
    this.searching = null;          // the pending `go`, if any
    this.info = null;
    this.base = 'startpos';
    this.moves = [];
    this.st = null;
    this.legal = [];
    this.over = null;               // a loss on time (the page's own verdict)
    this.paused = false;
    this.settings = ui.readSettings();
    this.clocks = new Clocks((v) => ui.showClocks(v), (color) => this.flag(color));
    this.bribes = new Negotiation(this);
  }

  // --- tasks: engine work runs in order; an interruption makes the tasks
  // of the old generation return at their next step ---

  run(fn) {
    const g = this.gen;
    const task = this.queue.then(() => (g === this.gen ? fn(g) : undefined));
    this.queue = task.catch((e) => this.ui.problem(String((e && e.message) || e)));
    return this.queue;
  }

  interrupt() {
    this.gen++;
    this.ui.status('working...', 'busy');
    this.ui.entry.disable();
    this.ui.bribes.cancel();
    this.ui.dialog.cancel();
    this.clocks.stop();
    if (this.searching) this.uci.stop();
  }

  async waitSearch() {
    const s = this.searching;
    if (!s) return;
    this.uci.stop();
    await s;
  }

  search(args) {
    const s = this.uci.go(args).then((r) => { if (this.searching === s) this.searching = null; return r; });
    this.searching = s;
    return s;
  }

  // --- the session ---

  async connect() {
    const t = new Transport((line) => this.uci.handleLine(line), () => this.lost(t), (m) => this.ui.problem(m));
    this.transport = t;
    this.uci.attach(t);
    this.searching = null;
    await t.open();
    const options = await this.uci.handshake();
    return options;
  }

  // A lost stream ends the server's session: a new one gets the variant,
  // the options and the game replayed, and play goes on.
  lost(t) {
    if (t !== this.transport) return;
    this.interrupt();
    this.queue = Promise.resolve();
    this.ui.notice('The connection was lost; a new session replays the game.');
    this.run((g) => this.resume(g, 1));
  }

  // Reconnects, waiting a little longer after each failure.
  async resume(g, attempt) {
    try {
      await this.connect();
    } catch (e) {
      if (g !== this.gen) return;
      if (attempt >= 6) { this.ui.status('no engine session: ' + e.message, 'error'); return; }
      this.ui.notice('No engine session (' + e.message + '); trying again...');
      await new Promise((r) => setTimeout(r, 1000 * attempt));
      if (g === this.gen) await this.resume(g, attempt + 1);
      return;
    }
    await this.uci.command('setoption name UCI_Variant value ' + this.info.name);
    await this.applyOptions();
    await this.refresh(g);
    // Kept in view: a turn half entered when the stream broke is gone, and
    // the person should know why.
    this.ui.notice('The connection was lost; a new session replayed the game.');
    await this.proceed(g);
  }

  async start(variant) {
    const options = await this.connect();
    this.ui.variantsKnown(options.UCI_Variant);
    this.ui.strengthKnown(options);
    return this.changeVariant(variant || 'chess');
  }

  changeVariant(name) {
    this.interrupt();
    return this.run(async (g) => {
      await this.waitSearch();
      await this.uci.command('setoption name UCI_Variant value ' + name);
      const info = await this.uci.variantinfo();
      if (g !== this.gen) return;
      this.info = info;
      this.ui.variantLoaded(info);
      await this.applyOptions();
      await this.beginGame(g, 'startpos');
    });
  }

  async applyOptions() {
    const s = this.settings;
    const lines = ['setoption name MultiPV value ' + s.multipv];
    if (this.info.bribes === 'yes') lines.push('setoption name Corruption value ' + (s.corruption ? 'true' : 'false'));
    const offered = this.uci.options;
    if (offered.UCI_LimitStrength && offered.UCI_Elo) {
      lines.push('setoption name UCI_LimitStrength value ' + (s.strength !== 'full'));
      if (s.strength !== 'full') lines.push('setoption name UCI_Elo value ' + s.strength);
    }
    if (offered.UCI_ShowWDL) lines.push('setoption name UCI_ShowWDL value ' + s.wdl);
    if (offered.UCI_AnalyseMode) lines.push('setoption name UCI_AnalyseMode value ' + (s.mode === 'analysis'));
    await this.uci.command(lines.join('\n'));
  }

  // Settings that only change who moves or how long take effect at once.
  settingsChanged() {
    const before = this.settings;
    this.settings = this.ui.readSettings();
    this.interrupt();
    this.run(async (g) => {
      await this.waitSearch();
      const optionsOf = (t) => [t.multipv, t.corruption, t.strength, t.wdl, t.mode === 'analysis'].join();
      if (optionsOf(before) !== optionsOf(this.settings)) {
        await this.applyOptions();
      }
      if (before.timeKind !== this.settings.timeKind || before.clockMs !== this.settings.clockMs) this.resetClocks();
      await this.proceed(g);
    });
  }

  resetClocks() {
    const s = this.settings;
    this.clocks.reset(s.timeKind === 'clock', s.clockMs, s.incMs);
  }

  // --- the history ---

  positionCommand() {
    return 'position ' + this.base + (this.moves.length ? ' moves ' + this.moves.join(' ') : '');
  }

  // Sends the history and reads back what the engine makes of it.
  async refresh(g) {
    await this.waitSearch();
    const errors = await this.uci.command(this.positionCommand());
    const st = await this.uci.state();
    const legal = await this.uci.legal();
    if (g !== this.gen) return errors;
    this.st = st;
    this.legal = legal;
    this.ui.showState(st);
    return errors;
  }

  newGame() {
    this.interrupt();
    return this.run((g) => this.beginGame(g, 'startpos'));
  }

  setupFen(fen) {
    this.interrupt();
    return this.run(async (g) => {
      const old = { base: this.base, moves: this.moves };
      this.base = 'fen ' + fen;
      this.moves = [];
      const errors = await this.refresh(g);
      if (errors.length === 0) return this.beginGame(g, this.base);
      Object.assign(this, old);
      await this.refresh(g);
      this.ui.problem('The engine refused the FEN: ' + errors.join('; '));
      return this.proceed(g);
    });
  }

  async beginGame(g, base) {
    await this.waitSearch();
    this.base = base;
    this.moves = [];
    this.over = null;
    this.resetClocks();
    await this.uci.command('ucinewgame');
    await this.refresh(g);
    if (g !== this.gen) return;
    this.ui.gameStarted();
    await this.proceed(g);
  }

  takeBack() {
    this.interrupt();
    return this.run(async (g) => {
      await this.waitSearch();
      this.over = null;
      if (this.moves.length > 0) {
        this.moves.pop();
        await this.refresh(g);
        // Against the engine, back to the person's own turn.
        while (this.settings.mode === 'engine' && this.moves.length > 0 && this.st.side !== this.settings.human) {
          this.moves.pop();
          await this.refresh(g);
        }
        this.ui.turnPlayed(this.st);
      }
      if (this.settings.mode === 'selfplay') this.pause(true);
      await this.proceed(g);
    });
  }

  async playTurn(g, turn) {
    this.moves.push(turn);
    const errors = await this.refresh(g);
    if (g !== this.gen) return;
    if (errors.length > 0) {
      this.moves.pop();
      await this.refresh(g);
      this.ui.problem('The engine refused ' + turn + ': ' + errors.join('; '));
    } else this.ui.turnPlayed(this.st);
    // The next turn is a task of its own, so that a long game is a chain of
    // short tasks rather than one deep one.
    this.run((g2) => this.proceed(g2));
  }

  // --- whose turn ---

  async proceed(g) {
    if (g !== this.gen || !this.st) return;
    if (this.st.result.token !== 'none' || this.over) return this.gameOver();
    const mode = this.settings.mode;
    if (mode === 'analysis') return this.handTurn(g);
    if (mode === 'selfplay') return this.paused ? this.ui.status('paused', 'paused') : this.engineTurn(g);
    if (this.st.side === this.settings.human) return this.personTurn(g);
    return this.engineTurn(g);
  }

  personMoved(turn) {
    this.ui.status('playing ' + turn, 'busy');
    this.run(async (g) => {
      this.clocks.stop();
      if (this.clocks.flagged(this.st.side)) return this.flag(this.st.side);
      return this.playTurn(g, turn);
    });
  }

  async personTurn(g) {
    if (this.bribes.active() && await this.bribes.engineOffers(g)) return;
    if (g !== this.gen) return;
    this.clocks.start(this.st.side);
    this.ui.entry.setTurns(this.legal, true);
    this.ui.status(this.st.side + ' to move: your turn', 'person');
  }

  // Analysis: the person moves for both sides; the engine thinks about
  // every position until the next move.
  handTurn(g) {
    this.ui.entry.setTurns(this.legal, true);
    this.ui.status(this.st.side + ' to move: analysing', 'analysis');
    this.ui.analysisStarted();
    this.search('infinite');
    return g;
  }

  async engineTurn(g) {
    if (this.bribes.active() && await this.bribes.personOffers(g)) return;
    if (g !== this.gen) return;
    const side = this.st.side;
    this.ui.status(side + ' to move: the engine is thinking', 'engine');
    this.ui.analysisStarted();
    this.clocks.start(side);
    const args = this.settings.timeKind === 'clock' ? this.clocks.goArgs() : 'movetime ' + this.settings.movetime;
    const r = await this.search(args);
    this.clocks.stop();
    if (g !== this.gen || !r) return;
    if (this.clocks.flagged(side)) return this.flag(side);
    if (!r.best || r.best === '(none)' || r.best === '0000') return this.ui.problem('The engine found no move.');
    await this.playTurn(g, r.best);
  }

  gameOver() {
    this.ui.entry.disable();
    this.clocks.stop();
    this.ui.showResult(this.st.result, this.over);
    this.ui.status('game over', 'over');
  }

  flag(color) {
    this.interrupt();
    const winner = OTHER[color];
    this.over = { token: winner === 'white' ? '1-0' : '0-1', reason: color + ' lost on time' };
    this.gameOver();
  }

  pause(on) {
    this.paused = on;
    this.ui.pausedChanged(on);
    if (on) this.interrupt();
    this.run((g) => this.proceed(g));
  }

  moveNow() {
    if (this.searching && this.settings.mode !== 'analysis') this.uci.stop();
  }

  // An accepted bribe enters the history as BRIBES.md writes it: a refrain
  // or a purchase is the receiver's turn, a take-back replaces the payer's
  // last turn with the payment token.
  async applyBribe(g, offer) {
    const before = this.moves.slice();
    if (offer.kind === 'refrain') this.moves.push(offer.payment);
    else if (offer.kind === 'purchase') this.moves.push(offer.payment + ',' + offer.move);
    else { this.moves.pop(); this.moves.push('+' + offer.payment); }
    const errors = await this.refresh(g);
    if (g !== this.gen) return;
    if (errors.length > 0) {
      this.moves = before;
      await this.refresh(g);
      this.ui.problem('The engine refused the bribe in the history: ' + errors.join('; '));
    } else this.ui.turnPlayed(this.st);
    this.run((g2) => this.proceed(g2));
  }

  sendRaw(line) {
    this.uci.send(line);
  }

  async pgn() {
    return this.uci.pgn();
  }
}
