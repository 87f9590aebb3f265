import type { CarillonBody } from "../level/carillon-body.ts";
import type { CarillonModels } from "../model/load-models.ts";
import { markUnits, withoutMarks } from "./mark-units.ts";
import { bodyHasAnswer, solveBody } from "../solver/solve-body.ts";
import type { SolveResult } from "../solver/solve-field.ts";
import type { TapModelCache } from "../solver/tap-model-cache.ts";
import type { MarkKind } from "../level/compile-field.ts";

/** What {@link stripUnneededMarks} found. */
export interface MarkMattersResult {
  /** The body with every mark that did not matter removed. */
  body: CarillonBody;
  /** Mark units removed (dot indices; a duet pair as two), in the order they were tried. */
  removed: number[][];
  /** Mark units kept. */
  kept: number[][];
  /** The solver's answer on the returned body (same goal and winning first taps as the input). */
  solved: SolveResult;
  /** Solver runs and answer checks made. */
  solves: number;
  /**
   * Set when a rule of `mustKeep` lost its last mark and the passes stopped
   * there: the first such rule in `mustKeep`'s order. `body` is then the
   * field at that point and `solved` the answer known for it (its goal and
   * winning first taps; the stored solution is that of the field before the
   * last removal).
   */
  gone?: MarkKind;
}

/** Options of {@link stripUnneededMarks}. */
export interface StripOptions {
  /** Shares ring frames and bounds between the trials ({@link TapModelCache}); same answers. */
  cache?: TapModelCache;
  /**
   * Rules that must keep a mark (a chapter's rules): once one loses its last
   * mark, a removal is never undone, so the result cannot keep it, and the
   * passes stop (`gone`). Default: none, every pass runs.
   */
  mustKeep?: readonly MarkKind[];
}

/**
 * "Every mark matters" (SPEC 4.5): in dot-index order, remove each mark from
 * the field as it stands after the earlier removals; if the field then has
 * the same goal and the same set of winning first taps, the mark stays
 * removed. Passes repeat over the kept marks until one removes nothing, so
 * the result is a fixed point: run again on the returned body, nothing is
 * removed. A duet pair is one mark (see {@link markUnits}).
 *
 * @param solved the solver's answer on `body`, when already known.
 * @param maxGoal the most taps the solver tries on `body` when `solved` is
 *   not given (default: every dot). Each trial without a mark is searched
 *   only up to the current goal: one needing more (or unsolvable, a home
 *   note that can no longer pop last) has a different goal, so its mark stays.
 * @param maxStates the solver's state limit (default solver.json's).
 * @param options a shared `cache` (same answers, less work) and `mustKeep`,
 *   rules whose last mark's removal ends the passes early ({@link StripOptions}).
 * @throws NoAnswerError past the solver's limits.
 */
export function stripUnneededMarks(
  body: CarillonBody,
  models: CarillonModels,
  solved?: SolveResult,
  maxGoal?: number,
  maxStates?: number,
  options: StripOptions = {},
): MarkMattersResult {
  const { cache, mustKeep = [] } = options;
  let solves = 0;
  let current = body;
  let currentSolved = solved ?? (solves++, solveBody(body, models, { maxGoal, maxStates, cache }));
  const removed: number[][] = [];
  let kept: number[][] = markUnits(body);
  // Passes until one removes nothing: a mark kept early in a pass (it mattered while a later
  // mark was there) can stop mattering once that later mark goes, so one pass is not enough
  // for the result to pass the check again (found on a chapter 13 build: a horn kept, then a
  // later mark removed, and `verify` then found the horn did not matter).
  for (let changed = true; changed; ) {
    changed = false;
    const next: number[][] = [];
    for (const unit of kept) {
      const trial = withoutMarks(current, unit);
      // Only "the same goal and winning first taps" matters: the check stops at the first difference.
      solves++;
      if (bodyHasAnswer(trial, models, currentSolved, maxStates, cache)) {
        current = trial;
        removed.push(unit);
        changed = true;
        const gone = mustKeep.find((kind) => !current.dots.some((d) => d.mark?.kind === kind));
        if (gone) return { body: current, removed, kept: [...next, ...kept.slice(kept.indexOf(unit) + 1)], solved: currentSolved, solves, gone };
      } else {
        next.push(unit);
      }
    }
    kept = next;
  }
  // The answer on the body returned (same goal and winning first taps; its stored solution may differ).
  if (removed.length > 0) {
    solves++;
    currentSolved = solveBody(current, models, { maxGoal: currentSolved.goal, maxStates, cache });
  }
  return { body: current, removed, kept, solved: currentSolved, solves };
}
