import type { Rng } from "../../random/create-rng.ts";
import { pick, randomInt } from "../../random/random-int.ts";
import type { ArrowPlacement } from "../level/arrow-shape.ts";
import { normalizeDegrees } from "../level/degree-trig.ts";
import type { FirstFiveModel } from "../model/first-five-model.ts";
import type { SkyModel } from "../model/sky-model.ts";

/** How a small system was drawn. */
export type SmallSkyKind = "turn" | "mirror" | "free";

/**
 * Draws one small system for the composed levels (SPEC 5.5): with
 * probability `symmetricShare` symmetric — a k-fold turn of a few base
 * arrows, or a mirror about an axis (pairs plus up to two arrows lying on
 * the axis, pointing along it) — otherwise free. Base arrows point straight
 * out with probability `radialShare` and reuse an earlier base arrow's angle
 * (on another ring, so one can stand in the other's way) with probability
 * `sharedAngleShare`. Nothing is checked here: the caller checks fits,
 * fairness and rounds.
 *
 * @param arrows the arrow count range [low, high].
 */
export function drawSmallSky(rng: Rng, arrows: readonly [number, number], model: FirstFiveModel, sky: SkyModel): { kind: SmallSkyKind; arrows: ArrowPlacement[] } {
  const [lo, hi] = arrows;
  const rings = sky.ringRadii.length;
  const base = (m: number): ArrowPlacement[] => {
    const out: ArrowPlacement[] = [];
    for (let i = 0; i < m; i++) {
      const angle = out.length > 0 && rng() < model.sharedAngleShare ? pick(rng, out).angle : randomInt(rng, 0, 359);
      const direction = rng() < model.radialShare ? angle : randomInt(rng, 0, 359);
      out.push({ ring: randomInt(rng, 1, rings), angle, length: pick(rng, sky.lengths), direction });
    }
    return out;
  };
  if (rng() < model.symmetricShare) {
    const turns = model.turns.filter((k) => 360 % k === 0 && Math.floor(hi / k) >= Math.max(1, Math.ceil(lo / k)));
    if (turns.length > 0 && rng() < 0.5) {
      const k = pick(rng, turns);
      const m = randomInt(rng, Math.max(1, Math.ceil(lo / k)), Math.floor(hi / k));
      const step = 360 / k;
      const out: ArrowPlacement[] = [];
      for (const a of base(m)) {
        for (let j = 0; j < k; j++) {
          out.push({ ...a, angle: normalizeDegrees(a.angle + j * step), direction: normalizeDegrees(a.direction + j * step) });
        }
      }
      return { kind: "turn", arrows: out };
    }
    const total = randomInt(rng, lo, hi);
    const axis = randomInt(rng, 0, 179);
    const onAxis = total % 2 === 1 ? 1 : total >= 2 && rng() < 0.5 ? 2 : 0;
    const out: ArrowPlacement[] = [];
    for (const a of base((total - onAxis) / 2)) {
      out.push(a, { ...a, angle: normalizeDegrees(2 * axis - a.angle), direction: normalizeDegrees(2 * axis - a.direction) });
    }
    for (let i = 0; i < onAxis; i++) {
      const angle = rng() < 0.5 ? axis : axis + 180;
      const direction = rng() < model.radialShare ? angle : rng() < 0.5 ? axis : axis + 180;
      out.push({ ring: randomInt(rng, 1, rings), angle, length: pick(rng, sky.lengths), direction });
    }
    return { kind: "mirror", arrows: out };
  }
  return { kind: "free", arrows: base(randomInt(rng, lo, hi)) };
}
