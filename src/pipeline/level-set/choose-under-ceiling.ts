import { NoAnswerError } from "../../io/errors.ts";
import type { Selection, SelectionProblem } from "../../select/problem/selection-problem.ts";
import type { SlotGroup } from "../../select/problem/slot-groups.ts";

/** One step of the build's chain (ChainSelection.extend): the part's selection, its slots and the problem. */
export interface ChainStep {
  selection: Selection;
  group: SlotGroup;
  problem: SelectionProblem;
}

/** What the later parts' recorded candidates leave a part (a build that keeps the recorded aims; ChainForesight). */
export interface ChainAhead {
  /** The chain's end after the part may not pass this (chainCeiling over the later parts: an upper bound, metric units; −Infinity when they cannot be filled at all). */
  ceiling: number;
  /** Whether the later parts can still be filled after `picks` (every slot up to the part's last), as the selection checks them: every rule of the model. */
  completes(picks: readonly number[]): Promise<boolean>;
}

/** What {@link chooseUnderCeiling} chose. */
export interface CeilingChoice {
  /** The part's levels. */
  step: ChainStep;
  /** The value of the metric the part's levels were kept at or under, when its own best would have blocked the later parts. */
  ceiling?: number;
  /** True when no choice of the part's candidates lets the later parts continue: `step` is then the part's own best. */
  blocked?: true;
}

/**
 * A part's levels when the later parts' candidates are known
 * (docs/pipeline.md "Keeping the recorded aims"): the part's own best
 * continuation (`best`, optimal given the earlier parts) when
 * the later parts can continue from it; else the best one whose chain ends
 * at or under the highest value of the metric from which they can — the
 * part's candidates' values at or under the ceiling and below its own
 * best's end, highest first, searched by halving (a lower value leaves the
 * later parts more, so past the highest that works they work on, until the
 * part itself cannot be filled; a `maxRise` on the metric can break that,
 * and the search then keeps a lower one that works, or none). Every answer is checked with
 * `ahead.completes`; when none passes, the part's own best, `blocked`.
 *
 * @param best the part's best levels (ChainSelection.extend without a ceiling).
 * @param extend the part's best levels with their metric at most `ceiling`;
 *   throws NoAnswerError when none meet the model.
 * @param picks the levels chosen before the part (pool indices, in level order).
 * @param metric the model's metric (its chain may not fall).
 * @throws what `extend` or `ahead.completes` throw, but NoAnswerError (a ceiling under which the part cannot be filled).
 */
export async function chooseUnderCeiling(best: ChainStep, extend: (ceiling: number) => Promise<ChainStep>, ahead: ChainAhead, picks: readonly number[], metric: string): Promise<CeilingChoice> {
  const endOf = (s: ChainStep) => s.problem.candidates[s.selection.picks[s.group.end - 1]].metrics[metric];
  const continues = async (s: ChainStep) => endOf(s) <= ahead.ceiling && (await ahead.completes([...picks, ...s.selection.picks.slice(s.group.start, s.group.end)]));
  if (best.group.end <= best.group.start || (await continues(best))) return { step: best };
  const { problem, group } = best;
  const seen = new Set<number>();
  for (let s = group.start; s < group.end; s++) for (const k of problem.eligible[s]) seen.add(problem.candidates[k].metrics[metric]);
  const top = Math.min(endOf(best), ahead.ceiling);
  const caps = [...seen].filter((v) => v < endOf(best) && v <= top).sort((a, b) => b - a);
  // null: the part's levels under the cap block the later parts; undefined: the part cannot be filled under it
  const under = async (i: number): Promise<ChainStep | null | undefined> => {
    let s: ChainStep;
    try {
      s = await extend(caps[i]);
    } catch (err) {
      if (err instanceof NoAnswerError) return undefined;
      throw err;
    }
    return (await continues(s)) ? s : null;
  };
  if (caps.length === 0) return { step: best, blocked: true };
  const first = await under(0);
  if (first) return { step: first, ceiling: caps[0] };
  if (first === undefined) return { step: best, blocked: true };
  // caps[lo] blocks; the highest cap that works, if any, lies in (lo, hi)
  let lo = 0;
  let hi = caps.length;
  let found: { step: ChainStep; at: number } | null = null;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    const s = await under(mid);
    if (s === null) lo = mid;
    else {
      hi = mid;
      if (s) found = { step: s, at: mid };
    }
  }
  // past the search's assumption (a lower cap never blocks what a higher one let through), a checked answer still serves
  return found ? { step: found.step, ceiling: caps[found.at] } : { step: best, blocked: true };
}
