// The page: one board, played by click, arrow keys or swipe (play.js); the
// distance to the goal after every move and hints (distance.js); a solution
// played out (solve.js); a comparison of the algorithms (compare.js), the
// size's distance distribution (distribution.js) and pictures (picture.js).
// This file reads the engine's limits, connects the parts' events and starts
// the page.

import { ENGINE, onDatabaseProgress } from './api.js';
import { $, state, limits, limitsReady, events, cancelWork, showError } from './page.js';
import { render, wirePlay, firstBoard, boardChanged } from './play.js';
import { askDistance, hint } from './distance.js';
import { stopAnimation, renderAnimation, wireSolve } from './solve.js';
import { clearCompare, wireCompare } from './compare.js';
import { loadDistribution, renderDistribution, wireDistribution } from './distribution.js';
import { wirePictures } from './picture.js';

events.changed = ({ keepSolution }) => {
  // A move of the user's ends the solution being played; the animation's own keep it.
  if (!keepSolution) stopAnimation(true);
  askDistance();
};
events.drawn = () => {
  renderDistribution();
  renderAnimation();
};
events.loaded = () => {
  clearCompare();
  loadDistribution();
};
// A playing solution would keep moving (and rewriting the URL) while another board loads.
events.leaving = () => stopAnimation(false);

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

wirePlay();
// Another metric: the board's answers are asked again in it (a new version
// drops the solution, hint and distance of the old), and so is its table.
$('metric').addEventListener('change', () => {
  state.metric = $('metric').value;
  boardChanged();
  loadDistribution();
});
$('hint').addEventListener('click', hint);
$('cancel').addEventListener('click', cancelWork);
wireSolve();
wireCompare();
wireDistribution();
wirePictures();

render();
limitsReady.then(
  () => {
    $('compare-limit').textContent = limits.exhaustive_max_cells;
    firstBoard();
  },
  (e) => showError(`The engine cannot be asked for its limits: ${e.message}`),
);
