// The panels beside the board: holdings, legend, move list, result,
// engine output, the choice dialog and the log. Each shows engine answers
// as they are; none decides anything about the game.

import { pieceColor } from './notation.js';

function $(id) { return document.getElementById(id); }

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

// Holdings: the pieces of the FEN's `[...]` field, by colour. A piece the
// move entry may place now is a button.
export function renderHoldings(root, holdings, pieceSet, placeable, selected, onPress) {
  root.replaceChildren();
  for (const color of ['white', 'black']) {
    const row = el('div', 'holding-row');
    row.dataset.color = color;
    row.appendChild(el('span', 'holding-label', color + ':'));
    const mine = holdings.filter((p) => pieceColor(p) === color);
    if (mine.length === 0) row.appendChild(el('span', 'holding-empty', '—'));
    for (const p of mine) {
      const letter = p.toUpperCase();
      const can = placeable.includes(letter);
      const b = el(can ? 'button' : 'span', 'holding');
      b.dataset.piece = p;
      if (can) {
        b.classList.add('placeable');
        if (selected === letter) b.classList.add('sel');
        b.addEventListener('click', () => onPress(letter));
      }
      b.appendChild(pieceSet.element(p));
      row.appendChild(b);
    }
    root.appendChild(row);
  }
}

export function renderLegend(root, info, pieceSet) {
  root.replaceChildren();
  const pieces = el('table', 'legend-pieces');
  for (const p of info.pieces) {
    const tr = el('tr');
    tr.dataset.letter = p.letter;
    const figs = el('td', 'legend-figs');
    figs.appendChild(pieceSet.element(p.letter));
    figs.appendChild(pieceSet.element(p.letter.toLowerCase()));
    tr.appendChild(figs);
    tr.appendChild(el('td', 'legend-letter', p.letter));
    tr.appendChild(el('td', 'legend-name', p.name));
    pieces.appendChild(tr);
  }
  root.appendChild(pieces);
  const regions = el('ul', 'legend-regions');
  for (const r of info.regions) {
    const li = el('li');
    const sample = el('span', 'square sample light');
    sample.appendChild(el('span', 'rmark rmark-' + r.id + ' side-' + r.side));
    li.appendChild(sample);
    li.appendChild(el('span', '', r.label));
    regions.appendChild(li);
  }
  root.appendChild(regions);
}

// The turns in RULES.md notation, with SAN beside them where the variant
// has it.
export function renderMoves(root, st) {
  root.replaceChildren();
  st.moves.forEach((turn, i) => {
    const li = el('li');
    li.dataset.turn = turn;
    li.appendChild(el('span', 'turn', turn));
    if (st.san && st.san[i]) {
      li.dataset.san = st.san[i];
      li.appendChild(el('span', 'san', st.san[i]));
    }
    root.appendChild(li);
  });
  root.scrollTop = root.scrollHeight;
}

const RESULT_WORDS = {
  '1-0': 'White wins', '0-1': 'Black wins', '1/2-1/2': 'Draw',
  '0-0': 'Draw, no points', '1/2-0': 'White wins half a point', '0-1/2': 'Black wins half a point',
};

export function renderResult(root, result, extra) {
  root.dataset.result = result.token;
  root.dataset.reason = result.reason;
  if (result.token === 'none' && !extra) {
    root.hidden = true;
    root.textContent = '';
    return;
  }
  root.hidden = false;
  root.textContent = extra || (result.token + ' — ' + (RESULT_WORDS[result.token] || result.token) +
    (result.reason ? ': ' + result.reason : ''));
}

function scoreText(score) {
  if (!score) return '';
  if (score.kind === 'mate') return 'mate ' + score.value;
  const v = (score.value / 100).toFixed(2);
  return (score.value > 0 ? '+' : '') + v + (score.bound ? ' (' + score.bound + ')' : '');
}

// UCI_ShowWDL's per mille as percentages: win, draw, loss for the side to move.
function wdlText(wdl) {
  const pct = (x) => (x / 10).toFixed(1) + '%';
  return 'W ' + pct(wdl[0]) + ' D ' + pct(wdl[1]) + ' L ' + pct(wdl[2]);
}

// Engine output: one row per MultiPV line, as the engine reports them.
export class AnalysisView {
  constructor(root) {
    this.root = root;
    this.lines = {};
  }

  clear() {
    this.lines = {};
    this.root.replaceChildren();
  }

  add(info) {
    if (!info.pv || info.depth === undefined) return;
    this.lines[info.multipv || 1] = info;
    this.draw();
  }

  draw() {
    this.root.replaceChildren();
    for (const k of Object.keys(this.lines).sort((a, b) => a - b)) {
      const info = this.lines[k];
      const row = el('div', 'pv-line');
      row.dataset.multipv = k;
      row.dataset.depth = info.depth;
      row.appendChild(el('span', 'pv-k', '#' + k));
      row.appendChild(el('span', 'pv-depth', 'depth ' + info.depth));
      row.appendChild(el('span', 'pv-score', scoreText(info.score)));
      if (info.wdl) row.appendChild(el('span', 'pv-wdl', wdlText(info.wdl)));
      row.appendChild(el('span', 'pv-nodes', info.nodes !== undefined ? info.nodes + ' nodes' : ''));
      row.appendChild(el('span', 'pv-moves', info.pv.slice(0, 16).join(' ')));
      this.root.appendChild(row);
    }
  }
}

// A modal choice: promotions, changes in place, several legs on one square.
export class ChoiceDialog {
  constructor(dialog, pieceSetRef) {
    this.dialog = dialog;
    this.pieceSetRef = pieceSetRef;
    this.resolve = null;
    // close() fires its event as a later task: by then a choice may have
    // led straight to the next question, which is open and not answered.
    dialog.addEventListener('close', () => { if (!dialog.open) this.finish(null); });
  }

  ask(title, options) {
    this.finish(null);
    const d = this.dialog;
    d.querySelector('h3').textContent = title;
    const box = d.querySelector('.options');
    box.replaceChildren();
    for (const o of options) {
      const b = el('button', 'choice');
      b.type = 'button';
      b.dataset.value = o.value;
      if (o.letter) b.appendChild(this.pieceSetRef().element(o.letter));
      b.appendChild(el('span', 'choice-label', o.label));
      b.addEventListener('click', () => { this.finish(o.value); d.close(); });
      box.appendChild(b);
    }
    return new Promise((resolve) => {
      this.resolve = resolve;
      d.showModal();
    });
  }

  finish(value) {
    const r = this.resolve;
    this.resolve = null;
    if (r) r(value);
  }

  cancel() {
    if (this.dialog.open) this.dialog.close();
    this.finish(null);
  }
}

export class Log {
  constructor(root, max) {
    this.root = root;
    this.max = max;
    this.lines = [];
  }

  add(line) {
    this.lines.push(line);
    if (this.lines.length > this.max) this.lines.splice(0, this.lines.length - this.max);
    if (this.root.closest('details').open) this.root.textContent = this.lines.join('\n');
  }

  refresh() {
    this.root.textContent = this.lines.join('\n');
  }
}

export function setStatus(text, state) {
  const s = $('status');
  s.textContent = text;
  s.dataset.state = state;
  document.body.dataset.state = state;
}

export function notice(text) {
  const n = $('notice');
  n.textContent = text;
  n.hidden = !text;
}
