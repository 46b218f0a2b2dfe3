// What the parts of the page share: the board being played (with its goal
// and a version bumped on every change, so an answer for an older board is
// dropped), the engine's limits, and the events one part raises for the
// others. main.js connects the events, so no part imports another's
// internals to react to a board change.

import { Puzzle } from './puzzle.js';
import { Channel, engineLimits } from './api.js';

export const $ = (id) => document.getElementById(id);

export const state = {
  puzzle: Puzzle.goal(3, 3, 'standard'),
  goal: 'standard', // 'standard', 'blank-first' or tiles text
  metric: 'stm', // what hints, solves and distances count: 'stm' (a tile a move) or 'mtm' (a slide of a run)
  version: 0, // bumped on every board change
  undo: [],
  redo: [],
  distance: null, // {version, value|null, note, metric}
  hint: null, // {version, cells}
  playing: false, // a solution is being played out
};

// The engine's limits record (`GET /api/limits`, or the package's
// `limits()`; see api.js), asked for as the page starts: its fields are
// known once `limitsReady` resolves, which every request for a board waits
// for (so they are known wherever a board is).
export const limits = {
  table_cells: 0,
  exhaustive_max_cells: 0,
  hint_max_cells: 0,
  default_timeout_ms: 0,
  max_timeout_ms: null,
};
export const limitsReady = engineLimits().then((data) => Object.assign(limits, data));

// Solve and hint, asked by the user: one at a time, and Cancel stops it.
export const work = new Channel();

// Set by main.js: what happens when...
export const events = {
  changed: () => {}, // ...the board changed (a move, undo, a new board): ({ keepSolution })
  drawn: () => {}, // ...the board was drawn
  loaded: () => {}, // ...a new board replaced the old one (history starts over)
  leaving: () => {}, // ...another board is about to be asked for
};

// A goal by name; any other is kept as the engine wrote it ("1 2 3 x").
export function isNamed(goal) {
  return goal === 'standard' || goal === 'blank-first';
}

export function goalPuzzle() {
  const { width, height } = state.puzzle;
  if (isNamed(state.goal)) return Puzzle.goal(width, height, state.goal);
  return Puzzle.parse(state.goal, width, height);
}

export function cells() {
  return state.puzzle.width * state.puzzle.height;
}

// The request fields naming the board being played.
export function boardRequest() {
  const p = state.puzzle;
  return { board: p.toString(), size: `${p.width}x${p.height}`, goal: state.goal };
}

// The request fields of a question counted in the chosen metric (solve,
// hint, a random board at a distance). The engine refuses what it cannot
// count in a metric, in its own words, which the page shows as they come.
export function metricRequest() {
  return { ...boardRequest(), metric: state.metric };
}

// What a record's distances and lengths count: its `metric`, absent in the single-tile metric.
export function recordMetric(data) {
  return data?.metric ?? 'stm';
}

export const METRIC_UNITS = { stm: 'single-tile moves', mtm: 'multi-tile moves' };

export function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = !message;
}

let thinkingText = ''; // what the page is doing, without its progress

export function thinking(on, text = '') {
  thinkingText = on ? text : '';
  $('thinking').textContent = thinkingText;
  $('cancel').hidden = !on;
}

// A running search's progress after what the page is doing (the browser's
// engine tells it; the server answers once).
work.onProgress = ({ bound, expanded }) => {
  if (!thinkingText) return;
  const parts = [];
  if (bound != null) parts.push(`none shorter than ${bound.toLocaleString()} moves`);
  if (expanded > 0) parts.push(`${expanded.toLocaleString()} positions searched`);
  $('thinking').textContent = parts.length ? `${thinkingText} (${parts.join('; ')})` : thinkingText;
};

export function cancelWork() {
  work.cancel();
  thinking(false);
  $('hint-text').textContent = 'Cancelled.';
}
