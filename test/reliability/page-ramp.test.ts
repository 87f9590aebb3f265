import { describe, expect, it } from "vitest";
import { rampSchema } from "../../src/io/schemas/ramp.ts";
import { rampPointsProblem } from "../../src/report/editor/ramp-points.ts";
import { createRng } from "../../src/random/create-rng.ts";

// Hostile input class 9: the page (setRamp, the points table) and the CLI refuse
// the same ramps. The page checks with rampPointsProblem (no zod in the
// page); the CLI reads a ramp file with rampSchema. Differential: hand-picked
// hostile values and random ones near every bound, each accepted by both or
// refused by both — and refused in words, never by a TypeError.

const accepts = (points: unknown, interpolation?: unknown) => rampSchema.safeParse({ format: "levelramp/ramp@1", metric: "m", points, ...(interpolation === undefined ? {} : { interpolation }) }).success;

const hostile: Array<[unknown, unknown?]> = [
  ["x"], [null], [undefined], [{}], [42], [[]], [[[1]]], [[[1, 2, 3]]], [["1,2"]], [[[1, "2"]]], [[["1", 2]]], [[[true, 1]]],
  [[[1, 1e12]]], [[[1, -1e9 - 1]]], [[[1, 1e9]]], [[[1, -1e9]]], [[[1e9, 0]]], [[[1e9 + 1, 0]]], [[[0, 1]]], [[[-1, 1]]], [[[1.5, 1]]],
  [[[1, NaN]]], [[[1, Infinity]]], [[[NaN, 1]]], [[[1, 1], [1, 2]]], [[[2, 1], [1, 2]]], [[[1, 1], [2, 2]]], [[[1, null]]], [[[1, 1], null]],
  [[[1, 1]], "linear"], [[[1, 1]], "monotone-cubic"], [[[1, 1]], "cubic"], [[[1, 1]], 3], [[[1, 1]], null], [[[1, 1]], ""],
];

describe("the page and the CLI agree on a ramp (class 9)", () => {
  it("hand-picked hostile points and interpolations: both accept or both refuse, the page in words", () => {
    for (const [points, interpolation] of hostile) {
      let problem: string | null = null;
      expect(() => (problem = rampPointsProblem(points, interpolation))).not.toThrow();
      expect({ points, interpolation, refused: problem !== null }).toEqual({ points, interpolation, refused: !accepts(points, interpolation) });
    }
    expect(rampPointsProblem("x")).toBe('expected the points as an array of [level, value] pairs; got "x"');
    expect(rampPointsProblem([[1, 1e12]])).toBe("point 1: expected a finite number within ±1e9 for the value; got 1000000000000");
    expect(rampPointsProblem([[1, 1]], "cubic")).toBe('expected the interpolation "linear" or "monotone-cubic"; got "cubic"');
  });

  it("random ramps near every bound: both accept or both refuse", () => {
    const rng = createRng("page-ramp");
    const edges = [0, 1, 2, 1e9 - 1, 1e9, 1e9 + 1, -1, 0.5, 3.25, -1e9, -1e9 - 1, 1e12, NaN, Infinity];
    const pick = () => (rng() < 0.7 ? edges[Math.floor(rng() * edges.length)] : Math.floor(rng() * 20) - 2);
    let refused = 0;
    for (let n = 0; n < 500; n++) {
      const points = Array.from({ length: 1 + Math.floor(rng() * 3) }, () => [pick(), pick()]);
      const page = rampPointsProblem(points) === null;
      expect({ points, page }).toEqual({ points, page: accepts(points) });
      if (!page) refused++;
    }
    expect(refused).toBeGreaterThan(100); // both sides were tried
    expect(refused).toBeLessThan(490);
  });
});
