// An independent replayer: the board after the blank's moves `u d l r`,
// written from the conventions alone (not from the engine).
export function replay(boardText, width, moves) {
  const tiles = boardText.trim().split(/\s+/).map((t) => (t === 'x' ? 0 : Number(t)));
  let blank = tiles.indexOf(0);
  const height = tiles.length / width;
  for (const [i, m] of [...moves].entries()) {
    const row = Math.floor(blank / width);
    const col = blank % width;
    const to = { u: row > 0 ? blank - width : -1, d: row < height - 1 ? blank + width : -1, l: col > 0 ? blank - 1 : -1, r: col < width - 1 ? blank + 1 : -1 }[m];
    if (to === undefined || to < 0) throw new Error(`move ${i} (${m}) leaves the board`);
    [tiles[blank], tiles[to]] = [tiles[to], tiles[blank]];
    blank = to;
  }
  return tiles.map((t) => (t === 0 ? 'x' : String(t))).join(' ');
}

/** The standard goal of a width × height board. */
export function standardGoal(width, height) {
  const n = width * height;
  return [...Array(n - 1).keys()].map((i) => String(i + 1)).concat('x').join(' ');
}

/**
 * How many boards lie at each multi-tile distance from `goal` (a string of
 * tiles): a breadth-first search whose moves slide the blank any number of
 * cells in one direction, written from the definition alone.
 */
export function multiTileCounts(goal, width) {
  const start = goal.trim().split(/\s+/).map((t) => (t === 'x' ? 0 : Number(t)));
  const height = start.length / width;
  const seen = new Set([start.join(',')]);
  const counts = [1];
  let layer = [start];
  while (layer.length > 0) {
    const next = [];
    for (const board of layer) {
      for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]]) {
        const tiles = board.slice();
        let blank = tiles.indexOf(0);
        for (;;) {
          const row = Math.floor(blank / width) + dr;
          const col = (blank % width) + dc;
          if (row < 0 || row >= height || col < 0 || col >= width) break;
          const to = row * width + col;
          [tiles[blank], tiles[to]] = [tiles[to], tiles[blank]];
          blank = to;
          const key = tiles.join(',');
          if (!seen.has(key)) {
            seen.add(key);
            next.push(tiles.slice());
          }
        }
      }
    }
    if (next.length > 0) counts.push(next.length);
    layer = next;
  }
  return counts;
}
