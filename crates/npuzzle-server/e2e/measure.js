// Figures for the README (run by bench/web.sh, not a test): the page's first
// load — bytes transferred and time until it is interactive (board drawn and
// the distance of the board in the URL shown) — and, with `--korf`, how soon
// Solve starts animating Korf's first 15-puzzle after the click.
// Usage: node measure.js URL [--korf]

import { startBrowser } from './tests/harness.js';

const [url, flag] = process.argv.slice(2);
const browser = await startBrowser();
try {
  for (let run = 1; run <= 3; run++) {
    const page = await browser.context.newPage();
    const client = await page.context().newCDPSession(page);
    await client.send('Network.enable');
    await client.send('Network.setCacheDisabled', { cacheDisabled: true });
    let bytes = 0;
    client.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
    const started = Date.now();
    await page.goto(`${url}#3x3/8,6,7,2,5,4,3,x,1`);
    const loaded = Date.now() - started;
    await page.waitForFunction(() => document.querySelector('#distance').textContent.trim() === '31');
    const interactive = Date.now() - started;
    console.log(`run ${run}: load event ${loaded} ms, interactive (board and distance 31 shown) ${interactive} ms, ${bytes} bytes transferred (${(bytes / 1024).toFixed(1)} KiB, API answers and stats included)`);
    await page.close();
  }
  if (flag === '--korf') {
    const korf = '#4x4/14,13,15,7,11,12,9,5,6,x,2,1,4,8,10,3/blank-first';
    for (const when of ['at once', 'after the distance']) {
      const page = await browser.context.newPage();
      await page.goto(`${url}${korf}`);
      await page.waitForFunction(() => document.querySelectorAll('#board .tile').length === 15);
      if (when !== 'at once') {
        await page.waitForFunction(() => document.querySelector('#distance').textContent.trim() === '57', null, { timeout: 60000 });
      }
      const clicked = Date.now();
      await page.getByRole('button', { name: 'Solve' }).click();
      await page.waitForFunction(() => /^step [1-9]/.test(document.querySelector('#step-count').textContent), null, { timeout: 60000 });
      console.log(`Korf #1 (57 moves), Solve clicked ${when}: first animation step ${Date.now() - clicked} ms after the click`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
