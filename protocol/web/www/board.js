// The board: squares with coordinates, pieces from a FEN, the variant's
// special squares, and marks (selection, legal targets, what the last turn
// did). It shows what it is told; clicks and drags go to `onPress`.

import { parseFen, squareName } from './notation.js';

// Every mark class the board may carry, so that one call can clear them.
const MARK_CLASSES = ['sel', 'dest', 'start', 'self-target', 'pending-from', 'pending-to',
  'pending-remove', 'last-from', 'last-to', 'last-capture', 'last-push', 'last-remove',
  'last-possess', 'last-place', 'last-change', 'last-promote', 'last-castle'];

export class BoardView {
  constructor(root) {
    this.root = root;
    this.files = 8;
    this.ranks = 8;
    this.flipped = false;
    this.regions = [];
    this.pieceSet = null;
    this.squares = {};
    this.fen = '';
    this.onPress = () => {};
    this.drag = null;
    root.addEventListener('pointerdown', (e) => this.pointerDown(e));
    window.addEventListener('pointermove', (e) => this.pointerMove(e));
    window.addEventListener('pointerup', (e) => this.pointerUp(e));
  }

  setup(info, pieceSet) {
    this.files = info.files;
    this.ranks = info.ranks;
    this.regions = info.regions;
    this.pieceSet = pieceSet;
    this.root.dataset.variant = info.name;
    this.build();
  }

  setFlipped(flipped) {
    this.flipped = flipped;
    this.root.dataset.flipped = flipped ? 'yes' : 'no';
    this.build();
  }

  // Rows from the top of the screen: White's side is at the bottom unless
  // the board is flipped.
  build() {
    const root = this.root;
    root.replaceChildren();
    root.style.setProperty('--files', this.files);
    root.style.setProperty('--ranks', this.ranks);
    this.squares = {};
    for (let row = 0; row < this.ranks; row++) {
      const rank = this.flipped ? row : this.ranks - 1 - row;
      root.appendChild(this.label(String(rank + 1), 'rank-label'));
      for (let col = 0; col < this.files; col++) {
        const file = this.flipped ? this.files - 1 - col : col;
        root.appendChild(this.square(file, rank));
      }
    }
    root.appendChild(this.label('', 'corner'));
    for (let col = 0; col < this.files; col++) {
      const file = this.flipped ? this.files - 1 - col : col;
      root.appendChild(this.label(String.fromCharCode(97 + file), 'file-label'));
    }
    this.markRegions();
    if (this.fen) this.render(this.fen);
  }

  label(text, cls) {
    const el = document.createElement('div');
    el.className = cls;
    el.textContent = text;
    return el;
  }

  square(file, rank) {
    const el = document.createElement('div');
    const name = squareName(file, rank);
    el.className = 'square ' + ((file + rank) % 2 === 0 ? 'dark' : 'light');
    el.dataset.square = name;
    el.dataset.piece = '';
    this.squares[name] = el;
    return el;
  }

  // Special squares get one marker each (a square may be in several
  // regions: Buratia's last rank is a goal and a promotion rank).
  markRegions() {
    for (const region of this.regions) {
      for (const sq of region.squares) {
        const el = this.squares[sq];
        if (!el) continue;
        const mark = document.createElement('span');
        mark.className = 'rmark rmark-' + region.id + ' side-' + region.side;
        mark.title = region.label;
        el.appendChild(mark);
        el.dataset.regions = ((el.dataset.regions || '') + ' ' + region.id + '-' + region.side).trim();
      }
    }
  }

  render(fen) {
    this.fen = fen;
    this.root.dataset.fen = fen;
    const pos = parseFen(fen, this.files, this.ranks);
    this.root.dataset.side = pos.side;
    for (const [name, el] of Object.entries(this.squares)) {
      const piece = pos.board[name] || '';
      if (el.dataset.piece === piece && (piece === '' || el.querySelector('.piece'))) continue;
      const old = el.querySelector('.piece');
      if (old) old.remove();
      el.dataset.piece = piece;
      if (piece) el.appendChild(this.pieceSet.element(piece));
    }
    return pos;
  }

  clearMarks() {
    for (const el of Object.values(this.squares)) el.classList.remove(...MARK_CLASSES);
  }

  clearMarksOf(classes) {
    for (const el of Object.values(this.squares)) el.classList.remove(...classes);
  }

  mark(squares, cls) {
    for (const sq of squares) if (sq && this.squares[sq]) this.squares[sq].classList.add(cls);
  }

  // A short animation on the squares a turn changed.
  animate(squares) {
    for (const el of Object.values(this.squares)) el.classList.remove('arrive');
    for (const sq of squares) {
      const el = this.squares[sq];
      if (!el) continue;
      el.classList.remove('arrive');
      void el.offsetWidth; // restarts the CSS animation
      el.classList.add('arrive');
    }
  }

  // --- pointer input: a press is a click; a drag ends with a press on the
  // square it is dropped on ---

  squareAt(x, y) {
    const el = document.elementFromPoint(x, y);
    const sq = el && el.closest('[data-square]');
    return sq && this.root.contains(sq) ? sq.dataset.square : null;
  }

  pointerDown(e) {
    const el = e.target.closest('[data-square]');
    if (!el || e.button > 0) return;
    e.preventDefault();
    const sq = el.dataset.square;
    this.onPress(sq);
    const piece = el.querySelector('.piece');
    if (el.classList.contains('sel') && piece) this.drag = { sq, x: e.clientX, y: e.clientY, piece, ghost: null };
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d) return;
    if (!d.ghost && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
    if (!d.ghost) {
      d.ghost = d.piece.cloneNode(true);
      d.ghost.classList.add('ghost');
      const size = d.piece.getBoundingClientRect().width;
      d.ghost.style.width = size + 'px';
      d.ghost.style.height = size + 'px';
      document.body.appendChild(d.ghost);
      d.piece.classList.add('dragging');
    }
    d.ghost.style.left = e.clientX + 'px';
    d.ghost.style.top = e.clientY + 'px';
  }

  pointerUp(e) {
    const d = this.drag;
    this.drag = null;
    if (!d || !d.ghost) return;
    d.ghost.remove();
    d.piece.classList.remove('dragging');
    const target = this.squareAt(e.clientX, e.clientY);
    if (target && target !== d.sq) this.onPress(target);
  }
}
