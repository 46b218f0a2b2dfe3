// Never a dead end: when the optimal search runs out of its budget, the page
// shows a good solution with its lower bound and ratio, and offers to keep
// improving it or to search optimally for longer — on a server whose budgets
// are short (1 s by default, 4 s at most) so the test sees every step.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, startBrowser, openPage, replay, screenshot } from './harness.js';

let server;
let browser;

before(async () => {
  server = await startServer(['--timeout', '1s', '--max-timeout', '4s']);
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

// Korf's instance 88 toward the blank-first goal: 65 moves, far beyond 4 s of
// IDA* without pattern databases.
const KORF88 = [15, 2, 12, 11, 14, 13, 9, 5, 1, 3, 8, 7, 0, 10, 6, 4];
const OPTIMAL = 65;

// Length, lower bound and ratio as the page shows them, and its explanation.
async function shown(page) {
  const stats = await page.locator('#solution-stats').textContent();
  const m = stats.match(/^([\d,]+) moves · lower bound ([\d,]+), ratio ([\d.]+) · /);
  assert.ok(m, stats);
  const [length, bound, ratio] = [m[1], m[2], m[3]].map((t) => Number(t.replaceAll(',', '')));
  assert.match(stats, /the optimal search stopped at its time limit: not proven optimal$/);
  const text = await page.locator('#fallback-text').textContent();
  const searched = Number(text.match(/ruling out every solution shorter than (\d+) moves/)?.[1]);
  return { length, bound, ratio, searched, text, moves: await page.locator('#moves-text').inputValue() };
}

test('out of budget: a good solution, then kept improving and searched for longer', async () => {
  const hash = `#4x4/${KORF88.map((t) => (t === 0 ? 'x' : t)).join(',')}/blank-first`;
  const { page, errors } = await openPage(browser.context, `${server.url}${hash}`);
  await page.waitForFunction(() => document.querySelector('#board-text').value.startsWith('15 2 12'));
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const improve = page.getByRole('button', { name: 'Keep improving', exact: true });
  const longer = page.getByRole('button', { name: 'Search optimally for longer', exact: true });
  await improve.waitFor({ timeout: 30000 });
  assert.equal(await page.locator('#solution-title').textContent(), 'Solution (greedy, not optimal)');
  const first = await shown(page);
  const goal = Array.from({ length: 16 }, (_, i) => i);
  assert.deepEqual(replay(KORF88, 4, first.moves), goal, 'the moves reach the goal');
  assert.equal(first.moves.length, first.length);
  // The search's bound is a true lower bound, and the ratio is the page's own arithmetic.
  assert.ok(first.searched > 0 && first.searched <= OPTIMAL, first.text);
  assert.ok(first.bound >= first.searched && first.bound <= OPTIMAL, JSON.stringify(first));
  assert.equal(first.ratio, Math.round((first.length / first.bound) * 1000) / 1000);
  assert.match(first.text, /given 1 s, reached its time limit/);
  assert.match(first.text, /shortened for 3 s/);
  await screenshot(page, 'dead-end');

  // Four times the budget, within the server's 4 s: the bound can only rise.
  await longer.click();
  await page.waitForFunction(() => /given 4 s/.test(document.querySelector('#fallback-text').textContent), null, { timeout: 30000 });
  const second = await shown(page);
  assert.ok(second.searched >= first.searched && second.searched <= OPTIMAL, second.text);
  assert.equal(second.length, first.length, 'the same solution, a better bound');
  assert.equal(second.ratio, Math.round((second.length / second.bound) * 1000) / 1000);
  assert.equal(await longer.isDisabled(), true, 'the server allows no longer budget');

  // Twice the improvement time, capped at 4 s: never a longer solution.
  await improve.click();
  await page.waitForFunction(() => /shortened for 4 s/.test(document.querySelector('#fallback-text').textContent), null, { timeout: 30000 });
  const third = await shown(page);
  assert.ok(third.length <= second.length, `${third.length} after ${second.length}`);
  assert.deepEqual(replay(KORF88, 4, third.moves), goal, 'the moves reach the goal');
  assert.equal(third.bound, second.bound);
  assert.equal(await improve.isDisabled(), true);
  // Playing the solution hides the buttons (they act on the board it starts from).
  await page.getByRole('button', { name: 'Step forward', exact: true }).click();
  await improve.waitFor({ state: 'hidden' });
  assert.deepEqual(errors, []);
  await page.close();
});
