// Pictures to keep: the board as SVG, and the solution on show played on
// its starting board as an animated SVG. The engine draws them
// (`/api/render`, or the browser's engine), as `npuzzle render` does.

import { Channel } from './api.js';
import { $, state, showError } from './page.js';
import { shownSolution } from './solve.js';

const channel = new Channel();

// The tiles coloured by the goal row they belong to, as the page's legend does not: a picture stands alone.
const SCHEME = 'rows';

async function download(name, body) {
  try {
    const svg = await channel.send('POST', '/api/render', { ...body, scheme: SCHEME });
    if (svg == null) return; // superseded
    const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  } catch (e) {
    showError(`No picture: ${e.message}`);
  }
}

export function wirePictures() {
  $('download-board').addEventListener('click', () => {
    const p = state.puzzle;
    const size = `${p.width}x${p.height}`;
    download(`npuzzle-${size}.svg`, { board: p.toString(), size, goal: state.goal });
  });
  $('download-solution').addEventListener('click', () => {
    const shown = shownSolution();
    if (!shown) return;
    const p = state.puzzle;
    const size = `${p.width}x${p.height}`;
    download(`npuzzle-${size}-solution.svg`, { board: shown.board, size, goal: state.goal, moves: shown.moves });
  });
}
