import { describe, expect, it } from "vitest";
import type { Model } from "../../src/io/schemas/model.ts";
import { extraRoundFloor } from "../../src/pipeline/extra-round-floor.ts";

const model = (constraints: Model["constraints"]): Model => ({ format: "levelramp/model@1", metric: "bits", eligibility: "part", constraints, objective: { norm: "L1", evenness: 0 } });
const ordered = model([{ type: "nonDecreasing", key: "bits" }]);

// The case found on a Carillon build of chapters 1–6: chapter 4 ended at 13.39 bits, chapter 5 part 1's targets are 13.13–13.2.
describe("extraRoundFloor: where an extra round aims", () => {
  it("aims at the chain's end when it stands above some of the part's targets", () => {
    expect(extraRoundFloor(ordered, 13.39, [13.13, 13.15, 13.17, 13.19])).toBe(13.39);
    expect(extraRoundFloor(ordered, 13.39, [13.2, 13.5])).toBe(13.39); // one target below is enough; the grower keeps the higher ones (max)
  });

  it("aims at the targets when the chain is below them, before any pick, or when the metric may fall", () => {
    expect(extraRoundFloor(ordered, 13.0, [13.13, 13.2])).toBeNull();
    expect(extraRoundFloor(ordered, null, [13.13])).toBeNull();
    expect(extraRoundFloor(model([{ type: "nonDecreasing", key: "goal" }]), 13.39, [13.13])).toBeNull();
    expect(extraRoundFloor(model([]), 13.39, [13.13])).toBeNull();
  });
});
