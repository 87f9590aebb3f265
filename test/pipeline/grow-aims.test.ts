import { describe, expect, it } from "vitest";
import type { Model } from "../../src/io/schemas/model.ts";
import { extraRoundRaise, growAims } from "../../src/pipeline/level-set/grow-aims.ts";

const model = (constraints: Model["constraints"]): Model => ({ format: "levelramp/model@1", metric: "bits", eligibility: "part", constraints, objective: { norm: "L1", evenness: 0 } });
const ordered = model([{ type: "nonDecreasing", key: "bits" }]);
const round2 = (xs: number[]) => xs.map((x) => Math.round(x * 100) / 100);

describe("growAims: what a part's batches are grown for", () => {
  it("max(target, the chain's end): a chain above the ramp gets candidates just above its end, not its lead carried on", () => {
    // chapter 4 ended at 13.39 bits against a target of 13.13; chapter 5 part 1's targets 13.14–13.46
    expect(round2(growAims(ordered, [13.14, 13.3, 13.46], { end: 13.39, offset: 0.26 }))).toEqual([13.39, 13.39, 13.46]);
  });

  it("a chain below the ramp leaves the targets alone", () => {
    expect(growAims(ordered, [13.14, 13.3], { end: 13.0, offset: -0.14 })).toEqual([13.14, 13.3]);
  });

  it("an extra round aims higher by its raise", () => {
    expect(round2(growAims(ordered, [13.14, 13.3], { end: 13.2, offset: 0.06 }, 0.5))).toEqual([13.7, 13.8]);
  });

  it("the targets (plus the raise), before any pick or when the metric may fall", () => {
    const targets = [13.14, 13.3];
    const stand = { end: 13.39, offset: 0.26 };
    expect(growAims(ordered, targets, null)).toEqual(targets);
    expect(growAims(model([{ type: "nonDecreasing", key: "goal" }]), targets, stand)).toEqual(targets);
    expect(growAims(model([]), targets, stand)).toEqual(targets);
    expect(round2(growAims(model([]), targets, stand, 1))).toEqual([14.14, 14.3]);
  });
});

describe("extraRoundRaise: how much higher each extra round aims", () => {
  it("half the part's climb per round", () => {
    // a Carillon part climbing 13.14 → 13.46 bits: 0.16 per round
    expect(extraRoundRaise([13.14, 13.3, 13.46], 1)).toBeCloseTo(0.16, 9);
    expect(extraRoundRaise([13.14, 13.3, 13.46], 3)).toBeCloseTo(0.48, 9);
  });

  it("at least 1% of the last target per round on a flat stretch, nothing in the first round", () => {
    expect(extraRoundRaise([20, 20, 20], 2)).toBeCloseTo(0.4, 9);
    expect(extraRoundRaise([20, 21], 0)).toBe(0);
    expect(extraRoundRaise([], 2)).toBe(0);
  });
});
