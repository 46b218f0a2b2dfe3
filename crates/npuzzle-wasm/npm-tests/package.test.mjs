// The packed package, installed from its tarball as a user installs it:
// its answers against the npuzzle binary's (`NPUZZLE_CLI`) on the same
// boards, its errors and its budgets.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { multiTileCounts, replay, standardGoal } from './replay.mjs';

const np = await import('npuzzle');
await np.default?.();

const cli = process.env.NPUZZLE_CLI;

/** The `data` of the binary's `solve --json` record. */
function cliSolve(board, args = []) {
  assert.ok(cli, 'set NPUZZLE_CLI to the npuzzle binary');
  const out = execFileSync(cli, ['solve', '--json', ...args, board], { encoding: 'utf8' });
  const record = JSON.parse(out.trim().split('\n').at(-1));
  assert.equal(record.type, 'solution');
  return record.data;
}

/**
 * A record without its timings (which differ run to run) and its memory
 * figure (measured on the platform: 32-bit WebAssembly holds smaller states).
 */
function untimed(record) {
  const { stats, ...rest } = record;
  const { millis, peak_bytes: bytes, ...counts } = stats;
  assert.equal(typeof millis, 'number');
  assert.equal(typeof bytes, 'number');
  return { ...rest, stats: counts };
}

const boards = [
  ['8 6 7 2 5 4 3 x 1', []],
  ['5 1 2 3 9 6 7 4 13 10 11 8 x 14 15 12', []],
  // Random 4x4 boards of 48 and 40 moves (tens of thousands of nodes: quick for the debug binary too).
  ['11 2 15 7 14 1 13 3 x 5 9 10 12 4 8 6', []],
  ['1 6 11 7 13 8 5 x 9 15 2 12 14 3 4 10', []],
  ['6 1 2 3 4 x 7 8 9 5', ['--size', '5x2']],
];

for (const [board, args] of boards) {
  test(`solve ${board} equals the binary's record`, () => {
    const size = args[1];
    const mine = np.solve(board, size ? { size } : {});
    assert.deepEqual(untimed(mine), untimed(cliSolve(board, args)));
    assert.equal(mine.outcome, 'solved');
    const width = size ? Number(size.split('x')[0]) : Math.sqrt(board.split(' ').length);
    assert.equal(replay(board, width, mine.moves), mine.goal);
  });
}

test('metric: mtm gives the binary\'s multi-tile record, both lengths, on 3x3 and 4x4', () => {
  for (const [board, options, args] of [
    ['8 6 7 2 5 4 3 x 1', { metric: 'mtm' }, ['--metric', 'mtm']],
    ['1 2 3 7 4 5 6 11 8 9 10 15 12 13 14 0', { metric: 'mtm', goal: 'blank-first' }, ['--metric', 'mtm', '--goal', 'blank-first']],
  ]) {
    const mine = np.solve(board, options);
    assert.deepEqual(untimed(mine), untimed(cliSolve(board, args)));
    assert.equal(mine.metric, 'mtm');
    const runs = mine.moves.split('').filter((m, i, all) => m !== all[i - 1]).length;
    assert.equal(mine.mtm_length, runs);
    assert.equal(mine.length, mine.moves.length);
  }
  assert.equal(np.solve('8 6 7 2 5 4 3 x 1', { metric: 'mtm' }).mtm_length, 20);
  assert.throws(() => np.solve('8 6 7 2 5 4 3 x 1', { metric: 'htm' }), /unknown metric "htm"; choose stm or mtm/);
});

test('a 10x10 greedy solution equals the binary and replays to the goal', () => {
  const board = np.random({ size: '10x10', seed: 11 }).board;
  const mine = np.solve(board, { algorithm: 'greedy' });
  assert.deepEqual(untimed(mine), untimed(cliSolve(board, ['--algorithm', 'greedy'])));
  assert.equal(replay(board, 10, mine.moves), standardGoal(10, 10));
  assert.equal(mine.moves.length, mine.length);
});

test('count and list equal the binary, and every listed solution replays', () => {
  const board = '8 6 7 2 5 4 3 x 1';
  const counted = np.count(board);
  assert.equal(counted.length, 31);
  assert.equal(counted.count, cliSolve(board, ['--count']).count);
  const listed = np.list(board, { limit: 5 });
  assert.equal(listed.solutions.length, 5);
  assert.equal(new Set(listed.solutions).size, 5);
  for (const moves of listed.solutions) {
    assert.equal(moves.length, 31);
    assert.equal(replay(board, 3, moves), standardGoal(3, 3));
  }
});

test('a search tells its progress: each iteration\'s bound as the binary iterates, and growing node counts', () => {
  const board = '11 2 15 7 14 1 13 3 x 5 9 10 12 4 8 6';
  const told = [];
  const mine = np.solve(board, {}, (progress) => told.push(progress));
  assert.equal(mine.length, 48);
  for (const p of told) assert.deepEqual(Object.keys(p).sort(), ['bound', 'estimate', 'expanded', 'millis']);
  const bounds = [...new Set(told.map((p) => p.bound).filter((b) => b !== null))];
  const theirs = cliSolve(board).stats.iterations.map((i) => i.bound);
  assert.deepEqual(bounds, theirs, 'one call at least per iteration, in order');
  assert.ok(told.every((p) => p.estimate === theirs[0]), 'the estimate is the first bound');
  for (const key of ['expanded', 'millis']) {
    const values = told.map((p) => p[key]);
    assert.ok(values.every((v, i) => i === 0 || values[i - 1] <= v), `${key} never goes back: ${values}`);
  }
  assert.ok(told.at(-1).expanded <= mine.stats.expanded);
  // A callback that throws does not stop the search.
  let thrown = 0;
  const again = np.solve(board, {}, () => {
    thrown += 1;
    throw new Error('ignored');
  });
  assert.equal(again.length, 48);
  assert.ok(thrown >= theirs.length, `called ${thrown} times`);
  // count and list tell theirs too: IDA* with Manhattan from 21 to 31 on the 8-puzzle.
  const counted = [];
  const count = np.count('8 6 7 2 5 4 3 x 1', { algorithm: 'idastar', heuristic: 'manhattan' }, (p) => counted.push(p.bound));
  assert.equal(count.length, 31);
  assert.deepEqual([...new Set(counted)], [21, 23, 25, 27, 29, 31]);
});

test('render draws the SVG the binary draws, and names a move into the wall', () => {
  const picture = (board, args) => execFileSync(cli, ['render', ...args, board], { encoding: 'utf8' });
  const board = '1 2 3 4 x 6 7 5 8';
  assert.equal(np.render(board), picture(board, []));
  assert.equal(np.render(board, { scheme: 'rows', moves: 'dr' }), picture(board, ['--scheme', 'rows', '--moves', 'dr']));
  assert.equal(np.render('x 1 2 3 4 5', { size: '3x2', goal: 'blank-first', scheme: 'fringe', moves: 'L2', notation: 'tiles' }), picture('x 1 2 3 4 5', ['--size', '3x2', '--goal', 'blank-first', '--scheme', 'fringe', '--moves', 'L2', '--notation', 'tiles']));
  assert.throws(() => np.render(board, { moves: 'uuu' }), { name: 'NpuzzleError', kind: 'moves', message: /move 2 \(u at character 2\) runs into the wall/ });
  assert.throws(() => np.render(board, { scheme: 'stripes' }), { name: 'NpuzzleError', kind: 'options', message: /stripes/ });
  // The package draws SVG only: a page draws a PNG from it on a canvas.
  assert.throws(() => np.render(board, { format: 'png' }), { name: 'NpuzzleError', kind: 'options', message: /png pictures are not built in here/ });
});

test('a hint gives the distance after every move of the blank', () => {
  const h = np.hint('1 2 3 4 5 6 7 x 8');
  assert.equal(h.distance, 1);
  assert.equal(h.optimal, 'r');
  const right = h.moves.find((m) => m.move === 'r');
  assert.equal(right.distance, 0);
});

test('bad input throws an NpuzzleError naming the problem', () => {
  assert.throws(() => np.solve('1 2 3 4 5 6 7 8 8'), (e) => {
    assert.equal(e.name, 'NpuzzleError');
    assert.equal(e.kind, 'board');
    assert.match(e.message, /tile 8 appears twice/);
    return e instanceof Error;
  });
  assert.throws(() => np.solve('1 2 3 x', { algorithm: 'dijkstra' }), { name: 'NpuzzleError', kind: 'options' });
  assert.throws(() => np.solve('1 2 3 x', { timeout: 5 }), (e) => e.kind === 'options' && /timeout/.test(e.message));
  assert.throws(() => np.solve('1 2 3 4 5 6 7 8 x', { goal: '1 2 3 x' }), {
    message: 'the board is 3x3 but the goal is 2x2',
  });
});

test('a budget is an outcome, not an exception', () => {
  const r = np.solve('15 14 13 12 11 10 9 8 7 6 5 4 3 1 2 x', { max_nodes: 2000, algorithm: 'idastar', heuristic: 'manhattan' });
  assert.equal(r.outcome, 'budget');
  assert.equal(r.budget, 'node limit');
  assert.equal(r.moves, undefined);
});

test('an unsolvable board is told by parity, at once', () => {
  const r = np.solve('1 2 3 4 5 6 8 7 x');
  assert.equal(r.outcome, 'unsolvable');
  assert.equal(r.stats.expanded ?? 0, 0);
});

test('random boards repeat by seed, and lie at their asked distance', () => {
  const a = np.random({ size: '4x3', seed: 5, distance: 18 });
  assert.deepEqual(a, np.random({ size: '4x3', seed: 5, distance: 18 }));
  assert.equal(np.solve(a.board, { size: '4x3' }).length, 18);
});

test('within a factor of Korf #1, with the lower bound the search proved', () => {
  const board = '14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3';
  const s = np.solve(board, { goal: 'blank-first', within: 1.5, heuristic: 'linear-conflict' });
  assert.equal(s.within, 1.5);
  assert.ok(s.length <= 1.5 * 57 && s.lower_bound <= 57 && s.length <= 1.5 * s.lower_bound, JSON.stringify(s));
  assert.equal(replay(board, 4, s.moves), 'x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15');
  assert.throws(() => np.solve(board, { within: 0.5 }), (e) => e.kind === 'options' && /from 1 to 16/.test(e.message));
});

test('anytime answers Korf #1 within its node budget, with a lower bound at most 57', () => {
  const board = '14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3';
  const s = np.solve(board, { goal: 'blank-first', algorithm: 'anytime', heuristic: 'linear-conflict', max_nodes: 20000 });
  assert.equal(s.algorithm, 'anytime');
  assert.ok(s.length >= 57 && s.lower_bound <= 57 && s.stats.expanded <= 20000, JSON.stringify(s));
  assert.equal(s.within, undefined);
  assert.equal(replay(board, 4, s.moves), 'x 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15');
});

test('the 3x3 distribution is the published one', () => {
  const d = np.distribution({ size: '3x3' });
  assert.equal(d.total, 181440);
  assert.equal(d.diameter, 31);
  // Reinefeld's table: 2 boards at distance 31, 221 at 30.
  assert.equal(d.counts[31], 2);
  assert.equal(d.counts[30], 221);
});

test('the multi-tile distribution is a breadth-first search in slides', () => {
  const d = np.distribution({ size: '3x3', metric: 'mtm' });
  assert.equal(d.metric, 'mtm');
  assert.deepEqual(d.counts, multiTileCounts(standardGoal(3, 3), 3));
  assert.equal(d.diameter, 24);
  assert.throws(() => np.distribution({ size: '3x3', metric: 'qtm' }), (e) => e.kind === 'options' && e.message.includes('qtm'));
});

test('compare runs every algorithm on a small board, each length the optimal one', () => {
  const c = np.compare('8 6 7 2 5 4 3 x 1', { timeout_ms: 5000 });
  assert.ok(c.runs.length >= 5);
  for (const run of c.runs.filter((r) => r.outcome === 'solved' && !/greedy/.test(r.algorithm))) assert.equal(run.length, 31, run.algorithm);
});

test('limits() names the sizes the engine applies, and no time cap', () => {
  const limits = np.limits();
  assert.deepEqual(limits, {
    table_cells: 10, exhaustive_max_cells: 12, hint_max_cells: 25, default_timeout_ms: null, max_timeout_ms: null,
  });
  // A board past exhaustive_max_cells is refused, naming that limit.
  assert.throws(() => np.distribution({ size: '7x2' }), (e) => e.kind === 'refused' && e.message.includes(`at most ${limits.exhaustive_max_cells} cells`));
  assert.equal(np.solve('6 1 2 3 4 x 7 8 9 5', { size: '5x2' }).algorithm, 'table');
});

test('the package is the workspace version and its wasm stays within 2.5 MB', () => {
  const require = createRequire(import.meta.url);
  const manifest = JSON.parse(readFileSync(require.resolve('npuzzle/package.json'), 'utf8'));
  assert.equal(np.version(), manifest.version);
  const wasm = readFileSync(new URL('./node_modules/npuzzle/wasm/npuzzle_wasm_bg.wasm', import.meta.url));
  assert.ok(wasm.length < 2.5 * 1024 * 1024, `${wasm.length} bytes`);
});

test('databases built here are the files the binary reads: the same answer and node count', async () => {
  const { mkdtempSync, writeFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  let told = 0;
  // 5-5-5: small enough for a test (the page's 6-6-3 is built in the benchmark).
  const bytes = np.buildDatabase({ size: '4x4', goal: 'blank-first', partition: '5-5-5' }, () => (told += 1));
  assert.ok(told > 0, 'the build told its progress');
  const [held] = np.heldDatabases();
  assert.equal(held.partition, '5-5-5');
  const dir = mkdtempSync(join(tmpdir(), 'npuzzle-pdb-'));
  try {
    writeFileSync(join(dir, held.name), bytes);
    // Korf's instance 1 (57 moves).
    const board = '14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3';
    const mine = np.solve(board, { goal: 'blank-first' });
    assert.equal(mine.length, 57);
    assert.equal(mine.partition, '5-5-5');
    const theirs = cliSolve(board, ['--goal', 'blank-first', '--pdb-dir', dir, '--threads', '1']);
    assert.deepEqual(untimed(mine), untimed(theirs));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  assert.equal(np.loadDatabase(bytes), held.name);
  assert.throws(() => np.loadDatabase(bytes.subarray(0, bytes.length - 1)), { name: 'NpuzzleError', kind: 'databases' });
});
