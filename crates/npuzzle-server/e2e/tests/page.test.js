// The page in headless Chromium against the real `npuzzle serve`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
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

// The tiles as drawn: a list indexed by cell, 0 for the blank.
async function drawnTiles(page) {
  return page.$$eval('#board .tile', (nodes) => {
    const cells = nodes.map((n) => [Number(n.dataset.cell), Number(n.dataset.tile)]);
    const tiles = new Array(cells.length + 1).fill(0);
    for (const [cell, tile] of cells) tiles[cell] = tile;
    return tiles;
  });
}

async function distance(page) {
  return (await page.locator('#distance').textContent()).trim();
}

test('pasting the classic 31-move board shows distance 31', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  assert.deepEqual(await drawnTiles(page), [8, 6, 7, 2, 5, 4, 3, 0, 1]);
  assert.match(page.url(), /#3x3\/8,6,7,2,5,4,3,x,1$/);
  await screenshot(page, 'paste-31');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Solve plays the optimal solution to the goal, stepping back and forward', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByLabel('Speed, moves per second').fill('20');
  await page.waitForFunction(() => document.querySelector('#step-count').textContent === 'step 31 of 31', null, {
    timeout: 20000,
  });
  assert.equal((await page.locator('#moves-text').inputValue()).length, 31);
  assert.deepEqual(await drawnTiles(page), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
  await waitDistance(page, 0);
  assert.equal(await page.locator('#solved-note').isVisible(), true);
  await page.getByRole('button', { name: 'Step back', exact: true }).click();
  await waitDistance(page, 1);
  assert.equal(await page.locator('#step-count').textContent(), 'step 30 of 31');
  await page.getByRole('button', { name: 'Step forward', exact: true }).click();
  await waitDistance(page, 0);
  assert.deepEqual(await drawnTiles(page), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
  assert.match(await page.locator('#solution-stats').textContent(), /31 moves · table/);
  await screenshot(page, 'solved');
  assert.deepEqual(errors, []);
  await page.close();
});

// Distances of every 3x3 board from the standard goal, by a breadth-first
// search written here (independent of the server).
function bfs3x3() {
  const goal = '1,2,3,4,5,6,7,8,0';
  const dist = new Map([[goal, 0]]);
  const queue = [goal];
  for (let i = 0; i < queue.length; i++) {
    const tiles = queue[i].split(',').map(Number);
    for (const next of neighbours(tiles)) {
      const key = next.tiles.join(',');
      if (!dist.has(key)) {
        dist.set(key, dist.get(queue[i]) + 1);
        queue.push(key);
      }
    }
  }
  return dist;
}

// Each board one blank move away, with the tile that slid.
function neighbours(tiles) {
  const b = tiles.indexOf(0);
  const [x, y] = [b % 3, Math.floor(b / 3)];
  const out = [];
  for (const [dx, dy] of [[0, -1], [0, 1], [-1, 0], [1, 0]]) {
    if (x + dx < 0 || x + dx > 2 || y + dy < 0 || y + dy > 2) continue;
    const to = (y + dy) * 3 + x + dx;
    const next = tiles.slice();
    [next[b], next[to]] = [next[to], 0];
    out.push({ tiles: next, tile: tiles[to] });
  }
  return out;
}

test('Hint highlights exactly the tiles an independent BFS calls optimal', async () => {
  const dist = bfs3x3();
  assert.equal(dist.size, 181440);
  const { page, errors } = await openPage(browser.context, server.url);
  const boards = ['8 6 7 2 5 4 3 x 1', '1 2 3 4 x 6 7 5 8', '2 3 6 1 5 x 4 7 8'];
  for (let i = 0; i < 4; i++) {
    await randomBoard(page);
    await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#distance').textContent.trim()));
    boards.push(await page.getByLabel('Board', { exact: true }).inputValue());
  }
  // Each board differs from the one before it, so waiting for the URL to change
  // waits for the new board (a random board may repeat one already listed).
  for (const board of new Set(boards)) {
    await load(page, board);
    const tiles = board.split(' ').map((t) => (t === 'x' ? 0 : Number(t)));
    const d = dist.get(tiles.join(','));
    await waitDistance(page, d);
    await page.getByRole('button', { name: 'Hint', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('#hint-text').textContent !== '');
    const hinted = await page.$$eval('#board .tile.hint', (nodes) => nodes.map((n) => Number(n.dataset.tile)).sort());
    const expected = neighbours(tiles)
      .filter((n) => dist.get(n.tiles.join(',')) === d - 1)
      .map((n) => n.tile)
      .sort();
    assert.deepEqual(hinted, expected, board);
    if (board === '1 2 3 4 x 6 7 5 8') await screenshot(page, 'hint');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('playing by clicks and keys changes the distance; undo and redo', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '1 2 3 4 5 6 x 7 8');
  await waitDistance(page, 2);
  await page.getByRole('button', { name: /^tile 7,/ }).click();
  await waitDistance(page, 1);
  assert.equal(await page.locator('#move-count').textContent(), '1');
  // ArrowLeft slides the tile right of the gap (8) to the left.
  await page.locator('#board').focus();
  await page.keyboard.press('ArrowLeft');
  await waitDistance(page, 0);
  assert.deepEqual(await drawnTiles(page), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
  assert.equal(await page.locator('#solved-note').isVisible(), true);
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitDistance(page, 1);
  await page.keyboard.press('ArrowRight'); // moves 7 back right: farther again
  await waitDistance(page, 2);
  assert.equal(await page.locator('#move-count').textContent(), '2');
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await waitDistance(page, 1);
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await waitDistance(page, 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the URL reopens the same puzzle, goal included', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  await page.getByRole('button', { name: /^tile 3,/ }).click();
  await waitDistance(page, 30);
  const url = page.url();
  assert.match(url, /#3x3\/8,6,7,2,5,4,x,3,1$/);
  const again = await openPage(browser.context, url);
  await again.page.waitForFunction(() => document.querySelector('#board-text').value === '8 6 7 2 5 4 x 3 1');
  await waitDistance(again.page, 30);
  assert.deepEqual(await drawnTiles(again.page), [8, 6, 7, 2, 5, 4, 0, 3, 1]);

  const other = await openPage(browser.context, `${server.url}#2x4/1,x,2,3,4,5,6,7/blank-first`);
  await other.page.waitForFunction(() => document.querySelector('#board-text').value === '1 x 2 3 4 5 6 7');
  assert.equal(await other.page.getByLabel('Goal', { exact: true }).inputValue(), 'blank-first');
  assert.equal(await other.page.getByLabel('Width').inputValue(), '2');
  assert.equal(await other.page.getByLabel('Height').inputValue(), '4');
  await waitDistance(other.page, 1);
  assert.deepEqual([...errors, ...again.errors, ...other.errors], []);
  await Promise.all([page.close(), again.page.close(), other.page.close()]);
});

test('a link to a bad board shows its message, not a blank page', async () => {
  const { page, errors } = await openPage(browser.context, `${server.url}#3x3/1,1,2,3,4,5,6,7,x`);
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /tile 1 appears twice, at positions 1 and 2/);
  assert.ok((await page.locator('#board .tile').count()) > 0, 'a board is still drawn');
  // One status: the board drawn is one the engine answered for (not a
  // placeholder forever "thinking" beside "Solved!"), and the error stays.
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#distance').textContent.trim()), null, { timeout: 20000 });
  const shown = Number(await distance(page));
  assert.equal(await page.locator('#solved-note').isVisible(), shown === 0);
  assert.match(await alert.textContent(), /tile 1 appears twice/);
  await screenshot(page, 'bad-link');
  // The page's own requests failed with 400 by design; nothing else went wrong.
  assert.deepEqual(
    errors.filter((e) => !e.includes('400')),
    [],
  );
  await page.close();
});

test('pasting a bad board names the problem', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await page.getByLabel('Board', { exact: true }).fill('1 2 3 4 5 6 7 8 9');
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.getByRole('alert').waitFor();
  assert.match(await page.getByRole('alert').textContent(), /tile 9 at position 9 is out of range/);
  assert.deepEqual(
    errors.filter((e) => !e.includes('400')),
    [],
  );
  await page.close();
});

test('compare shows every realm in a table and two log-scale charts', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  await page.locator('#compare-out table').waitFor({ timeout: 20000 });
  const rows = await page.$$eval('#compare-out tbody tr', (trs) => trs.map((tr) => tr.children[2].textContent));
  assert.equal(rows.length, 10);
  // Every finished run agrees; on a slow (debug, shared) build the weakest may run out of their 2 s.
  assert.ok(rows.every((r) => r === '31' || r.startsWith('budget reached')), rows.join(', '));
  assert.ok(rows.filter((r) => r === '31').length >= 6, rows.join(', '));
  assert.equal(await page.locator('#compare-out svg').count(), 2);
  // Log axes ticked as numbers are written: 1, 10, 100, 1,000, 10k, 100k, 1M (0.1 below one).
  const ticks = await page.$$eval('#compare-out svg .chart-axis', (nodes) => nodes.map((n) => n.textContent));
  assert.ok(ticks.length >= 4, ticks.join(' '));
  for (const tick of ticks) assert.match(tick, /^(0\.0*1|1|10|100|1,000|10{0,2}[kMG])$/, ticks.join(' '));
  assert.ok(ticks.includes('1') && ticks.includes('10'), ticks.join(' '));
  await page.locator('#dist-out svg').waitFor();
  assert.match(await page.locator('#dist-out svg').getAttribute('aria-label'), /this board is 31 moves away/);
  await screenshot(page, 'compare');
  assert.deepEqual(errors, []);
  await page.close();
});

test('random boards at a chosen difficulty', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await page.locator('#dist-out svg').waitFor();
  await page.getByLabel('Difficulty').selectOption('25');
  await randomBoard(page);
  await waitDistance(page, 25);
  await page.getByLabel('Width').selectOption('4');
  await page.getByLabel('Height').selectOption('2');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 7);
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#distance').textContent.trim()));
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard alone: tab to a tile, press Enter, and everything has a name', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '1 2 3 4 5 6 x 7 8');
  await waitDistance(page, 2);
  await page.getByRole('button', { name: /^tile 7,.*can slide/ }).focus();
  await page.keyboard.press('Enter');
  await waitDistance(page, 1);
  const unnamed = await page.$$eval('button, input, select', (els) =>
    els.filter((e) => e.offsetParent !== null && !(e.getAttribute('aria-label') || e.labels?.length || e.textContent.trim())).map((e) => e.outerHTML),
  );
  assert.deepEqual(unnamed, []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('readable at phone width', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await page.setViewportSize({ width: 375, height: 812 });
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  const box = await page.locator('#board').boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 375, JSON.stringify(box));
  const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scroll <= 375, `the page scrolls sideways: ${scroll}px`);
  await screenshot(page, 'phone');
  assert.deepEqual(errors, []);
  await page.close();
});

// Manhattan distance to the standard goal, computed here: a lower bound the
// server's (Manhattan plus linear conflicts) must not be below.
function manhattan(tiles, width) {
  let sum = 0;
  tiles.forEach((t, cell) => {
    if (t === 0) return;
    const home = t - 1;
    sum += Math.abs((cell % width) - (home % width)) + Math.abs(Math.floor(cell / width) - Math.floor(home / width));
  });
  return sum;
}

// `npuzzle random --size 12x12 --seed 1`: past 25 cells `auto` builds a
// solution constructively (greedy), which need not be optimal.
const BIG = '109 52 101 83 41 143 32 19 128 43 92 115 39 104 22 87 11 117 42 65 118 56 89 31 37 25 55 90 17 7 14 88 123 68 142 112 49 23 139 96 45 121 1 51 63 47 28 137 6 114 3 73 130 85 129 100 127 94 2 131 135 107 40 76 91 18 133 24 9 77 27 53 69 71 105 26 74 66 67 93 136 15 125 82 12 30 60 54 81 36 59 86 111 4 64 61 103 44 62 20 95 102 80 113 35 38 8 106 46 108 126 16 124 79 78 140 119 132 120 75 x 57 70 10 116 5 134 33 97 58 72 141 29 122 48 110 99 50 84 98 138 21 34 13';

test('Solve on a 12x12 board shows the moves made, the bound and ratio, and says it is not optimal', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, BIG);
  const start = BIG.split(' ').map((t) => (t === 'x' ? 0 : Number(t)));
  assert.deepEqual(await drawnTiles(page), start);
  // The size pickers name the loaded size, although they offer 2 to 8.
  assert.equal(await page.getByLabel('Width').inputValue(), '12');
  assert.equal(await page.getByLabel('Height').inputValue(), '12');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.getByRole('button', { name: 'Pause', exact: true }).click({ timeout: 20000 });
  const moves = await page.locator('#moves-text').inputValue();
  const goal = [...Array.from({ length: 143 }, (_, i) => i + 1), 0];
  assert.deepEqual(replay(start, 12, moves), goal, 'the moves reach the goal');

  const line = await page.locator('#solution-stats').textContent();
  const m = line.match(/^([\d,]+) moves · lower bound ([\d,]+), ratio ([\d.]+) · greedy · ([\d,]+) moves made · [\d.]+ ms$/);
  assert.ok(m, line);
  const [length, bound, ratio, made] = [m[1], m[2], m[3], m[4]].map((t) => Number(t.replaceAll(',', '')));
  assert.equal(length, moves.length, line);
  assert.equal(made, moves.length, 'without improve, the moves made are the solution');
  assert.ok(bound >= manhattan(start, 12) && bound <= length, `${bound} against ${manhattan(start, 12)} and ${length}`);
  assert.ok(Math.abs(ratio - length / bound) < 1e-3, line);
  assert.equal(await page.locator('#solution-title').textContent(), 'Solution (greedy, not optimal)');
  // The rest of a constructive solution bounds the distance; it is not the distance.
  const step = Number((await page.locator('#step-count').textContent()).match(/^step (\d+) of /)[1]);
  await page.getByRole('button', { name: 'Step forward', exact: true }).click();
  await page.waitForFunction(
    (left) => document.querySelector('#distance').textContent.trim() === `at most ${left.toLocaleString()}`,
    length - step - 1,
  );
  assert.deepEqual(await drawnTiles(page), replay(start, 12, moves.slice(0, step + 1)));
  await screenshot(page, 'greedy-12x12');
  // A hint would need the optimal distance: the page says so at once instead of
  // passing the solution's length off as the distance.
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  assert.match(await page.locator('#hint-text').textContent(), /^No hint on boards above 25 cells/);
  assert.equal(await page.locator('#board .tile.hint').count(), 0);
  assert.equal(await page.locator('#error').isVisible(), false, await page.locator('#error').textContent());
  assert.deepEqual(errors, []);
  await page.close();
});

test('a link opened while a solution plays stops it, and the link\'s board stays', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  // Four moves a second, the default speed.
  await page.waitForFunction(() => /^step [1-9]/.test(document.querySelector('#step-count').textContent));
  await page.evaluate(() => {
    location.hash = '#3x3/1,2,3,4,5,6,x,7,8';
  });
  await waitDistance(page, 2);
  // Longer than a few animation steps: nothing moves the new board.
  await new Promise((r) => setTimeout(r, 1500));
  assert.equal(await page.evaluate(() => location.hash), '#3x3/1,2,3,4,5,6,x,7,8');
  assert.deepEqual(await drawnTiles(page), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a board typed while a solution plays stays as typed, and Load opens it', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^step [1-9]/.test(document.querySelector('#step-count').textContent));
  const field = page.getByLabel('Board', { exact: true });
  await field.fill('1 2 3 4 5 6 x 7 8');
  // Several steps of the animation (four a second): none rewrites the typed text.
  const step = await page.locator('#step-count').textContent();
  await page.waitForFunction((s) => document.querySelector('#step-count').textContent !== s, step);
  await new Promise((r) => setTimeout(r, 600));
  assert.equal(await field.inputValue(), '1 2 3 4 5 6 x 7 8');
  await load(page, '1 2 3 4 5 6 x 7 8');
  await waitDistance(page, 2);
  assert.deepEqual(await drawnTiles(page), [1, 2, 3, 4, 5, 6, 0, 7, 8]);
  assert.deepEqual(errors, []);
  await page.close();
});

// The tiles of a downloaded SVG as Chromium's XML parser reads it: tile
// number as drawn, and whether it is animated.
async function svgTiles(page, download) {
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(await download.path(), 'utf8');
  return page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    if (doc.querySelector('parsererror') || doc.documentElement.localName !== 'svg') return null;
    return [...doc.querySelectorAll('g.tile')].map((g) => ({
      tile: Number(g.dataset.tile),
      text: g.querySelector('text')?.textContent,
      animated: g.querySelector('animateTransform') !== null,
    }));
  }, text);
}

test('the board and its solution download as SVG pictures the engine drew', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '1 2 3 4 x 6 7 5 8');
  await waitDistance(page, 2);
  const [board] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Picture (SVG)', exact: true }).click()]);
  assert.equal(board.suggestedFilename(), 'npuzzle-3x3.svg');
  const drawn = await svgTiles(page, board);
  assert.ok(drawn, 'the file is SVG');
  assert.deepEqual(drawn.map((t) => t.tile).sort(), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.ok(drawn.every((t) => t.text === String(t.tile) && !t.animated), JSON.stringify(drawn));
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#solution').waitFor();
  const [solution] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Animation (SVG)', exact: true }).click()]);
  assert.equal(solution.suggestedFilename(), 'npuzzle-3x3-solution.svg');
  const animated = await svgTiles(page, solution);
  // The two moves (d r) slide tiles 5 and 8: each tile has its place in every frame.
  assert.equal(animated.length, 8);
  assert.ok(animated.every((t) => t.animated), JSON.stringify(animated));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the board downloads as a PNG the browser drew from the engine\'s SVG', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '1 2 3 4 x 6 7 5 8');
  await waitDistance(page, 2);
  const [board] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Picture (PNG)', exact: true }).click()]);
  assert.equal(board.suggestedFilename(), 'npuzzle-3x3.png');
  const { readFile } = await import('node:fs/promises');
  const bytes = await readFile(await board.path());
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
  // The header: 64 pixels a cell.
  assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [192, 192]);
  // Read back by the browser: the blank's middle is the frame's colour, a tile's corner its row's.
  const pixels = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: image.naturalWidth, height: image.naturalHeight });
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const at = (x, y) => [...context.getImageData(x, y, 1, 1).data];
    // Cell 4 (the blank), tile 1 at cell 0 (goal row 0), tile 7 at cell 6 (goal row 2).
    return { blank: at(96, 96), one: at(12, 12), seven: at(12, 140) };
  }, bytes.toString('base64'));
  assert.deepEqual(pixels.blank, [0x5b, 0x5b, 0x66, 255]);
  assert.deepEqual(pixels.one, [0xf4, 0xa6, 0xa6, 255]);
  assert.deepEqual(pixels.seven, [0xf3, 0xe2, 0x9a, 255]);
  assert.deepEqual(errors, []);
  await page.close();
});

// The engine's limits as the page holds them (api.js asks once; the same module here).
async function pageLimits(page) {
  return page.evaluate(async () => (await import(new URL('./api.js', location.href).href)).engineLimits());
}

test('the page reads its limits from the engine and says them', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  const limits = await pageLimits(page);
  assert.deepEqual(Object.keys(limits).sort(), ['default_timeout_ms', 'exhaustive_max_cells', 'hint_max_cells', 'max_timeout_ms', 'table_cells']);
  for (const key of ['table_cells', 'exhaustive_max_cells', 'hint_max_cells', 'default_timeout_ms']) {
    assert.ok(Number.isInteger(limits[key]) && limits[key] > 0, `${key}: ${limits[key]}`);
  }
  if (!SITE) {
    // The server's own record, asked directly.
    const record = await (await fetch(new URL('api/limits', server.url))).json();
    assert.deepEqual(record, { type: 'limits', data: limits });
  }
  assert.equal(await page.locator('#compare-limit').textContent(), String(limits.exhaustive_max_cells));
  // A board past the hint limit is refused at once, with the engine's number.
  await load(page, BIG);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  assert.match(await page.locator('#hint-text').textContent(), new RegExp(`^No hint on boards above ${limits.hint_max_cells} cells`));
  assert.equal(await page.getByRole('button', { name: 'Compare', exact: true }).isDisabled(), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a legend names the tile colours, as the tiles are drawn', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await load(page, '1 2 3 4 x 6 7 5 8');
  await waitDistance(page, 2);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.locator('#board .tile.hint').first().waitFor();
  // Each swatch as the tiles of its kind are drawn (once their colour transition is over).
  const pairs = [
    ['.legend .swatch.home', '#board .tile.home:not(.hint)'],
    ['.legend .swatch.hint', '#board .tile.hint'],
    ['.legend .swatch:not(.home):not(.hint)', '#board .tile:not(.home):not(.hint)'],
  ];
  await page.waitForFunction(
    (list) => list.every(([swatch, tile]) => {
      const colour = (s) => getComputedStyle(document.querySelector(s)).backgroundColor;
      return colour(swatch) === colour(tile);
    }),
    pairs,
    { timeout: 5000 },
  );
  const colours = await page.$$eval('.legend .swatch', (nodes) => nodes.map((n) => getComputedStyle(n).backgroundColor));
  assert.equal(new Set(colours).size, 3, colours.join(' '));
  assert.match(await page.locator('.legend').textContent(), /at its place in the goal.*hint/s);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the compare table fits a 390 px phone, and the histogram label stays inside its chart', async () => {
  const { page, errors } = await openPage(browser.context, server.url);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#dist-out svg').waitFor();
  // 28 moves: the mark's label sits near the right edge, where it was cut off.
  await page.getByLabel('Difficulty').selectOption('28');
  await randomBoard(page);
  await waitDistance(page, 28);
  const label = await page.$eval('#dist-out svg .chart-mark', (t) => {
    const box = t.getBBox();
    return { left: box.x, right: box.x + box.width, top: box.y, width: t.ownerSVGElement.viewBox.baseVal.width };
  });
  assert.ok(label.left >= 0 && label.right <= label.width && label.top >= 0, JSON.stringify(label));
  await page.getByRole('button', { name: 'Compare', exact: true }).click();
  // Every run has its own 2 s budget: on a loaded machine the ten of them take a while.
  await page.locator('#compare-out table').waitFor({ timeout: 60000 });
  const fit = await page.$eval('#compare-out table', (t) => ({ table: t.getBoundingClientRect().right, page: document.documentElement.scrollWidth }));
  await screenshot(page, 'compare-phone');
  assert.ok(fit.table <= 390 && fit.page <= 390, JSON.stringify(fit));
  assert.deepEqual(errors, []);
  await page.close();
});
