// The page: one board, played by click, arrow keys or swipe; the distance
// to the goal after every move; hints, the optimal solution played out,
// a comparison of the algorithms and the size's distance distribution.
// Every answer is checked against the board version it was asked for, so a
// reply for an older board is dropped.

import { Puzzle, OPPOSITE, encodeHash, decodeHash } from './puzzle.js';
import { Channel, ENGINE, onDatabaseProgress } from './api.js';
import { logBars, histogram } from './charts.js';

const $ = (id) => document.getElementById(id);

// Boards up to this many cells are answered from complete tables (instant).
const TABLE_CELLS = 10;
// Boards up to this many cells can be compared and have a distribution.
const MAX_TABLE_CELLS = 12;
// The live distance search on bigger boards gives up after this long...
const LIVE_BUDGET_MS = 3000;
// ...and is not tried at all past the 24-puzzle (random boards there are out of reach).
const LIVE_MAX_CELLS = 25;
// When the optimal search runs out of budget, a constructive solution is
// shortened for this long before it is shown.
const GOOD_ENOUGH_MS = 3000;

const state = {
  puzzle: Puzzle.goal(3, 3, 'standard'),
  goal: 'standard', // 'standard', 'blank-first' or tiles text
  version: 0, // bumped on every board change
  undo: [],
  redo: [],
  distance: null, // {version, value|null, note}
  solution: null, // {version, moves, data} for the board at `version`
  anim: null, // {start, moves, index, timer}
  hint: null, // {version, cells}
  distributions: new Map(), // "WxH|goal" -> counts
};

const live = new Channel(); // distance after each move
const work = new Channel(); // solve and hint asked by the user
const side = new Channel(); // compare
const dist = new Channel(); // distributions
const boardChannel = new Channel(); // loading, random

// ---------- drawing ----------

function goalPuzzle() {
  const { width, height } = state.puzzle;
  if (isNamed(state.goal)) return Puzzle.goal(width, height, state.goal);
  return Puzzle.parse(state.goal, width, height);
}

function render() {
  const p = state.puzzle;
  const board = $('board');
  const goal = goalPuzzle();
  board.style.aspectRatio = `${p.width} / ${p.height}`;
  const size = Math.min(board.clientWidth / p.width, board.clientWidth / p.height);
  const existing = new Map([...board.children].map((n) => [Number(n.dataset.tile), n]));
  const hinted = state.hint && state.hint.version === state.version ? state.hint.cells : [];
  p.tiles.forEach((tile, cell) => {
    if (tile === 0) return;
    let node = existing.get(tile);
    if (!node) {
      node = document.createElement('button');
      node.type = 'button';
      node.className = 'tile';
      node.dataset.tile = tile;
      node.textContent = tile;
      node.addEventListener('click', () => clickTile(tile));
      board.append(node);
    }
    existing.delete(tile);
    const x = cell % p.width;
    const y = Math.floor(cell / p.width);
    node.style.left = `${(x / p.width) * 100}%`;
    node.style.top = `${(y / p.height) * 100}%`;
    node.style.width = `${100 / p.width}%`;
    node.style.height = `${100 / p.height}%`;
    node.style.fontSize = `${Math.max(12, size * 0.4)}px`;
    const move = p.moveForCell(cell);
    node.classList.toggle('movable', move !== null);
    node.classList.toggle('home', goal.tiles[cell] === tile);
    node.classList.toggle('hint', hinted.includes(cell));
    node.dataset.cell = cell;
    node.setAttribute(
      'aria-label',
      `tile ${tile}, row ${y + 1}, column ${x + 1}${move ? ', can slide into the gap' : ''}${hinted.includes(cell) ? ', hint: an optimal move' : ''}`,
    );
  });
  for (const node of existing.values()) node.remove();
  $('move-count').textContent = state.undo.length;
  $('undo').disabled = state.undo.length === 0 || !!state.anim?.timer;
  $('redo').disabled = state.redo.length === 0 || !!state.anim?.timer;
  $('solved-note').hidden = !p.equals(goal);
  const d = state.distance;
  $('distance').textContent = d && d.version === state.version ? (d.value ?? d.note) : 'thinking…';
  renderDistribution();
  renderAnimation();
}

// A goal by name; any other is kept as the server wrote it ("1 2 3 x").
function isNamed(goal) {
  return goal === 'standard' || goal === 'blank-first';
}

function showError(message) {
  const box = $('error');
  box.textContent = message;
  box.hidden = !message;
}

// ---------- board changes ----------

function boardChanged({ keepSolution = false } = {}) {
  state.version += 1;
  state.hint = null;
  $('hint-text').textContent = '';
  if (!keepSolution) stopAnimation(true);
  $('board-text').value = state.puzzle.toString();
  history.replaceState(null, '', encodeHash(state.puzzle.width, state.puzzle.height, state.puzzle.toString(), state.goal));
  askDistance();
  render();
}

function move(m, { fromAnimation = false } = {}) {
  const tile = state.puzzle.apply(m);
  if (!tile) return false;
  state.undo.push(m);
  if (!fromAnimation) {
    state.redo = [];
  }
  boardChanged({ keepSolution: fromAnimation });
  return true;
}

function clickTile(tile) {
  const cell = state.puzzle.tiles.indexOf(tile);
  const m = state.puzzle.moveForCell(cell);
  if (m) move(m);
}

function undo() {
  const m = state.undo.pop();
  if (!m) return;
  state.puzzle.apply(OPPOSITE[m]);
  state.redo.push(m);
  boardChanged();
}

function redo() {
  const m = state.redo.pop();
  if (!m) return;
  state.puzzle.apply(m);
  state.undo.push(m);
  boardChanged();
}

// A new board (from the server, already checked): history starts over.
function setBoard(width, height, text, goal) {
  const sizeChanged = width !== state.puzzle.width || height !== state.puzzle.height;
  state.puzzle = Puzzle.parse(text, width, height);
  state.goal = goal;
  state.undo = [];
  state.redo = [];
  $('board-text').value = text;
  syncSetup();
  if (sizeChanged) $('board').replaceChildren();
  showError('');
  $('compare-out').replaceChildren();
  boardChanged();
  loadDistribution();
}

// ---------- set-up controls ----------

function syncSetup() {
  pick($('width'), state.puzzle.width);
  pick($('height'), state.puzzle.height);
  const mode = isNamed(state.goal) ? state.goal : 'custom';
  $('goal-mode').value = mode;
  $('custom-goal-label').hidden = mode !== 'custom';
  if (mode === 'custom') $('custom-goal').value = state.goal;
  const cells = state.puzzle.width * state.puzzle.height;
  $('compare').disabled = cells > MAX_TABLE_CELLS;
  $('difficulty').disabled = cells > MAX_TABLE_CELLS;
}

// Selects `n` in a size picker, adding it when a loaded board is bigger than the picker's sizes.
function pick(select, n) {
  if (![...select.options].some((o) => o.value === String(n))) select.append(new Option(String(n), String(n)));
  select.value = String(n);
}

function chosenGoal() {
  const mode = $('goal-mode').value;
  return mode === 'custom' ? $('custom-goal').value.trim() || 'standard' : mode;
}

function chosenSize() {
  return `${$('width').value}x${$('height').value}`;
}

async function loadBoard(size, board, goal) {
  stopAnimation(false);
  try {
    const data = await boardChannel.send('POST', '/api/board', { board, size, goal });
    if (!data) return;
    const [w, h] = data.size.split('x').map(Number);
    setBoard(w, h, data.board, isNamed(goal) ? goal : data.goal);
  } catch (e) {
    showError(e.message);
  }
}

async function randomBoard() {
  const body = { size: chosenSize(), goal: chosenGoal() };
  const difficulty = $('difficulty').value;
  if (difficulty !== '') body.distance = Number(difficulty);
  // A board typed while this one is drawn wins: the random one is dropped.
  const typed = $('board-text').value;
  try {
    const data = await boardChannel.send('POST', '/api/random', body);
    if (!data || $('board-text').value !== typed) return;
    const [w, h] = data.size.split('x').map(Number);
    setBoard(w, h, data.board, isNamed(body.goal) ? body.goal : data.goal);
  } catch (e) {
    showError(e.message);
  }
}

// ---------- the distance, live ----------

async function askDistance() {
  const version = state.version;
  const p = state.puzzle;
  const a = state.anim;
  if (a && state.solution?.version === a.version) {
    // Playing an optimal solution: the rest of it is optimal too. The rest of
    // a constructive one only bounds the distance from above.
    state.distance = distanceLeft(version, state.solution.data, a.moves.length - a.index);
    return;
  }
  const small = p.width * p.height <= TABLE_CELLS;
  if (p.width * p.height > LIVE_MAX_CELLS) {
    live.cancel();
    state.distance = { version, value: null, note: 'not searched live on boards this big (try Solve)' };
    return;
  }
  const body = { board: p.toString(), size: `${p.width}x${p.height}`, goal: state.goal };
  // A table answers at once, and counts the optimal solutions too; a search gets a short budget.
  if (small) body.count = true;
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

// A solution from the constructive solver carries a lower bound: it need not be optimal.
function isOptimal(data) {
  return data.lower_bound == null;
}

// The distance when `left` moves of `data`'s solution remain.
function distanceLeft(version, data, left) {
  if (isOptimal(data) || left === 0) return { version, value: left };
  return { version, value: null, note: `at most ${left.toLocaleString()}` };
}

function keepSolution(version, data) {
  if (data.outcome === 'solved') state.solution = { version, moves: data.moves, data };
}

// ---------- hint ----------

async function hint() {
  const version = state.version;
  const p = state.puzzle;
  if (p.width * p.height > LIVE_MAX_CELLS) {
    // A hint needs the optimal distance, which no search finds on boards this big.
    $('hint-text').textContent = 'No hint on boards above 25 cells: it needs the optimal distance, which no search finds here. Solve builds a solution that need not be optimal.';
    return;
  }
  const big = p.width * p.height > TABLE_CELLS;
  thinking(big, 'thinking…');
  try {
    const data = await work.send('POST', '/api/hint', { board: p.toString(), size: `${p.width}x${p.height}`, goal: state.goal });
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
    const cells = [...data.optimal].map((m) => p.target(m));
    state.hint = { version, cells };
    state.distance = { version, value: data.distance };
    const tiles = cells.map((c) => p.tiles[c]);
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

function thinking(on, text = '') {
  $('thinking').textContent = on ? text : '';
  $('cancel').hidden = !on;
}

// ---------- solve and the animation ----------

async function solve() {
  const version = state.version;
  let sol = state.solution?.version === version ? state.solution : null;
  if (!sol) {
    const p = state.puzzle;
    const big = p.width * p.height > LIVE_MAX_CELLS;
    thinking(true, big ? 'building a solution (not optimal on boards this big)…' : 'searching for an optimal solution…');
    try {
      const body = { board: p.toString(), size: `${p.width}x${p.height}`, goal: state.goal };
      let data = await work.send('POST', '/api/solve', body);
      let fallback = '';
      if (!data || version !== state.version) return;
      if (data.outcome === 'budget') {
        // Never a dead end: the optimal search ran out, so build a good
        // solution at once and shorten it for a few seconds.
        const stopped = data.budget;
        thinking(true, `no optimal solution within the budget (${stopped}): building a good one…`);
        data = await work.send('POST', '/api/solve', { ...body, algorithm: 'greedy', improve: true, timeout_ms: GOOD_ENOUGH_MS });
        if (!data || version !== state.version) return;
        if (data.outcome === 'solved') fallback = `the optimal search stopped at its ${stopped}: not proven optimal`;
      }
      if (data.outcome !== 'solved') {
        $('hint-text').textContent =
          data.outcome === 'unsolvable' ? 'Unsolvable: the parity invariant rules this goal out.' : `No solution found: budget reached (${data.budget}).`;
        return;
      }
      keepSolution(version, data);
      sol = state.solution;
      sol.note = fallback;
      state.distance = distanceLeft(version, data, data.length);
    } catch (e) {
      if (version === state.version) showError(e.message);
      return;
    } finally {
      thinking(false);
    }
  }
  state.anim = { version, start: state.puzzle.clone(), moves: sol.moves, index: 0, timer: null };
  const d = sol.data;
  $('moves-text').value = sol.moves;
  const how = d.heuristic ? `${d.algorithm} (${d.partition ? `pdb ${d.partition}` : d.heuristic})` : d.algorithm;
  // Counts can pass 2^53: JSON numbers lose digits there, so say "about".
  const exact = d.count != null && d.count <= Number.MAX_SAFE_INTEGER;
  const count = d.count != null ? ` · ${exact ? '' : 'about '}${Number(d.count).toLocaleString()} optimal solutions` : '';
  // The constructive solver makes moves and expands no nodes.
  const effort = d.stats.expanded != null
    ? `${d.stats.expanded.toLocaleString()} nodes expanded`
    : `${(d.stats.moves_made ?? 0).toLocaleString()} moves made`;
  // How far from optimal a constructive solution can be: at most `ratio` times.
  const bound = isOptimal(d) ? '' : ` · lower bound ${d.lower_bound.toLocaleString()}, ratio ${d.ratio}`;
  $('solution-title').textContent = isOptimal(d) ? 'Optimal solution' : `Solution (${d.algorithm}, not optimal)`;
  const note = sol.note ? ` · ${sol.note}` : '';
  $('solution-stats').textContent = `${d.length.toLocaleString()} moves${bound} · ${how} · ${effort} · ${d.stats.millis} ms${count}${note}`;
  $('solution').hidden = false;
  play();
}

function animationValid() {
  const a = state.anim;
  return a && state.solution && a.moves === state.solution.moves;
}

function stepForward() {
  const a = state.anim;
  if (!a || a.index >= a.moves.length) return pause();
  const m = a.moves[a.index];
  a.index += 1;
  state.puzzle.apply(m);
  state.undo.push(m);
  state.redo = [];
  state.solution = { ...state.solution, version: state.version + 1 };
  a.version = state.version + 1;
  boardChanged({ keepSolution: true });
  if (a.index >= a.moves.length) pause();
}

function stepBack() {
  const a = state.anim;
  if (!a || a.index === 0) return;
  pause();
  a.index -= 1;
  state.puzzle.apply(OPPOSITE[a.moves[a.index]]);
  state.undo.pop();
  state.solution = { ...state.solution, version: state.version + 1 };
  a.version = state.version + 1;
  boardChanged({ keepSolution: true });
}

function play() {
  const a = state.anim;
  if (!a) return;
  if (a.index >= a.moves.length) return;
  pause();
  const tick = () => {
    stepForward();
    if (state.anim?.timer) state.anim.timer = setTimeout(tick, 1000 / Number($('speed').value));
  };
  a.timer = setTimeout(tick, 150);
  renderAnimation();
}

function pause() {
  const a = state.anim;
  if (a?.timer) clearTimeout(a.timer);
  if (a) a.timer = null;
  renderAnimation();
}

function stopAnimation(hide) {
  pause();
  state.anim = null;
  if (hide) $('solution').hidden = true;
}

function renderAnimation() {
  const a = state.anim;
  if (!a || !animationValid()) return;
  $('step-count').textContent = `step ${a.index} of ${a.moves.length}`;
  $('play').textContent = a.timer ? '❚❚ Pause' : '▶ Play';
  $('play').setAttribute('aria-label', a.timer ? 'Pause' : 'Play');
  $('step-back').disabled = a.index === 0;
  $('step-forward').disabled = a.index >= a.moves.length;
}

// ---------- compare ----------

async function compare() {
  const version = state.version;
  const p = state.puzzle;
  const out = $('compare-out');
  out.textContent = 'running every algorithm…';
  try {
    const data = await side.send('POST', '/api/compare', { board: p.toString(), size: `${p.width}x${p.height}`, goal: state.goal });
    if (!data || version !== state.version) return;
    const table = document.createElement('table');
    table.innerHTML = '<caption class="muted">Each run with its own budget; time includes building any table.</caption><thead><tr><th>algorithm</th><th>heuristic</th><th class="num">length</th><th class="num">expanded</th><th class="num">time (ms)</th><th class="num">peak memory</th></tr></thead>';
    const body = document.createElement('tbody');
    for (const r of data.runs) {
      const tr = document.createElement('tr');
      const result = r.outcome === 'solved' ? r.length : r.outcome === 'budget' ? `budget reached (${r.message})` : r.outcome === null ? `n/a: ${r.message}` : r.outcome;
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

// ---------- distribution ----------

function distKey() {
  return `${state.puzzle.width}x${state.puzzle.height}|${state.goal}`;
}

async function loadDistribution(force = false) {
  const cells = state.puzzle.width * state.puzzle.height;
  const key = distKey();
  const note = $('dist-note');
  $('dist-load').hidden = true;
  if (state.distributions.has(key)) return fillDifficulty();
  if (cells > MAX_TABLE_CELLS) {
    note.textContent = 'Only for boards of up to 12 cells, where a complete table of every board can be built.';
    $('dist-out').replaceChildren();
    fillDifficulty();
    return;
  }
  if (cells > TABLE_CELLS && !force) {
    note.textContent = 'This size has hundreds of millions of boards: building its table takes about half a minute and 300 MB.';
    $('dist-load').hidden = false;
    $('dist-out').replaceChildren();
    fillDifficulty();
    return;
  }
  note.textContent = 'building the table…';
  try {
    const data = await dist.send('GET', `/api/stats?size=${state.puzzle.width}x${state.puzzle.height}&goal=${encodeURIComponent(state.goal)}`);
    if (!data) return;
    state.distributions.set(key, data.counts);
    if (key === distKey()) {
      fillDifficulty();
      render();
    }
  } catch (e) {
    note.textContent = e.message;
  }
}

function renderDistribution() {
  const counts = state.distributions.get(distKey());
  if (!counts) return;
  const d = state.distance;
  const mark = d && d.version === state.version && d.value != null ? d.value : null;
  const total = counts.reduce((a, b) => a + b, 0);
  $('dist-note').textContent = `${total.toLocaleString()} boards reach this goal; the farthest are ${counts.length - 1} moves away${mark != null ? `; ${(counts[mark] ?? 0).toLocaleString()} ${counts[mark] === 1 ? 'is' : 'are'} ${mark} moves away, like this one` : ''}.`;
  $('dist-out').replaceChildren(histogram(counts, mark));
}

function fillDifficulty() {
  const select = $('difficulty');
  const counts = state.distributions.get(distKey());
  const keep = select.value;
  select.replaceChildren(new Option('uniform', ''));
  if (counts) counts.forEach((c, d) => c > 0 && select.append(new Option(`${d} moves`, String(d))));
  if ([...select.options].some((o) => o.value === keep)) select.value = keep;
}

// ---------- input ----------

function keyMove(key) {
  // An arrow slides a tile that way, so the blank goes the other way.
  return { ArrowUp: 'd', ArrowDown: 'u', ArrowLeft: 'r', ArrowRight: 'l' }[key];
}

function wire() {
  for (const id of ['width', 'height']) {
    for (let n = 2; n <= 8; n++) $(id).append(new Option(String(n), String(n)));
  }
  $('width').value = 3;
  $('height').value = 3;
  const newSize = () => {
    state.goal = chosenGoal();
    randomBoard();
  };
  $('width').addEventListener('change', newSize);
  $('height').addEventListener('change', newSize);
  $('goal-mode').addEventListener('change', () => {
    const mode = $('goal-mode').value;
    $('custom-goal-label').hidden = mode !== 'custom';
    if (mode === 'custom') {
      if (!$('custom-goal').value) $('custom-goal').value = state.puzzle.toString();
      $('custom-goal').focus();
      return;
    }
    loadBoard(chosenSize(), state.puzzle.toString(), mode);
  });
  $('custom-goal').addEventListener('change', () => loadBoard(chosenSize(), state.puzzle.toString(), chosenGoal()));
  $('setup-form').addEventListener('submit', (e) => e.preventDefault());
  $('board-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('board-text').value;
    // A square board's size is inferred by the server; others keep the chosen size.
    const count = text.trim().split(/[\s,]+/).filter(Boolean).length;
    const root = Math.round(Math.sqrt(count));
    const size = root * root === count ? undefined : chosenSize();
    loadBoard(size, text, chosenGoal());
  });
  $('random').addEventListener('click', randomBoard);
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);
  $('hint').addEventListener('click', hint);
  $('solve').addEventListener('click', solve);
  $('cancel').addEventListener('click', () => {
    work.cancel();
    thinking(false);
    $('hint-text').textContent = 'Cancelled.';
  });
  $('play').addEventListener('click', () => (state.anim?.timer ? pause() : play()));
  $('step-forward').addEventListener('click', () => {
    pause();
    stepForward();
  });
  $('step-back').addEventListener('click', stepBack);
  $('copy').addEventListener('click', async () => {
    $('moves-text').select();
    try {
      await navigator.clipboard.writeText($('moves-text').value);
    } catch {
      // No clipboard permission: the text is selected for Ctrl-C.
    }
  });
  $('compare').addEventListener('click', compare);
  $('dist-load').addEventListener('click', () => loadDistribution(true));

  document.addEventListener('keydown', (e) => {
    const tag = e.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if ((e.ctrlKey || e.metaKey) && e.key === 'z') return (e.preventDefault(), undo());
    if ((e.ctrlKey || e.metaKey) && e.key === 'y') return (e.preventDefault(), redo());
    const m = keyMove(e.key);
    if (m && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      move(m);
    }
  });

  let touch = null;
  const board = $('board');
  board.addEventListener('pointerdown', (e) => {
    touch = { x: e.clientX, y: e.clientY };
  });
  board.addEventListener('pointerup', (e) => {
    if (!touch) return;
    const dx = e.clientX - touch.x;
    const dy = e.clientY - touch.y;
    touch = null;
    if (Math.max(Math.abs(dx), Math.abs(dy)) < 24) return; // a tap: the click handles it
    const key = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'ArrowRight' : 'ArrowLeft') : dy > 0 ? 'ArrowDown' : 'ArrowUp';
    move(keyMove(key));
  });
  window.addEventListener('resize', render);
  window.addEventListener('hashchange', openHash);
}

function openHash() {
  const wanted = decodeHash(location.hash);
  if (!wanted) return false;
  const current = encodeHash(state.puzzle.width, state.puzzle.height, state.puzzle.toString(), state.goal);
  if (location.hash === current) return true;
  // A playing solution would keep moving (and rewriting the URL) while the link's board loads.
  stopAnimation(false);
  loadBoardOrShowGoal(wanted);
  return true;
}

// A link's board, or its error above the goal board of its size.
async function loadBoardOrShowGoal(wanted) {
  try {
    const data = await boardChannel.send('POST', '/api/board', wanted);
    if (!data) return;
    const [w, h] = data.size.split('x').map(Number);
    setBoard(w, h, data.board, isNamed(wanted.goal) ? wanted.goal : data.goal);
  } catch (e) {
    showError(`This link's board cannot be opened: ${e.message}`);
  }
}

// The browser's engine builds the 15-puzzle's databases once (then keeps them): say so.
let building = false;
onDatabaseProgress((p) => {
  if (p) {
    building = true;
    const percent = Math.min(100, Math.floor((100 * p.done) / Math.max(1, p.total)));
    $('thinking').textContent = `building the 15-puzzle's pattern databases, once (kept for later visits): ${percent}%`;
  } else if (building) {
    building = false;
    $('thinking').textContent = '';
  }
});

// Which engine answers, and on the static site the offline copy.
$('engine-name').textContent =
  ENGINE === 'wasm' ? 'engine: this browser (WebAssembly), works offline' : 'engine: npuzzle serve · API health at /api/health';
if (ENGINE === 'wasm' && 'serviceWorker' in navigator && location.protocol.startsWith('http')) {
  navigator.serviceWorker.register('./sw.js').catch((e) => console.warn(`no offline copy: ${e.message}`));
}

wire();
render();
if (!openHash()) randomBoard();
