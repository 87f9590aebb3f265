import type { Model } from "../../src/io/schemas/model.ts";

/**
 * The chain-shaped model the selection tests and benches share: difficulty
 * never falls, depth drops at most 1, no difficulty bucket (of width
 * `precision`) more than 3 times in a row, L1 to the ramp.
 */
export function chainModel(eligibility: "part" | "any", precision: number): Model {
  return {
    format: "levelramp/model@1",
    metric: "difficulty",
    eligibility,
    constraints: [
      { type: "nonDecreasing", key: "difficulty" },
      { type: "maxDrop", key: "depth", by: 1 },
      { type: "maxRun", key: "difficulty", length: 3, precision },
    ],
    objective: { norm: "L1", evenness: 0 },
  };
}
