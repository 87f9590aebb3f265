import { shuffle } from "../random/index.ts";
import { countReason, unmarkedDots, type DressContext } from "./dress-context.ts";
import { compileField } from "./field.ts";
import { ringFrames } from "./ring-frames.ts";
import { checkRuleGeometry } from "./rule-geometry.ts";

/**
 * Drifters (SPEC 4.4): `count` dots drawn uniformly, each with a step of a
 * length drawn in generator.json's `driftStep` and a uniform direction
 * (rounded to 0.1 units). A step is kept only when the field stays fair to
 * read at every position up to the expected goal's last tap (the final check
 * repeats this with the proven goal); `tries` steps per dot.
 *
 * @returns the drifters placed.
 */
export function drawDrifters(ctx: DressContext, count: number): number {
  const { models, rng } = ctx;
  const [lo, hi] = models.generator.dressing.driftStep;
  let placed = 0;
  for (const d of shuffle(rng, unmarkedDots(ctx))) {
    if (placed >= count) break;
    for (let t = 0; t < models.generator.dressing.tries; t++) {
      const length = lo + rng() * (hi - lo);
      const angle = rng() * 2 * Math.PI;
      const step: [number, number] = [Math.round(length * Math.cos(angle) * 10) / 10, Math.round(length * Math.sin(angle) * 10) / 10];
      const trial = ctx.dots.slice();
      trial[d] = { ...trial[d], mark: { kind: "drifter", step } };
      const field = compileField({ width: ctx.field.width, height: ctx.field.height, dots: trial }, models.physics);
      if (checkRuleGeometry(field, ringFrames(field), models.fair, ctx.expectedGoal - 1).length === 0) {
        ctx.dots[d] = trial[d];
        placed++;
        break;
      }
      countReason(ctx, "drifter-unfair-step");
    }
  }
  return placed;
}
