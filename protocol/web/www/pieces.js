// The six chess figures, drawn by the page itself (no font or image is
// fetched, and the board looks the same on every system). A variant's
// `glyph` field picks the figure; the FEN letter, drawn as a badge where it
// is not the figure's own letter, tells apart types that share one.

const SVG_NS = 'http://www.w3.org/2000/svg';

// Shapes in a 100x100 box: [element, attributes]. `detail` shapes are drawn
// in the opposite colour (the bishop's slit, the knight's eye).
const BASE = ['rect', { x: 22, y: 80, width: 56, height: 11, rx: 3 }];
const FIGURES = {
  P: [
    ['path', { d: 'M34 80 Q36 58 44 49 L56 49 Q64 58 66 80 Z' }],
    ['circle', { cx: 50, cy: 35, r: 13 }],
    BASE,
  ],
  R: [
    ['path', { d: 'M32 78 L34 42 L66 42 L68 78 Z' }],
    ['path', { d: 'M26 18 h10 v8 h8 v-8 h12 v8 h8 v-8 h10 v24 h-48 Z' }],
    BASE,
  ],
  B: [
    ['path', { d: 'M50 16 C68 32 68 52 60 68 L40 68 C32 52 32 32 50 16 Z' }],
    ['circle', { cx: 50, cy: 13, r: 6 }],
    ['rect', { x: 36, y: 68, width: 28, height: 10, rx: 2 }],
    BASE,
    ['path', { d: 'M44 32 L58 46', detail: true }],
  ],
  N: [
    ['path', { d: 'M30 80 C30 66 40 60 46 50 C38 52 32 56 26 58 C18 60 14 52 20 46 C26 38 32 28 40 20 L40 10 L48 17 C64 18 76 34 72 80 Z' }],
    BASE,
    ['circle', { cx: 44, cy: 30, r: 3, detail: true }],
  ],
  Q: [
    ['path', { d: 'M24 78 L15 32 L31 56 L33 22 L44 54 L50 17 L56 54 L67 22 L69 56 L85 32 L76 78 Z' }],
    ['circle', { cx: 15, cy: 30, r: 5 }], ['circle', { cx: 33, cy: 20, r: 5 }],
    ['circle', { cx: 50, cy: 15, r: 5 }], ['circle', { cx: 67, cy: 20, r: 5 }],
    ['circle', { cx: 85, cy: 30, r: 5 }],
    BASE,
  ],
  K: [
    ['path', { d: 'M24 78 C12 58 20 38 36 44 C40 36 45 33 50 33 C55 33 60 36 64 44 C80 38 88 58 76 78 Z' }],
    ['path', { d: 'M46 6 h8 v8 h8 v8 h-8 v12 h-8 v-12 h-8 v-8 h8 Z' }],
    BASE,
  ],
};

function shape(tag, attrs, color) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (k !== 'detail') el.setAttribute(k, v);
  el.setAttribute('class', attrs.detail ? 'detail' : 'body');
  return el;
}

// An <svg> of the figure `glyph` (K Q R B N P) for `color` ('white'/'black').
export function figureSvg(glyph, color) {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 100 100');
  svg.setAttribute('class', 'figure ' + color);
  svg.setAttribute('aria-hidden', 'true');
  for (const [tag, attrs] of FIGURES[glyph] || FIGURES.P) svg.appendChild(shape(tag, attrs, color));
  return svg;
}

// How the page draws each piece type of a variant: figure, badge, name.
export class PieceSet {
  constructor(pieces) {
    this.byLetter = {};
    for (const p of pieces) this.byLetter[p.letter] = p;
  }

  describe(piece) {
    const type = piece.toUpperCase();
    const def = this.byLetter[type] || { letter: type, glyph: type.replace('+', ''), name: type };
    const color = type === piece ? 'white' : 'black';
    // The figure's own letter needs no badge; any other letter is the only
    // thing that tells a gold officer from a queen-shaped piece.
    const badge = def.letter === def.glyph ? '' : def.letter;
    return { type, glyph: def.glyph, name: def.name, color, badge, promoted: type.startsWith('+') };
  }

  // A piece drawn for a square, a holding or the legend.
  element(piece) {
    const d = this.describe(piece);
    const el = document.createElement('span');
    el.className = 'piece ' + d.color + (d.promoted ? ' promoted' : '');
    el.title = d.color + ' ' + d.name + ' (' + (d.color === 'white' ? d.type : d.type.toLowerCase()) + ')';
    el.appendChild(figureSvg(d.glyph, d.color));
    if (d.badge) {
      const b = document.createElement('span');
      b.className = 'badge';
      b.textContent = d.badge;
      el.appendChild(b);
    }
    return el;
  }
}
