// Solve and the animation: a solution for the board (optimal where the
// search finishes in its budget, else a good one improved for a few
// seconds), played out move by move, stepped back and forward.

import { OPPOSITE, mtmLength } from './puzzle.js';
import { $, state, limits, limitsReady, work, cells, metricRequest, recordMetric, METRIC_UNITS, showError, thinking } from './page.js';
import { render, boardChanged } from './play.js';

// When the optimal search runs out of budget, a constructive solution is
// shortened for this long before it is shown.
const GOOD_ENOUGH_MS = 3000;

let solution = null; // {version, moves, data, fallback?} for the board at `version`
let anim = null; // {version, start, moves, index, timer}

// A solution's length in the metric its record counts.
function lengthIn(data) {
  return recordMetric(data) === 'mtm' ? data.mtm_length : data.length;
}

// A solution from the constructive solver carries a lower bound: it need not be optimal.
function isOptimal(data) {
  return data.lower_bound == null;
}

// The distance, in the record's metric, when `data`'s solution `moves`
// has been played up to `index`. Half-way through a multi-tile move (the
// blank's run in one direction) the rest only bounds it from above: the
// board is one move from the run's start, so one less may do.
function distanceLeft(version, data, moves, index = 0) {
  const metric = recordMetric(data);
  const rest = moves.slice(index);
  const left = metric === 'mtm' ? mtmLength(rest) : rest.length;
  const midRun = metric === 'mtm' && index > 0 && moves[index - 1] === moves[index];
  if ((isOptimal(data) && !midRun) || left === 0) return { version, value: left, metric };
  return { version, value: null, note: `at most ${left.toLocaleString()}`, metric };
}

// While a solution plays, the distance of the board at `version` from the
// rest of it, or null. The rest of an optimal solution is optimal too; the
// rest of a constructive one only bounds the distance from above.
export function playingDistance(version) {
  if (!anim || solution?.version !== anim.version) return null;
  return distanceLeft(version, solution.data, anim.moves, anim.index);
}

// An answer for the board at `version`, kept so that Solve plays it at once.
export function keepSolution(version, data) {
  if (data.outcome === 'solved') solution = { version, moves: data.moves, data };
}

export async function solve() {
  await limitsReady; // clicked before the first board came
  const version = state.version;
  let sol = solution?.version === version ? solution : null;
  if (!sol) {
    const big = cells() > limits.hint_max_cells;
    thinking(true, big ? 'building a solution (not optimal on boards this big)…' : 'searching for an optimal solution…');
    try {
      const data = await work.send('POST', '/api/solve', metricRequest());
      if (!data || version !== state.version) return;
      if (data.outcome === 'budget') {
        await goodEnough(version, data);
        return;
      }
      if (data.outcome !== 'solved') {
        $('hint-text').textContent =
          data.outcome === 'unsolvable' ? 'Unsolvable: the parity invariant rules this goal out.' : `No solution found: budget reached (${data.budget}).`;
        return;
      }
      keepSolution(version, data);
      sol = solution;
      state.distance = distanceLeft(version, data, data.moves);
    } catch (e) {
      if (version === state.version) showError(e.message);
      return;
    } finally {
      thinking(false);
    }
  }
  show(sol);
  play();
}

// ---------- never a dead end ----------
// When the optimal search runs out of budget, a constructive solution is
// built at once and shortened for a few seconds. The user can then shorten
// it for longer, or search optimally with a bigger budget; each answer
// updates the length, the lower bound and the ratio. The solution's
// `fallback` says how it came: { stopped, searchedMs, bound, improvedMs, gain }.

// The optimal length is at least the bound of the last IDA* iteration begun:
// every iteration before it ended without a solution.
function searchBound(data) {
  const iterations = data.stats?.iterations ?? [];
  return iterations.length ? iterations[iterations.length - 1].bound : 0;
}

// `ms` times `factor`, within the engine's largest budget.
function longer(ms, factor) {
  const cap = limits.max_timeout_ms;
  return cap == null ? ms * factor : Math.min(ms * factor, cap);
}

async function goodEnough(version, search) {
  thinking(true, `no optimal solution within the budget (${search.budget}): building a good one…`);
  const data = await improved(GOOD_ENOUGH_MS);
  if (!data || version !== state.version) return;
  if (data.outcome !== 'solved') {
    $('hint-text').textContent = `No solution found: budget reached (${data.budget}).`;
    return;
  }
  keepSolution(version, data);
  solution.fallback = {
    stopped: search.budget,
    searchedMs: limits.default_timeout_ms, // the page asked for the engine's default
    bound: searchBound(search),
    improvedMs: GOOD_ENOUGH_MS,
    gain: null,
  };
  settle(version);
}

// The constructive solution of the board, shortened for `ms`.
function improved(ms) {
  return work.send('POST', '/api/solve', { ...metricRequest(), algorithm: 'greedy', improve: true, timeout_ms: ms });
}

// A fallback solution shown, not played: the buttons below it act on this board.
function settle(version) {
  state.distance = distanceLeft(version, solution.data, solution.data.moves);
  show(solution);
  render();
}

async function keepImproving() {
  const sol = solution;
  const version = state.version;
  if (!sol?.fallback || sol.version !== version) return;
  const ms = longer(sol.fallback.improvedMs, 2);
  thinking(true, `shortening the solution for ${seconds(ms)}…`);
  try {
    const data = await improved(ms);
    if (!data || version !== state.version || solution !== sol) return;
    const shorter = data.outcome === 'solved' && lengthIn(data) < lengthIn(sol.data);
    if (shorter) keepSolution(version, data);
    solution.fallback = { ...sol.fallback, improvedMs: ms, gain: shorter ? lengthIn(sol.data) - lengthIn(data) : 0 };
    settle(version);
  } catch (e) {
    if (version === state.version) showError(e.message);
  } finally {
    thinking(false);
  }
}

async function searchLonger() {
  const sol = solution;
  const version = state.version;
  if (!sol?.fallback || sol.version !== version) return;
  const ms = longer(sol.fallback.searchedMs, 4);
  thinking(true, `searching for an optimal solution for up to ${seconds(ms)}…`);
  try {
    const data = await work.send('POST', '/api/solve', { ...metricRequest(), timeout_ms: ms });
    if (!data || version !== state.version || solution !== sol) return;
    if (data.outcome === 'solved') {
      keepSolution(version, data);
      state.distance = distanceLeft(version, data, data.moves);
      show(solution);
      play();
      return;
    }
    if (data.outcome !== 'budget') return;
    const fallback = sol.fallback;
    sol.fallback = { ...fallback, stopped: data.budget, searchedMs: ms, bound: Math.max(fallback.bound, searchBound(data)) };
    settle(version);
  } catch (e) {
    if (version === state.version) showError(e.message);
  } finally {
    thinking(false);
  }
}

function seconds(ms) {
  return `${Number((ms / 1000).toFixed(1)).toLocaleString()} s`;
}

// The solution's panel: its moves, what it is and what it cost.
function show(sol) {
  anim = { version: sol.version, start: state.puzzle.clone(), moves: sol.moves, index: 0, timer: null };
  const d = sol.data;
  const fb = sol.fallback;
  $('moves-text').value = sol.moves;
  const how = d.heuristic ? `${d.algorithm} (${d.partition ? `pdb ${d.partition}` : d.heuristic})` : d.algorithm;
  // Counts can pass 2^53: JSON numbers lose digits there, so say "about".
  const exact = d.count != null && d.count <= Number.MAX_SAFE_INTEGER;
  const count = d.count != null ? ` · ${exact ? '' : 'about '}${Number(d.count).toLocaleString()} optimal solutions` : '';
  // The constructive solver makes moves and expands no nodes.
  const effort = d.stats.expanded != null
    ? `${d.stats.expanded.toLocaleString()} nodes expanded`
    : `${(d.stats.moves_made ?? 0).toLocaleString()} moves made`;
  const mtm = recordMetric(d) === 'mtm';
  const b = boundOf(d, fb);
  const unit = mtm ? ` ${METRIC_UNITS[b.metric]}` : '';
  const bound = isOptimal(d) ? '' : ` · lower bound ${b.bound.toLocaleString()}${unit}, ratio ${b.ratio}`;
  const title = isOptimal(d) ? 'Optimal solution' : `Solution (${d.algorithm}, not optimal)`;
  $('solution-title').textContent = mtm ? `${title} in multi-tile moves` : title;
  const length = mtm ? `${(d.mtm_length ?? mtmLength(sol.moves)).toLocaleString()} multi-tile moves` : `${d.length.toLocaleString()} moves`;
  const note = fb ? ` · the optimal search stopped at its ${fb.stopped}: not proven optimal` : '';
  $('solution-stats').textContent = `${length}${bound} · ${how} · ${effort} · ${d.stats.millis} ms${count}${note}`;
  $('solution-lengths').textContent = lengthsText(d, sol.moves);
  $('fallback-text').textContent = fb ? fallbackText(d, fb, b) : '';
  $('solution').hidden = false;
  renderAnimation();
}

// Both lengths of a solution, the one it is shortest in (when optimal) named.
function lengthsText(d, moves) {
  const stm = d.length ?? moves.length;
  const mtm = d.mtm_length ?? mtmLength(moves);
  const shortest = isOptimal(d) ? ` · shortest in ${METRIC_UNITS[recordMetric(d)]}` : '';
  return `Length: ${stm.toLocaleString()} ${METRIC_UNITS.stm} · ${mtm.toLocaleString()} ${METRIC_UNITS.mtm} (a run of slides in one row or column)${shortest}`;
}

// The bound on the optimal length beside a solution that need not be
// optimal, the metric it counts, and the ratio to it: at most that many
// times the optimal length. The record's bound counts its metric (the
// constructive solver's is Manhattan distance plus linear conflicts, in
// multi-tile moves divided by the longest slide); an optimal search's
// counts the metric it searched in, and can be the stronger of the two.
function boundOf(d, fb) {
  if (recordMetric(d) === 'mtm') {
    const bound = Math.max(d.lower_bound ?? 0, fb?.bound ?? 0);
    return { metric: 'mtm', bound, ratio: ratioOf(d.mtm_length, bound) };
  }
  const bound = Math.max(d.lower_bound ?? 0, fb?.bound ?? 0);
  return { metric: 'stm', bound, ratio: fb ? ratioOf(d.length, bound) : d.ratio };
}

// `length / bound` to three decimals, as the engine writes it.
function ratioOf(length, bound) {
  return bound === 0 ? 1 : Math.round((length / bound) * 1000) / 1000;
}

function fallbackText(d, fb, b) {
  const { bound: lowerBound, ratio } = b;
  const mtm = recordMetric(d) === 'mtm';
  const search = fb.bound > 0
    ? `ruling out every solution shorter than ${fb.bound.toLocaleString()} ${mtm ? METRIC_UNITS.mtm : 'moves'}`
    : 'without a bound on the optimal length';
  const fromSearch = fb.bound >= (d.lower_bound ?? 0) && fb.bound > 0;
  const gain = fb.gain == null ? '' : fb.gain > 0 ? ` (${fb.gain.toLocaleString()} moves shorter than before)` : ' (no shorter one this time)';
  return (
    `A good solution, not the optimal one: the optimal search, given ${seconds(fb.searchedMs)}, reached its ${fb.stopped} ${search}. ` +
    `This one was built by the constructive solver and shortened for ${seconds(fb.improvedMs)}${gain}; ` +
    `it is at most ${ratio} times the optimal length${mtm ? ` in ${METRIC_UNITS[b.metric]}` : ''} (lower bound ${lowerBound.toLocaleString()}, ${fromSearch ? 'from the optimal search' : 'Manhattan distance plus linear conflicts'}).`
  );
}

// The solution on show: the board it starts from and its moves (null when none is).
export function shownSolution() {
  return animationValid() ? { board: anim.start.toString(), moves: anim.moves } : null;
}

// ---------- the animation ----------

function animationValid() {
  return anim && solution && anim.moves === solution.moves;
}

// One move of the solution; the board's new version keeps the solution.
function step(m, forward) {
  state.puzzle.apply(forward ? m : OPPOSITE[m]);
  if (forward) {
    state.undo.push(m);
    state.redo = [];
  } else {
    state.undo.pop();
  }
  solution = { ...solution, version: state.version + 1 };
  anim.version = state.version + 1;
  boardChanged({ keepSolution: true });
}

function stepForward() {
  const a = anim;
  if (!a || a.index >= a.moves.length) return pause();
  a.index += 1;
  step(a.moves[a.index - 1], true);
  if (a.index >= a.moves.length) pause();
}

function stepBack() {
  const a = anim;
  if (!a || a.index === 0) return;
  pause();
  a.index -= 1;
  step(a.moves[a.index], false);
}

function play() {
  const a = anim;
  if (!a) return;
  if (a.index >= a.moves.length) return;
  pause();
  const tick = () => {
    stepForward();
    if (anim?.timer) anim.timer = setTimeout(tick, 1000 / Number($('speed').value));
  };
  a.timer = setTimeout(tick, 150);
  state.playing = true;
  renderAnimation();
}

function pause() {
  const a = anim;
  if (a?.timer) clearTimeout(a.timer);
  if (a) a.timer = null;
  state.playing = false;
  renderAnimation();
}

// Stops a playing solution; `hide` closes its panel too.
export function stopAnimation(hide) {
  pause();
  anim = null;
  if (hide) $('solution').hidden = true;
}

export function renderAnimation() {
  const a = anim;
  if (!a || !animationValid()) return;
  // The buttons improve the solution of the board it starts from.
  const fb = a.index === 0 && !a.timer && solution.version === state.version ? solution.fallback : null;
  $('improve').hidden = !fb;
  if (fb) {
    const cap = limits.max_timeout_ms;
    $('keep-improving').disabled = cap != null && fb.improvedMs >= cap;
    $('search-longer').disabled = cap != null && fb.searchedMs >= cap;
  }
  $('step-count').textContent = `step ${a.index} of ${a.moves.length}`;
  $('play').textContent = a.timer ? '❚❚ Pause' : '▶ Play';
  $('play').setAttribute('aria-label', a.timer ? 'Pause' : 'Play');
  $('step-back').disabled = a.index === 0;
  $('step-forward').disabled = a.index >= a.moves.length;
}

export function wireSolve() {
  $('solve').addEventListener('click', solve);
  $('play').addEventListener('click', () => (anim?.timer ? pause() : play()));
  $('step-forward').addEventListener('click', () => {
    pause();
    stepForward();
  });
  $('step-back').addEventListener('click', stepBack);
  $('keep-improving').addEventListener('click', keepImproving);
  $('search-longer').addEventListener('click', searchLonger);
  $('copy').addEventListener('click', async () => {
    $('moves-text').select();
    try {
      await navigator.clipboard.writeText($('moves-text').value);
    } catch {
      // No clipboard permission: the text is selected for Ctrl-C.
    }
  });
}
