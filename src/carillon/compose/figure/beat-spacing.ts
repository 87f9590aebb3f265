import type { CarillonPhysics, DotSize } from "../../model/physics-model.ts";

/**
 * Centre-to-centre distance that makes a ring arrive on the beat (SPEC 4.1,
 * 4.6): a hit arrives `(dist − radius(target)) / speed` beats after its
 * emitter popped, so for an arrival `beats` after the emitter,
 * `dist = radius(target) + beats · speed`. At 110 units per beat a normal
 * dot 55 units from the emitter's centre to its edge (73 centre to centre)
 * is hit on the half-beat. Whether the emitter's ring reaches that far is the
 * layout's business; the engine's fair-to-read check has the last word.
 *
 * @param target size of the dot the ring arrives at.
 * @param beats beats after the emitter pops (0.5 = the half-beat).
 * @returns field units, centre to centre.
 */
export function beatDistance(physics: CarillonPhysics, target: DotSize, beats: number): number {
  return physics.sizes[target].radius + beats * physics.ringSpeed;
}
