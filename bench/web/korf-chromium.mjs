// Korf's first COUNT instances (default 10) solved optimally in headless
// Chromium on the static site: the page's engine (the npm package's Web
// Worker) builds the 15-puzzle's databases in the page, then solves each
// board toward Korf's goal (the blank first: `blank-first`). Reports the
// build's time and bytes, each instance's time, length (checked against
// Korf's published lengths in crates/npuzzle/src/oracle/korf100.txt) and
// expanded nodes, and the peak memory (PSS) of the browser's renderer
// processes (the page and its workers) over the whole run.
//
//   node bench/web/korf-chromium.mjs [COUNT [SITE]]   (default SITE target/web/site, after
//                                                       `cargo xtask web --out target/web` and
//                                                       `npm ci` in crates/npuzzle-server/e2e)
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { launch, firstBoard, samplePeak, rendererMemory, startStatic, MiB } from './chromium.mjs';

const count = Number(process.argv[2] ?? 10);
const site = resolve(process.argv[3] ?? new URL('../../target/web/site', import.meta.url).pathname);
const instances = readFileSync(new URL('../../crates/npuzzle/src/oracle/korf100.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'))
  .slice(0, count)
  .map((line) => {
    const [n, length, ...tiles] = line.trim().split(/\s+/);
    return { n, length: Number(length), board: tiles.join(' ') };
  });

const server = await startStatic(site);
const { browser, pid } = await launch();
let failed = false;
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await firstBoard(page);
  const before = rendererMemory(pid);
  const stop = samplePeak(pid);
  const t0 = Date.now();
  const run = await page.evaluate(async (boards) => {
    const { NpuzzleWorker } = await import(new URL('./npuzzle/worker.js', location.href).href);
    const worker = new NpuzzleWorker();
    let t = performance.now();
    // What the page does on its first 15-puzzle search: the recommended set, held by the worker.
    const bytes = await worker.buildDatabase({ size: '4x4', goal: 'blank-first' });
    const build = performance.now() - t;
    const held = await worker.heldDatabases();
    const runs = [];
    for (const board of boards) {
      t = performance.now();
      const r = await worker.solve(board, { goal: 'blank-first' });
      runs.push({ ms: performance.now() - t, length: r.length, expanded: r.stats.expanded, how: `${r.algorithm} (pdb ${r.partition})` });
    }
    worker.terminate();
    return { build, bytes: bytes.length, held: held.map((h) => h.partition), runs };
  }, instances.map((i) => i.board));
  const wall = (Date.now() - t0) / 1000;
  const peak = stop();
  console.log(`databases ${run.held.join(', ')}: built in the page in ${(run.build / 1000).toFixed(2)} s, ${run.bytes.toLocaleString('en')} bytes`);
  console.log('| # | optimal (Korf) | found | expanded | ms | how |\n| --- | --- | --- | --- | --- | --- |');
  let total = 0;
  instances.forEach((inst, i) => {
    const r = run.runs[i];
    total += r.ms;
    if (r.length !== inst.length) failed = true;
    console.log(`| ${inst.n} | ${inst.length} | ${r.length}${r.length === inst.length ? '' : ' **WRONG**'} | ${r.expanded.toLocaleString('en')} | ${r.ms.toFixed(1)} | ${r.how} |`);
  });
  console.log(`solves: ${(total / 1000).toFixed(2)} s in all; build and solves ${wall.toFixed(1)} s wall`);
  console.log(`renderer PSS: ${MiB(before)} MiB before the build, peak ${MiB(peak)} MiB (sampled every 50 ms)`);
} finally {
  await browser.close();
  await server.stop();
}
if (failed) {
  console.error('a length differs from Korf\'s');
  process.exit(1);
}
