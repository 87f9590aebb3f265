import type { LevelProblem } from "../../game/game-backend.ts";
import type { ArrowShape } from "../level/arrow-shape.ts";
import { capsulesClear, fitsAlone } from "../level/arrow-fits.ts";
import type { SkyLimits } from "../level/sky-limits.ts";
import { isFairDistanceSq, wayDistanceSq, wayThroughSun } from "../level/way-out.ts";

/**
 * Every geometric check of a finished sky (SPEC 5.1): each arrow fits on its
 * own (`fits`: rim and sun), every pair keeps the gap (`gap`), no way out
 * passes through the sun (`way-sun`), and every segment-to-way distance is
 * fair to read (`unfair`). Empty when the sky passes.
 */
export function skyProblems(shapes: readonly ArrowShape[], limits: SkyLimits): LevelProblem[] {
  const problems: LevelProblem[] = [];
  const sky = limits.sky;
  shapes.forEach((s, i) => {
    if (!fitsAlone(s, limits)) {
      problems.push({ reason: "fits", message: `arrow ${i} is not inside the rim (${sky.rimRadius}) or not ${sky.sunClearance} clear of the sun` });
    }
    if (wayThroughSun(s, limits)) {
      problems.push({ reason: "way-sun", message: `arrow ${i}'s way out passes within ${sky.sunRadius + sky.waySunMargin} of the centre` });
    }
  });
  for (let i = 0; i < shapes.length; i++) {
    for (let j = i + 1; j < shapes.length; j++) {
      if (!capsulesClear(shapes[i], shapes[j], limits)) problems.push({ reason: "gap", message: `arrows ${i} and ${j} are less than ${sky.gap} apart` });
    }
  }
  for (let a = 0; a < shapes.length; a++) {
    for (let b = 0; b < shapes.length; b++) {
      if (a === b) continue;
      const d = wayDistanceSq(shapes[b], shapes[a]);
      if (!isFairDistanceSq(d, limits)) {
        problems.push({
          reason: "unfair",
          message: `arrow ${b} is ${Math.sqrt(d).toFixed(3)} from arrow ${a}'s way out (fair: ≤ ${sky.fairOn} or ≥ ${sky.fairOff})`,
        });
      }
    }
  }
  return problems;
}
