// A UCI client over a Transport: sends commands, sorts the engine's lines
// into the answers of the board queries (docs/uci-extensions.md), search
// output and bribe answers (BRIBES.md), and hands them back as promises.

const QUERIES = ['variantinfo', 'legal', 'state', 'pgn'];

function firstWord(text) {
  const i = text.indexOf(' ');
  return i < 0 ? text : text.slice(0, i);
}

function restAfter(text, word) {
  return text.length > word.length ? text.slice(word.length + 1) : '';
}

export class Uci {
  constructor() {
    this.transport = null;
    this.waiting = Object.fromEntries(QUERIES.map((q) => [q, []]));
    this.readyWaiters = [];
    this.searches = [];       // one resolver per `go`, in order
    this.bribeWaiters = [];   // one per `bribe offer` / `bribe query`
    this.uciokWaiter = null;
    this.errors = [];         // errors since the last readyok
    this.options = {};
    this.onInfo = () => {};   // search output
    this.onError = () => {};  // `info string error: ...`
    this.onNote = () => {};   // any other info string
    this.onLine = () => {};   // every line, for the log
  }

  attach(transport) {
    this.transport = transport;
    for (const q of QUERIES) this.waiting[q] = [];
    this.readyWaiters = [];
    this.searches = [];
    this.bribeWaiters = [];
    this.errors = [];
  }

  send(text) {
    this.transport.send(text);
  }

  handleLine(line) {
    this.onLine(line);
    if (line.startsWith('info string ')) return this.handleInfoString(line.slice(12));
    const word = firstWord(line);
    if (word === 'readyok') return this.settle(this.readyWaiters, this.errors.splice(0));
    if (word === 'uciok' && this.uciokWaiter) return this.uciokWaiter();
    if (word === 'option') return this.readOption(line);
    if (word === 'bestmove') return this.settle(this.searches, readBestmove(line));
    if (word === 'info') return this.onInfo(readInfo(line));
    if (word === 'bribe') return this.handleBribe(restAfter(line, 'bribe'));
    return undefined;
  }

  handleInfoString(text) {
    if (text.startsWith('error: ')) {
      this.errors.push(text.slice(7));
      return this.onError(text.slice(7));
    }
    const word = firstWord(text);
    const queue = this.waiting[word];
    if (!queue || queue.length === 0) return this.onNote(text);
    const body = restAfter(text, word);
    if (body === 'end') this.settle(queue, queue[0].lines);
    else queue[0].lines.push(body);
    return undefined;
  }

  handleBribe(text) {
    const waiter = this.bribeWaiters[0];
    if (!waiter) return;
    if (text === 'accept' || text === 'decline') {
      this.bribeWaiters.shift();
      waiter.resolve({ answer: text, errors: this.errors.splice(0) });
    } else if (text.startsWith('offer ')) {
      waiter.offers.push(readOffer(text.slice(6)));
    } else if (text === 'done') {
      this.bribeWaiters.shift();
      waiter.resolve(waiter.offers);
    }
  }

  settle(queue, value) {
    const waiter = queue.shift();
    if (waiter) waiter.resolve(value);
  }

  readOption(line) {
    const m = /^option name (.+?) type (\S+)(.*)$/.exec(line);
    if (!m) return;
    const opt = { type: m[2], def: '', vars: [] };
    let key = null;
    for (const w of m[3].trim().split(/\s+/)) {
      if (['default', 'min', 'max', 'var'].includes(w)) {
        key = w;
        if (w === 'var') opt.vars.push('');
      } else if (key === 'var') opt.vars[opt.vars.length - 1] += (opt.vars[opt.vars.length - 1] ? ' ' : '') + w;
      else if (key === 'default') opt.def += (opt.def ? ' ' : '') + w;
      else if (key) opt[key] = w;
    }
    this.options[m[1]] = opt;
  }

  // --- commands ---

  handshake() {
    return new Promise((resolve) => {
      this.uciokWaiter = () => { this.uciokWaiter = null; resolve(this.options); };
      this.send('uci');
    });
  }

  // Sends lines, then `isready`; resolves with the errors the lines caused
  // (the engine answers in order, so they all come before `readyok`).
  command(text) {
    return new Promise((resolve) => {
      this.readyWaiters.push({ resolve });
      this.send(text + '\nisready');
    });
  }

  query(name) {
    return new Promise((resolve) => {
      this.waiting[name].push({ lines: [], resolve });
      this.send(name);
    });
  }

  async variantinfo() { return readVariantInfo(await this.query('variantinfo')); }
  async legal() { return joinWords(await this.query('legal')); }
  async state() { return readState(await this.query('state')); }
  async pgn() { return (await this.query('pgn')).join('\n') + '\n'; }

  go(args) {
    return new Promise((resolve) => {
      this.searches.push({ resolve });
      this.send('go ' + args);
    });
  }

  stop() { this.send('stop'); }

  bribeOffer(text) {
    return new Promise((resolve) => {
      this.bribeWaiters.push({ offers: [], resolve });
      this.send('bribe offer ' + text);
    });
  }

  bribeQuery(movetime) {
    return new Promise((resolve) => {
      this.bribeWaiters.push({ offers: [], resolve });
      this.send('bribe query movetime ' + movetime);
    });
  }
}

function joinWords(lines) {
  return lines.join(' ').split(/\s+/).filter((w) => w.length > 0);
}

function readBestmove(line) {
  const w = line.split(/\s+/);
  return { best: w[1], ponder: w[3] || null };
}

// `refrain e2e4 N@b1`, `purchase e2e4 N@b1`, `takeback N@b1`.
export function readOffer(text) {
  const w = text.split(/\s+/);
  if (w[0] === 'takeback') return { kind: 'takeback', move: null, payment: w[1], text };
  return { kind: w[0], move: w[1], payment: w[2], text };
}

const INFO_NUMBERS = ['depth', 'seldepth', 'multipv', 'nodes', 'nps', 'time', 'hashfull', 'tbhits'];

export function readInfo(line) {
  const w = line.split(/\s+/);
  const info = {};
  for (let i = 1; i < w.length; i++) {
    if (INFO_NUMBERS.includes(w[i])) info[w[i]] = parseInt(w[++i], 10);
    else if (w[i] === 'score') {
      info.score = { kind: w[i + 1], value: parseInt(w[i + 2], 10) };
      i += 2;
      if (w[i + 1] === 'lowerbound' || w[i + 1] === 'upperbound') info.score.bound = w[++i];
    } else if (w[i] === 'wdl') {
      info.wdl = w.slice(i + 1, i + 4).map((x) => parseInt(x, 10));
      i += 3;
    } else if (w[i] === 'pv') { info.pv = w.slice(i + 1); break; }
    else if (w[i] === 'string') { info.string = w.slice(i + 1).join(' '); break; }
  }
  return info;
}

export function readVariantInfo(lines) {
  const info = { pieces: [], regions: [] };
  for (const line of lines) {
    const w = line.split(' ');
    if (w[0] === 'name') {
      info.name = w[1];
      for (let i = 2; i + 1 < w.length; i += 2) info[w[i]] = w[i + 1];
      info.files = parseInt(info.files, 10);
      info.ranks = parseInt(info.ranks, 10);
    } else if (w[0] === 'startfen') info.startfen = w.slice(1).join(' ');
    else if (w[0] === 'piece') info.pieces.push({ letter: w[1], glyph: w[2], name: w.slice(3).join(' ') });
    else if (w[0] === 'region') info.regions.push(readRegion(w));
  }
  return info;
}

function readRegion(w) {
  const at = w.indexOf('label');
  const end = at < 0 ? w.length : at;
  return { id: w[1], side: w[2], squares: w.slice(3, end), label: at < 0 ? w[1] : w.slice(at + 1).join(' ') };
}

export function readState(lines) {
  const st = { moves: [], san: null, last: [], result: { token: 'none', reason: '' } };
  for (const line of lines) {
    const word = firstWord(line);
    const rest = restAfter(line, word);
    if (word === 'fen' || word === 'startfen' || word === 'side') st[word] = rest;
    else if (word === 'result') {
      const token = firstWord(rest);
      st.result = { token, reason: restAfter(rest, token) };
    } else if (word === 'moves' || word === 'last') st[word].push(...joinWords([rest]));
    else if (word === 'san') st.san = (st.san || []).concat(joinWords([rest]));
  }
  return st;
}
