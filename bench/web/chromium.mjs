// What the browser benchmarks share: Debian's Chromium driven by the e2e
// tests' playwright-core (crates/npuzzle-server/e2e, after its `npm ci`),
// the e2e's plain static server, and the memory of the browser's renderer
// processes (where the page and its workers run), read from /proc: their
// proportional set size (PSS: pages shared with other Chromium processes,
// such as its libraries, counted in part, not once per process).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';

const e2e = new URL('../../crates/npuzzle-server/e2e/', import.meta.url);
const { chromium } = createRequire(new URL('package.json', e2e))('playwright-core');
const { LAUNCH_ARGS } = await import(new URL('tests/harness.js', e2e));
export const { startStatic } = await import(new URL('tests/static-server.js', e2e));

// A fresh browser (no cache, no profile) and its process id (found by a
// switch of its own on its command line, which Chromium ignores).
export async function launch() {
  const marker = `--npuzzle-bench=${process.pid}-${Date.now()}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', args: [...LAUNCH_ARGS, marker] });
  const pid = [...children().keys()].find((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').includes(marker);
    } catch {
      return false;
    }
  });
  return { browser, pid };
}

// The page's first board drawn (its link in the URL).
export async function firstBoard(page) {
  await page.waitForFunction(() => location.hash.length > 1, null, { timeout: 30000 });
}

function children() {
  const parents = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces, so split after it.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(name), ppid);
    } catch {
      // The process ended meanwhile.
    }
  }
  return parents;
}

// Proportional set size in bytes of the renderer processes under `pid`.
export function rendererMemory(pid) {
  const parents = children();
  const under = (p) => {
    for (let q = p; q > 1; q = parents.get(q) ?? 0) if (q === pid) return true;
    return false;
  };
  let total = 0;
  for (const p of parents.keys()) {
    if (!under(p)) continue;
    try {
      if (!readFileSync(`/proc/${p}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const pss = readFileSync(`/proc/${p}/smaps_rollup`, 'utf8').match(/^Pss:\s+(\d+) kB/m);
      if (pss) total += Number(pss[1]) * 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

// Samples `rendererMemory(pid)` every `ms` until stopped; `stop()` returns the peak.
export function samplePeak(pid, ms = 50) {
  let peak = rendererMemory(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rendererMemory(pid));
  }, ms);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rendererMemory(pid));
  };
}

export const MiB = (bytes) => (bytes / 2 ** 20).toFixed(1);
