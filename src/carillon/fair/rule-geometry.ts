import { bearing, coneEdgeClearance, inCone } from "../level/cone.ts";
import { echoSizes } from "../level/echo-sizes.ts";
import type { CarillonFair } from "../model/fair-model.ts";
import type { CarillonProblem } from "./fair-problem.ts";
import type { CarillonField } from "../level/compile-field.ts";
import { DOT_SIZES } from "../model/physics-model.ts";
import type { RingFrames } from "../level/ring-frames.ts";

const fmt = (v: number): string => (Math.round(v * 100) / 100).toString();

/**
 * The geometric half of fair to read on a field with rules (SPEC 4.2, 4.4),
 * at every position the field takes from the start up to `lastTaps` taps
 * (drifters: the positions read before each of the goal's taps, so
 * `lastTaps` = goal − 1; a field where nothing moves has one position):
 * - `fair-inside`, `fair-gap`: as on a plain field, at every position;
 * - `fair-margin`: |dist − radius(B) − R| ≥ reachMargin (10) for every ring
 *   R a dot can emit — its own; for an echo stone, every size it can echo
 *   ({@link echoSizes}); for a horn, the doubled reach, for the dots whose
 *   centres lie inside its cone;
 * - `fair-cone`: every dot whose edge lies within a horn's doubled reach +
 *   reachMargin has its centre at least `hornAngleMargin` (8°) clear of the
 *   cone's edges.
 * Each pair is reported once, at the first position where it fails.
 */
export function checkRuleGeometry(field: CarillonField, frames: RingFrames, fair: CarillonFair, lastTaps: number): CarillonProblem[] {
  const problems: CarillonProblem[] = [];
  const reported = new Set<string>();
  const eps = 1e-9;
  const last = frames.moves ? Math.max(0, lastTaps) : 0;
  const echo = echoSizes(field, frames, last);
  const { coneHalfAngle } = field.physics.horn;
  const report = (reason: string, dots: number[], message: string, taps: number): void => {
    const key = `${reason}:${dots.join(",")}`;
    if (reported.has(key)) return;
    reported.add(key);
    problems.push({ reason, message: taps > 0 ? `after ${taps} tap${taps > 1 ? "s" : ""}, ${message}` : message, dots });
  };
  for (let t = 0; t <= last; t++) {
    const { x, y } = frames.at(t);
    for (let a = 0; a < field.count; a++) {
      const r = field.radius[a];
      if (x[a] - r < -eps || y[a] - r < -eps || x[a] + r > field.width + eps || y[a] + r > field.height + eps) {
        report("fair-inside", [a], `dot ${a} is not wholly inside the ${field.width} × ${field.height} field`, t);
      }
    }
    for (let a = 0; a < field.count; a++) {
      for (let b = a + 1; b < field.count; b++) {
        const gap = Math.hypot(x[a] - x[b], y[a] - y[b]) - field.radius[a] - field.radius[b];
        if (gap < fair.minGap - eps) report("fair-gap", [a, b], `dots ${a} and ${b} are ${fmt(gap)} units apart edge to edge (at least ${fair.minGap})`, t);
      }
    }
    for (let a = 0; a < field.count; a++) {
      const facing = field.facing[a];
      const horn = !Number.isNaN(facing);
      const reachesOf = field.byMark.echo.includes(a) ? echo[a].map((s) => field.physics.sizes[DOT_SIZES[s]].reach) : [field.reach[a]];
      for (let b = 0; b < field.count; b++) {
        if (a === b) continue;
        const edge = Math.hypot(x[a] - x[b], y[a] - y[b]) - field.radius[b];
        const direction = bearing(x[a], y[a], x[b], y[b]);
        if (horn) {
          const reach = field.reach[a];
          if (edge <= reach + fair.reachMargin + eps && coneEdgeClearance(facing, direction, coneHalfAngle) < fair.hornAngleMargin - eps) {
            report(
              "fair-cone",
              [a, b],
              `dot ${b}'s centre lies ${fmt(coneEdgeClearance(facing, direction, coneHalfAngle))}° from an edge of horn ${a}'s cone (at least ${fair.hornAngleMargin}°)`,
              t,
            );
          }
          if (!inCone(facing, direction, coneHalfAngle, eps)) continue;
        }
        for (const reach of reachesOf) {
          const d = edge - reach;
          if (Math.abs(d) < fair.reachMargin - eps) {
            const ring = horn ? "horn ring" : reachesOf.length > 1 || field.byMark.echo.includes(a) ? `echoed ring (reach ${reach})` : "ring";
            const how = d <= 0 ? `reaches dot ${b} with only ${fmt(-d)} units to spare` : `misses dot ${b} by only ${fmt(d)} units`;
            report("fair-margin", [a, b], `dot ${a}'s ${ring} ${how} (at least ${fair.reachMargin})`, t);
          }
        }
      }
    }
  }
  return problems;
}
