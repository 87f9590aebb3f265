import { chainRulesOf, chapterStarts } from "./chain-rules.ts";
import { candidateValues } from "../problem/candidate-columns.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";

/** Pairs of consecutive eligible candidates {@link chainCeiling} looks at before it gives up (and answers +Infinity: no ceiling known). */
const MAX_PAIRS = 20_000_000;

/**
 * The **ceiling** before slot `from` (docs/pipeline.md "Keeping the recorded
 * aims"): the highest value of the model's metric a level right before slot
 * `from` may have so that slots `from`..`to − 1` can still be filled from their
 * eligible lists — the highest first level of any way to fill them, since the
 * metric may not fall (`nonDecreasing` on it, scoped to the game; without
 * that rule every end is allowed: +Infinity).
 *
 * A relaxation, so the value is an upper bound on the true one: every
 * pairwise chain rule holds between consecutive slots (chapter-scoped ones
 * lifted at chapter starts, those scoped to introductions everywhere) and no
 * candidate fills two consecutive slots, but `maxRun`, concept rules,
 * conflict pairs and a candidate coming back after another are left out,
 * and so are the rules on other keys between the level before `from` and
 * the first filled one. A backward pass over the slots: which candidates of
 * slot s can start a filling of s..to − 1. O(Σ |eligible(s)| × |eligible(s + 1)|).
 *
 * @param problem the selection problem (its `eligible` lists for the slots looked at).
 * @param from first slot of the stretch (0 ≤ from ≤ to).
 * @param to the slot after the stretch's last (≤ problem.slots.length).
 * @param used candidates already chosen before `from`: they fill none of these slots.
 * @returns the ceiling in the metric's unit; +Infinity when nothing bounds it
 *   (an empty stretch, no `nonDecreasing` on the metric, or more than 20 million
 *   pairs to look at); −Infinity when the stretch cannot be filled even so.
 */
export function chainCeiling(problem: SelectionProblem, from: number, to: number, used: ReadonlySet<number> = new Set()): number {
  if (from >= to) return Infinity;
  const climbs = problem.chain.find((c) => c.type === "nonDecreasing" && c.key === problem.metric && (c.scope ?? "game") === "game");
  const lists = problem.eligible.slice(from, to).map((l) => l.filter((c) => !used.has(c)));
  let pairs = 0;
  for (let s = 0; s + 1 < lists.length; s++) pairs += lists[s].length * lists[s + 1].length;
  if (pairs > MAX_PAIRS) return Infinity;
  const rules = chainRulesOf(problem);
  const restart = chapterStarts(problem.slots);
  // Backward: `ok` holds the candidates of slot s from which slots s + 1..to − 1 can be filled.
  let ok = lists[lists.length - 1];
  for (let s = to - 2; s >= from; s--) {
    const next = ok;
    ok = lists[s - from].filter((c) => next.some((d) => d !== c && rules.pairOk(c, d, restart[s + 1] === 1, true)));
    if (ok.length === 0) return -Infinity;
  }
  if (ok.length === 0) return -Infinity;
  if (!climbs) return Infinity;
  const values = candidateValues(problem, problem.metric);
  return ok.reduce((m, c) => Math.max(m, values[c]), -Infinity);
}
