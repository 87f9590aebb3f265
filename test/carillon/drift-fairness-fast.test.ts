// The drifter draw's fairness filter (SPEC 4.2, 4.4): the allocation-free version on a prepared scene
// (squared-distance skip, square root, Math.hypot only near a threshold) against the reference, the
// plain per-pair Math.hypot walk the draw used before, on grown fields with drifters already placed.
import { describe, expect, it } from "vitest";
import type { DressContext } from "../../src/carillon/generate/dress/dress-context.ts";
import { driftScene, driftStaysFairIn } from "../../src/carillon/generate/dress/draw-drifters.ts";
import { driftCoordinate } from "../../src/carillon/level/drift.ts";
import { compileField } from "../../src/carillon/level/compile-field.ts";
import { growField } from "../../src/carillon/generate/grow/grow-field.ts";
import { loadCarillonModels } from "../../src/carillon/model/load-models.ts";
import type { CarillonBody, CarillonDot } from "../../src/carillon/level/carillon-body.ts";
import { createRng } from "../../src/random/index.ts";

const models = loadCarillonModels();

/** The reference: every pair, every tap count, Math.hypot, positions rebuilt per pair. */
function driftStaysFairReference(ctx: DressContext, d: number, step: readonly [number, number], lastTaps: number): boolean {
  const { field, dots } = ctx;
  const { minGap, reachMargin } = models.fair;
  const at = (i: number, t: number): [number, number] => {
    const m = i === d ? { kind: "drifter" as const, step } : dots[i].mark;
    if (m?.kind !== "drifter") return [field.x[i], field.y[i]];
    return [driftCoordinate(field.x[i], m.step[0], field.radius[i], field.width, t), driftCoordinate(field.y[i], m.step[1], field.radius[i], field.height, t)];
  };
  for (let t = 1; t <= lastTaps; t++) {
    const [x, y] = at(d, t);
    for (let b = 0; b < field.count; b++) {
      if (b === d) continue;
      const [bx, by] = at(b, t);
      const dist = Math.hypot(x - bx, y - by);
      if (dist - field.radius[d] - field.radius[b] < minGap) return false;
      if (Math.abs(dist - field.radius[b] - field.sizeReach[d]) < reachMargin) return false;
      if (Math.abs(dist - field.radius[d] - field.reach[b]) < reachMargin) return false;
    }
  }
  return true;
}

const ctxOf = (body: CarillonBody, dots: CarillonDot[] = body.dots.slice()) => ({ dots, field: compileField(body, models.physics), models }) as unknown as DressContext;

describe("drifter draw: fairness on a prepared scene", () => {
  it("gives the reference's answer for every dot and step of grown fields, most pairs skipped on their squared distance, many steps by the last breaking pair", () => {
    const rng = createRng("drift-fast");
    let agree = 0;
    let fair = 0;
    let far = 0;
    let pairs = 0;
    let killed = 0;
    for (let s = 0; s < 6; s++) {
      const grown = growField({ level: 170, chapter: 9, settings: { dots: [30, 40], roots: [6, 6], coreSize: [2, 3] }, rng: createRng(`drift-fast/${s}`), stats: {}, models });
      if (!grown) continue;
      const dots = grown.body.dots.slice();
      // Two drifters already placed: the others move too.
      dots[1] = { ...dots[1], mark: { kind: "drifter", step: [35, -20] } };
      dots[5] = { ...dots[5], mark: { kind: "drifter", step: [-60, 12.5] } };
      const ctx = ctxOf(grown.body, dots);
      for (let d = 0; d < dots.length; d += 3) {
        if (dots[d].mark) continue;
        const scene = driftScene(ctx, d, 5);
        for (let k = 0; k < 30; k++) {
          const a = rng() * 2 * Math.PI;
          const len = 30 + 60 * rng();
          const step: [number, number] = [Math.round(len * Math.cos(a) * 10) / 10, Math.round(len * Math.sin(a) * 10) / 10];
          const fast = driftStaysFairIn(ctx, scene, step);
          expect(fast).toBe(driftStaysFairReference(ctx, d, step, 5));
          agree++;
          if (fast) fair++;
        }
        far += scene.far;
        killed += scene.killed;
        pairs += scene.far + scene.exact;
      }
    }
    expect(agree).toBeGreaterThan(500);
    // Both answers occur, and the fast path really ran: pairs were skipped without a square root.
    expect(fair).toBeGreaterThan(0);
    expect(fair).toBeLessThan(agree);
    expect(far).toBeGreaterThan(0);
    expect(far).toBeGreaterThanOrEqual(pairs / 2);
    // Steps ruled out by the pair that ruled out the step before, alone.
    expect(killed).toBeGreaterThan(0);
  });

  it("a pair exactly at a threshold is decided again with Math.hypot, and the gap is kept at equality", () => {
    const body: CarillonBody = {
      width: 640,
      height: 900,
      dots: [
        { x: 100, y: 300, size: "normal", note: 0 },
        // After one tap of step (10, 0) the centres are 50 apart: 18 + 18 + the 14-unit gap, exactly.
        { x: 160, y: 300, size: "normal", note: 1 },
        { x: 500, y: 800, size: "small", note: 2 },
      ],
    };
    const ctx = ctxOf(body);
    const scene = driftScene(ctx, 0, 1);
    expect(driftStaysFairIn(ctx, scene, [10, 0])).toBe(true);
    expect(driftStaysFairReference(ctx, 0, [10, 0], 1)).toBe(true);
    expect(scene.exact).toBe(1);
    // One unit further in: the gap breaks.
    expect(driftStaysFairIn(ctx, scene, [11, 0])).toBe(false);
    expect(driftStaysFairReference(ctx, 0, [11, 0], 1)).toBe(false);
  });
});
