import { describe, expect, it } from "vitest";
import { createRng } from "../../src/random/create-rng.ts";
import { linearInterpolation } from "../../src/select/ramp/linear-interpolation.ts";
import { monotoneCubic } from "../../src/select/ramp/monotone-cubic.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";

describe("linear ramps", () => {
  it("interpolates by level number and is constant beyond the ends", () => {
    const f = linearInterpolation([1, 5, 9], [0, 4, 6]);
    expect(f(1)).toBe(0);
    expect(f(3)).toBe(2);
    expect(f(7)).toBe(5);
    expect(f(0)).toBe(0);
    expect(f(100)).toBe(6);
  });
});

describe("monotone-cubic ramps (Fritsch–Carlson)", () => {
  it("passes through the points", () => {
    const xs = [1, 3, 14, 80, 81, 400];
    const ys = [0, 2.53, 5.4, 13.13, 13.14, 31];
    const f = monotoneCubic(xs, ys);
    xs.forEach((x, i) => expect(f(x)).toBeCloseTo(ys[i], 12));
  });

  it("matches a hand-computed value: points (1,0), (3,2), (5,2)", () => {
    // secants δ0 = 1, δ1 = 0; tangents m0 = 1 (end secant), m1 = 0 (δ1 = 0), m2 = 0.
    // At x = 2: h = 2, t = 1/2; h10(1/2) = 1/8, h01(1/2) = 1/2 → 1/8·2·1 + 1/2·2 = 1.25.
    const f = monotoneCubic([1, 3, 5], [0, 2, 2]);
    expect(f(2)).toBeCloseTo(1.25, 12);
    expect(f(4)).toBe(2);
  });

  it("never overshoots between points on monotone data (1,000 random ramps)", () => {
    const rng = createRng("ramp-overshoot");
    const bad: string[] = [];
    let checked = 0;
    for (let k = 0; k < 1000; k++) {
      const xs = [1];
      const ys = [rng() * 5];
      const n = 2 + Math.floor(rng() * 6);
      for (let i = 1; i < n; i++) {
        xs.push(xs[i - 1] + 1 + Math.floor(rng() * 40));
        // rises with plateaus and sudden jumps, the shapes that make naive cubics overshoot
        ys.push(ys[i - 1] + (rng() < 0.3 ? 0 : rng() < 0.5 ? rng() * 0.1 : rng() * 20));
      }
      const f = monotoneCubic(xs, ys);
      for (let i = 0; i + 1 < n; i++) {
        let prev = -Infinity;
        for (let x = xs[i]; x <= xs[i + 1]; x += 0.25) {
          const y = f(x);
          checked++;
          if (y < ys[i] - 1e-9 || y > ys[i + 1] + 1e-9 || y < prev - 1e-9) bad.push(`ramp ${k} at ${x}: ${y}`);
          prev = y;
        }
      }
    }
    expect(bad).toEqual([]);
    expect(checked).toBeGreaterThan(100_000);
  });

  it("where a naive Catmull–Rom cubic overshoots, this one does not", () => {
    // A plateau then a jump: (1,0), (2,0), (3,10). A centred-difference tangent at x=2 (5)
    // would dip below 0 between 1 and 2; Fritsch–Carlson sets it to 0.
    const f = monotoneCubic([1, 2, 3], [0, 0, 10]);
    for (let x = 1; x <= 2; x += 0.05) expect(f(x)).toBeCloseTo(0, 12);
  });
});

describe("rampTarget", () => {
  it("rounds targets to 6 decimals and reads the interpolation from the file", () => {
    const linear = rampTarget({ format: "levelramp/ramp@1", metric: "bits", points: [[1, 0], [4, 1]], interpolation: "linear" });
    expect(linear(2)).toBe(0.333333);
    expect(linear(3)).toBe(0.666667);
    const cubic = rampTarget({ format: "levelramp/ramp@1", metric: "bits", points: [[1, 0], [3, 2], [5, 2]], interpolation: "monotone-cubic" });
    expect(cubic(2)).toBe(1.25);
  });
});
