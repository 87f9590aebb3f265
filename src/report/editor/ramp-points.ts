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
 * What is wrong with a ramp's points, in the words of the ramp schema
 * (SPEC 3): at least one point; levels whole numbers ≥ 1 in strictly
 * increasing order; values finite. Null when they are fine.
 */
export function rampPointsProblem(points: ReadonlyArray<readonly [number, number]>): string | null {
  if (points.length === 0) return "a ramp needs at least one point";
  for (let i = 0; i < points.length; i++) {
    const [x, y] = points[i];
    if (!Number.isInteger(x) || x < 1) return `point ${i + 1}: expected a whole level number ≥ 1; got ${Number.isNaN(x) ? "nothing" : x}`;
    if (!Number.isFinite(y)) return `point ${i + 1}: expected a number for the value`;
    if (i > 0 && x <= points[i - 1][0]) return `point ${i + 1}: expected a level number above ${points[i - 1][0]} (point ${i}'s; points in increasing level order)`;
  }
  return null;
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
