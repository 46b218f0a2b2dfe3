// The static site (`cargo xtask web --out DIR`, DIR/site served by a plain
// static file server): the page on the browser's own engine, in a Web
// Worker, with no server behind it. The page's own tests (tests/) run
// against the site too, under `npm run test:site`.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { SITE, startServer, startBrowser, openPage, randomBoard, load, waitDistance, replay, screenshot } from '../tests/harness.js';

assert.ok(SITE, 'set NPUZZLE_SITE to the directory `cargo xtask web --out DIR` wrote as DIR/site');

let site;
let browser;

before(async () => {
  site = await startServer();
  browser = await startBrowser();
});

after(async () => {
  await browser?.close();
  await site?.stop();
});

function apiRequests() {
  return site.requests.filter((path) => path === '/api' || path.startsWith('/api/'));
}

test('the page says the browser answers, solves 3x3 and 4x4 optimally, and never asks /api', async () => {
  const { page, errors } = await openPage(browser.context, site.url);
  assert.match(await page.locator('#engine-name').textContent(), /this browser \(WebAssembly\)/);
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^31 moves · table/.test(document.querySelector('#solution-stats').textContent));
  // A 48-move 15-puzzle: IDA* with walking distance, in the worker.
  await load(page, '11 2 15 7 14 1 13 3 x 5 9 10 12 4 8 6');
  await waitDistance(page, 48);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^48 moves · idastar/.test(document.querySelector('#solution-stats').textContent), null, { timeout: 30000 });
  assert.equal(await page.locator('#solution-title').textContent(), 'Optimal solution');
  assert.equal((await page.locator('#moves-text').inputValue()).length, 48);
  // A hint searches every move's distance: a 40-move board keeps it short.
  await load(page, '1 6 11 7 13 8 5 x 9 15 2 12 14 3 4 10');
  await waitDistance(page, 40);
  await page.getByRole('button', { name: 'Hint', exact: true }).click();
  await page.waitForFunction(() => /^Hint: slide tile/.test(document.querySelector('#hint-text').textContent), null, { timeout: 30000 });
  await screenshot(page, 'site-4x4');
  assert.deepEqual(apiRequests(), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Cancel stops a long search at once, and the next board is answered', async () => {
  const { page, errors } = await openPage(browser.context, site.url);
  // Korf's instance 88 (65 moves, toward Korf's blank-first goal): far beyond
  // the page's budget without databases.
  await page.getByLabel('Goal', { exact: true }).selectOption('blank-first');
  await load(page, '15 2 12 11 14 13 9 5 1 3 8 7 x 10 6 4');
  assert.equal(await page.locator('#hint-text').textContent(), '');
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await cancel.waitFor({ state: 'visible', timeout: 5000 });
  // At once, while the search runs (the row around it reflows as the status text changes).
  await cancel.click({ force: true });
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent === 'Cancelled.', null, { timeout: 2000 });
  await page.getByLabel('Goal', { exact: true }).selectOption('standard');
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  assert.deepEqual(apiRequests(), []);
  assert.deepEqual(errors, []);
  await page.close();
});

// A random 5x5 board (`npuzzle random --size 5x5 --seed 3`): far beyond the
// page's 10 s budget without databases.
const SEED3_5X5 = '17 12 1 11 13 6 20 24 3 5 10 19 23 15 16 x 9 7 8 22 2 4 14 21 18';

test('a long search tells how far it has got, and Cancel stops it', async () => {
  const { page, errors } = await openPage(browser.context, site.url);
  await load(page, SEED3_5X5);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const told = /^searching for an optimal solution… \(none shorter than (\d+) moves; ([\d,]+) positions searched\)$/;
  await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('#thinking').textContent), told.source, { timeout: 10000 });
  const first = (await page.locator('#thinking').textContent()).match(told);
  // The count moves on while the search runs.
  await page.waitForFunction((t) => document.querySelector('#thinking').textContent !== t, first[0], { timeout: 5000 });
  const then = (await page.locator('#thinking').textContent()).match(told);
  assert.ok(then, await page.locator('#thinking').textContent());
  const count = (m) => Number(m[2].replaceAll(',', ''));
  assert.ok(Number(then[1]) >= Number(first[1]) && count(then) > count(first), `${first[0]} then ${then[0]}`);
  await screenshot(page, 'site-progress');
  await page.getByRole('button', { name: 'Cancel', exact: true }).click({ force: true });
  await page.waitForFunction(() => document.querySelector('#hint-text').textContent === 'Cancelled.', null, { timeout: 2000 });
  assert.equal(await page.locator('#thinking').textContent(), '');
  assert.deepEqual(apiRequests(), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('out of the page\'s budget on 5x5: a good solution at once, then shortened while the user waits', async () => {
  const { page, errors } = await openPage(browser.context, site.url);
  await load(page, SEED3_5X5);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  const improve = page.getByRole('button', { name: 'Keep improving', exact: true });
  const longer = page.getByRole('button', { name: 'Search optimally for longer', exact: true });
  // The page's 10 s budget, then 3 s of shortening.
  await improve.waitFor({ timeout: 60000 });
  assert.equal(await page.locator('#solution-title').textContent(), 'Solution (greedy, not optimal)');
  const shown = async () => {
    const stats = await page.locator('#solution-stats').textContent();
    const m = stats.match(/^([\d,]+) moves · lower bound ([\d,]+), ratio ([\d.]+) · .* the optimal search stopped at its time limit: not proven optimal$/);
    assert.ok(m, stats);
    const moves = await page.locator('#moves-text').inputValue();
    return { length: Number(m[1].replaceAll(',', '')), bound: Number(m[2].replaceAll(',', '')), moves, text: await page.locator('#fallback-text').textContent() };
  };
  const start = SEED3_5X5.split(' ').map((t) => (t === 'x' ? 0 : Number(t)));
  const goal = [...Array.from({ length: 24 }, (_, i) => i + 1), 0];
  const first = await shown();
  assert.equal(first.moves.length, first.length);
  assert.deepEqual(replay(start, 5, first.moves), goal, 'the moves reach the goal');
  assert.match(first.text, /given 10 s, reached its time limit ruling out every solution shorter than \d+ moves/);
  assert.match(first.text, /shortened for 3 s/);
  assert.equal(await longer.isEnabled(), true, 'the browser has no largest budget');
  // Twice the shortening time: never a longer solution, and the same bound.
  await improve.click();
  await page.waitForFunction(() => /shortened for 6 s/.test(document.querySelector('#fallback-text').textContent), null, { timeout: 30000 });
  const second = await shown();
  assert.ok(second.length <= first.length, `${second.length} after ${first.length}`);
  assert.equal(second.bound, first.bound);
  assert.deepEqual(replay(start, 5, second.moves), goal, 'the moves reach the goal');
  await screenshot(page, 'site-dead-end');
  assert.deepEqual(apiRequests(), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a random 5x5 board gets a solution, and the page says it is not proven optimal', async () => {
  const { page, errors } = await openPage(browser.context, site.url);
  await page.getByLabel('Width').selectOption('5');
  await page.getByLabel('Height').selectOption('5');
  await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 24);
  await randomBoard(page);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.locator('#solution').waitFor({ timeout: 40000 });
  const stats = await page.locator('#solution-stats').textContent();
  const title = await page.locator('#solution-title').textContent();
  if (title !== 'Optimal solution') {
    assert.equal(title, 'Solution (greedy, not optimal)');
    assert.match(stats, /lower bound [\d,]+, ratio [\d.]+/);
    assert.match(stats, /not proven optimal/);
  }
  await screenshot(page, 'site-5x5');
  assert.deepEqual(apiRequests(), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('after one visit the site works offline: reloaded with the server stopped', async () => {
  const { page, errors } = await openPage(browser.context, site.url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled once the service worker has claimed the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10000 });
  await site.stop();
  await page.reload();
  // The reloaded page's own board (its link's) from the offline copy, before typing another.
  await page.waitForFunction(() => /^\d+$/.test(document.querySelector('#distance').textContent.trim()), null, { timeout: 20000 });
  await screenshot(page, 'site-offline');
  await load(page, '8 6 7 2 5 4 3 x 1');
  await waitDistance(page, 31);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^31 moves/.test(document.querySelector('#solution-stats').textContent));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 15-puzzle out of walking distance\'s reach is solved optimally: databases built in the page, then kept', async () => {
  const { page, errors } = await openPage(browser.context, site.url);
  await page.getByLabel('Goal', { exact: true }).selectOption('blank-first');
  // Korf's instance 88: 65 moves.
  await load(page, '15 2 12 11 14 13 9 5 1 3 8 7 x 10 6 4');
  await page.waitForFunction(() => /pattern databases/.test(document.querySelector('#thinking').textContent), null, { timeout: 10000 });
  await waitDistance(page, 65, 60000);
  await page.getByRole('button', { name: 'Solve', exact: true }).click();
  await page.waitForFunction(() => /^65 moves · idastar \(pdb 6-6-3\)/.test(document.querySelector('#solution-stats').textContent), null, { timeout: 60000 });
  assert.equal(await page.locator('#solution-title').textContent(), 'Optimal solution');
  await screenshot(page, 'site-korf88');
  // A new page of the same site reads them from IndexedDB: no build this time.
  const again = await openPage(browser.context, site.url);
  await again.page.getByLabel('Goal', { exact: true }).selectOption('blank-first');
  await load(again.page, '14 13 15 7 11 12 9 5 6 x 2 1 4 8 10 3');
  await waitDistance(again.page, 57, 30000);
  const built = await again.page.evaluate(() => document.querySelector('#thinking').textContent);
  assert.doesNotMatch(built, /pattern databases/);
  assert.deepEqual(apiRequests(), []);
  assert.deepEqual(errors, []);
  assert.deepEqual(again.errors, []);
  await again.page.close();
  await page.close();
});

test('a board typed before the first random board arrives is the one kept, loaded before it or after', async () => {
  for (const clickAfterFirstBoard of [false, true]) {
    // No wait for the first board here (openPage waits for it): type at once.
    const page = await browser.context.newPage();
    const errors = [];
    page.on('pageerror', (err) => errors.push(err.message));
    await page.goto(site.url);
    await page.getByLabel('Board', { exact: true }).fill('8 6 7 2 5 4 3 x 1');
    if (clickAfterFirstBoard) {
      // The page's first board is drawn, and the typed text stays for the Load click.
      await page.waitForFunction(() => location.hash.length > 1, null, { timeout: 20000 });
      assert.equal(await page.getByLabel('Board', { exact: true }).inputValue(), '8 6 7 2 5 4 3 x 1');
    }
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await waitDistance(page, 31);
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(await page.evaluate(() => location.hash), '#3x3/8,6,7,2,5,4,3,x,1');
    assert.equal(await page.getByLabel('Board', { exact: true }).inputValue(), '8 6 7 2 5 4 3 x 1');
    assert.deepEqual(errors, []);
    await page.close();
  }
});
