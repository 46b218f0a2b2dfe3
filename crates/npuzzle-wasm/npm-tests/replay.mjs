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
