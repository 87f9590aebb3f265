import type { Model } from "../io/schemas/model.ts";

/** Where the chain stands when a part's batches are queued: its last value and how far that is above the ramp. */
export interface ChainStand {
  /** Metric value of the last level chosen. */
  end: number;
  /** `end` minus the ramp target of that level (metric units; negative when the chain runs below the ramp). */
  offset: number;
}

/**
 * The values a part's batches are grown for (SPEC 9; docs/pipeline.md "Aims
 * follow the chain"), one per grown level. When the model keeps its metric
 * `nonDecreasing`, the chain cannot come down once it runs above the ramp (a
 * steep stretch running into a flat one, pools that spread around their
 * targets), and candidates grown for targets below the chain are of no use.
 * So, with `stand` given, each aim is the level's target **plus the chain's
 * lead over the ramp** (its offset, when positive) and **no lower than the
 * chain's end**. For a first round `stand` is the chain after an earlier part
 * (fixed by `lookaheadParts`, so the aim never depends on the worker count);
 * for an extra round, the chain right before this part. A chain below the
 * ramp leaves the targets alone. Without `nonDecreasing` on the metric, or
 * before any level is chosen, the aims are the targets.
 *
 * @param model the selection model (its `metric` and constraints).
 * @param targets ramp targets of the part's grown levels, metric units.
 * @param stand the chain as the aim may see it, or null.
 * @returns one aim per target, metric units.
 */
export function growAims(model: Model, targets: number[], stand: ChainStand | null): number[] {
  const keepsOrder = model.constraints.some((c) => c.type === "nonDecreasing" && c.key === model.metric);
  if (!keepsOrder || stand === null || !Number.isFinite(stand.end) || !Number.isFinite(stand.offset)) return [...targets];
  const lead = Math.max(0, stand.offset);
  return targets.map((t) => Math.max(t + lead, stand.end));
}
