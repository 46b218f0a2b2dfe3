// The README's screenshot (docs/web-app.png): the classic 31-move board with
// the hint's tiles highlighted, at a small width. Usage: node readme-shot.js URL OUT.png
import { startBrowser } from './tests/harness.js';

const [url, out] = process.argv.slice(2);
const browser = await startBrowser();
try {
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 520, height: 760 });
  await page.goto(`${url}#3x3/8,6,7,2,5,4,3,x,1`);
  await page.waitForFunction(() => document.querySelector('#distance').textContent.trim() === '31');
  await page.getByRole('button', { name: 'Hint' }).click();
  await page.waitForFunction(() => document.querySelectorAll('#board .tile.hint').length > 0);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: out });
} finally {
  await browser.close();
}
