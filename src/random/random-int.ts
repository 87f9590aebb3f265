import type { Rng } from "./create-rng.ts";

/** A uniform integer in [lo, hi] (both inclusive) drawn from `rng`. */
export function randomInt(rng: Rng, lo: number, hi: number): number {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

/** A uniform element of a non-empty array. @throws RangeError on an empty array. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("random/pick: empty array");
  return items[Math.floor(rng() * items.length)];
}
