import type { SelectionCandidate } from "../../select/problem/selection-problem.ts";
import type { PlanPartWork } from "../inputs/plan-parts.ts";
import type { ReuseRunner } from "../reuse/reuse-runner.ts";
import type { GrowBatchTask } from "../workers/pipeline-task.ts";

/** The recorded candidates of the parts after one, as {@link ChainForesight.ahead} gives them. */
export interface PartsAhead {
  /** Plan index of the last part of the row the pool holds (the part itself when it holds none after it). */
  through: number;
  /** Their candidates, part by part in plan order, each part's in the order the run would take them. */
  candidates: SelectionCandidate[];
}

/**
 * What a build that keeps the recorded aims knows before it takes the later
 * parts (docs/pipeline.md "Keeping the recorded aims"): every batch the
 * earlier pool holds for a part whose generator inputs did not change is
 * answered as grown, whatever its aim, so those parts' candidates are known
 * now — the rounds the earlier run took, in the order this run would take
 * them (a round is asked only after the ones before it). A part whose first
 * round the pool does not hold ends the row: it is grown for the chain this
 * run chooses, as a whole build grows it (SPEC 9). Its methods throw nothing
 * of their own; each part's candidates are read from the pool once.
 */
export class ChainForesight {
  private readonly held = new Map<number, SelectionCandidate[] | null>();

  /**
   * @param runner the run's reuse runner (it answers without counting: a look ahead).
   * @param parts the run's parts, in plan order.
   * @param tasksOf the batch tasks of round `round` of part `index` (their aims do not matter here).
   * @param rounds the most rounds a part may take (1 + extra rounds + refine rounds).
   */
  constructor(
    private readonly runner: ReuseRunner,
    private readonly parts: readonly PlanPartWork[],
    private readonly tasksOf: (index: number, round: number) => GrowBatchTask[],
    private readonly rounds: number,
  ) {}

  /** The parts after part `index` (plan order) whose first round the pool holds, in a row, and their recorded candidates. */
  ahead(index: number): PartsAhead {
    const candidates: SelectionCandidate[] = [];
    let through = index;
    for (let q = index + 1; q < this.parts.length; q++) {
      const held = this.recorded(q);
      if (held === null) break;
      candidates.push(...held);
      through = q;
    }
    return { through, candidates };
  }

  /** Whether the pool holds round `round` of part `index` whole (so taking it grows nothing). */
  holdsRound(index: number, round: number): boolean {
    return this.parts[index].grow.length > 0 && this.runner.recorded(this.tasksOf(index, round)) !== null;
  }

  /** Part `index`'s recorded candidates over every round the pool holds in a row from the first (a repeated id once), or null when it does not hold the first; a part with nothing to grow holds none. */
  private recorded(index: number): SelectionCandidate[] | null {
    const known = this.held.get(index);
    if (known !== undefined) return known;
    let out: SelectionCandidate[] | null = this.parts[index].grow.length === 0 ? [] : null;
    const seen = new Set<string>();
    for (let r = 0; r < this.rounds && this.parts[index].grow.length > 0; r++) {
      const answers = this.runner.recorded(this.tasksOf(index, r));
      if (answers === null) break;
      out ??= [];
      for (const c of answers.flatMap((a) => a.candidates)) {
        if (seen.has(c.id)) continue;
        seen.add(c.id);
        out.push({ id: c.id, chapter: c.chapter, part: c.part, metrics: c.metrics, ...(c.concepts?.length ? { concepts: c.concepts } : {}) });
      }
    }
    this.held.set(index, out);
    return out;
  }
}
