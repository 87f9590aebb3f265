import type { ApsisBody } from "../level/apsis-body.ts";
import { LevelrampError } from "../../io/errors.ts";
import type { GeneratedLevel, GenerateRequest } from "../../game/game-backend.ts";
import { shuffle } from "../../random/shuffle.ts";
import { parseApsisRules, type ApsisRule } from "../level/apsis-rules.ts";
import { apsisConcepts } from "../check/apsis-concepts.ts";
import { buildSky, type RuleTargets } from "./build-sky.ts";
import { loadBuilderModel, type BuilderModel } from "../model/builder-model.ts";
import { checkLevel } from "../check/check-level.ts";
import { apsisGeneratorSchema, type ApsisGeneratorSettings } from "../model/generator-settings.ts";
import { skyMetrics } from "../measure/measure-sky.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";
import { solveSky } from "../solver/solve-sky.ts";

/** A generated Apsis level: body, rounds solution (arrow indices per round), metrics, rules. */
export type ApsisGenerated = GeneratedLevel<ApsisBody, number[][]>;

/**
 * Where a candidate aims: the reads window it must land in (its level's
 * target ± `aim`, inside the tier window) and its arrow count, interpolated
 * in the tier's arrow range by where the target sits in the tier's reads
 * window (so arrows grow with the target, level by level).
 */
export function candidateAim(settings: ApsisGeneratorSettings, target: number): { reads: [number, number]; arrows: number } {
  const [rLo, rHi] = settings.reads;
  const [aLo, aHi] = settings.arrows;
  const t = Math.min(rHi, Math.max(rLo, target));
  const frac = rHi > rLo ? (t - rLo) / (rHi - rLo) : 0;
  let lo = Math.max(rLo, Math.ceil(t - settings.aim));
  let hi = Math.min(rHi, Math.floor(t + settings.aim));
  if (lo > hi) lo = hi = Math.round(t);
  return { reads: [lo, hi], arrows: Math.round(aLo + frac * (aHi - aLo)) };
}

/**
 * Grows one Apsis candidate for a tier (SPEC 5.2–5.4): builds a sky backwards
 * with the chapter's rules built in, aimed at the level's target with its
 * planned arrow count ± `arrowSlack`; when a build overshoots (or fills up)
 * the next plans one arrow fewer, when it undershoots one more (within the
 * tier's range ± `arrowMargin`, default 2); a build that reaches the reads
 * but not the tier's `depth` floor plans one fewer (at equal reads fewer
 * arrows stand deeper), one that passes the depth top one more. With an
 * `arrowMargin` the build itself never leaves that range either, and no build
 * passes the builder's `maxArrows` (32). Each built sky is
 * proven before it is kept: the graphology rounds solver must agree with the
 * builder, and the shuffled level must pass every check of
 * {@link checkLevel} (replay loses 0 hearts, fits, fair, rules needed).
 *
 * @returns the level, or `null` when `settings.builds` builds gave nothing
 *   (reasons counted in `request.stats`: `build-*`, `proof-*`).
 * @param request its `settings` as `apsisGeneratorSchema` parses them (defaults filled in; the pipeline parses a plan's settings once).
 * @throws LevelrampError (exit 2) on an arrow range starting
 *   past `maxArrows`, or an unknown rule;
 *   (exit 1) when the solver disagrees with the builder (a bug, never shipped).
 */
export function generateLevel(
  request: GenerateRequest<ApsisGeneratorSettings>,
  sky: SkyModel = loadSkyModel(),
  model: BuilderModel = loadBuilderModel(),
): ApsisGenerated | null {
  const { settings } = request;
  const rules = parseApsisRules(request.rules);
  const { rng, stats } = request;
  const count = (key: string) => (stats[key] = (stats[key] ?? 0) + 1);
  const aim = candidateAim(settings, request.target);
  const [aLo, aHi] = settings.arrows;
  const margin = settings.arrowMargin ?? 2;
  if (aLo > model.maxArrows) {
    throw new LevelrampError("apsis/generate", `chapter ${request.chapter} tier ${request.part}: expected an arrow range starting at most at the builder's maxArrows ${model.maxArrows}, got [${aLo}, ${aHi}]`, 2);
  }
  const most = Math.min(aHi + margin, model.maxArrows);
  const least = Math.min(Math.max(1, aLo - margin), most);
  let arrows = Math.min(most, Math.max(least, aim.arrows));
  for (let b = 0; b < settings.builds; b++) {
    const targets = ruleTargets(rules, settings, model, rng);
    const range = buildRange(arrows, settings.arrowSlack, settings.arrowMargin === undefined ? [1, model.maxArrows] : [least, most]);
    const planned = Math.min(range[1], Math.max(range[0], arrows));
    const outcome = buildSky({ arrows: range, plannedArrows: planned, reads: aim.reads, depth: settings.depth, rules: targets, rng, model, sky, stats });
    if (!outcome.ok) {
      // More arrows lift reads; at the same reads, fewer arrows make a deeper sky.
      if (outcome.reason === "undershoot" || outcome.reason === "deep") arrows = Math.min(most, arrows + 1);
      else arrows = Math.max(least, arrows - 1);
      continue;
    }
    const built = outcome.sky;
    const proof = solveSky(built.body, sky);
    if (proof.rounds.some((r, i) => r !== built.rounds[i])) {
      throw new LevelrampError("apsis/generate", `the rounds solver disagrees with the builder on a built sky (builder ${JSON.stringify(built.rounds)}, solver ${JSON.stringify(proof.rounds)})`, 1);
    }
    const order = shuffle(rng, built.body.arrows.map((_, i) => i));
    const body: ApsisBody = { ...built.body, arrows: order.map((i) => built.body.arrows[i]) };
    const solved = solveSky(body, sky);
    const problems = checkLevel(body, solved.solution, rules, sky, model);
    if (problems.length > 0) {
      for (const reason of new Set(problems.map((p) => p.reason))) count(`proof-${reason}`);
      continue;
    }
    return { level: body, solution: solved.solution, metrics: skyMetrics(body, solved), rules: [...rules], concepts: apsisConcepts(body, sky, solved.rounds) };
  }
  return null;
}

/** A build's arrow range: the planned count ± slack, kept inside `bounds` (the tier's range ± `arrowMargin`, or 1..maxArrows). */
function buildRange(arrows: number, slack: number, bounds: readonly [number, number]): [number, number] {
  return [Math.max(arrows - slack, bounds[0]), Math.min(arrows + slack, bounds[1])];
}

/** The marks a build puts in for the chapter's rules; falling rings drawn from the choices. */
function ruleTargets(rules: readonly ApsisRule[], settings: ApsisGeneratorSettings, model: BuilderModel, rng: () => number): RuleTargets {
  const d = model.ruleDefaults;
  const targets: RuleTargets = {};
  if (rules.includes("key")) targets.keys = settings.keys ?? d.keys;
  if (rules.includes("number")) targets.numbers = settings.numbers ?? d.numbers;
  if (rules.includes("falling")) {
    const choices = settings.fallingChoices ?? d.fallingChoices;
    const howMany = Math.min(choices.length, settings.fallingRings ?? d.fallingRings);
    targets.fallingRings = shuffle(rng, choices).slice(0, howMany).sort((a, b) => a - b);
  }
  return targets;
}
