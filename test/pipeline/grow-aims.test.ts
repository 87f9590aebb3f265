import { describe, expect, it } from "vitest";
import type { Model } from "../../src/io/schemas/model.ts";
import { growAims } from "../../src/pipeline/grow-aims.ts";

const model = (constraints: Model["constraints"]): Model => ({ format: "levelramp/model@1", metric: "bits", eligibility: "part", constraints, objective: { norm: "L1", evenness: 0 } });
const ordered = model([{ type: "nonDecreasing", key: "bits" }]);
const round2 = (xs: number[]) => xs.map((x) => Math.round(x * 100) / 100);

// The case found on a Carillon build of chapters 1–6: chapter 4 ended at 13.39 bits against a target
// of 13.13 (a lead of 0.26), and chapter 5 part 1's targets are 13.14–13.20, so only 4 of its 20
// candidates reached 13.39.
describe("growAims: what a part's batches are grown for", () => {
  it("the targets plus the chain's lead over the ramp", () => {
    expect(round2(growAims(ordered, [13.14, 13.17, 13.2], { end: 13.39, offset: 0.26 }))).toEqual([13.4, 13.43, 13.46]);
  });

  it("no lower than the chain's end (an extra round sees the chain right before the part)", () => {
    // the chain ended at 13.6 where the ramp said 13.5: lead 0.1, but the first targets + 0.1 are still below 13.6
    expect(round2(growAims(ordered, [13.2, 13.4, 13.6], { end: 13.6, offset: 0.1 }))).toEqual([13.6, 13.6, 13.7]);
  });

  it("a chain below the ramp leaves the targets alone", () => {
    expect(growAims(ordered, [13.14, 13.3], { end: 13.0, offset: -0.14 })).toEqual([13.14, 13.3]);
  });

  it("the targets, before any pick or when the metric may fall", () => {
    const targets = [13.14, 13.3];
    const stand = { end: 13.39, offset: 0.26 };
    expect(growAims(ordered, targets, null)).toEqual(targets);
    expect(growAims(model([{ type: "nonDecreasing", key: "goal" }]), targets, stand)).toEqual(targets);
    expect(growAims(model([]), targets, stand)).toEqual(targets);
  });
});
