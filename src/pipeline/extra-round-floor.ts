import type { Model } from "../io/schemas/model.ts";

/**
 * What an extra round of a part's batches aims no lower than (SPEC 9, docs/pipeline.md
 * "Extra rounds aim where the chain stands"): the chain's end, when the model keeps its
 * metric `nonDecreasing` and that end stands above some of the part's ramp targets;
 * otherwise `null` (aim at the targets as in the first round).
 *
 * A steep stretch of ramp running into a flat one leaves the chain above the ramp (it may
 * not fall, and pools spread around their targets); candidates grown for the flat targets
 * then mostly fall below the chain, and more of them do not help.
 *
 * @param model the selection model (its `metric` and constraints).
 * @param chainEnd the metric value of the last level chosen so far, or null before any.
 * @param targets the ramp targets of the part's grown levels, metric units.
 */
export function extraRoundFloor(model: Model, chainEnd: number | null, targets: number[]): number | null {
  if (chainEnd === null || !Number.isFinite(chainEnd)) return null;
  const keepsOrder = model.constraints.some((c) => c.type === "nonDecreasing" && c.key === model.metric);
  if (!keepsOrder) return null;
  return targets.some((t) => t < chainEnd) ? chainEnd : null;
}
