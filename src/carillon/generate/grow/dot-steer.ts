import type { DotSteerSettings } from "../../model/generator-settings.ts";

/**
 * How far `bits` misses `aim` when choosing among fields: a field below its
 * aim counts `below` times its distance (a chain that may not fall has less
 * use for it: a part needs as many candidates at or above the chain's end as
 * it has levels). `below` 1 is the plain distance.
 */
export function aimMiss(bits: number, aim: number, below = 1): number {
  return bits >= aim ? bits - aim : below * (aim - bits);
}

/** Weight of a miss below the aim when steering ({@link aimMiss}). */
export const STEER_BELOW_WEIGHT = 2;

/** Fields turned away in a row before the window widens by 25%. */
const WIDEN_EVERY = 8;

/**
 * Aims one candidate's fields at a value of bits (docs/carillon.md
 * "Steering"). Three levers, all bounded by the caller's tries, never by
 * time:
 * - **dot count**: the part's `dots` range is narrowed to ±1 around the count
 *   whose grown bits, interpolated between the calibration's two ends, plus
 *   the dressing estimate meet the aim (clamped to the range);
 * - **screening**: a grown field whose own bits plus the dressing estimate
 *   lie further than the window from the aim is not dressed (dressing is the
 *   costly part); the window widens by 25% after every 8 fields turned away,
 *   so an aim out of reach still gets fields;
 * - **learning**: each kept dressing updates the dressing estimate (a mean
 *   that starts from the calibration with the weight of two fields).
 */
export class DotSteer {
  private offsetSum: number;
  private offsetCount = 2;
  private turnedAway = 0;

  constructor(
    private readonly steer: DotSteerSettings,
    private readonly dots: readonly [number, number],
    /** The value aimed at, bits. */
    readonly aim: number,
  ) {
    this.offsetSum = 2 * steer.dressBits;
  }

  /** What dressing is expected to add to a grown field's bits, now. */
  get dressingEstimate(): number {
    return this.offsetSum / this.offsetCount;
  }

  /** The dot range to grow the next field with: ±1 around the interpolated count, inside the part's range. */
  dotRange(): [number, number] {
    const [lo, hi] = this.dots;
    const [atLo, atHi] = this.steer.plainBits;
    const want = this.aim - this.dressingEstimate;
    const slope = hi > lo ? (atHi - atLo) / (hi - lo) : 0;
    const centre = slope > 0 ? Math.round(lo + (want - atLo) / slope) : Math.round((lo + hi) / 2);
    const c = Math.min(hi, Math.max(lo, centre));
    return [Math.max(lo, c - 1), Math.min(hi, c + 1)];
  }

  /** Whether a grown field with these bits is worth dressing (false counts as turned away). */
  admits(grownBits: number): boolean {
    const window = (this.steer.window ?? 1) * 1.25 ** Math.floor(this.turnedAway / WIDEN_EVERY);
    if (Math.abs(grownBits + this.dressingEstimate - this.aim) <= window) return true;
    this.turnedAway++;
    return false;
  }

  /** Learns from a kept dressing: its bits against the grown field's. */
  learn(grownBits: number, dressedBits: number): void {
    this.offsetSum += dressedBits - grownBits;
    this.offsetCount++;
  }
}
