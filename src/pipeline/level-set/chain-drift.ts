/** A part's chosen levels that left the ramp by more than the build tolerates ({@link chainDrift}). */
export interface ChainDrift {
  /** `above`: the chain ends higher than it had to; `below`: it ends under the ramp. */
  side: "above" | "below";
  /** How far past the tolerated value the chain ends, metric units (> 0). */
  over: number;
  /** The ramp's climb over the part, metric units (the unit of the tolerance). */
  climb: number;
  /** The value the chain's end may not pass (above: at most; below: at least), metric units. */
  limit: number;
}

/** Where a part's chain would end and what it had to reach, for {@link chainDrift}. */
export interface ChainDriftInput {
  /** The metric value of the part's last chosen level. */
  end: number;
  /** The chain's end before the part (null when nothing is chosen before it). */
  enter: number | null;
  /** Ramp targets of the part's levels, in order (at least one). */
  targets: readonly number[];
  /** Ramp target of the level right before the part (null for the first level of the game). */
  before: number | null;
  /** Tolerance in units of the part's climb (≥ 0; 0 tolerates nothing). */
  tolerance: number;
}

/**
 * Whether a part's chosen levels drift off the ramp by more than the build
 * tolerates (SPEC 6 "Generation and selection interleave while building";
 * docs/pipeline.md "Refine rounds"). A chain whose metric may not
 * fall can only climb, so a part that ends higher than it had to carries that
 * lead into every later part: the build then grows the part a refine round
 * (more candidates aimed at the same values) before it fixes the levels.
 *
 * The unit is the ramp's **climb over the part**: last target − the target of
 * the level before the part (or the part's first target), at least 1% of the
 * last target's size (so a flat ramp still has a scale), in metric units — so
 * one tolerance serves bits, reads or any designer's metric.
 *
 * - **above**: the end passes max(the chain's end before the part, the last
 *   target) + tolerance × climb: the part climbed more than the ramp and the
 *   chain asked of it;
 * - **below**: the end lies under the last target − tolerance × climb.
 *
 * @returns the drift, or null when the part ends within the tolerance.
 */
export function chainDrift(input: ChainDriftInput): ChainDrift | null {
  const { end, enter, targets, before, tolerance } = input;
  const last = targets[targets.length - 1];
  const climb = Math.max(last - (before ?? targets[0]), Math.abs(last) * 0.01, Number.EPSILON);
  const high = Math.max(enter ?? -Infinity, last) + tolerance * climb;
  if (end > high) return { side: "above", over: end - high, climb, limit: high };
  const low = last - tolerance * climb;
  if (end < low) return { side: "below", over: low - end, climb, limit: low };
  return null;
}
