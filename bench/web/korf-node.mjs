// Korf's first COUNT instances (default 10) solved optimally by the npm
// package in Node, with the 6-6-3 databases built in memory first — what
// the static page does in the browser.
//
//   node bench/web/korf-node.mjs [COUNT [DIR]]   (after `cargo xtask web --out target/web`)
//
// With DIR, the databases are also written there as the file the command
// line reads, for the same run natively:
//   npuzzle batch --goal blank-first --instances 1-COUNT --pdb-dir DIR --pdb 6-6-3 --threads 1
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url);
const np = await import(new URL('target/web/npm/node.js', root));
const count = Number(process.argv[2] ?? 10);
const lines = readFileSync(new URL('crates/npuzzle/src/oracle/korf100.txt', root), 'utf8')
  .split('\n')
  .filter((l) => l && !l.startsWith('#'));

let t = performance.now();
const bytes = np.buildDatabase({ size: '4x4', goal: 'blank-first', partition: '6-6-3' });
console.log(`6-6-3 build: ${((performance.now() - t) / 1000).toFixed(2)} s, ${bytes.length} bytes`);
if (process.argv[3]) {
  mkdirSync(process.argv[3], { recursive: true });
  writeFileSync(join(process.argv[3], np.heldDatabases()[0].name), bytes);
}
let total = 0;
let nodes = 0;
console.log('| # | optimal | found | expanded | seconds |\n| --- | --- | --- | --- | --- |');
for (const line of lines.slice(0, count)) {
  const [n, length, ...tiles] = line.trim().split(/\s+/);
  t = performance.now();
  const r = np.solve(tiles.join(' '), { goal: 'blank-first' });
  const secs = (performance.now() - t) / 1000;
  total += secs;
  nodes += r.stats.expanded;
  if (String(r.length) !== length) throw new Error(`instance ${n}: ${r.length} moves, the optimal is ${length}`);
  console.log(`| ${n} | ${length} | ${r.length} | ${r.stats.expanded.toLocaleString('en')} | ${secs.toFixed(3)} |`);
}
console.log(`total: ${total.toFixed(2)} s, ${nodes.toLocaleString('en')} nodes; peak RSS ${process.memoryUsage().rss >> 20} MiB`);
