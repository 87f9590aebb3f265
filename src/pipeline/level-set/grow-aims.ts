import type { Model } from "../../io/schemas/model.ts";

/** Where the chain stands when a part's batches are queued: its last value and how far that is above the ramp. */
export interface ChainStand {
  /** Metric value of the last level chosen. */
  end: number;
  /** `end` minus the ramp target of that level (metric units; negative when the chain runs below the ramp). */
  offset: number;
}

/**
 * The values a part's batches are grown for (SPEC 9; docs/pipeline.md "Aims
 * follow the chain"), one per grown level: **max(target, the chain's end)**,
 * plus `raise` (an extra round that still found no way on aims higher).
 *
 * When the model keeps its metric `nonDecreasing`, candidates below the
 * chain's end are of no use, so no aim is below it; a chain above the ramp
 * then gets candidates just above its end, and can stay level while the ramp
 * catches up. (Aiming at the targets plus the chain's lead, as before, kept
 * a lead once taken: a Carillon build ran 0.3–0.6 bits above the ramp over
 * chapters 5–8.) For a first round `stand` is the chain after an earlier part
 * (fixed by `lookaheadParts`, so the aim never depends on the worker count);
 * for an extra round, the chain right before this part. Without
 * `nonDecreasing` on the metric, or before any level is chosen, the aims are
 * the targets (plus `raise`).
 *
 * @param model the selection model (its `metric` and constraints).
 * @param targets ramp targets of the part's grown levels, metric units.
 * @param stand the chain as the aim may see it, or null.
 * @param raise metric units added to every aim (default 0).
 * @returns one aim per target, metric units.
 */
export function growAims(model: Model, targets: number[], stand: ChainStand | null, raise = 0): number[] {
  const keepsOrder = model.constraints.some((c) => c.type === "nonDecreasing" && c.key === model.metric);
  if (!keepsOrder || stand === null || !Number.isFinite(stand.end)) return targets.map((t) => t + raise);
  return targets.map((t) => Math.max(t, stand.end) + raise);
}

/**
 * How much higher extra round `round` (1, 2, ...) of a part aims: half the
 * ramp's climb over the part's grown levels per round, at least 1% of the
 * last target's size per round (a flat stretch still moves), metric units.
 */
export function extraRoundRaise(targets: number[], round: number): number {
  if (targets.length === 0 || round <= 0) return 0;
  const climb = targets[targets.length - 1] - targets[0];
  return round * Math.max(climb / 2, Math.abs(targets[targets.length - 1]) * 0.01);
}
