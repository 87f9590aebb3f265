// The SVG drawing of a Rush Hour level: the red car, the other vehicles in calm
// colours, walls, the exit on the right of the red car's row, and, when a solution
// is given, its moves written under the board.

import { BadLevel, parseLevel } from './puzzle.mjs';

const CELL = 56;
const PAD = 20;
const COLOURS = ['#4f86c6', '#f2a541', '#5bb37f', '#9b6fc3', '#e07a5f', '#3d9fa8', '#c9a227', '#7d8597',
  '#b56576', '#6a994e', '#577590', '#d4a373', '#8d5a97', '#43aa8b', '#f28482', '#90a955'];

const esc = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

/** {svg} for a level body; `solution` (a list of moves such as "B+2") is written under it when given. */
export function pictureOf(level, solution) {
  const { w, h, vehicles, walls } = parseLevel(level);
  if (solution !== undefined && solution !== null
    && !(Array.isArray(solution) && solution.every((m) => typeof m === 'string' && /^[A-Z][+-]?\d+$/.test(m)))) {
    throw new BadLevel('solution: expected a list of moves such as "B+2"');
  }
  const lines = [];
  for (let i = 0; solution && i < solution.length; i += 12) lines.push(solution.slice(i, i + 12).join('  '));
  const width = 2 * PAD + w * CELL;
  const height = 2 * PAD + h * CELL + (lines.length ? 10 + 22 * lines.length : 0);
  const red = vehicles[0];
  const out = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<title>Rush Hour ${w}x${h}, ${vehicles.length} vehicles</title>`,
    `<rect width="${width}" height="${height}" fill="#f4f1ea"/>`,
    `<rect x="${PAD - 4}" y="${PAD - 4}" width="${w * CELL + 8}" height="${h * CELL + 8}" rx="6" fill="#d9d2c3"/>`,
    // the exit: a gap in the frame on the red car's row
    `<rect x="${PAD + w * CELL}" y="${PAD + red.line * CELL + 6}" width="${PAD}" height="${CELL - 12}" fill="#f4f1ea"/>`,
    `<path d="M ${PAD + w * CELL + 4} ${PAD + red.line * CELL + CELL / 2 - 7} l 10 7 l -10 7 z" fill="#d7263d"/>`,
  ];
  for (let r = 0; r < h; r++) {
    for (let c = 0; c < w; c++) {
      out.push(`<rect x="${PAD + c * CELL + 2}" y="${PAD + r * CELL + 2}" width="${CELL - 4}" height="${CELL - 4}" rx="4" fill="#ebe5d8"/>`);
    }
  }
  for (const cell of walls) {
    const x = PAD + (cell % w) * CELL, y = PAD + Math.floor(cell / w) * CELL;
    out.push(`<rect x="${x + 4}" y="${y + 4}" width="${CELL - 8}" height="${CELL - 8}" rx="3" fill="#3b3b3b"/>`);
  }
  vehicles.forEach((v, i) => {
    const x = PAD + (v.horiz ? v.pos : v.line) * CELL + 5;
    const y = PAD + (v.horiz ? v.line : v.pos) * CELL + 5;
    const vw = (v.horiz ? v.len : 1) * CELL - 10;
    const vh = (v.horiz ? 1 : v.len) * CELL - 10;
    const fill = i === 0 ? '#d7263d' : COLOURS[(i - 1) % COLOURS.length];
    out.push(`<rect x="${x}" y="${y}" width="${vw}" height="${vh}" rx="10" fill="${fill}"/>`);
    out.push(`<text x="${x + vw / 2}" y="${y + vh / 2 + 6}" text-anchor="middle" font-family="sans-serif" font-size="18" fill="#ffffff">${v.id}</text>`);
  });
  lines.forEach((line, k) => {
    out.push(`<text x="${PAD}" y="${2 * PAD + h * CELL + 8 + 22 * k}" font-family="monospace" font-size="15" fill="#333333">${esc(line)}</text>`);
  });
  out.push('</svg>');
  return { svg: out.join('') };
}
