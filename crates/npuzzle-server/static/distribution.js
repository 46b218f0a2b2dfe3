// How far the boards of this size are from the goal: a histogram of the
// complete table's counts per distance, the board being played marked, and
// the difficulties a random board can be asked at. Only for boards of up to
// the engine's `exhaustive_max_cells`; past `table_cells` the table is big
// enough that the user asks for it.

import { Channel } from './api.js';
import { histogram } from './charts.js';
import { $, state, limits, cells, METRIC_UNITS } from './page.js';
import { render } from './play.js';

const dist = new Channel();
const distributions = new Map(); // "WxH|goal|metric" -> counts

function distKey() {
  return `${state.puzzle.width}x${state.puzzle.height}|${state.goal}|${state.metric}`;
}

export async function loadDistribution(force = false) {
  const key = distKey();
  const note = $('dist-note');
  $('dist-load').hidden = true;
  if (distributions.has(key)) return fillDifficulty();
  if (cells() > limits.exhaustive_max_cells) {
    note.textContent = `Only for boards of up to ${limits.exhaustive_max_cells} cells, where a complete table of every board can be built.`;
    $('dist-out').replaceChildren();
    fillDifficulty();
    return;
  }
  if (cells() > limits.table_cells && !force) {
    note.textContent = 'This size has hundreds of millions of boards: building its table takes about half a minute and 300 MB.';
    $('dist-load').hidden = false;
    $('dist-out').replaceChildren();
    fillDifficulty();
    return;
  }
  note.textContent = 'building the table…';
  try {
    const query = `size=${state.puzzle.width}x${state.puzzle.height}&goal=${encodeURIComponent(state.goal)}&metric=${state.metric}`;
    const data = await dist.send('GET', `/api/stats?${query}`);
    if (!data) return;
    distributions.set(key, data.counts);
    if (key === distKey()) {
      fillDifficulty();
      render();
    }
  } catch (e) {
    note.textContent = e.message;
  }
}

export function renderDistribution() {
  const counts = distributions.get(distKey());
  if (!counts) return;
  const d = state.distance;
  const mark = d && d.version === state.version && d.value != null && (d.metric ?? 'stm') === state.metric ? d.value : null;
  const total = counts.reduce((a, b) => a + b, 0);
  const unit = state.metric === 'mtm' ? METRIC_UNITS.mtm : 'moves';
  $('dist-note').textContent = `${total.toLocaleString()} boards reach this goal; the farthest are ${counts.length - 1} ${unit} away${mark != null ? `; ${(counts[mark] ?? 0).toLocaleString()} ${counts[mark] === 1 ? 'is' : 'are'} ${mark} ${unit} away, like this one` : ''}.`;
  $('dist-out').replaceChildren(histogram(counts, mark, unit));
}

function fillDifficulty() {
  const select = $('difficulty');
  const counts = distributions.get(distKey());
  const keep = select.value;
  select.replaceChildren(new Option('uniform', ''));
  const unit = state.metric === 'mtm' ? METRIC_UNITS.mtm : 'moves';
  if (counts) counts.forEach((c, d) => c > 0 && select.append(new Option(`${d} ${unit}`, String(d))));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

export function wireDistribution() {
  $('dist-load').addEventListener('click', () => loadDistribution(true));
}
