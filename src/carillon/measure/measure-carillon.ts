import { InputError } from "../../io/errors.ts";
import type { CarillonBody } from "../level/carillon-body.ts";
import { condensationSources } from "../level/condensation-sources.ts";
import { checkFairToRead, type FairReport } from "../fair/fair-to-read.ts";
import { fieldEngine, type FieldEngine } from "../solver/field-engine.ts";
import type { Lean } from "../model/difficulty-model.ts";
import { loadCarillonModels, type CarillonModels } from "../model/load-models.ts";
import { measureBits } from "./measure-bits.ts";
import { solveField, type SolveResult } from "../solver/solve-field.ts";

/** Options of {@link measureCarillon}. */
export interface MeasureOptions {
  /** Model files (default: the project's models/carillon/). */
  models?: CarillonModels;
  /** Name of the lean model for bits (default: difficulty.json's `lean`). */
  lean?: string;
  /** Wall-clock abort for each search, milliseconds (never changes an answer). */
  deadlineMs?: number;
}

/** Everything measured about one field. */
export interface CarillonMeasure {
  /** Fewest taps. */
  goal: number;
  /** Every first tap that begins some optimal solution, ascending. */
  winningFirstTaps: number[];
  /** The stored solution: the lexicographically smallest optimal solution meeting the pop rule, else the solver's lexicographically smallest one. */
  solution: number[];
  /** Difficulty in bits under the chosen lean. */
  bits: number;
  /** Dots on the field. */
  dots: number;
  /** Dots in source components of the reach graph's condensation. */
  starts: number;
  /** The fair-to-read report (problems empty when fair). */
  fair: FairReport;
  /** States explored by the solver, the pop-rule search and the bits recursion. */
  states: { solver: number; fair: number; bits: number };
  engine: FieldEngine;
  solved: SolveResult;
}

/**
 * Resolves a lean model by name.
 *
 * @throws InputError (exit 2) for a name difficulty.json does not define.
 */
export function leanNamed(models: CarillonModels, name: string = models.difficulty.lean): Lean {
  const lean = models.difficulty.leans[name];
  if (!lean) {
    throw new InputError("carillon/measure", `expected a lean model name (${Object.keys(models.difficulty.leans).join(", ")}), got '${name}'`);
  }
  return lean;
}

/**
 * Proves and measures a field (SPEC 4.5), plain or with rules (SPEC 4.4):
 * solver (goal, winning first taps), bits, fair to read (SPEC 4.2) with the
 * stored solution, dots, starts (sources of the reach graph's condensation,
 * each dot's own ring before the first tap).
 *
 * @throws InputError for a malformed mark or an unknown lean.
 * @throws NoAnswerError past the solver's or the bits recursion's limits.
 */
export function measureCarillon(body: CarillonBody, options: MeasureOptions = {}): CarillonMeasure {
  const models = options.models ?? loadCarillonModels();
  const lean = leanNamed(models, options.lean);
  const engine = fieldEngine(body, models.physics);
  const solved = solveField(engine.model, { maxStates: models.solver.maxStates, deadlineMs: options.deadlineMs });
  // Bits before fair to read: on a field with rules the order check covers every tap the searches played.
  const bits = measureBits(engine.model, solved.goal, lean, { maxStates: models.difficulty.maxStates, deadlineMs: options.deadlineMs });
  const fair = checkFairToRead(engine, solved, models.fair, { maxStates: models.solver.maxStates, deadlineMs: options.deadlineMs });
  const starts = condensationSources(engine.graph).reduce((a, c) => a + c.length, 0);
  return {
    goal: solved.goal,
    winningFirstTaps: solved.winningFirstTaps,
    solution: fair.solution ?? solved.solution,
    bits: bits.bits,
    dots: engine.field.count,
    starts,
    fair,
    states: { solver: solved.states, fair: fair.states, bits: bits.states },
    engine,
    solved,
  };
}
