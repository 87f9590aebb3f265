import { InputError, NoAnswerError } from "../../io/errors.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import type { GeneratedLevel } from "../../game/game-backend.ts";
import type { Rng } from "../../random/create-rng.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import { stepValue } from "../model/generator-model.ts";
import { loadCarillonModels, type CarillonModels } from "../model/load-models.ts";
import { milestonesAt } from "../generate/grow/milestones.ts";
import { checkLevel } from "../check/check-level.ts";
import { carillonConcepts } from "../check/carillon-concepts.ts";
import { compareCarillon } from "../dedup/compare-carillon.ts";
import type { CarillonDedupLevel } from "../dedup/prepare-carillon-level.ts";
import { fieldEngine } from "../solver/field-engine.ts";
import { solveField } from "../solver/solve-field.ts";
import { composeCandidate, type ComposedCandidate, type ComposeScores, type LevelDemand } from "./compose-candidate.ts";
import { drawFigure } from "./figure/draw-figure.ts";
import type { CarillonCompose } from "../model/compose-model.ts";
import { loadComposeModels, type ComposeModels } from "../model/load-compose-model.ts";
import { selectComposedSet } from "./select-composed-set.ts";

/** Options of {@link composeFirstFive}. */
export interface ComposeOptions {
  /** Engine model files (default: the project's models/carillon/). */
  models?: CarillonModels;
  /** compose.json and ramp.json (default: the project's models/carillon/). */
  composeModels?: ComposeModels;
}

/** Score breakdown of one chosen level (what `--stats` prints). */
export interface ComposedLevelBreakdown {
  level: number;
  figure: string;
  variation: number;
  /** Candidates that passed every check, of the variations drawn. */
  pool: number;
  drawn: number;
  scores: ComposeScores;
  total: number;
  bits: number;
  target: number;
  goal: number;
  dots: number;
  /** Ring arrivals in the stored solution, and how many fell on the grid. */
  arrivals: number;
  onGrid: number;
  params: Record<string, number | string>;
}

/** Everything composition produced. */
export interface ComposeResult {
  /** Levels 1..count in order, as the GameBackend contract returns them. */
  levels: GeneratedLevel<CarillonBody, number[]>[];
  /** The chosen candidates, in level order. */
  chosen: ComposedCandidate[];
  /** Every candidate that passed, per level. */
  pools: ComposedCandidate[][];
  breakdown: ComposedLevelBreakdown[];
  /** Share of all the chosen levels' ring arrivals on the grid. */
  rhythm: number;
  /** The set's total score. */
  score: number;
}

const r6 = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * Composes Carillon's first `count` levels (SPEC 4.6). For each level, draws
 * `variationsPerLevel` variations of its figure (compose.json), turns each
 * into a proven, measured, noted, scored candidate with the engine's own
 * checks ({@link composeCandidate}; rejections are counted in `stats` by
 * reason, prefixed `compose-` where composition's own), then picks the set
 * together ({@link selectComposedSet}): milestones of generator.json (goal,
 * sizes: each level must bring the size it first allows), bits and goal
 * never falling, the last level below the ramp target and at most the
 * fewest taps of level count + 1, at least `minRhythm` of all arrivals on
 * the grid, best total score. Each chosen level is validated once more with
 * the backend's full check. The breakdown of each chosen level goes into
 * `stats` as `compose-level-<n>-<score>` (melody, rhythm, symmetry, fill,
 * ramp, total, bits, pool).
 *
 * Deterministic given `rng` (variations are drawn level by level from it),
 * and bounded: `variationsPerLevel` layouts per level, each measured under
 * the solver's state limits.
 *
 * @throws InputError (exit 2) when `count` is not 1..the levels compose.json describes.
 * @throws NoAnswerError (exit 1) when a level has no candidate or no set meets the constraints.
 */
export function composeFirstFive(count: number, rng: Rng, stats: Record<string, number>, options: ComposeOptions = {}): ComposeResult {
  // 1. The models, and the count the compose model describes.
  const models = options.models ?? loadCarillonModels();
  const { compose, ramp } = options.composeModels ?? loadComposeModels();
  if (!Number.isInteger(count) || count < 1 || count > compose.levels.length) {
    throw new InputError("carillon/compose", `expected a number of composed levels from 1 to ${compose.levels.length} (compose.json levels), got ${count}`);
  }
  const target = rampTarget(ramp);
  const count1 = (reason: string) => (stats[reason] = (stats[reason] ?? 0) + 1);
  // 2. Level by level, every variation that passes the checks (drawn from rng in level order).
  const pools: ComposedCandidate[][] = [];
  for (let i = 0; i < count; i++) pools.push(composePool(compose.levels[i], { models, compose, target, rng, count1 }));
  // 3. The best set under the constraints that holds no two levels the same.
  const next = count + 1;
  const constraints = { bitsBelow: target(next), goalAtMost: stepValue(models.generator.milestones.minGoal, next), minRhythm: compose.minRhythm };
  const chosen = distinctSet(pools, constraints, models, count1);
  if (!chosen) {
    throw new NoAnswerError(
      "carillon/compose",
      `no set of levels 1–${count} keeps bits and goal from falling, stays below level ${next}'s target ${target(next)} bits, puts ${compose.minRhythm * 100}% of its arrivals on the grid and holds no two levels that are the same (pools: ${pools.map((p) => p.length).join(", ")})`,
    );
  }
  // 4. Each chosen level passes the back end's full check once more.
  const picked = chosen.picks.map((p, i) => pools[i][p]);
  const levels = picked.map((c) => {
    const problems = checkLevel(c.body, c.solution, [], models);
    if (problems.length > 0) throw new NoAnswerError("carillon/compose", `level ${c.level} fails its final check: ${problems.map((p) => p.message).join("; ")}`);
    return { level: c.body, solution: c.solution, metrics: { ...c.metrics }, rules: [], concepts: carillonConcepts(c.body, models) };
  });
  // 5. The breakdown of each chosen level, also into stats.
  const breakdown = picked.map((c, i) => breakdownOf(c, pools[i].length, compose.variationsPerLevel, target(c.level)));
  recordBreakdown(stats, breakdown, chosen);
  return { levels, chosen: picked, pools, breakdown, rhythm: chosen.rhythm, score: chosen.score };
}

/** What composing one level's pool needs: the models, the ramp, the stream, the rejection counter. */
interface PoolContext {
  models: CarillonModels;
  compose: CarillonCompose;
  target: (level: number) => number;
  rng: Rng;
  count1: (reason: string) => void;
}

/**
 * One level's pool: `variationsPerLevel` variations of its figure, each made
 * a proven, measured, scored candidate ({@link composeCandidate}); what fails
 * is counted by reason.
 *
 * @throws NoAnswerError (exit 1) when no variation passes.
 */
function composePool(spec: CarillonCompose["levels"][number], { models, compose, target, rng, count1 }: PoolContext): ComposedCandidate[] {
  const level = spec.level;
  const milestones = milestonesAt(models.generator, level, 1);
  const previous = level > 1 ? milestonesAt(models.generator, level - 1, 1).sizes : [];
  const demand: LevelDemand = {
    level,
    milestones,
    mustHave: level > 1 ? milestones.sizes.filter((s) => !previous.includes(s)) : [],
    everyTapWins: spec.everyTapWins,
    target: target(level),
  };
  const ctx = { physics: models.physics, fair: models.fair, compose, sizes: milestones.sizes, rng };
  const pool: ComposedCandidate[] = [];
  for (let v = 0; v < compose.variationsPerLevel; v++) {
    const layout = drawFigure(spec.figure, ctx);
    if (!layout) {
      count1("compose-layout");
      continue;
    }
    const made = composeCandidate(layout, v, demand, models, compose);
    if ("reason" in made) count1(made.reason);
    else pool.push(made);
  }
  if (pool.length === 0) {
    throw new NoAnswerError("carillon/compose", `no variation of level ${level}'s ${spec.figure} passed every check (${compose.variationsPerLevel} drawn; reasons in stats)`);
  }
  return pool;
}

/**
 * The best set ({@link selectComposedSet}) in which no two levels are "the
 * same" (SPEC 7): when the best set holds a repeat, the later level's
 * candidate leaves its pool (in place) and the set is chosen again, bounded
 * by the pools' sizes. `null` when no set meets the constraints.
 */
function distinctSet(pools: ComposedCandidate[][], constraints: Parameters<typeof selectComposedSet>[1], models: CarillonModels, count1: (reason: string) => void): ReturnType<typeof selectComposedSet> {
  const records = new Map<ComposedCandidate, CarillonDedupLevel>();
  const recordOf = (c: ComposedCandidate): CarillonDedupLevel => {
    let r = records.get(c);
    if (!r) {
      const engine = fieldEngine(c.body, models.physics);
      r = { body: c.body, reachGraph: engine.graph, winningFirstTaps: solveField(engine.model, { maxStates: models.solver.maxStates }).winningFirstTaps };
      records.set(c, r);
    }
    return r;
  };
  let chosen = selectComposedSet(pools, constraints);
  for (let round = 0; chosen && round < pools.reduce((n, p) => n + p.length, 0); round++) {
    const set = chosen.picks.map((p, i) => pools[i][p]);
    let repeat: [number, number] | undefined;
    for (let j = 1; j < set.length && !repeat; j++) {
      for (let i = 0; i < j && !repeat; i++) if (compareCarillon(recordOf(set[i]), recordOf(set[j])).same) repeat = [i, j];
    }
    if (!repeat) break;
    count1("compose-repeat");
    const [, j] = repeat;
    pools[j] = pools[j].filter((c) => c !== set[j]);
    chosen = pools[j].length ? selectComposedSet(pools, constraints) : null;
  }
  return chosen;
}

/** The score breakdown of one chosen candidate (what `--stats` prints). */
function breakdownOf(c: ComposedCandidate, pool: number, drawn: number, target: number): ComposedLevelBreakdown {
  return {
    level: c.level,
    figure: c.figure,
    variation: c.variation,
    pool,
    drawn,
    scores: c.scores,
    total: c.total,
    bits: c.metrics.bits,
    target,
    goal: c.metrics.goal,
    dots: c.metrics.dots,
    arrivals: c.rhythm.arrivals,
    onGrid: c.rhythm.onGrid,
    params: c.params,
  };
}

/** Each chosen level's scores, total, bits and pool into `stats` (`compose-level-<n>-<name>`), then the set's rhythm and score. */
function recordBreakdown(stats: Record<string, number>, breakdown: readonly ComposedLevelBreakdown[], chosen: { rhythm: number; score: number }): void {
  for (const b of breakdown) {
    const key = (name: string) => `compose-level-${b.level}-${name}`;
    for (const [name, value] of Object.entries(b.scores)) stats[key(name)] = r6(value);
    stats[key("total")] = r6(b.total);
    stats[key("bits")] = b.bits;
    stats[key("pool")] = b.pool;
  }
  stats["compose-rhythm"] = r6(chosen.rhythm);
  stats["compose-score"] = r6(chosen.score);
}
