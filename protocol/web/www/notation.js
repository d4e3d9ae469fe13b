// Reading the engine's notation for display: turns, legs, FEN and the
// `state last` words. Nothing here knows a rule; it only takes text apart.

const SQ = '([a-z][1-9][0-9]?)';
const REMOVE_RE = new RegExp('^x' + SQ + '$');
const PLACE_RE = new RegExp('^(\\+?[A-Z])@' + SQ + '$');
const MOVE_RE = new RegExp('^' + SQ + SQ + '([a-z]*)$');

export function squareName(file, rank) {
  return String.fromCharCode(97 + file) + (rank + 1);
}

export function squareCoords(sq) {
  return { file: sq.charCodeAt(0) - 97, rank: parseInt(sq.slice(1), 10) - 1 };
}

export function splitTurn(turn) {
  return turn.split(',');
}

// One leg of a turn: {kind: 'remove'|'place'|'move', from, to, letter, suffix}.
// `from` is where a click starts the leg (a placement starts in the holdings).
export function parseLeg(text) {
  let m = REMOVE_RE.exec(text);
  if (m) return { text, kind: 'remove', from: m[1], to: m[1] };
  m = PLACE_RE.exec(text);
  if (m) return { text, kind: 'place', from: null, to: m[2], letter: m[1] };
  m = MOVE_RE.exec(text);
  if (m) return { text, kind: 'move', from: m[1], to: m[2], suffix: m[3] };
  return { text, kind: 'unknown', from: null, to: null };
}

// Pieces in FEN are one letter, possibly after '+' (a promoted piece).
function readPieces(text) {
  const out = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '+' && i + 1 < text.length) { out.push('+' + text[i + 1]); i++; }
    else out.push(text[i]);
  }
  return out;
}

// The board of a FEN as a map square -> piece string, with the holdings
// (the `[...]` field) and the side to move.
export function parseFen(fen, files, ranks) {
  const fields = fen.trim().split(/\s+/);
  let placement = fields[0] || '';
  let holdings = [];
  const open = placement.indexOf('[');
  if (open >= 0) {
    holdings = readPieces(placement.slice(open + 1, placement.indexOf(']', open)));
    placement = placement.slice(0, open);
  }
  const board = {};
  const rows = placement.split('/');
  rows.forEach((row, r) => {
    const rank = ranks - 1 - r;
    let file = 0;
    const re = /(\d+)|(\+?[A-Za-z])/g;
    let m;
    while ((m = re.exec(row)) !== null) {
      if (m[1]) { file += parseInt(m[1], 10); continue; }
      if (file < files) board[squareName(file, rank)] = m[2];
      file++;
    }
  });
  return { board, holdings, side: fields[1] === 'b' ? 'black' : 'white' };
}

export function pieceColor(piece) {
  const letter = piece.replace('+', '');
  return letter === letter.toUpperCase() ? 'white' : 'black';
}

// The FEN letter of White's piece of the same type (`+p` -> `+P`), which is
// how variantinfo names piece types.
export function pieceType(piece) {
  return piece.toUpperCase();
}

const PAIR_RE = /^([a-z][1-9][0-9]?)([a-z][1-9][0-9]?)$/;

function squaresOf(pair) {
  const m = PAIR_RE.exec(pair || '');
  return m ? [m[1], m[2]] : [];
}

// One word of `state last` (`capture:e4d5:p:d5`) as the squares a board
// marks: {role, from, to, extra: [squares], piece}.
export function parseLastLeg(word) {
  const parts = word.split(':');
  const role = parts[0];
  const leg = { role, from: null, to: null, extra: [], piece: null };
  if (role === 'remove' || role === 'promote') {
    leg.to = parts[1];
    leg.piece = parts[2] || null;
  } else if (role === 'place' || role === 'change') {
    const body = parts.slice(1).join(':');
    const placed = PLACE_RE.exec(body.replace(/^\+(?=\+?[A-Z]@)/, ''));
    const moved = MOVE_RE.exec(body);
    if (placed) leg.to = placed[2], leg.piece = placed[1];
    else if (moved) leg.from = moved[1], leg.to = moved[2];
  } else {
    [leg.from, leg.to] = squaresOf(parts[1]);
    if (role === 'castle') leg.extra = squaresOf(parts[2]);
    else if (parts[2]) leg.piece = parts[2];
    if (parts[3]) leg.extra = [parts[3]];
  }
  return leg;
}
