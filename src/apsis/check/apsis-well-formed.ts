import type { LevelProblem } from "../../game/game-backend.ts";
import type { ApsisBody } from "../level/apsis-body.ts";
import { fitsAlone } from "../level/arrow-fits.ts";
import { arrowShape } from "../level/arrow-shape.ts";
import { segmentSegmentDistanceSq } from "../level/segment-distance.ts";
import { skyLimits } from "../level/sky-limits.ts";
import type { SkyModel } from "../model/sky-model.ts";

/**
 * Locks no arrow's key opens (SPEC 5.4): `lock-without-key`, one problem per
 * locked arrow whose lock names a key no arrow carries.
 */
export function locksWithoutKey(body: ApsisBody): LevelProblem[] {
  const keys = new Set(body.arrows.flatMap((a) => (a.key === undefined ? [] : [a.key])));
  const problems: LevelProblem[] = [];
  body.arrows.forEach((a, i) => {
    if (a.lock !== undefined && !keys.has(a.lock)) problems.push({ reason: "lock-without-key", message: `arrow ${i} is locked "${a.lock}" but no arrow carries that key` });
  });
  return problems;
}

/**
 * Whether a body is an Apsis sky at all (SPEC 3, 5.1, 5.4), before anything
 * solves, measures or draws it:
 * - `ring`: every arrow's ring is a ring of the sky;
 * - `fits`: every arrow lies inside the rim and clear of the sun (an arrow
 *   longer than the sky fails here);
 * - `overlap`: no two arrows overlap (centre segments at least two
 *   half-widths apart);
 * - `lock-without-key`: every lock has an arrow carrying its key.
 * The gap between arrows and fair reading are shipping rules (validate).
 *
 * @returns the problems, arrows by index; empty for a sky.
 */
export function apsisWellFormed(body: ApsisBody, sky: SkyModel): LevelProblem[] {
  const limits = skyLimits(sky);
  const problems: LevelProblem[] = [];
  const shapes = body.arrows.map((a, i) => {
    if (sky.ringRadii[a.ring - 1] === undefined) {
      problems.push({ reason: "ring", message: `arrow ${i} is on ring ${a.ring}; the sky has rings 1..${sky.ringRadii.length}` });
      return null;
    }
    const s = arrowShape(a, sky);
    if (!fitsAlone(s, limits)) problems.push({ reason: "fits", message: `arrow ${i} (length ${a.length}) is not inside the rim (${sky.rimRadius}) or not ${sky.sunClearance} clear of the sun` });
    return s;
  });
  for (let i = 0; i < shapes.length; i++) {
    const a = shapes[i];
    if (!a) continue;
    for (let j = i + 1; j < shapes.length; j++) {
      const b = shapes[j];
      if (b && segmentSegmentDistanceSq(a.tx, a.ty, a.hx, a.hy, b.tx, b.ty, b.hx, b.hy) < limits.blockSq) {
        problems.push({ reason: "overlap", message: `arrows ${i} and ${j} overlap (less than ${2 * sky.halfWidth} apart)` });
      }
    }
  }
  problems.push(...locksWithoutKey(body));
  return problems;
}
