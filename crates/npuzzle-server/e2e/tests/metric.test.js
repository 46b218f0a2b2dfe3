// The metric switch (single-tile or multi-tile moves) and the solution's
// animation as a GIF, in headless Chromium against the real `npuzzle serve`
// (or, with $NPUZZLE_SITE, the static site on the browser's engine). The
// oracles are the test's own: a breadth-first search over every 3x3 board in
// multi-tile moves, the runs of the moves shown, the GIF's blocks read here.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { SITE, startServer, startBrowser, openPage, randomBoard, load, waitDistance, replay, screenshot } from './harness.js';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

const STEP = { u: [0, -1], d: [0, 1], l: [-1, 0], r: [1, 0] };

// Each 3x3 board one multi-tile move away: the blank's run of 1 or 2 cells
// in one direction, with the cell it ends on (the farthest tile slid).
function slides(tiles) {
  const out = [];
  const b = tiles.indexOf(0);
  for (const [m, [dx, dy]] of Object.entries(STEP)) {
    let [x, y] = [b % 3, Math.floor(b / 3)];
    let run = '';
    let next = tiles;
    for (;;) {
      [x, y] = [x + dx, y + dy];
      if (x < 0 || x > 2 || y < 0 || y > 2) break;
      run += m;
      next = replay(next, 3, m);
      out.push({ tiles: next, run, cell: y * 3 + x });
    }
  }
  return out;
}

// Multi-tile distances of every 3x3 board from the standard goal.
function mtmBfs3x3() {
  const goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
  const dist = new Map([[goal.join(','), 0]]);
  const queue = [goal];
  for (let i = 0; i < queue.length; i++) {
    const d = dist.get(queue[i].join(','));
    for (const { tiles } of slides(queue[i])) {
      const key = tiles.join(',');
      if (!dist.has(key)) {
        dist.set(key, d + 1);
        queue.push(tiles);
      }
    }
  }
  return dist;
}

const MTM = mtmBfs3x3();

function tilesOf(text) {
  return text.trim().split(/\s+/).map((t) => (t === 'x' ? 0 : Number(t)));
}

// The length of `moves` counting each run in one direction as one move.
function runs(moves) {
  return moves.split('').filter((m, i) => m !== moves[i - 1]).length;
}

async function useMetric(page, metric) {
  await page.getByLabel('Count moves').selectOption(metric);
}

test('a multi-tile BFS written here agrees with the known 3x3 diameter', () => {
  assert.equal(MTM.size, 181440);
  assert.equal([...MTM.values()].reduce((a, b) => Math.max(a, b)), 24);
});

test('in multi-tile moves the distance, the solution and both its lengths are the runs of its moves', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  const board = '8 6 7 2 5 4 3 x 1';
  await load(page, board);
  await waitDistance(page, 31);
  assert.equal(await page.locator('#distance-metric').textContent(), 'single-tile moves');
  await useMetric(page, 'mtm');
  const expected = MTM.get(tilesOf(board).join(','));
  await waitDistance(page, expected);
  assert.equal(await page.locator('#distance-metric').textContent(), 'multi-tile moves');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#solution').waitFor();
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  const moves = await page.locator('#moves-text').inputValue();
  assert.deepEqual(replay(tilesOf(board), 3, moves), [1, 2, 3, 4, 5, 6, 7, 8, 0], 'the moves reach the goal');
  assert.equal(runs(moves), expected, `${moves} is optimal in multi-tile moves`);
  assert.equal(await page.locator('#solution-title').textContent(), 'Optimal solution in multi-tile moves');
  const lengths = await page.locator('#solution-lengths').textContent();
  assert.match(lengths, new RegExp(`^Length: ${moves.length} single-tile moves · ${runs(moves)} multi-tile moves `));
  assert.match(lengths, /shortest in multi-tile moves$/);
  assert.match(await page.locator('#solution-stats').textContent(), new RegExp(`^${expected} multi-tile moves · `));
  await screenshot(page, 'metric-mtm-solution');
  // Back to single tiles: the answers are asked again, counted so.
  await useMetric(page, 'stm');
  assert.equal(await page.locator('#solution').isVisible(), false);
  await page.waitForFunction(() => document.querySelector('#distance-metric').textContent === 'single-tile moves');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a multi-tile hint marks the farthest tile of every optimal slide, and a click there makes it', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await useMetric(page, 'mtm');
  // Boards with a run of two among their slides: the blank at an edge's middle or a corner.
  for (const board of ['8 6 7 2 5 4 3 x 1', '1 2 3 x 4 6 7 5 8', 'x 1 3 4 2 5 7 8 6']) {
    await load(page, board);
    const tiles = tilesOf(board);
    const d = MTM.get(tiles.join(','));
    await waitDistance(page, d);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.waitForFunction(() => /^Hint: /.test(document.querySelector('#hint-text').textContent));
    const hinted = await page.$$eval('#board .tile.hint', (nodes) => nodes.map((n) => Number(n.dataset.cell)).sort());
    const optimal = slides(tiles).filter((s) => MTM.get(s.tiles.join(',')) === d - 1);
    assert.deepEqual(hinted, optimal.map((s) => s.cell).sort(), board);
    assert.match(await page.locator('#hint-text').textContent(), new RegExp(`: ${d - 1} multi-tile moves? from the goal after it\\.$`));
    // The first hinted tile, clicked, slides its whole run: one move, one less to go.
    const slide = optimal.find((s) => s.cell === hinted[0]);
    await page.locator(`#board .tile[data-cell="${hinted[0]}"]`).click();
    await waitDistance(page, d - 1);
    assert.equal(await page.locator('#move-count').textContent(), '1');
    assert.equal(await page.getByLabel('Board', { exact: true }).inputValue(), slide.tiles.map((t) => t || 'x').join(' '));
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a random board at a multi-tile distance is that far by the BFS here', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await useMetric(page, 'mtm');
  await page.waitForFunction(() => [...document.querySelectorAll('#difficulty option')].some((o) => o.textContent === '24 multi-tile moves'));
  assert.match(await page.locator('#dist-note').textContent(), /the farthest are 24 multi-tile moves away/);
  await page.getByLabel('Difficulty').selectOption('13');
  await randomBoard(page);
  await waitDistance(page, 13);
  const board = await page.getByLabel('Board', { exact: true }).inputValue();
  assert.equal(MTM.get(tilesOf(board).join(',')), 13, board);
  assert.deepEqual(errors, []);
  await page.close();
});

test('compare in multi-tile moves runs what searches them, each at the BFS distance here', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await useMetric(page, 'mtm');
  const board = '1 2 3 x 4 6 7 5 8';
  await load(page, board);
  const d = MTM.get(tilesOf(board).join(','));
  await waitDistance(page, d);
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.locator('#compare-out table').waitFor({ timeout: 20000 });
  assert.equal(await page.locator('#compare-out thead th:nth-child(3)').textContent(), 'multi-tile length');
  const rows = await page.$$eval('#compare-out tbody tr', (trs) => trs.map((tr) => [tr.children[0].textContent, tr.children[2].textContent]));
  assert.deepEqual(rows.map(([algorithm]) => algorithm), ['bfs', 'table', 'idastar']);
  for (const [, length] of rows) {
    const [, mtm, single] = length.match(/^(\d+) \((\d+) single\)$/) ?? [];
    assert.equal(Number(mtm), d, length);
    assert.ok(Number(single) >= d, length);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('in multi-tile moves undo and redo take back and replay a whole slide', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await useMetric(page, 'mtm');
  const board = '1 2 3 4 5 6 x 7 8';
  await load(page, board);
  await waitDistance(page, 1);
  // Tile 8, two cells from the blank: tiles 7 and 8 slide left together, one move.
  await page.locator('#board .tile[data-cell="8"]').click();
  await waitDistance(page, 0);
  const boardField = page.getByLabel('Board', { exact: true });
  assert.equal(await boardField.inputValue(), '1 2 3 4 5 6 7 8 x');
  assert.equal(await page.locator('#move-count').textContent(), '1');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitDistance(page, 1);
  assert.equal(await boardField.inputValue(), board);
  assert.equal(await page.locator('#move-count').textContent(), '0');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await waitDistance(page, 0);
  assert.equal(await boardField.inputValue(), '1 2 3 4 5 6 7 8 x');
  // Single tiles: undo takes back one tile.
  await useMetric(page, 'stm');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitDistance(page, 1);
  assert.equal(await boardField.inputValue(), '1 2 3 4 5 6 7 x 8');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the link keeps the metric: it opens counting multi-tile moves', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await useMetric(page, 'mtm');
  await page.waitForFunction(() => location.hash.endsWith('/mtm'));
  const link = await page.evaluate(() => location.href);
  assert.match(link, /#3x3\/8,6,7,2,5,4,3,x,1\/mtm$/);
  await page.close();
  // A fresh page on that link counts multi-tile moves from the start.
  const opened = await openPage(browser.context, link);
  const d = MTM.get(tilesOf('8 6 7 2 5 4 3 x 1').join(','));
  await waitDistance(opened.page, d);
  assert.equal(await opened.page.getByLabel('Count moves').inputValue(), 'mtm');
  assert.equal(await opened.page.locator('#distance-metric').textContent(), 'multi-tile moves');
  assert.deepEqual([...errors, ...opened.errors], []);
  await opened.page.close();
});

test('what the engine cannot count in multi-tile moves is said in its words', async () => {
  const { page } = await openPage(browser.context, server.url);
  await load(page, '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 x 24');
  await useMetric(page, 'mtm');
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  const error = page.locator('#error');
  await error.waitFor();
  assert.match(await error.textContent(), /^no hint by auto on a 5x5 board in the multi-tile metric: auto answers it greedily/);
  assert.equal(await page.locator('#board .tile.hint').count(), 0);
  await page.close();
});

// A GIF's screen size and its frames, read block by block.
function gifFrames(bytes) {
  assert.equal(bytes.subarray(0, 6).toString('latin1'), 'GIF89a');
  const width = bytes.readUInt16LE(6);
  const height = bytes.readUInt16LE(8);
  const table = (packed) => (packed & 0x80 ? 3 * (1 << ((packed & 7) + 1)) : 0);
  const subBlocks = (i) => {
    while (bytes[i]) i += bytes[i] + 1;
    return i + 1;
  };
  let i = 13 + table(bytes[10]);
  let frames = 0;
  for (;;) {
    const block = bytes[i];
    if (block === 0x3b) break; // the trailer
    if (block === 0x21) i = subBlocks(i + 2); // an extension: its label, then sub-blocks
    else if (block === 0x2c) {
      frames += 1;
      // The descriptor (9 bytes), a local colour table, the LZW code size, the data.
      i = subBlocks(i + 10 + table(bytes[i + 9]) + 1);
    } else throw new Error(`no GIF block 0x${block?.toString(16)} at byte ${i}`);
  }
  return { width, height, frames };
}

test('the solution downloads as an animated GIF on the server, and the offline site says why it cannot', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '1 2 3 x 4 6 7 5 8');
  await waitDistance(page, 3);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#solution').waitFor();
  const gif = page.getByRole('button', { name: 'Animation (GIF)', exact: true });
  if (SITE) {
    assert.equal(await gif.isDisabled(), true);
    assert.match(await page.locator('#gif-note').textContent(), /^GIF needs npuzzle serve/);
    assert.equal(await page.locator('#gif-note').isVisible(), true);
  } else {
    assert.equal(await page.locator('#gif-note').isVisible(), false);
    const moves = await page.locator('#moves-text').inputValue();
    const [download] = await Promise.all([page.waitForEvent('download'), gif.click()]);
    assert.equal(download.suggestedFilename(), 'npuzzle-3x3-solution.gif');
    const shape = gifFrames(await readFile(await download.path()));
    // 64 pixels a cell; the start, then a frame a move.
    assert.deepEqual(shape, { width: 192, height: 192, frames: moves.length + 1 });
  }
  assert.deepEqual(errors, []);
  await page.close();
});
