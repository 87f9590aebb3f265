import type { DeviationStats } from "./deviation-report.ts";

/**
 * Colour band of a mean |deviation| relative to the mean target of its
 * chapter: green within 5%, yellow within 15%, red beyond (with a floor of
 * 0.05 metric units, so chapters whose targets are near 0 still read green
 * when they sit on the ramp).
 */
export function deviationBand(s: DeviationStats): "good" | "fair" | "poor" {
  const scale = Math.max(Math.abs(s.meanTarget), 1);
  const r = s.meanAbs / scale;
  if (s.meanAbs <= 0.05 || r <= 0.05) return "good";
  return r <= 0.15 ? "fair" : "poor";
}
