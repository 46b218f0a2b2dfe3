// The distance to the goal, asked again after every move, and hints (the
// tiles whose slide is an optimal move). Both need the exact distance, so
// neither is searched past the engine's `hint_max_cells`.

import { Channel } from './api.js';
import { $, state, limits, limitsReady, work, cells, boardRequest, showError, thinking } from './page.js';
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
  const body = boardRequest();
  // A table answers at once, and counts the optimal solutions too; a search gets a short budget.
  if (cells() <= limits.table_cells) body.count = true;
  else body.timeout_ms = LIVE_BUDGET_MS;
  try {
    const data = await live.send('POST', '/api/solve', body);
    if (!data || version !== state.version) return; // cancelled or stale
    keepSolution(version, data);
    state.distance = { version, value: data.outcome === 'solved' ? data.length : null, note: distanceNote(data) };
    render();
  } catch (e) {
    if (version !== state.version) return;
    state.distance = { version, value: null, note: 'unknown' };
    showError(e.message);
    render();
  }
}

function distanceNote(data) {
  if (data.outcome === 'unsolvable') return 'unsolvable (the parity rules the goal out)';
  if (data.outcome === 'budget') return `unknown (budget reached: ${data.budget})`;
  return '';
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
    const data = await work.send('POST', '/api/hint', boardRequest());
    if (!data || version !== state.version) return;
    if (data.outcome === 'unsolvable') {
      $('hint-text').textContent = 'No hint: the parity invariant rules this goal out.';
      return;
    }
    if (data.distance == null || (data.outcome === 'budget' && !data.optimal)) {
      $('hint-text').textContent = `No hint: the budget was reached (${data.budget}) before the distances were known.`;
      return;
    }
    // Exactly the moves to distance - 1: the tiles they slide.
    const hinted = [...data.optimal].map((m) => p.target(m));
    state.hint = { version, cells: hinted };
    state.distance = { version, value: data.distance };
    const tiles = hinted.map((c) => p.tiles[c]);
    const partial = data.outcome === 'budget' ? ` (budget reached: ${data.budget}; other moves not checked)` : '';
    $('hint-text').textContent =
      data.distance === 0
        ? 'Already solved.'
        : `Hint: slide tile ${tiles.join(' or ')}: ${data.distance - 1} ${data.distance === 2 ? 'move' : 'moves'} from the goal after it${partial}.`;
    render();
  } catch (e) {
    if (version === state.version) showError(e.message);
  } finally {
    thinking(false);
  }
}
