import type { DotSet } from "../level/dot-set.ts";
import type { PlainReach } from "./plain-reach.ts";

/**
 * How many source components the condensation has among the remaining dots
 * of a plain state, from the closures (SPEC 4.1, 4.5): dot d is in a source
 * component when every remaining dot whose chain pops d is also popped by d's
 * chain. Valid for states a plain field can reach by taps (the remaining dots
 * are the field minus whole closures); it is the admissible lower bound the
 * solver and the bits recursion prune with and, on plain fields, the exact
 * fewest taps.
 */
export function sourceComponentCount(reach: PlainReach, alive: DotSet): number {
  const words = reach.words;
  let count = 0;
  for (let w = 0; w < words; w++) {
    let v = alive[w];
    while (v !== 0) {
      const low = v & -v;
      v ^= low;
      const d = (w << 5) + 31 - Math.clz32(low);
      const cl = reach.closure[d];
      const re = reach.reachers[d];
      let source = true;
      let smallest = true;
      for (let k = 0; k < words; k++) {
        const a = alive[k];
        if ((re[k] & a & ~cl[k]) !== 0) {
          source = false;
          break;
        }
        // Count each component once, at its smallest remaining dot.
        if (k <= w) {
          let same = cl[k] & re[k] & a;
          if (k === w) same &= low - 1;
          if (same !== 0) smallest = false;
        }
      }
      if (source && smallest) count++;
    }
  }
  return count;
}
