import { escapeHtml, formatNumber } from "../html/html-escape.ts";

/** A line drawn through every whole level of the plot: a ramp. */
export interface PlotCurve {
  name: string;
  colour: string;
  /** Level number → value (the ramp's target). */
  target: (level: number) => number;
  dashed?: boolean;
}

/** A shipped level's point. */
export interface PlotPoint {
  number: number;
  value: number;
  /** Target at the level (the edited ramp's): chapter plots shade value − target. */
  target: number;
  /** Hover text. */
  label: string;
  /** Drawn with a dark ring: the level number holds another level than in the file. */
  moved?: boolean;
}

/** A level where the file had it: drawn as a small grey dot behind the points, so a designer sees where the levels moved from. */
export interface PlotGhost {
  number: number;
  value: number;
}

/** What {@link rampPlotSvg} draws. */
export interface RampPlotInput {
  /** Whole picture size in pixels (default 1100 × 340). */
  width?: number;
  height?: number;
  /** First and last level number of the x axis. */
  from: number;
  to: number;
  /** y-axis title. */
  metric: string;
  /** Fixed value range (the editor keeps the scale still while a handle is dragged); default from the data. */
  yDomain?: [number, number];
  curves: PlotCurve[];
  points: PlotPoint[];
  /** The file's values at the levels that moved (default none). */
  ghosts?: PlotGhost[];
  /** Chapter boundaries, dashed, labelled `ch N`. */
  chapters?: Array<{ chapter: number; first: number; last: number; restart?: true }>;
  /** Rule introductions: red rules labelled `rule (level)`. */
  introductions?: Array<{ rule: string; level: number }>;
  /** Ramp points drawn as draggable handles (`circle.handle[data-index]`); those outside the x range are left out. */
  handles?: Array<[number, number]>;
  /** Colour of the points and handles (default the first curve's). */
  pointColour?: string;
  /** Thin lines from each point to its target (chapter plots). */
  shade?: boolean;
  /** Prefix of the one id the picture has (its clip path), unique on the page. */
  idPrefix: string;
}

const MARGIN = { left: 52, right: 14, top: 34, bottom: 34 };

/** A "nice" tick step (1, 2 or 5 × 10^k) for about `count` ticks over `span`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0)) return 1;
  const raw = span / count;
  const p = 10 ** Math.floor(Math.log10(raw));
  const m = raw / p;
  return (m >= 5 ? 10 : m >= 2 ? 5 : m >= 1 ? 2 : 1) * p;
}

/**
 * The value range a plot shows: every point's value and target, every
 * curve at every whole level from `from` to `to`, and the handles — padded by
 * 6% and widened to whole tick steps.
 */
export function plotYDomain(input: Pick<RampPlotInput, "from" | "to" | "curves" | "points" | "handles" | "ghosts">): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  const see = (v: number) => {
    if (!Number.isFinite(v)) return;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  };
  for (const p of input.points) {
    see(p.value);
    see(p.target);
  }
  for (const g of input.ghosts ?? []) see(g.value);
  for (const c of input.curves) for (let n = input.from; n <= input.to; n++) see(c.target(n));
  for (const [x, y] of input.handles ?? []) if (x >= input.from && x <= input.to) see(y);
  if (!Number.isFinite(lo)) return [0, 1];
  if (hi - lo < 1e-9) {
    lo -= 0.5;
    hi += 0.5;
  }
  const pad = (hi - lo) * 0.06;
  // Bounds on a finer grid than the ticks, so the range is not a whole tick step wider than the data.
  const step = niceStep(hi - lo + 2 * pad, 10);
  return [Math.floor((lo - pad) / step) * step, Math.ceil((hi + pad) / step) * step];
}

const f1 = (x: number) => (Math.round(x * 10) / 10).toString();

/**
 * The ramp editor's plot as SVG text (own drawing, no vega: the page redraws
 * it on every re-selection): value against level number, the ramps as lines
 * sampled at every whole level, the shipped levels as points (each a link to
 * its card, with a hover title; moved ones ringed, where the file had them
 * in grey), chapter boundaries and rule introductions,
 * and the edited ramp's points as handles. The root `<svg>` carries its
 * scales (`data-x` = `from,to,left,right` in levels and pixels, `data-y` =
 * `lo,hi,bottom,top`), so the page maps a pointer back to a level and a value.
 * Deterministic: same input, same text.
 */
export function rampPlotSvg(input: RampPlotInput): string {
  // The frame: size, margins, domains and scales.
  const f = plotFrame(input);
  const { width, height, left, right, top, bottom, x0, x1, lo, hi, clip } = f;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" class="ramp-plot" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11" ` +
      `data-x="${x0},${x1},${left},${right}" data-y="${lo},${hi},${bottom},${top}">`,
  );
  out.push(`<rect x="0" y="0" width="${width}" height="${height}" fill="#fff"/>`);
  out.push(`<clipPath id="${clip}"><rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}"/></clipPath>`);
  // 1. Grid and axes: nice ticks on both, whole levels on x.
  gridAndAxes(input, f, out);
  // 2. Chapter boundaries (dashed grey, `ch N` at the top) and rule introductions (red, in four label rows).
  chapterMarks(input, f, out);
  out.push(`</g><g clip-path="url(#${clip})">`);
  // 3. Shading (chapter plots): value to target, in the point colour.
  if (input.shade) shading(input, f, out);
  // 4. Ramps: each a path through every whole level of the range.
  rampCurves(input, f, out);
  out.push(`</g>`);
  // 5. Points: links to the cards, with hover titles; moved levels ringed, the file's values behind them in grey.
  levelPoints(input, f, out);
  // 6. Handles: the edited ramp's points inside the range.
  if (input.handles) rampHandles(input, input.handles, f, out);
  // 7. Legend: the ramps' names and colours, top right.
  legend(input, f, out);
  out.push(`</g></svg>`);
  return out.join("");
}

/** Where {@link rampPlotSvg} draws: the size, the plot area in pixels, the domains and the scales. */
interface PlotFrame {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** The value domain, and the level domain (half a level beyond the range on each side). */
  lo: number;
  hi: number;
  x0: number;
  x1: number;
  /** Level → x pixel; value → y pixel. */
  sx: (n: number) => number;
  sy: (v: number) => number;
  /** The clip path's id; the points' colour. */
  clip: string;
  colour: string;
}

function plotFrame(input: RampPlotInput): PlotFrame {
  const width = input.width ?? 1100;
  const height = input.height ?? 340;
  const left = MARGIN.left;
  const right = width - MARGIN.right;
  const top = MARGIN.top;
  const bottom = height - MARGIN.bottom;
  const [lo, hi] = input.yDomain ?? plotYDomain(input);
  const x0 = input.from - 0.5;
  const x1 = input.to + 0.5;
  const sx = (n: number) => left + ((n - x0) / (x1 - x0)) * (right - left);
  const sy = (v: number) => bottom - ((v - lo) / (hi - lo || 1)) * (bottom - top);
  const clip = `${input.idPrefix}clip`;
  const colour = input.pointColour ?? input.curves[0]?.colour ?? "#4c78a8";
  return { width, height, left, right, top, bottom, lo, hi, x0, x1, sx, sy, clip, colour };
}

/** Grid lines, tick labels, axis titles and the plot area's frame; leaves the axis group open. */
function gridAndAxes(input: RampPlotInput, f: PlotFrame, out: string[]): void {
  const { height, left, right, top, bottom, lo, hi, x0, x1, sx, sy } = f;
  const yStep = niceStep(hi - lo, 5);
  const xStep = Math.max(1, niceStep(x1 - x0, Math.max(2, Math.floor((right - left) / 70))));
  out.push(`<g class="grid" stroke="#eee">`);
  for (let v = Math.ceil(lo / yStep) * yStep; v <= hi + yStep * 1e-9; v += yStep) out.push(`<line x1="${left}" x2="${right}" y1="${f1(sy(v))}" y2="${f1(sy(v))}"/>`);
  out.push(`</g><g class="axis" fill="#555">`);
  for (let v = Math.ceil(lo / yStep) * yStep; v <= hi + yStep * 1e-9; v += yStep) {
    out.push(`<text x="${left - 6}" y="${f1(sy(v) + 4)}" text-anchor="end">${formatNumber(v, 6)}</text>`);
  }
  for (let n = Math.ceil(input.from / xStep) * xStep; n <= input.to; n += xStep) {
    out.push(`<line x1="${f1(sx(n))}" x2="${f1(sx(n))}" y1="${bottom}" y2="${bottom + 4}" stroke="#888"/><text x="${f1(sx(n))}" y="${bottom + 16}" text-anchor="middle">${n}</text>`);
  }
  out.push(`<text x="${(left + right) / 2}" y="${height - 4}" text-anchor="middle" fill="#333">level</text>`);
  out.push(`<text transform="translate(12 ${(top + bottom) / 2}) rotate(-90)" text-anchor="middle" fill="#333">${escapeHtml(input.metric)}</text></g>`);
  out.push(`<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="none" stroke="#ddd"/>`);
}

/** Chapter boundaries and rule introductions, in an open group. */
function chapterMarks(input: RampPlotInput, f: PlotFrame, out: string[]): void {
  const { top, bottom, sx } = f;
  out.push(`<g class="chapters" aria-hidden="true">`);
  for (const c of input.chapters ?? []) {
    const x = f1(sx(c.first - 0.5));
    out.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${bottom}" stroke="#999" stroke-dasharray="4 4"/>`);
    out.push(`<text x="${f1(sx((c.first + c.last) / 2))}" y="${top - 4}" text-anchor="middle" font-size="10" fill="#666">ch ${c.chapter}${c.restart ? " ↺" : ""}</text>`);
  }
  (input.introductions ?? []).forEach((r, i) => {
    const x = f1(sx(r.level));
    out.push(`<line x1="${x}" x2="${x}" y1="${top}" y2="${bottom}" stroke="#e45756" stroke-opacity="0.7"/>`);
    out.push(`<text x="${f1(sx(r.level) + 3)}" y="${top + 12 + 12 * (i % 4)}" font-size="10" fill="#b0281a">${escapeHtml(`${r.rule} (${r.level})`)}</text>`);
  });
}

/** A line from each point's target to its value. */
function shading(input: RampPlotInput, f: PlotFrame, out: string[]): void {
  const { sx, sy } = f;
  out.push(`<g class="shade" stroke="${f.colour}" stroke-opacity="0.35" stroke-width="3">`);
  for (const p of input.points) out.push(`<line x1="${f1(sx(p.number))}" x2="${f1(sx(p.number))}" y1="${f1(sy(p.target))}" y2="${f1(sy(p.value))}"/>`);
  out.push(`</g>`);
}

/** Each ramp as a path through every whole level of the range (a short dash for a one-level range). */
function rampCurves(input: RampPlotInput, f: PlotFrame, out: string[]): void {
  const { sx, sy } = f;
  for (const c of input.curves) {
    const d: string[] = [];
    for (let n = input.from; n <= input.to; n++) d.push(`${d.length ? "L" : "M"}${f1(sx(n))} ${f1(sy(c.target(n)))}`);
    if (input.from === input.to) d.push(`M${f1(sx(input.from) - 6)} ${f1(sy(c.target(input.from)))}h12`);
    out.push(`<path class="curve" data-ramp="${escapeHtml(c.name)}" d="${d.join("")}" fill="none" stroke="${c.colour}" stroke-width="2"${c.dashed ? ` stroke-dasharray="6 4"` : ""}/>`);
  }
}

/** The file's values of moved levels (grey), then the levels' points as links to their cards. */
function levelPoints(input: RampPlotInput, f: PlotFrame, out: string[]): void {
  const { sx, sy } = f;
  const r = input.points.length > 150 ? 2.5 : 3.5;
  if (input.ghosts?.length) {
    out.push(`<g class="ghosts" fill="#b5b5b5" aria-hidden="true">`);
    for (const g of input.ghosts) out.push(`<circle cx="${f1(sx(g.number))}" cy="${f1(sy(g.value))}" r="${r - 0.5}"/>`);
    out.push(`</g>`);
  }
  out.push(`<g class="points" fill="${f.colour}">`);
  for (const p of input.points) {
    const ring = p.moved ? ` stroke="#f58518" stroke-width="1.5"` : "";
    out.push(`<a href="#level-${p.number}"><circle class="point${p.moved ? " moved" : ""}" cx="${f1(sx(p.number))}" cy="${f1(sy(p.value))}" r="${r}"${ring}><title>${escapeHtml(p.label)}</title></circle></a>`);
  }
  out.push(`</g>`);
}

/** The edited ramp's points inside the range, as draggable handles. */
function rampHandles(input: RampPlotInput, handles: NonNullable<RampPlotInput["handles"]>, f: PlotFrame, out: string[]): void {
  const { sx, sy } = f;
  out.push(`<g class="handles">`);
  handles.forEach(([x, y], i) => {
    if (x < input.from || x > input.to) return;
    out.push(
      `<circle class="handle" data-index="${i}" cx="${f1(sx(x))}" cy="${f1(sy(y))}" r="7" fill="#fff" stroke="${input.curves[0]?.colour ?? f.colour}" stroke-width="3">` +
        `<title>ramp point ${i + 1}: level ${x}, ${escapeHtml(input.metric)} ${formatNumber(y, 6)} (drag it)</title></circle>`,
    );
  });
  out.push(`</g>`);
}

/** The ramps' names and colours, right to left from the top right corner, in an open group. */
function legend(input: RampPlotInput, f: PlotFrame, out: string[]): void {
  out.push(`<g class="legend" font-size="11">`);
  let lx = f.right;
  for (const c of [...input.curves].reverse()) {
    const w = 26 + 6.2 * c.name.length;
    lx -= w + 10;
    out.push(`<line x1="${f1(lx)}" x2="${f1(lx + 20)}" y1="10" y2="10" stroke="${c.colour}" stroke-width="3"${c.dashed ? ` stroke-dasharray="6 4"` : ""}/><text x="${f1(lx + 24)}" y="14" fill="#333">${escapeHtml(c.name)}</text>`);
  }
}
