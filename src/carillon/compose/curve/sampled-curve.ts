import type { Curve, Point } from "./curve.ts";

/**
 * A curve with a fixed table of samples, so laying dots along it can march
 * from sample to sample and bisect on the true curve only inside one
 * bracket. `samples` + 1 evenly spaced parameters from 0 to 1.
 */
export class SampledCurve {
  readonly curve: Curve;
  readonly u: Float64Array;
  readonly x: Float64Array;
  readonly y: Float64Array;

  /** @param samples intervals of the table (default 2048); a bracket is 1/samples of the parameter wide. */
  constructor(curve: Curve, samples = 2048) {
    this.curve = curve;
    this.u = new Float64Array(samples + 1);
    this.x = new Float64Array(samples + 1);
    this.y = new Float64Array(samples + 1);
    for (let i = 0; i <= samples; i++) {
      const u = i / samples;
      const p = curve(u);
      this.u[i] = u;
      this.x[i] = p.x;
      this.y[i] = p.y;
    }
  }

  /** Number of sample intervals. */
  get samples(): number {
    return this.u.length - 1;
  }

  /** The curve's point at `u`. */
  at(u: number): Point {
    return this.curve(u);
  }

  /** Index of the first sample whose parameter is above `u` (samples + 1 when none is). */
  firstAbove(u: number): number {
    const i = Math.floor(u * this.samples) + 1;
    return Math.min(Math.max(i, 0), this.samples + 1);
  }
}
