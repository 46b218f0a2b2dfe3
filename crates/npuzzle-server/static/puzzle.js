// The board in the page: tiles in row-major order, 0 for the blank. Moves
// `u d l r` name the direction the blank travels, as everywhere in npuzzle.

export const MOVES = { u: [0, -1], d: [0, 1], l: [-1, 0], r: [1, 0] };
export const OPPOSITE = { u: 'd', d: 'u', l: 'r', r: 'l' };

export class Puzzle {
  constructor(width, height, tiles) {
    this.width = width;
    this.height = height;
    this.tiles = tiles.slice();
    this.blank = this.tiles.indexOf(0);
  }

  // A board as the server writes it: "8 6 7 2 5 4 3 x 1".
  static parse(text, width, height) {
    const tiles = text.trim().split(/\s+/).map((t) => (t === 'x' ? 0 : Number(t)));
    return new Puzzle(width, height, tiles);
  }

  // The standard goal (1 2 … N-1 then the blank) or blank-first (0 1 … N-1).
  static goal(width, height, mode) {
    const n = width * height;
    const tiles = Array.from({ length: n }, (_, i) => (mode === 'blank-first' ? i : (i + 1) % n));
    return new Puzzle(width, height, tiles);
  }

  toString() {
    return this.tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ');
  }

  clone() {
    return new Puzzle(this.width, this.height, this.tiles);
  }

  equals(other) {
    return other && this.tiles.length === other.tiles.length && this.tiles.every((t, i) => t === other.tiles[i]);
  }

  // The cell the blank reaches with move `m`, or -1 off the board.
  target(m) {
    const [dx, dy] = MOVES[m];
    const x = (this.blank % this.width) + dx;
    const y = Math.floor(this.blank / this.width) + dy;
    return x < 0 || y < 0 || x >= this.width || y >= this.height ? -1 : y * this.width + x;
  }

  canMove(m) {
    return this.target(m) >= 0;
  }

  // Moves the blank; returns the tile that slid, or 0 if the move is illegal.
  apply(m) {
    const to = this.target(m);
    if (to < 0) return 0;
    const tile = this.tiles[to];
    this.tiles[this.blank] = tile;
    this.tiles[to] = 0;
    this.blank = to;
    return tile;
  }

  // The blank move that slides the tile at `cell`, or null if it is not beside the blank.
  moveForCell(cell) {
    return Object.keys(MOVES).find((m) => this.target(m) === cell) ?? null;
  }

  // The blank's run (`uu`: one letter a cell) that slides the tile at `cell`
  // and every tile between it and the blank, or null if it is not in the
  // blank's row or column.
  runForCell(cell) {
    for (const m of Object.keys(MOVES)) {
      const q = this.clone();
      let run = '';
      while (q.apply(m)) {
        run += m;
        if (q.blank === cell) return run;
      }
    }
    return null;
  }
}

// The length of `moves` in the multi-tile metric: each run of one direction
// (the blank travelling along a row or column) is one move.
export function mtmLength(moves) {
  let runs = 0;
  for (let i = 0; i < moves.length; i++) if (moves[i] !== moves[i - 1]) runs += 1;
  return runs;
}

// `#3x3/8,6,7,2,5,4,3,x,1` with `/blank-first` or `/1,2,…` for another goal,
// and `/mtm` last when moves are counted in the multi-tile metric.
export function encodeHash(width, height, board, goal, metric = 'stm') {
  const tiles = (text) => text.trim().split(/\s+/).join(',');
  let hash = `#${width}x${height}/${tiles(board)}`;
  if (goal && goal !== 'standard') hash += `/${goal === 'blank-first' ? goal : tiles(goal)}`;
  if (metric === 'mtm') hash += '/mtm';
  return hash;
}

// The inverse of encodeHash: {size, board, goal, metric} as texts for the server to judge, or null.
export function decodeHash(hash) {
  const text = decodeURIComponent(hash.replace(/^#/, ''));
  if (!text) return null;
  const parts = text.split('/');
  // No goal is named `mtm`, and tiles have commas: the last part can only be the metric.
  const metric = parts.length > 2 && parts[parts.length - 1] === 'mtm' ? parts.pop() : 'stm';
  const [size, board = '', goal] = parts;
  const spaced = (t) => t.split(',').join(' ');
  return { size, board: spaced(board), goal: goal ? (goal === 'blank-first' ? goal : spaced(goal)) : 'standard', metric };
}
