import type { Ramp } from "../../io/schemas/ramp.ts";
import { roundMetric } from "../../io/round-metric.ts";
import { linearInterpolation } from "./linear-interpolation.ts";
import { monotoneCubic } from "./monotone-cubic.ts";

/**
 * The ramp as a function of the global level number (SPEC 3): `linear` or
 * `monotone-cubic` (Fritsch–Carlson) through the ramp's points, constant
 * beyond its ends. Targets are rounded to 6 decimals like stored metrics
 * (SPEC 2), so every objective, report and re-measure uses the same numbers.
 *
 * @param ramp a validated `levelramp/ramp@1` file.
 * @returns level number → target value (in the ramp metric's unit: bits, reads...).
 */
export function rampTarget(ramp: Ramp): (level: number) => number {
  const xs = ramp.points.map((p) => p[0]);
  const ys = ramp.points.map((p) => p[1]);
  const curve = ramp.interpolation === "monotone-cubic" ? monotoneCubic(xs, ys) : linearInterpolation(xs, ys);
  return (level: number) => roundMetric(curve(level));
}
