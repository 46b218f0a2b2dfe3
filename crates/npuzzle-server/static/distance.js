// The distance to the goal, asked again after every move, and hints (the
// tiles whose slide is an optimal move). Both need the exact distance, so
// neither is searched past the engine's `hint_max_cells`.

import { Channel } from './api.js';
import { $, state, limits, limitsReady, work, cells, metricRequest, recordMetric, METRIC_UNITS, showError, thinking } from './page.js';
import { render } from './play.js';
import { keepSolution, playingDistance } from './solve.js';

// The live distance search on boards the tables do not hold gives up after this long.
const LIVE_BUDGET_MS = 3000;

const live = new Channel(); // distance after each move

export async function askDistance() {
  const version = state.version;
  const playing = playingDistance(version);
  if (playing) {
    state.distance = playing;
    return;
  }
  if (cells() > limits.hint_max_cells) {
    live.cancel();
    state.distance = { version, value: null, note: 'not searched live on boards this big (try Solve)' };
    return;
  }
  const body = metricRequest();
  // A table answers at once, and counts the optimal solutions too (the
  // engine counts them in single-tile moves only); a search gets a short budget.
  if (cells() > limits.table_cells) body.timeout_ms = LIVE_BUDGET_MS;
  else if (state.metric === 'stm') body.count = true;
  try {
    const data = await live.send('POST', '/api/solve', body);
    if (!data || version !== state.version) return; // cancelled or stale
    keepSolution(version, data);
    state.distance = { version, ...solvedDistance(data), metric: recordMetric(data) };
    render();
  } catch (e) {
    if (version !== state.version) return;
    state.distance = { version, value: null, note: 'unknown' };
    showError(e.message);
    render();
  }
}

// The distance a solve's record gives, in its metric: exact when the
// solution is optimal, else only a bound (the multi-tile metric's automatic
// choice on big boards is the constructive solver).
function solvedDistance(data) {
  if (data.outcome === 'unsolvable') return { value: null, note: 'unsolvable (the parity rules the goal out)' };
  if (data.outcome === 'budget') return { value: null, note: `unknown (budget reached: ${data.budget})` };
  const length = recordMetric(data) === 'mtm' ? data.mtm_length : data.length;
  if (data.lower_bound == null || length === 0) return { value: length, note: '' };
  return { value: null, note: `at most ${length.toLocaleString()}` };
}

export async function hint() {
  await limitsReady; // clicked before the first board came
  const version = state.version;
  const p = state.puzzle;
  if (cells() > limits.hint_max_cells) {
    // A hint needs the optimal distance, which no search finds on boards this big.
    $('hint-text').textContent = `No hint on boards above ${limits.hint_max_cells} cells: it needs the optimal distance, which no search finds here. Solve builds a solution that need not be optimal.`;
    return;
  }
  thinking(cells() > limits.table_cells, 'thinking…');
  try {
    const data = await work.send('POST', '/api/hint', metricRequest());
    if (!data || version !== state.version) return;
    if (data.outcome === 'unsolvable') {
      $('hint-text').textContent = 'No hint: the parity invariant rules this goal out.';
      return;
    }
    if (data.distance == null || (data.outcome === 'budget' && !data.optimal)) {
      $('hint-text').textContent = `No hint: the budget was reached (${data.budget}) before the distances were known.`;
      return;
    }
    // Exactly the moves to distance - 1. In the single-tile metric each is a
    // letter, the tile it slides; in the multi-tile metric each is a run of
    // letters (`uu`: two tiles slid at once), and the tile marked is the
    // farthest one, the one to push.
    const metric = recordMetric(data);
    const optimal = metric === 'mtm' ? data.optimal.split(' ').filter(Boolean) : [...data.optimal];
    const hinted = optimal.map((run) => farthest(p, run));
    state.hint = { version, cells: hinted };
    state.distance = { version, value: data.distance, metric };
    const slides =
      metric === 'mtm' ? optimal.map((run, i) => slideText(p, run, hinted[i])) : [`tile ${hinted.map((c) => p.tiles[c]).join(' or ')}`];
    const partial = data.outcome === 'budget' ? ` (budget reached: ${data.budget}; other moves not checked)` : '';
    const left = data.distance - 1;
    const unit = metric === 'mtm' ? (left === 1 ? 'multi-tile move' : METRIC_UNITS.mtm) : left === 1 ? 'move' : 'moves';
    $('hint-text').textContent =
      data.distance === 0
        ? 'Already solved.'
        : `Hint: slide ${slides.join(' or ')}: ${left} ${unit} from the goal after it${partial}.`;
    render();
  } catch (e) {
    if (version === state.version) showError(e.message);
  } finally {
    thinking(false);
  }
}

// The cell the blank reaches with the run of moves `run` (its last letter's
// repeats): the farthest tile the run slides.
function farthest(p, run) {
  const q = p.clone();
  for (const m of run) q.apply(m);
  return q.blank;
}

// "tile 5", or for a run "tiles 5 and 8 together" (nearest first).
function slideText(p, run, far) {
  if (run.length === 1) return `tile ${p.tiles[far]}`;
  const q = p.clone();
  const tiles = [];
  for (const m of run) {
    q.apply(m);
    tiles.push(p.tiles[q.blank]);
  }
  return `tiles ${tiles.slice(0, -1).join(', ')} and ${tiles[tiles.length - 1]} together`;
}
