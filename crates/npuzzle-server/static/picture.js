// Pictures to keep: the board as SVG or PNG, and the solution on show
// played on its starting board as an animated SVG, or as a GIF where the
// server answers. The engine draws the SVG (`/api/render`, or the browser's
// engine), as `npuzzle render` does; the PNG is that SVG drawn on a canvas
// by the browser, so the page needs no rasteriser of its own in either
// engine (the npm package draws SVG only). A GIF is a frame a move, encoded
// by the server (`format: "gif"`); the browser's engine has no encoder, so
// on the static site the button is off and says why.

import { Channel, ENGINE } from './api.js';
import { $, state, showError } from './page.js';
import { shownSolution } from './solve.js';

const channel = new Channel();

// The tiles coloured by the goal row they belong to, as the page's legend does not: a picture stands alone.
const SCHEME = 'rows';

// The SVG as a PNG blob, pixel for pixel (64 pixels a cell, as `npuzzle render --format png`).
async function pngOf(svg) {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = Object.assign(document.createElement('canvas'), { width: image.naturalWidth, height: image.naturalHeight });
    canvas.getContext('2d').drawImage(image, 0, 0);
    return await new Promise((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the browser made no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

// Whether the engine encodes GIFs itself (the server does; the browser's engine draws SVG only).
export const GIF_BUILT_IN = ENGINE === 'server';

async function download(name, body, format = 'svg') {
  try {
    // The engine draws SVG, and a GIF where it encodes one; the page makes the PNG.
    const asked = format === 'gif' ? { format } : {};
    const picture = await channel.send('POST', '/api/render', { ...body, ...asked, scheme: SCHEME });
    if (picture == null) return; // superseded
    const file =
      format === 'gif' ? picture : format === 'png' ? await pngOf(picture) : new Blob([picture], { type: 'image/svg+xml' });
    const url = URL.createObjectURL(file);
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
  $('download-board-png').addEventListener('click', () => {
    const p = state.puzzle;
    const size = `${p.width}x${p.height}`;
    download(`npuzzle-${size}.png`, { board: p.toString(), size, goal: state.goal }, 'png');
  });
  const solutionPicture = (format) => {
    const shown = shownSolution();
    if (!shown) return;
    const p = state.puzzle;
    const size = `${p.width}x${p.height}`;
    download(`npuzzle-${size}-solution.${format}`, { board: shown.board, size, goal: state.goal, moves: shown.moves }, format);
  };
  $('download-solution').addEventListener('click', () => solutionPicture('svg'));
  $('download-solution-gif').addEventListener('click', () => solutionPicture('gif'));
  if (!GIF_BUILT_IN) {
    $('download-solution-gif').disabled = true;
    $('download-solution-gif').setAttribute('aria-describedby', 'gif-note');
    $('gif-note').textContent = 'GIF needs npuzzle serve: this offline engine draws SVG only.';
    $('gif-note').hidden = false;
  }
}
