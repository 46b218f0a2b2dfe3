// Playing: the board drawn, moved by click, arrow keys or swipe, undo and
// redo, the set-up controls, and new boards (typed, random or from the
// link). Every new board is read by the engine first; the page keeps no
// board the engine has not accepted.

import { Puzzle, OPPOSITE, encodeHash, decodeHash, mtmLength } from './puzzle.js';
import { Channel } from './api.js';
import { $, state, limits, limitsReady, events, isNamed, goalPuzzle, METRIC_UNITS, showError } from './page.js';

const boardChannel = new Channel(); // loading, random

export function render() {
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
    const move = slideFor(p, cell);
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
  // In the multi-tile metric a run of slides in one direction is one move.
  $('move-count').textContent = state.metric === 'mtm' ? mtmLength(state.undo.join('')) : state.undo.length;
  $('undo').disabled = state.undo.length === 0 || state.playing;
  $('redo').disabled = state.redo.length === 0 || state.playing;
  $('solved-note').hidden = !p.equals(goal);
  const d = state.distance;
  const current = d && d.version === state.version;
  $('distance').textContent = current ? (d.value ?? d.note) : 'thinking…';
  // The metric the answer counts, as its record says.
  $('distance-metric').textContent = current && d.metric && (d.value != null || d.note?.startsWith('at most')) ? METRIC_UNITS[d.metric] : '';
  events.drawn();
}

// ---------- board changes ----------

// Whether the board field holds text the user typed and has not loaded: a
// move, a playing solution or the page's first board leave it as typed.
let boardTyped = false;

export function boardChanged({ keepSolution = false } = {}) {
  state.version += 1;
  state.hint = null;
  $('hint-text').textContent = '';
  if (!boardTyped) $('board-text').value = state.puzzle.toString();
  history.replaceState(null, '', encodeHash(state.puzzle.width, state.puzzle.height, state.puzzle.toString(), state.goal, state.metric));
  events.changed({ keepSolution });
  render();
}

// The blank's moves that slide the tile at `cell`: the tile beside the
// blank, or in the multi-tile metric any tile in its row or column, with
// the tiles between (one move of that metric).
function slideFor(p, cell) {
  return state.metric === 'mtm' ? p.runForCell(cell) : p.moveForCell(cell);
}

// Plays the blank's `moves` (one letter, or a run) as one change of the board.
function move(moves) {
  if (state.version === 0) return false; // no board from the engine yet
  const before = state.puzzle.clone();
  for (const m of moves) {
    if (!state.puzzle.apply(m)) {
      state.puzzle = before;
      return false;
    }
  }
  state.undo.push(...moves);
  state.redo = [];
  boardChanged();
  return true;
}

function clickTile(tile) {
  const cell = state.puzzle.tiles.indexOf(tile);
  const moves = slideFor(state.puzzle, cell);
  if (moves) move(moves);
}

// How many moves at the top of `stack` undo or redo takes: one, or in the
// multi-tile metric the whole run of one letter (one move of that metric,
// as the move counter counts them).
function lastMove(stack) {
  const top = stack.length - 1;
  if (top < 0) return 0;
  if (state.metric !== 'mtm') return 1;
  let n = 1;
  while (n <= top && stack[top - n] === stack[top]) n += 1;
  return n;
}

function undo() {
  const n = lastMove(state.undo);
  if (!n) return;
  for (let i = 0; i < n; i++) {
    const m = state.undo.pop();
    state.puzzle.apply(OPPOSITE[m]);
    state.redo.push(m);
  }
  boardChanged();
}

function redo() {
  const n = lastMove(state.redo);
  if (!n) return;
  for (let i = 0; i < n; i++) {
    const m = state.redo.pop();
    state.puzzle.apply(m);
    state.undo.push(m);
  }
  boardChanged();
}

// A new board (from the engine, already checked): history starts over.
// `keepTyped`: text the user is typing stays in the board field.
function setBoard(width, height, text, goal, { keepTyped = false } = {}) {
  const sizeChanged = width !== state.puzzle.width || height !== state.puzzle.height;
  state.puzzle = Puzzle.parse(text, width, height);
  state.goal = goal;
  state.undo = [];
  state.redo = [];
  if (!keepTyped) boardTyped = false;
  // A field the user is in is theirs: its text stays even before a keystroke lands.
  const typing = boardTyped || (keepTyped && document.activeElement === $('board-text'));
  if (!typing) $('board-text').value = text;
  syncSetup();
  if (sizeChanged) $('board').replaceChildren();
  showError('');
  boardChanged();
  events.loaded();
}

// ---------- set-up controls ----------

function syncSetup() {
  pick($('width'), state.puzzle.width);
  pick($('height'), state.puzzle.height);
  $('metric').value = state.metric;
  const mode = isNamed(state.goal) ? state.goal : 'custom';
  $('goal-mode').value = mode;
  $('custom-goal-label').hidden = mode !== 'custom';
  if (mode === 'custom') $('custom-goal').value = state.goal;
  const cells = state.puzzle.width * state.puzzle.height;
  $('compare').disabled = cells > limits.exhaustive_max_cells;
  $('difficulty').disabled = cells > limits.exhaustive_max_cells;
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

// The engine's reading of `request` ({ board, size, goal }) becomes the board.
// Whether a board was asked for (typed, random, a link, a goal), so that the
// page's first board — asked once the engine has said its limits — never
// replaces one the user asked for while the engine was starting.
let boardAsked = false;

// `keepTyped`: as `setBoard`'s (the page's first board, from its link).
async function loadBoard(request, describe = (message) => message, { keepTyped = false } = {}) {
  boardAsked = true;
  events.leaving();
  try {
    await limitsReady;
    const data = await boardChannel.send('POST', '/api/board', request);
    if (!data) return;
    const [w, h] = data.size.split('x').map(Number);
    setBoard(w, h, data.board, isNamed(request.goal) ? request.goal : data.goal, { keepTyped });
  } catch (e) {
    // With no board yet (a bad link), a random one as on a fresh visit, so the
    // error is the one status shown and not a board no answer ever comes for.
    if (state.version === 0) await randomBoard({ first: keepTyped });
    showError(describe(e.message));
  }
}

// The board is drawn beside text the user typed while it was on its way
// (or, for the page's `first` board, at any time before): a Load click
// reads that text, which stays.
async function randomBoard({ first = false } = {}) {
  boardAsked = true;
  const body = { size: chosenSize(), goal: chosenGoal(), metric: state.metric };
  const difficulty = $('difficulty').value;
  if (difficulty !== '') body.distance = Number(difficulty);
  const typed = $('board-text').value;
  try {
    await limitsReady;
    const data = await boardChannel.send('POST', '/api/random', body);
    if (!data) return;
    const keepTyped = first || $('board-text').value !== typed;
    const [w, h] = data.size.split('x').map(Number);
    setBoard(w, h, data.board, isNamed(body.goal) ? body.goal : data.goal, { keepTyped });
  } catch (e) {
    showError(e.message);
  }
}

// ---------- the link ----------

// Opens the board the URL names; false when it names none. The page's
// `first` board leaves text the user is typing in the board field.
export function openHash({ first = false } = {}) {
  const wanted = decodeHash(location.hash);
  if (!wanted) return false;
  const current = encodeHash(state.puzzle.width, state.puzzle.height, state.puzzle.toString(), state.goal, state.metric);
  if (location.hash === current) return true;
  // The link's metric first (as if chosen: its distance table too), so
  // that the board's answers are asked in it.
  if (wanted.metric !== state.metric) {
    $('metric').value = wanted.metric;
    $('metric').dispatchEvent(new Event('change'));
  }
  // A link's board, or its error above the board already drawn.
  loadBoard(wanted, (message) => `This link's board cannot be opened: ${message}`, { keepTyped: first });
  return true;
}

export function firstBoard() {
  if (boardAsked) return;
  if (!openHash({ first: true })) randomBoard({ first: true });
}

// ---------- input ----------

function keyMove(key) {
  // An arrow slides a tile that way, so the blank goes the other way.
  return { ArrowUp: 'd', ArrowDown: 'u', ArrowLeft: 'r', ArrowRight: 'l' }[key];
}

export function wirePlay() {
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
    loadBoard({ size: chosenSize(), board: state.puzzle.toString(), goal: mode });
  });
  $('custom-goal').addEventListener('change', () => loadBoard({ size: chosenSize(), board: state.puzzle.toString(), goal: chosenGoal() }));
  $('setup-form').addEventListener('submit', (e) => e.preventDefault());
  $('board-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const text = $('board-text').value;
    // A square board's size is inferred by the engine; others keep the chosen size.
    const count = text.trim().split(/[\s,]+/).filter(Boolean).length;
    const root = Math.round(Math.sqrt(count));
    const size = root * root === count ? undefined : chosenSize();
    loadBoard({ size, board: text, goal: chosenGoal() });
  });
  $('random').addEventListener('click', () => randomBoard());
  $('board-text').addEventListener('input', () => (boardTyped = true));
  $('undo').addEventListener('click', undo);
  $('redo').addEventListener('click', redo);

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
  window.addEventListener('hashchange', () => openHash());
}
