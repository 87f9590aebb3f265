import type { SkyModel } from "../model/sky-model.ts";

/**
 * The sky model's thresholds as squared distances with the tolerance already
 * applied in the direction the spec decides ties (SPEC 5.1): an exact tie
 * fits, does not block, is fair, and passes "within" the sun. Values are
 * compared squared, so the hot paths never take a square root.
 */
export interface SkyLimits {
  readonly sky: SkyModel;
  /** An endpoint of a centre segment must be at most this (squared) from the centre: rim − half-width. */
  readonly rimEndSq: number;
  /** A centre segment must be at least this (squared) from the centre: sun + clearance + half-width. */
  readonly sunSegmentSq: number;
  /** Two centre segments must be at least this (squared) apart: 2 × half-width + gap. */
  readonly gapSq: number;
  /** A way closer (squared) than this to the centre passes through the sun: sun + margin. */
  readonly waySunSq: number;
  /** A segment closer (squared) than this to a way blocks it: 2 × half-width. */
  readonly blockSq: number;
  /** Fair to read: a segment-to-way distance (squared) is at most this ... */
  readonly fairOnSq: number;
  /** ... or at least this. */
  readonly fairOffSq: number;
}

const cache = new WeakMap<SkyModel, SkyLimits>();

/** The squared, tolerance-adjusted thresholds of `sky` (computed once per model object). */
export function skyLimits(sky: SkyModel): SkyLimits {
  let limits = cache.get(sky);
  if (limits) return limits;
  const tol = sky.tolerance;
  const sq = (v: number) => (v > 0 ? v * v : 0);
  limits = {
    sky,
    rimEndSq: sq(sky.rimRadius - sky.halfWidth + tol),
    sunSegmentSq: sq(sky.sunRadius + sky.sunClearance + sky.halfWidth - tol),
    gapSq: sq(2 * sky.halfWidth + sky.gap - tol),
    waySunSq: sq(sky.sunRadius + sky.waySunMargin + tol),
    blockSq: sq(2 * sky.halfWidth - tol),
    fairOnSq: sq(sky.fairOn + tol),
    fairOffSq: sq(sky.fairOff - tol),
  };
  cache.set(sky, limits);
  return limits;
}
