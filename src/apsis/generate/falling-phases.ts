/** One falling-ring phase of a build: the rings a new arrow may sit on, and how many arrows inside the next falling ring end it. */
export interface FallingPhase {
  /** Rings (1-based) open in this phase. */
  rings: number[];
  /** The phase ends once the rings inside the next falling ring hold this many arrows; `Infinity` for the last phase. */
  quota: number;
}

/**
 * Falling-ring phases of a backwards build (SPEC 5.4): phase p allows the
 * rings at or outside the p-th falling ring (all rings before the first)
 * except the falling rings not yet open. Phase p ends once the rings inside
 * falling ring p + 1 hold their quota (share × arrows × (k − 1) / rings),
 * which keeps every arrow inside a falling ring older than every arrow on it.
 * The last entry has no quota.
 *
 * @param falling falling rings, ascending, each in 2..ringTotal.
 * @param arrows the arrows the build plans.
 * @param share `fallingInnerShare` of `models/apsis/builder.json`.
 */
export function fallingPhases(falling: readonly number[], ringTotal: number, arrows: number, share: number): FallingPhase[] {
  const out: FallingPhase[] = [];
  for (let p = 0; p <= falling.length; p++) {
    const floor = p === 0 ? 1 : falling[p - 1];
    const ceiling = falling[p] ?? ringTotal + 1;
    const rings: number[] = [];
    for (let r = floor; r < ceiling; r++) rings.push(r);
    const next = falling[p];
    out.push({ rings, quota: next === undefined ? Infinity : Math.max(1, Math.round((share * arrows * (next - 1)) / ringTotal)) });
  }
  return out;
}
