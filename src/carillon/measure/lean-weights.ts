import type { Lean } from "../model/difficulty-model.ts";

/**
 * The guesser's weight for each tap (SPEC 4.5), from the preview sizes of
 * every dot on the field in the current state:
 * - `threshold` (default `lean`): `above` (1) for a dot whose preview is at
 *   least `share` (½) of the largest preview in the current state, `below`
 *   (0.25) otherwise. "The largest preview on the field" is read as the
 *   largest among the taps available now, so the lean follows the field as it
 *   empties;
 * - `uniform`: 1 each;
 * - `proportional`: the preview size.
 *
 * @param previews preview sizes (dots popped, tapped dot included), one per available tap.
 */
export function leanWeights(lean: Lean, previews: readonly number[]): number[] {
  switch (lean.kind) {
    case "uniform":
      return previews.map(() => 1);
    case "proportional":
      return previews.slice();
    case "threshold": {
      const largest = Math.max(...previews);
      return previews.map((p) => (p >= lean.share * largest - 1e-9 ? lean.above : lean.below));
    }
  }
}
