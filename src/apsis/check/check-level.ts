import type { ApsisBody } from "../level/apsis-body.ts";
import { NoAnswerError } from "../../io/errors.ts";
import type { LevelProblem } from "../../game/game-backend.ts";
import { isApsisRule, rulesInEffect, type ApsisRule } from "../level/apsis-rules.ts";
import { replayLaunches } from "../level/replay-launches.ts";
import { ruleNeeded } from "./rule-needed.ts";
import { skyLimits } from "../level/sky-limits.ts";
import { loadSkyModel, type SkyModel } from "../model/sky-model.ts";
import { skyProblems } from "./sky-problems.ts";
import { locksWithoutKey } from "./apsis-well-formed.ts";
import { keepsRingSpread, largestRingShare } from "../measure/ring-spread.ts";
import { loadBuilderModel, type BuilderModel } from "../model/builder-model.ts";
import { solveSky, type SolvedSky } from "../solver/solve-sky.ts";

/**
 * Every check a shipped Apsis level must pass (SPEC 5.1–5.4), in order:
 * - geometry: fits, gap, way clear of the sun, fair to read (`fits`, `gap`, `way-sun`, `unfair`);
 * - size and spread (SPEC 5.2, `models/apsis/builder.json`): at most
 *   `maxArrows` arrows (`arrows-over`), and no ring holding more than
 *   `spread.maxRingShare` of a sky of `spread.fromArrows` or more arrows (`ring-crowded`);
 * - marks: every lock has a key (`lock-without-key`);
 * - the sky can be cleared (`cycle`: the hold graph has a cycle);
 * - the stored solution is the rounds solution (`solution`);
 * - replaying it launch by launch loses exactly 0 hearts and clears the sky (`replay`);
 * - rules: each rule listed is in effect (`rule-missing`), each rule in effect
 *   is listed (`rule-unlisted`, `rule-unknown`) and needed (`rule-needed`).
 * Empty when the level passes.
 *
 * @param solution the stored rounds solution: arrow indices per round.
 * @param rules the rules the level is shipped with (plan/pool names).
 */
export function checkLevel(
  body: ApsisBody,
  solution: readonly (readonly number[])[],
  rules: readonly string[],
  sky: SkyModel = loadSkyModel(),
  builder: BuilderModel = loadBuilderModel(),
): LevelProblem[] {
  const limits = skyLimits(sky);
  let solved: SolvedSky;
  const problems: LevelProblem[] = [];
  const n = body.arrows.length;
  if (n > builder.maxArrows) problems.push({ reason: "arrows-over", message: `the sky has ${n} arrows, more than the ${builder.maxArrows} the rings hold (maxArrows)` });
  if (!keepsRingSpread(body.arrows, builder.spread)) {
    const most = Math.round(largestRingShare(body.arrows) * n);
    const ring = body.arrows.find((a) => body.arrows.filter((b) => b.ring === a.ring).length === most)!.ring;
    problems.push({
      reason: "ring-crowded",
      message: `ring ${ring} holds ${most} of ${n} arrows (${((100 * most) / n).toFixed(1)}%), more than ${(100 * builder.spread.maxRingShare).toFixed(0)}% of a sky of ${builder.spread.fromArrows}+ arrows`,
    });
  }
  problems.push(...locksWithoutKey(body));
  try {
    solved = solveSky(body, sky);
  } catch (err) {
    if (err instanceof NoAnswerError) return [...problems, { reason: "cycle", message: err.message }];
    throw err;
  }
  problems.unshift(...skyProblems(solved.shapes, limits));

  const flat = solution.flat();
  const launchedOnce = new Set(flat).size === flat.length && flat.length === body.arrows.length;
  const sameRounds =
    launchedOnce && solution.length === solved.depth && solution.every((members, r) => members.every((a) => solved.rounds[a] === r + 1));
  if (!sameRounds) {
    problems.push({ reason: "solution", message: `the stored solution is not the rounds solution ${JSON.stringify(solved.solution)}` });
  }
  const replay = replayLaunches(body, flat.filter((a) => Number.isInteger(a) && a >= 0 && a < body.arrows.length), sky);
  if (replay.heartsLost !== 0 || !replay.cleared) {
    const held = replay.launches.find((l) => l.heldBy.length > 0);
    problems.push({
      reason: "replay",
      message: `replaying the solution loses ${replay.heartsLost} heart(s)${replay.cleared ? "" : ` and leaves arrows ${replay.remaining.join(", ")}`}${held ? ` (arrow ${held.arrow}: ${held.heldBy.join(", ")})` : ""}`,
    });
  }

  const inEffect = rulesInEffect(body);
  const listed: ApsisRule[] = [];
  for (const name of rules) {
    if (!isApsisRule(name)) problems.push({ reason: "rule-unknown", message: `"${name}" is not an Apsis rule` });
    else if (!listed.includes(name)) listed.push(name);
  }
  for (const rule of listed) {
    if (!inEffect.includes(rule)) problems.push({ reason: "rule-missing", message: `the level lists rule "${rule}" but carries none of its marks` });
  }
  for (const rule of inEffect) {
    if (!listed.includes(rule)) problems.push({ reason: "rule-unlisted", message: `the level carries "${rule}" marks but does not list the rule` });
    const need = ruleNeeded(body, rule, sky, solved.rounds);
    if (!need.needed) problems.push({ reason: "rule-needed", message: `with rule "${rule}" taken off every arrow leaves in the same round: the level does not need it` });
  }
  return problems;
}
