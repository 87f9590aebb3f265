import { NoAnswerError } from "../../io/errors.ts";
import { roundMetric } from "../../io/round-metric.ts";
import type { CarillonBody, CarillonDot } from "../level/carillon-body.ts";
import type { CarillonState } from "../level/carillon-state.ts";
import { fieldEngine, type FieldEngine } from "../solver/field-engine.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { measureCarillon, type CarillonMeasure } from "../measure/measure-carillon.ts";
import type { Milestones } from "../generate/grow/milestones.ts";
import { simulateTap, type TapOutcome } from "../level/simulate-tap.ts";
import { assignNotes } from "./melody/assign-notes.ts";
import type { CarillonCompose } from "../model/compose-model.ts";
import { fillScore } from "./score/fill-score.ts";
import type { Layout } from "./figure/layout.ts";
import { melodyScore, type Voice } from "./melody/melody-cost.ts";
import { rhythmOf, type Rhythm } from "./score/rhythm-score.ts";
import { symmetryScore } from "./score/symmetry-score.ts";

/** The five scores of a composed candidate, each in [0, 1]. */
export interface ComposeScores {
  melody: number;
  rhythm: number;
  symmetry: number;
  fill: number;
  /** 1 − |bits − ramp target| / rampScale, floored at 0. */
  ramp: number;
}

/** A composed, proven, measured candidate for one of the first levels. */
export interface ComposedCandidate {
  level: number;
  figure: string;
  /** Index of the variation drawn for this level. */
  variation: number;
  /** The body: dots in pop order of the stored solution, notes set, `goal` set. */
  body: CarillonBody;
  /** The stored solution (SPEC 4.2). */
  solution: number[];
  /** `{bits, goal, dots, starts}`, rounded to 6 decimals. */
  metrics: { bits: number; goal: number; dots: number; starts: number };
  scores: ComposeScores;
  /** Weighted sum of the scores (compose.json `weights`). */
  total: number;
  rhythm: Rhythm;
  /** The figure's drawn parameters. */
  params: Record<string, number | string>;
}

/** What a level asks of its candidates. */
export interface LevelDemand {
  level: number;
  /** Sizes allowed, and the goal the level must have (milestones of generator.json). */
  milestones: Milestones;
  /** Sizes that must appear (the size the level introduces). */
  mustHave: readonly string[];
  /** Every first tap must win (level 1). */
  everyTapWins: boolean;
  /** Ramp target in bits at this level. */
  target: number;
}

const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** Plays a solution through the engine's event simulation, tap by tap. */
function play(engine: FieldEngine, solution: readonly number[]): TapOutcome[] {
  const { field, rings, model } = engine;
  let state: CarillonState = model.start();
  return solution.map((dot) => {
    const outcome = simulateTap(field, state, dot, { rings });
    state = outcome.next;
    return outcome;
  });
}

/**
 * Turns a laid-out figure into a candidate (SPEC 4.6), or names why not.
 * Centres are rounded (compose.json `coordinateDecimals`) before any check;
 * then, with the engine's own checks only: every dot `edgeMargin` inside the
 * field (`compose-margin`); proven and fair to read (measureCarillon: the
 * problem's reason, `search-limit` past the limits); the level's goal
 * (`compose-goal`), every tap winning on level 1 (`compose-every-tap`), only
 * allowed sizes and the newly allowed one present (`compose-sizes`), finite
 * bits (`bits-infinite`). The dots are then renumbered in the pop order of
 * the stored solution (which renumbers the solution to each chain's first
 * dot) and played again through the engine; each tap's pops become a voice
 * whose notes are searched exactly ({@link assignNotes}), and the candidate
 * is scored: melody, rhythm ({@link rhythmOf}), symmetry, fill and ramp.
 */
export function composeCandidate(
  layout: Layout,
  variation: number,
  demand: LevelDemand,
  models: CarillonModels,
  compose: CarillonCompose,
): ComposedCandidate | { reason: string } {
  const { physics } = models;
  const { width, height } = physics.field;
  const dots: CarillonDot[] = layout.dots.map((d) => ({
    x: round(d.x, compose.coordinateDecimals),
    y: round(d.y, compose.coordinateDecimals),
    size: d.size,
    note: compose.notes.home,
  }));
  for (const d of dots) {
    const r = physics.sizes[d.size].radius + compose.edgeMargin;
    if (d.x < r || d.y < r || d.x > width - r || d.y > height - r) return { reason: "compose-margin" };
  }
  const sizes = new Set(dots.map((d) => d.size));
  if ([...sizes].some((s) => !demand.milestones.sizes.includes(s)) || demand.mustHave.some((s) => !sizes.has(s as CarillonDot["size"]))) {
    return { reason: "compose-sizes" };
  }
  let first: CarillonMeasure;
  try {
    first = measureCarillon({ width, height, dots }, { models });
  } catch (err) {
    if (err instanceof NoAnswerError) return { reason: "search-limit" };
    throw err;
  }
  if (first.fair.problems.length > 0) return { reason: first.fair.problems[0].reason };
  if (first.goal !== demand.milestones.minGoal) return { reason: "compose-goal" };
  if (demand.everyTapWins && first.winningFirstTaps.length !== first.dots) return { reason: "compose-every-tap" };
  if (!Number.isFinite(first.bits)) return { reason: "bits-infinite" };

  const order = play(first.engine, first.solution).flatMap((o) => o.popped);
  const renumbered = order.map((i) => dots[i]);
  const newIndex = new Array<number>(order.length);
  order.forEach((old, i) => (newIndex[old] = i));
  // The stored solution, renumbered: each tap is its chain's first pop, so it
  // is still the lexicographically smallest fair optimal solution (the final
  // check of the chosen levels measures them again and would say otherwise).
  const solution = first.solution.map((d) => newIndex[d]);
  const outcomes = play(fieldEngine({ width, height, dots: renumbered }, physics), solution);
  const { grid, tolerance } = compose.beats;
  const voices: Voice[] = outcomes.map((o) => ({
    sizes: o.popped.map((d) => renumbered[d].size),
    parent: o.poppedBy.map((by) => (by < 0 ? -1 : o.popped.indexOf(by))),
    final: o.popTimes.map((t) => Math.abs(t - o.popTimes[o.popTimes.length - 1]) <= tolerance),
  }));
  const tunes = voices.map((v) => assignNotes(compose, v).notes);
  const notes = new Array<number>(renumbered.length).fill(compose.notes.home);
  outcomes.forEach((o, i) => o.popped.forEach((d, k) => (notes[d] = tunes[i][k])));
  const body: CarillonBody = { width, height, dots: renumbered.map((d, i) => ({ ...d, note: notes[i] })), goal: first.goal };

  const rhythm = rhythmOf(outcomes, grid, tolerance);
  const bits = roundMetric(first.bits);
  const scores: ComposeScores = {
    melody: melodyScore(compose, voices, tunes),
    rhythm: rhythm.score,
    symmetry: symmetryScore(renumbered, compose.symmetry.axes, compose.symmetry.tolerance).score,
    fill: fillScore(
      renumbered.map((d) => ({ x: d.x, y: d.y, radius: physics.sizes[d.size].radius })),
      width,
      height,
    ),
    ramp: Math.max(0, 1 - Math.abs(bits - demand.target) / compose.rampScale),
  };
  const w = compose.weights;
  const total = w.melody * scores.melody + w.rhythm * scores.rhythm + w.symmetry * scores.symmetry + w.fill * scores.fill + w.ramp * scores.ramp;
  return {
    level: demand.level,
    figure: layout.figure,
    variation,
    body,
    solution,
    metrics: { bits, goal: first.goal, dots: first.dots, starts: first.starts },
    scores,
    total,
    rhythm,
    params: layout.params,
  };
}
