// Starts the real `npuzzle serve` on an ephemeral loopback port and Debian's
// Chromium, headless, with a fresh profile; collects console errors.

import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '../../../..');
export const artefacts = resolve(here, '../artefacts');

// The binary under test: $NPUZZLE_BIN, else the workspace's debug build.
const binary = process.env.NPUZZLE_BIN ?? join(root, 'target/debug/npuzzle');

export const LAUNCH_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

// The static site (`cargo xtask web --out DIR` writes DIR/site) when
// $NPUZZLE_SITE names it: the same page on the browser's engine.
export const SITE = process.env.NPUZZLE_SITE ? resolve(process.env.NPUZZLE_SITE) : null;

export async function startServer(extraArgs = []) {
  if (SITE && extraArgs.length === 0) {
    const { startStatic } = await import('./static-server.js');
    const site = await startStatic(SITE);
    return { url: site.url, requests: site.requests, stop: site.stop };
  }
  const child = spawn(binary, ['serve', '--port', '0', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error(`no URL from ${binary} within 20 s: ${out}`)), 20000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/\S+/);
      if (m) {
        clearTimeout(timer);
        ok(m[0]);
      }
    });
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) => fail(new Error(`${binary} exited with ${code}: ${out}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

export async function startBrowser() {
  const profile = mkdtempSync(join(tmpdir(), 'npuzzle-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: LAUNCH_ARGS,
    viewport: { width: 900, height: 1100 },
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

// A new page that records console errors and failed requests in `errors`.
export async function openPage(context, url) {
  const page = await context.newPage();
  const errors = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => errors.push(`page: ${err.message}`));
  await page.goto(url);
  // The first board drawn (its link in the URL): typing before it arrives
  // would be overwritten by it (the browser's engine starts in a worker).
  await page.waitForFunction(() => location.hash.length > 1, null, { timeout: 20000 });
  return { page, errors };
}

// Clicks "Random board" and waits for the new board: its link replaces the
// old one. (Waiting for a distance alone may see the old board's, and the
// new board then clears what the test does next.)
export async function randomBoard(page) {
  const before = await page.evaluate(() => location.hash);
  await page.getByRole('button', { name: 'Random board', exact: true }).click();
  await page.waitForFunction((old) => location.hash !== old, before, { timeout: 20000 });
}

// Types `board` in the board field and loads it; waits for the engine's
// reading of it (the URL follows the board once the engine has read it).
export async function load(page, board) {
  await page.getByLabel('Board', { exact: true }).fill(board);
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  const tiles = board.trim().split(/\s+/).join(',');
  await page.waitForFunction((t) => location.hash.split('/')[1] === t, tiles);
}

// Waits until the page shows `value` as the distance to the goal.
export async function waitDistance(page, value, timeout = 20000) {
  await page.waitForFunction((v) => document.querySelector('#distance').textContent.trim() === v, String(value), { timeout });
}

// The tiles after `moves` (the blank's directions) from `tiles` on a board
// `width` wide, replayed here; null at a move off the board.
export function replay(tiles, width, moves) {
  const out = tiles.slice();
  const height = out.length / width;
  let blank = out.indexOf(0);
  const step = { u: [0, -1], d: [0, 1], l: [-1, 0], r: [1, 0] };
  for (const m of moves) {
    const [dx, dy] = step[m];
    const [x, y] = [(blank % width) + dx, Math.floor(blank / width) + dy];
    if (x < 0 || x >= width || y < 0 || y >= height) return null;
    const to = y * width + x;
    [out[blank], out[to]] = [out[to], 0];
    blank = to;
  }
  return out;
}

export async function screenshot(page, name) {
  mkdirSync(artefacts, { recursive: true });
  await page.screenshot({ path: join(artefacts, `${name}.png`), fullPage: true });
}
