// The static site's first load: every byte the server sends for a fresh
// visit (a new browser, no cache) until the first board is drawn and the
// service worker has cached the site for offline use — served plain, then
// gzip-compressed (level 6, as a typical host serves text and WebAssembly).
//
//   node bench/web/first-load.mjs [SITE]   (default target/web/site, after `cargo xtask web --out target/web`
//                                           and `npm ci` in crates/npuzzle-server/e2e)
//
// Bytes are response bodies as sent (HTTP headers not counted).
import { resolve } from 'node:path';
import { launch, firstBoard, startStatic } from './chromium.mjs';

const site = resolve(process.argv[2] ?? new URL('../../target/web/site', import.meta.url).pathname);

async function visit(gzip) {
  const server = await startStatic(site, { gzip });
  const { browser } = await launch();
  try {
    const page = await browser.newPage();
    await page.goto(server.url);
    await firstBoard(page);
    // The offline copy: the service worker fetches every file of the site once.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForLoadState('networkidle');
    return server.sent;
  } finally {
    await browser.close();
    await server.stop();
  }
}

const kB = (n) => (n / 1000).toFixed(1);
const plain = await visit(false);
const gzipped = await visit(true);
const total = (sent) => sent.reduce((sum, s) => sum + s.bytes, 0);
const byPath = (sent) => {
  const map = new Map();
  for (const s of sent) map.set(s.path, (map.get(s.path) ?? 0) + s.bytes);
  return map;
};
const plainBy = byPath(plain);
const gzipBy = byPath(gzipped);
console.log('| file | requests | plain (kB) | gzip (kB) |\n| --- | --- | --- | --- |');
for (const [path, bytes] of [...plainBy].sort((a, b) => b[1] - a[1])) {
  const count = plain.filter((s) => s.path === path).length;
  console.log(`| \`${path}\` | ${count} | ${kB(bytes)} | ${kB(gzipBy.get(path) ?? 0)} |`);
}
console.log(`| **total** | ${plain.length} | **${kB(total(plain))}** | **${kB(total(gzipped))}** |`);
