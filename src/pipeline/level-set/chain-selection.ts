import { InputError } from "../../io/errors.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import { buildProblem, describeBounds, withinBounds, type SelectionInputs } from "../../select/problem/build-problem.ts";
import { extendSelection } from "../../select/solve/extend-selection.ts";
import type { SolveOptions } from "../../select/solve/solve-selection.ts";
import type { Selection, SelectionCandidate, SelectionProblem } from "../../select/problem/selection-problem.ts";
import { slotGroups, type SlotGroup } from "../../select/problem/slot-groups.ts";
import { hasOwnKey } from "../../io/hostile/own-key.ts";
import { CONCEPTS_KEY } from "../../io/concepts/concepts-key.ts";

/**
 * The build's selection problem (SPEC 6), built once and extended part by
 * part instead of compiled again from the whole pool every part and round.
 *
 * The first {@link extend} compiles the problem with `buildProblem` over the
 * pool as it stands (composed levels, the first part's candidates): slots,
 * chain constraints, objective, fixed slots (composed levels, pins),
 * excluded ids and the model's conflicts. Every later call appends only the
 * pool candidates and conflict pairs added since (candidate `k` of the
 * problem is candidate `k` of the pool) and fills the eligible lists of the
 * part's own slots — exactly what `buildProblem` over the whole pool would
 * give for those slots (a differential test pins it): the candidates the
 * model's eligibility admits, not dropped, not excluded, not fixed
 * elsewhere, in id order, narrowed by `bounds`.
 */
export class ChainSelection {
  private problem: SelectionProblem | null = null;
  private groups: SlotGroup[] = [];
  private readonly excluded = new Set<number>();
  private readonly taken = new Set<number>();
  private readonly idIndex = new Map<string, number>();
  private conflictsTaken = 0;
  private readonly inputs: Omit<SelectionInputs, "pool">;

  /** @param inputs the plan, model, ramp (with file names) and the chapters built; the pool comes with each call. */
  constructor(inputs: Omit<SelectionInputs, "pool">) {
    this.inputs = inputs;
  }

  /** The problem so far (after the first {@link extend}). */
  get current(): SelectionProblem | null {
    return this.problem;
  }

  /**
   * One step of the chain: takes the pool's new candidates and conflicts,
   * then solves part (`chapter`, `part`)'s slots with every earlier slot fixed
   * to `picks` (extendSelection).
   *
   * With `ceiling`, only candidates whose value of the model's metric is at
   * most it fill the part's slots (a chain whose metric may not fall then ends
   * at or under it; docs/pipeline.md "Keeping the recorded aims").
   *
   * @returns the step's selection; its picks over the group are the part's levels.
   * @throws InputError (exit 2) as buildProblem for bad inputs or a candidate without a model metric;
   *   NoAnswerError (exit 1) when no continuation meets the model.
   */
  async extend(pool: Pool, chapter: number, part: number, picks: readonly number[], options: SolveOptions, ceiling?: number): Promise<{ selection: Selection; group: SlotGroup; problem: SelectionProblem }> {
    const problem = this.take(pool);
    const group = this.groupOf(chapter, part);
    this.fillEligible(problem, group, this.free(problem));
    if (ceiling !== undefined) {
      const metric = this.inputs.model.metric;
      for (let s = group.start; s < group.end; s++) if (!problem.fixed[s]) problem.eligible[s] = problem.eligible[s].filter((k) => problem.candidates[k].metrics[metric] <= ceiling);
    }
    return { selection: await extendSelection(problem, picks, group, options), group, problem };
  }

  /**
   * The problem as it will be once the parts after (`chapter`, `part`) up to
   * (`throughChapter`, `throughPart`) hold `ahead` too: candidates not in
   * the pool yet (a build that keeps the recorded aims knows the later parts'
   * recorded candidates before it takes them), appended after the pool's, and
   * those parts' eligible lists filled as {@link extend} fills them. The
   * problem of the run is not changed. Call after an {@link extend} of the part.
   *
   * @returns the problem and the slots of the parts after the part (`from`, `to`).
   */
  lookahead(pool: Pool, chapter: number, part: number, ahead: readonly SelectionCandidate[], throughChapter: number, throughPart: number): { problem: SelectionProblem; from: number; to: number } {
    const problem = this.take(pool);
    const first = this.groups.indexOf(this.groupOf(chapter, part)) + 1;
    const last = this.groups.indexOf(this.groupOf(throughChapter, throughPart));
    const keys = this.metricKeys();
    const known = ahead.filter((c) => [...keys].every((k) => hasOwnKey(c.metrics, k)));
    const n = problem.candidates.length;
    const view: SelectionProblem = {
      ...problem,
      candidates: [...problem.candidates, ...known],
      eligible: [...problem.eligible],
      ...(problem.narrowedBy ? { narrowedBy: [...problem.narrowedBy] } : {}),
    };
    const free = [...this.free(problem), ...known.map((_, i) => n + i)];
    for (let g = first; g <= last; g++) this.fillEligible(view, this.groups[g], free);
    return { problem: view, from: this.groups[first - 1].end, to: last >= first ? this.groups[last].end : this.groups[first - 1].end };
  }

  /** The slot group of (`chapter`, `part`). */
  private groupOf(chapter: number, part: number): SlotGroup {
    const group = this.groups.find((g) => g.chapter === chapter && g.part === part);
    if (!group) throw new InputError("pipeline/selection", `expected chapter ${chapter} part ${part} among the selected slots`);
    return group;
  }

  /** Compiles the problem on the first call; afterwards appends the pool's new candidates and conflict pairs. */
  private take(pool: Pool): SelectionProblem {
    if (!this.problem) return this.compile(pool);
    const problem = this.problem;
    const keys = this.metricKeys();
    for (let i = problem.candidates.length; i < pool.candidates.length; i++) {
      const c = pool.candidates[i];
      for (const k of keys) {
        if (!hasOwnKey(c.metrics, k)) throw new InputError("select/build-problem", `expected metric "${k}" (the model uses it)`, { file: this.inputs.poolFile, jsonPath: `$.candidates[${i}].metrics` });
      }
      this.idIndex.set(c.id, i);
      problem.candidates.push({ id: c.id, chapter: c.chapter, part: c.part, metrics: c.metrics, ...(c.concepts?.length ? { concepts: c.concepts } : {}) });
      if (c.dropped !== undefined) this.excluded.add(i);
    }
    this.takeConflicts(pool, problem);
    return problem;
  }

  /** The first compile: buildProblem over the pool so far, and what later steps keep of it. */
  private compile(pool: Pool): SelectionProblem {
    const built = buildProblem({ ...this.inputs, pool });
    const problem = built.problem;
    pool.candidates.forEach((c, i) => {
      this.idIndex.set(c.id, i);
      if (c.dropped !== undefined) this.excluded.add(i);
    });
    // As buildProblem: excluded ids leave every list; composed levels and pins leave every list but their own slot's.
    for (const c of this.inputs.model.constraints) {
      if (c.type === "exclude") this.excluded.add(this.idIndex.get(c.id)!);
      if (c.type === "pin") this.taken.add(this.idIndex.get(c.id)!);
    }
    pool.candidates.forEach((c, i) => {
      if (c.fixedLevel !== undefined && (this.inputs.chapters?.has(c.chapter) ?? true)) this.taken.add(i);
    });
    // buildProblem took the pool's conflicts so far; later ones are appended in pool order.
    this.conflictsTaken = pool.conflicts?.length ?? 0;
    this.groups = slotGroups(problem);
    this.problem = problem;
    return problem;
  }

  /** Appends the pool's conflict pairs added since the last step (as candidate index pairs). */
  private takeConflicts(pool: Pool, problem: SelectionProblem): void {
    const conflicts = pool.conflicts ?? [];
    for (; this.conflictsTaken < conflicts.length; this.conflictsTaken++) {
      const [a, b] = conflicts[this.conflictsTaken].ids.map((id) => this.idIndex.get(id));
      if (a !== undefined && b !== undefined) problem.conflicts.push([a, b]);
    }
  }

  /** The metric keys the model uses (its metric and every constraint key). */
  private metricKeys(): Set<string> {
    const { model } = this.inputs;
    const keys = new Set([model.metric]);
    for (const c of model.constraints) if ("key" in c && c.key !== CONCEPTS_KEY) keys.add(c.key);
    return keys;
  }

  /** The candidates so far that may fill a slot: not dropped, not excluded, not fixed elsewhere. */
  private free(problem: SelectionProblem): number[] {
    return problem.candidates.map((_, k) => k).filter((k) => !this.excluded.has(k) && !this.taken.has(k));
  }

  /** Recomputes the eligible lists (and bounds notes) of the group's slots over the `free` candidates. */
  private fillEligible(problem: SelectionProblem, group: SlotGroup, free: number[]): void {
    const { model } = this.inputs;
    const bounds = model.constraints.filter((c): c is Extract<typeof c, { type: "bounds" }> => c.type === "bounds");
    const byId = (a: number, b: number) => (problem.candidates[a].id < problem.candidates[b].id ? -1 : problem.candidates[a].id > problem.candidates[b].id ? 1 : a - b);
    for (let s = group.start; s < group.end; s++) {
      if (problem.fixed[s]) continue; // a composed level or a pin: its list was settled when the problem was compiled
      const slot = problem.slots[s];
      let list = (model.eligibility === "any" ? free : free.filter((k) => problem.candidates[k].chapter === slot.chapter && problem.candidates[k].part === slot.part)).sort(byId);
      let narrowed: string[] | undefined;
      for (const b of bounds) {
        if (slot.number < (b.from ?? 1) || slot.number > (b.to ?? Infinity)) continue;
        const kept = list.filter((k) => withinBounds(problem.candidates[k].metrics[b.key], b));
        if (kept.length < list.length) (narrowed ??= []).push(describeBounds(b));
        list = kept;
      }
      problem.eligible[s] = list;
      if (problem.narrowedBy) problem.narrowedBy[s] = narrowed;
    }
  }
}
