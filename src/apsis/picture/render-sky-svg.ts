import type { ApsisBody } from "../level/apsis-body.ts";
import { arrowShape } from "../level/arrow-shape.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";

/** Options of {@link renderSkySvg}. */
export interface SkySvgOptions {
  /** Rounds solution (arrow indices per round): arrows are coloured and labelled by round. */
  solution?: number[][];
  /** A title drawn at the top. */
  title?: string;
  /** Picture size in pixels (square, default 640). */
  size?: number;
}

const ROUND_COLOURS = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e", "#e6ab02", "#a6761d", "#1f78b4", "#b2df8a", "#fb9a99"];

function esc(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function num(v: number): string {
  return (Math.round(v * 100) / 100).toString();
}

/**
 * An SVG picture of a sky (SPEC 2 `show`, 5.1): the sun, the rings (a falling
 * ring drawn as a thick dashed red ring), the rim, and every arrow as a
 * capsule with a head; marks drawn on the arrow: a key as a gold disc with
 * its name, a lock as a grey square with its name, a number in a white disc.
 * With a rounds solution, arrows are coloured by round and carry their round
 * ("r2"). Sky units map to pixels with y up (angles counter-clockwise).
 */
export function renderSkySvg(body: ApsisBody, options: SkySvgOptions = {}, sky: SkyModel = loadSkyModel()): string {
  const size = options.size ?? 640;
  const extent = sky.rimRadius + 20;
  const top = options.title ? 30 : 0;
  const round = new Map<number, number>();
  options.solution?.forEach((members, r) => members.forEach((a) => round.set(a, r + 1)));
  const falling = new Set(body.fallingRings ?? []);
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size + top}" viewBox="${-extent} ${-extent - top} ${2 * extent} ${2 * extent + top}">`,
  );
  out.push(`<rect x="${-extent}" y="${-extent - top}" width="${2 * extent}" height="${2 * extent + top}" fill="#0e1726"/>`);
  if (options.title) out.push(`<text x="0" y="${-extent - top / 2 + 6}" fill="#e8eef7" font-family="sans-serif" font-size="16" text-anchor="middle">${esc(options.title)}</text>`);
  out.push(`<circle cx="0" cy="0" r="${sky.rimRadius}" fill="none" stroke="#5b6b82" stroke-width="2"/>`);
  sky.ringRadii.forEach((r, i) => {
    const ring = i + 1;
    out.push(
      falling.has(ring)
        ? `<circle class="ring falling" data-ring="${ring}" cx="0" cy="0" r="${r}" fill="none" stroke="#e0474c" stroke-width="3" stroke-dasharray="10 6"/>`
        : `<circle class="ring" data-ring="${ring}" cx="0" cy="0" r="${r}" fill="none" stroke="#2c3a50" stroke-width="1" stroke-dasharray="3 5"/>`,
    );
  });
  out.push(`<circle class="sun" cx="0" cy="0" r="${sky.sunRadius}" fill="#ffb703" stroke="#fb8500" stroke-width="3"/>`);
  const hw = sky.halfWidth;
  body.arrows.forEach((arrow, i) => {
    const s = arrowShape(arrow, sky);
    const r = round.get(i);
    const colour = r === undefined ? "#dfe7f2" : ROUND_COLOURS[(r - 1) % ROUND_COLOURS.length];
    // y is flipped: sky y up, SVG y down.
    const [tx, ty, hx, hy] = [s.tx, -s.ty, s.hx, -s.hy];
    const ux = s.ux, uy = -s.uy;
    const tip = [hx + ux * hw * 2.2, hy + uy * hw * 2.2];
    const left = [hx - uy * hw * 1.8, hy + ux * hw * 1.8];
    const right = [hx + uy * hw * 1.8, hy - ux * hw * 1.8];
    out.push(`<g class="arrow" data-index="${i}"${r === undefined ? "" : ` data-round="${r}"`}>`);
    out.push(`<line x1="${num(tx)}" y1="${num(ty)}" x2="${num(hx)}" y2="${num(hy)}" stroke="${colour}" stroke-width="${2 * hw}" stroke-linecap="round"/>`);
    out.push(`<polygon points="${[tip, left, right].map((p) => `${num(p[0])},${num(p[1])}`).join(" ")}" fill="${colour}"/>`);
    const mx = s.mx, my = -s.my;
    let offset = 0;
    const mark = (svg: string) => {
      out.push(svg);
      offset += 1;
    };
    const at = () => [mx - uy * (hw + 9) * (offset % 2 ? -1 : 1), my + ux * (hw + 9) * (offset % 2 ? -1 : 1)];
    if (arrow.key !== undefined) {
      const [x, y] = at();
      mark(`<g class="key"><circle cx="${num(x)}" cy="${num(y)}" r="8" fill="#f4c430"/><text x="${num(x)}" y="${num(y + 4)}" font-family="sans-serif" font-size="10" text-anchor="middle" fill="#111">${esc(arrow.key)}</text></g>`);
    }
    if (arrow.lock !== undefined) {
      const [x, y] = at();
      mark(`<g class="lock"><rect x="${num(x - 8)}" y="${num(y - 8)}" width="16" height="16" rx="2" fill="#8d99ae"/><text x="${num(x)}" y="${num(y + 4)}" font-family="sans-serif" font-size="10" text-anchor="middle" fill="#111">${esc(arrow.lock)}</text></g>`);
    }
    if (arrow.number !== undefined) {
      const [x, y] = at();
      mark(`<g class="number"><circle cx="${num(x)}" cy="${num(y)}" r="8" fill="#ffffff"/><text x="${num(x)}" y="${num(y + 4)}" font-family="sans-serif" font-size="10" text-anchor="middle" fill="#111">${arrow.number}</text></g>`);
    }
    if (r !== undefined) {
      out.push(`<text class="round" x="${num(tx - ux * 10)}" y="${num(ty - uy * 10 + 3)}" font-family="sans-serif" font-size="9" text-anchor="middle" fill="${colour}">r${r}</text>`);
    }
    out.push(`</g>`);
  });
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}
