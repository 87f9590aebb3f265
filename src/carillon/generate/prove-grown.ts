import { NoAnswerError } from "../../io/errors.ts";
import { withBuiltInBells } from "./dress/best-dressing.ts";
import { fieldEngine } from "../solver/field-engine.ts";
import type { GrownField } from "./grow/grow-field.ts";
import { measureBits } from "../measure/measure-bits.ts";
import { leanNamed } from "../measure/measure-carillon.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { solveField } from "../solver/solve-field.ts";

/**
 * Proves a guarded grown field (SPEC 4.3 item 5): it is built around its
 * answer, so with the built-in heavy bells marked its roots must be exactly
 * the goal and the winning first taps (`guard-mismatch` otherwise; a search
 * past the solver's limit is `search-limit`). With `withBits`, also measures
 * its bits (SPEC 4.5; the steering's measure of a grown field before any
 * dressing).
 *
 * @returns the bits (0 without `withBits`), or null when the proof failed (the reason counted in `stats`).
 */
export function proveGrown(grown: GrownField, models: CarillonModels, stats: Record<string, number>, withBits: boolean): number | null {
  const count = (reason: string): void => {
    stats[reason] = (stats[reason] ?? 0) + 1;
  };
  try {
    const engine = fieldEngine(withBuiltInBells(grown), models.physics);
    const base = solveField(engine.model, { maxStates: models.solver.maxStates });
    if (base.goal !== grown.roots.length || base.winningFirstTaps.join() !== grown.roots.join()) {
      count("guard-mismatch");
      return null;
    }
    return withBits ? measureBits(engine.model, base.goal, leanNamed(models), { maxStates: models.difficulty.maxStates }).bits : 0;
  } catch (err) {
    if (err instanceof NoAnswerError) {
      count("search-limit");
      return null;
    }
    throw err;
  }
}
