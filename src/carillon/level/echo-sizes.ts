import type { CarillonField } from "./compile-field.ts";
import { DOT_SIZES, type DotSize } from "../model/physics-model.ts";
import type { RingFrames } from "./ring-frames.ts";

/**
 * Every ring size each echo stone can echo (SPEC 4.4): its own size (when
 * tapped) and the size of every dot whose ring can reach it at some tap count
 * in `0..lastTaps`. A fixed point, because an echo stone's own ring depends on
 * what popped it: an echo stone popped by a big dot reaches further, and may
 * reach another echo stone. Sets by dot index (empty for other dots), sizes
 * as indices into {@link DOT_SIZES}, ascending.
 *
 * @param lastTaps the last tap count whose positions count (0 when nothing moves).
 */
export function echoSizes(field: CarillonField, frames: RingFrames, lastTaps: number): number[][] {
  const sets: Array<Set<number>> = Array.from({ length: field.count }, () => new Set<number>());
  const sizeIndex = (s: DotSize): number => DOT_SIZES.indexOf(s);
  for (const e of field.byMark.echo) sets[e].add(sizeIndex(field.sizes[e]));
  if (field.byMark.echo.length > 0) {
    const last = frames.moves ? lastTaps : 0;
    for (let changed = true; changed; ) {
      changed = false;
      for (let t = 0; t <= last; t++) {
        const frame = frames.at(t);
        for (let p = 0; p < field.count; p++) {
          const rings = frame.echo[p] ? [...sets[p]].map((s) => (frame.echo[p] as NonNullable<(typeof frame.echo)[number]>)[s]) : [frame.own[p]];
          const size = sizeIndex(field.sizes[p]);
          for (const ring of rings) {
            for (const target of ring.targets) {
              if (!frame.echo[target] || sets[target].has(size)) continue;
              sets[target].add(size);
              changed = true;
            }
          }
        }
      }
    }
  }
  return sets.map((s) => [...s].sort((a, b) => a - b));
}
