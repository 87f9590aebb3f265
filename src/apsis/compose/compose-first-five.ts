import type { ApsisBody } from "../level/apsis-body.ts";
import { LevelrampError, NoAnswerError } from "../../io/errors.ts";
import type { Rng } from "../../random/create-rng.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { shuffle } from "../../random/shuffle.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import type { ArrowPlacement } from "../level/arrow-shape.ts";
import { checkLevel } from "../check/check-level.ts";
import { apsisConcepts } from "../check/apsis-concepts.ts";
import { drawSmallSky } from "./draw-small-sky.ts";
import { loadApsisRamp, loadFirstFiveModel, type FirstFiveModel } from "../model/first-five-model.ts";
import type { ApsisGenerated } from "../generate/generate-level.ts";
import { skyMetrics } from "../measure/measure-sky.ts";
import { skyLooks } from "./sky-looks.ts";
import { skyLimits } from "../level/sky-limits.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";
import { smallSkyRounds } from "./small-sky-rounds.ts";
import { solveSky } from "../solver/solve-sky.ts";
import { taughtShare } from "./sky-teaching.ts";

/** Options of {@link composeFirstFive}. */
export interface ComposeFirstFiveOptions {
  /** Draws per level (default: the model's `draws`, 100,000). */
  draws?: number;
  model?: FirstFiveModel;
  sky?: SkyModel;
  /** The reads ramp whose values at levels 1..count are the targets (default `models/apsis/ramp.json`). */
  ramp?: Ramp;
}

/**
 * Composes the fixed first levels (SPEC 5.5), levels 1..count in order. For
 * each, `draws` small systems are drawn (mostly turn- or mirror-symmetric)
 * and checked on the bitmask fast path; a system is eligible when it fits,
 * is fair to read, can be cleared, teaches (at least two rounds, every round
 * after the first holding an arrow that was blocked before), and is not
 * easier than the level before (reads and arrows never fall). The eligible
 * system with the best score is kept: weights · (symmetry, spread, balance,
 * taught share) − readsOff · |reads − target|, the target being the ramp's
 * value at the level; ties keep the earlier draw.
 * The kept sky is stored shuffled, proven by the graphology solver and every
 * level check. Deterministic given `rng`; bounded by the draw count.
 *
 * @param count how many levels (1..the levels the model lists).
 * @param stats rejection counters (`first-five-<reason>`), incremented in place.
 * @throws LevelrampError (exit 2) when the model has no settings for a level
 *   or the ramp is not a reads ramp;
 *   NoAnswerError (exit 1) when no draw of a level was eligible.
 */
export function composeFirstFive(count: number, rng: Rng, stats: Record<string, number>, options: ComposeFirstFiveOptions = {}): ApsisGenerated[] {
  const model = options.model ?? loadFirstFiveModel();
  const sky = options.sky ?? loadSkyModel();
  const draws = options.draws ?? model.draws;
  const limits = skyLimits(sky);
  const ramp = options.ramp ?? loadApsisRamp();
  if (ramp.metric !== "reads") throw new LevelrampError("apsis/first-five", `expected a reads ramp for the first five's targets, got a ramp of "${ramp.metric}"`, 2);
  const target = rampTarget(ramp);
  const w = model.weights;
  const bump = (key: string) => (stats[key] = (stats[key] ?? 0) + 1);
  for (let level = 1; level <= count; level++) {
    if (!model.levels.some((l) => l.level === level)) throw new LevelrampError("apsis/first-five", `the first-five model has no settings for level ${level}`, 2);
  }
  const out: ApsisGenerated[] = [];
  let floorReads = 0;
  let floorArrows = 0;
  for (let level = 1; level <= count; level++) {
    const spec = model.levels.find((l) => l.level === level)!;
    const readsTarget = target(level);
    let best: { arrows: ArrowPlacement[]; score: number } | null = null;
    const lookMost = Math.max(0, w.symmetry) + Math.max(0, w.spread) + Math.max(0, w.balance) + Math.max(0, w.taught);
    for (let d = 0; d < draws; d++) {
      const drawn = drawSmallSky(rng, spec.arrows, model, sky).arrows;
      const solved = smallSkyRounds(drawn, limits);
      if (typeof solved === "string") {
        bump(`first-five-${solved}`);
        continue;
      }
      const blocked = solved.blockers.map((b) => b !== 0);
      const taught = taughtShare(solved.rounds, blocked);
      if (solved.depth < 2 || taught * solved.depth < solved.depth - 1) {
        bump("first-five-teaches-nothing");
        continue;
      }
      if (solved.reads < floorReads || drawn.length < floorArrows) {
        bump("first-five-easier");
        continue;
      }
      const readsCost = w.readsOff * Math.abs(solved.reads - readsTarget);
      if (best && lookMost - readsCost <= best.score) continue;
      const looks = skyLooks(drawn, sky);
      const score = w.symmetry * looks.symmetry + w.spread * looks.spread + w.balance * looks.balance + w.taught * taught - readsCost;
      if (!best || score > best.score) best = { arrows: drawn, score };
    }
    if (!best) throw new NoAnswerError("apsis/first-five", `level ${level}: none of ${draws} draws fitted, cleared, taught and kept the climb`);
    const body: ApsisBody = { hearts: sky.hearts, arrows: shuffle(rng, best.arrows).map((a) => ({ ...a })) };
    const proof = solveSky(body, sky);
    const problems = checkLevel(body, proof.solution, [], sky);
    if (problems.length > 0) {
      throw new LevelrampError("apsis/first-five", `level ${level}: the kept sky fails its checks: ${problems.map((p) => p.message).join("; ")}`, 1);
    }
    floorReads = proof.reads;
    floorArrows = body.arrows.length;
    out.push({ level: body, solution: proof.solution, metrics: skyMetrics(body, proof), rules: [], concepts: apsisConcepts(body, sky, proof.rounds) });
  }
  return out;
}
