import { NUMBER_LIMIT } from "../../io/input-limits.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";

/** A ramp point: [global level number, value]. */
export type RampPoint = [number, number];

/**
 * A ramp file (SPEC 3 `levelramp/ramp@1`) with its keys in the order
 * `levelramp select` writes them (format, metric, points, interpolation), so
 * a levels file made in the page embeds it byte for byte as the CLI does.
 */
export function rampOf(metric: string, points: ReadonlyArray<readonly [number, number]>, interpolation: Ramp["interpolation"]): Ramp {
  return { format: "levelramp/ramp@1", metric, points: points.map(([x, y]) => [x, y] as [number, number]), interpolation };
}

/**
 * What is wrong with a ramp's points (and interpolation, when given), by the
 * rules of the ramp schema (SPEC 3, `src/io/schemas/ramp.ts`, which the CLI
 * reads a ramp file with): an array of at least one `[level, value]` pair;
 * levels whole numbers from 1 to 1e9 in strictly increasing order; values
 * finite numbers within ±1e9 (SPEC 2); interpolation `linear` or
 * `monotone-cubic`. Anything else — a string, a point of three numbers, a
 * value of 1e12 — is named, never thrown over or answered "infeasible"; the
 * page (`setRamp`, the points table) and the CLI refuse the same ramps
 * (test/reliability/page-ramp.test.ts compares them). Null when they are fine.
 */
export function rampPointsProblem(points: unknown, interpolation?: unknown): string | null {
  if (!Array.isArray(points)) return `expected the points as an array of [level, value] pairs; got ${describeValue(points)}`;
  if (points.length === 0) return "a ramp needs at least one point";
  for (let i = 0; i < points.length; i++) {
    const p: unknown = points[i];
    if (!Array.isArray(p) || p.length !== 2) return `point ${i + 1}: expected a [level, value] pair; got ${describeValue(p)}`;
    const [x, y] = p as unknown[];
    if (typeof x !== "number" || !Number.isInteger(x) || x < 1 || x > NUMBER_LIMIT) return `point ${i + 1}: expected a whole level number from 1 to 1e9; got ${describeValue(x)}`;
    if (typeof y !== "number" || !Number.isFinite(y) || Math.abs(y) > NUMBER_LIMIT) return `point ${i + 1}: expected a finite number within ±1e9 for the value; got ${describeValue(y)}`;
    const before = i > 0 ? (points[i - 1] as [number, number])[0] : 0;
    if (i > 0 && x <= before) return `point ${i + 1}: expected a level number above ${before} (point ${i}'s; points in increasing level order)`;
  }
  if (interpolation !== undefined && interpolation !== "linear" && interpolation !== "monotone-cubic") return `expected the interpolation "linear" or "monotone-cubic"; got ${describeValue(interpolation)}`;
  return null;
}

/** A value as a message quotes it: JSON, cut to 40 characters (`nothing` for undefined and NaN). */
function describeValue(v: unknown): string {
  if (v === undefined || (typeof v === "number" && Number.isNaN(v))) return "nothing";
  let text: string;
  try {
    text = typeof v === "number" ? String(v) : (JSON.stringify(v) ?? typeof v);
  } catch {
    text = typeof v;
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Rounds a dragged value to 3 decimals (a designer's precision; targets are then rounded to 6 by the ramp, SPEC 2). */
export const roundValue = (y: number): number => {
  const r = Math.round(y * 1000) / 1000;
  return r === 0 ? 0 : r;
};

/**
 * Point `index` moved to (`level`, `value`) by a drag: the level is rounded
 * to a whole number and kept strictly between its neighbours' (and ≥ 1), the
 * value rounded to 3 decimals. The other points stay.
 */
export function movePoint(points: ReadonlyArray<readonly [number, number]>, index: number, level: number, value: number): RampPoint[] {
  const lo = index > 0 ? points[index - 1][0] + 1 : 1;
  const hi = index < points.length - 1 ? points[index + 1][0] - 1 : Infinity;
  const x = Math.min(hi, Math.max(lo, Math.round(level)));
  return points.map((p, i) => (i === index ? [x, roundValue(value)] : [p[0], p[1]]));
}

/**
 * A new point for the "add a point" button: in the middle of the widest gap
 * between neighbouring points inside `from`..`to` (the levels shown), on
 * the current curve (value rounded to 3 decimals); past the last point when
 * no gap is two levels wide.
 */
export function addPoint(points: ReadonlyArray<readonly [number, number]>, interpolation: Ramp["interpolation"], from: number, to: number): RampPoint[] {
  const xs = [from, ...points.map((p) => p[0]).filter((x) => x > from && x < to), to];
  let best = -1;
  let at = 0;
  for (let i = 1; i < xs.length; i++) {
    if (xs[i] - xs[i - 1] > best) {
      best = xs[i] - xs[i - 1];
      at = Math.floor((xs[i] + xs[i - 1]) / 2);
    }
  }
  const taken = new Set(points.map((p) => p[0]));
  if (best < 2 || taken.has(at)) at = Math.max(...points.map((p) => p[0])) + 1;
  const target = rampTarget(rampOf("value", points, interpolation));
  const next: RampPoint[] = [...points.map(([x, y]) => [x, y] as RampPoint), [at, roundValue(target(at))]];
  return next.sort((a, b) => a[0] - b[0]);
}
