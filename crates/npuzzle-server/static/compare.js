// Compare: every algorithm and heuristic on the board, as a table and two
// log-scale charts (boards of up to the engine's `exhaustive_max_cells`).

import { Channel } from './api.js';
import { logBars } from './charts.js';
import { $, state, metricRequest, recordMetric } from './page.js';

const side = new Channel();

async function compare() {
  const version = state.version;
  const out = $('compare-out');
  out.textContent = 'running every algorithm…';
  try {
    const data = await side.send('POST', '/api/compare', metricRequest());
    if (!data || version !== state.version) return;
    // In the multi-tile metric the runs agree on the multi-tile length; the
    // single moves of each run's solution stand beside it.
    const mtm = recordMetric(data) === 'mtm';
    const table = document.createElement('table');
    table.innerHTML = `<caption class="muted">Each run with its own budget; time includes building any table.</caption><thead><tr><th>algorithm</th><th>heuristic</th><th class="num">${mtm ? 'multi-tile length' : 'length'}</th><th class="num">expanded</th><th class="num">time (ms)</th><th class="num">peak memory</th></tr></thead>`;
    const body = document.createElement('tbody');
    for (const r of data.runs) {
      const tr = document.createElement('tr');
      const solved = mtm ? `${r.mtm_length} (${r.length} single)` : r.length;
      const result = r.outcome === 'solved' ? solved : r.outcome === 'budget' ? `budget reached (${r.message})` : r.outcome === null ? `n/a: ${r.message}` : r.outcome;
      const cells = [r.algorithm, r.heuristic ?? '–', result, r.expanded.toLocaleString(), r.millis, bytes(r.peak_bytes)];
      cells.forEach((c, i) => {
        const td = document.createElement('td');
        td.textContent = c;
        if (i >= 2) td.className = 'num';
        tr.append(td);
      });
      body.append(tr);
    }
    table.append(body);
    const rows = (key) =>
      data.runs.map((r) => ({
        label: r.heuristic ? `${r.algorithm} ${r.heuristic}` : r.algorithm,
        value: r.outcome === 'solved' ? r[key] : 0,
        note: r.outcome === 'budget' ? 'budget reached' : r.outcome === null ? 'n/a' : undefined,
      }));
    out.replaceChildren(
      table,
      logBars('Nodes expanded', rows('expanded'), (v) => v.toLocaleString()),
      logBars('Time (ms)', rows('millis'), (v) => `${v} ms`),
    );
  } catch (e) {
    if (version === state.version) out.textContent = e.message;
  }
}

function bytes(b) {
  if (b < 1024) return `${b} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let v = b;
  let i = -1;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${v.toFixed(1)} ${units[i]}`;
}

// A new board: the old board's comparison goes.
export function clearCompare() {
  $('compare-out').replaceChildren();
}

export function wireCompare() {
  $('compare').addEventListener('click', compare);
}
