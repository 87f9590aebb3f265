import { chainRulesOf, describeConstraint } from "../rules/chain-rules.ts";
import { relaxedReach, type RelaxedState } from "../rules/relaxed-reach.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";
import { dpApplies, solveDp } from "../dp/solve-dp.ts";
import { SolverLimitError } from "../problem/solver-limits.ts";

/** Why a selection model has no answer (SPEC 6): where the chain breaks and what broke it. */
export interface Diagnosis {
  /** Global level number where no candidate can continue the chain (absent when only conflicts are to blame). */
  level?: number;
  chapter?: number;
  part?: number;
  /** The constraint that removed the last candidates there, e.g. `nonDecreasing(bits)`, `eligibility`, `unique`, `conflict`. */
  constraint: string;
  /** How many candidates were still in play just before that constraint removed them. */
  removed: number;
  /** The nearest pinned, kept or composed level at or before `level`, when there is one. */
  fixedLevel?: { level: number; kind: string; source: string; id: string };
  /** One sentence for the designer. */
  message: string;
}

/**
 * Diagnoses an infeasible selection model, naming the first level no
 * sequence can reach — the same level however many levels follow it. A
 * forward pass over relaxed states (last candidate and run lengths, ignoring
 * "at most once" and conflicts) finds the first level the chain alone cannot
 * reach; the exact dp (if the model is chain-shaped, within its work bound)
 * finds the first level no sequence of distinct candidates reaches. The
 * earlier of the two is named: at the relaxed one, the chain constraints are
 * applied one by one in model order and the one that empties the set of
 * candidates is named; at an earlier exact one, "each candidate at most once"
 * is to blame. (When a pass stops at its work bound, the diagnosis says only
 * what it knows: the exact level without a constraint's name — constraint
 * `unknown` — or, without a level, uniqueness or conflicts.)
 *
 * @param options.relaxedWork the relaxed pass's work bound (transitions; default relaxedReach's, 30,000,000).
 */
export function diagnoseInfeasible(problem: SelectionProblem, options: { relaxedWork?: number } = {}): Diagnosis {
  const rules = chainRulesOf(problem);
  const { infeasibleAt: relaxedAt, before: prev, complete } = relaxedReach(problem, options.relaxedWork);
  // The exact first failing level: before the relaxed one when uniqueness bites first
  // (a part with 20 candidates fails at the same level for 21 planned levels as for 50).
  const exactAt = relaxedAt === 0 ? -1 : exactInfeasibleAt(problem);
  if (exactAt >= 0 && (relaxedAt < 0 || exactAt < relaxedAt)) {
    // Without the relaxed pass (stopped at its work bound) nothing says whether the chain alone breaks there too.
    return describe(problem, exactAt, complete ? "unique" : "unknown", problem.eligible[exactAt].length);
  }
  const k = relaxedAt;
  if (k >= 0) {
    const elig = problem.eligible[k];
    if (elig.length === 0) {
      const by = problem.narrowedBy?.[k];
      return describe(problem, k, by?.length ? by[by.length - 1] : "eligibility", 0);
    }
    // Apply the chain constraints in model order; name the one that empties the set.
    const restart = k > 0 && problem.slots[k].chapter !== problem.slots[k - 1].chapter;
    let alive = new Set(elig);
    for (let u = 0; u < problem.chain.length; u++) {
      const upTo = problem.chain.slice(0, u + 1);
      const allows = (st: RelaxedState, d: number) =>
        upTo.every((c) => {
          if (c.type !== "maxRun") return rules.pairRuleAllows(c, st.c, d, restart);
          const i = rules.runRules.findIndex((x) => x.constraint === c);
          const r = rules.runRules[i];
          return (r.bucket[d] === r.bucket[st.c] && !(restart && r.scoped) ? st.runs[i] + 1 : 1) <= r.length;
        });
      const survivors = new Set([...alive].filter((d) => prev.some((st) => allows(st, d))));
      if (survivors.size === 0) return describe(problem, k, describeConstraint(problem.chain[u]), alive.size);
      alive = survivors;
    }
    return describe(problem, k, "chain", alive.size);
  }
  if (!complete) {
    return {
      constraint: "unknown",
      removed: 0,
      message: "no sequence meets the model (the solver proved it); the pass that names the level and constraint stopped at its work bound — select fewer levels at once (select --incremental, build --chapters) to see where",
    };
  }
  return {
    constraint: problem.conflicts.length ? "conflict" : "unique",
    removed: 0,
    message: problem.conflicts.length
      ? "every sequence the chain allows ships both candidates of some conflict pair (or one candidate twice)"
      : "every sequence the chain allows uses some candidate twice",
  };
}

/** The first slot no sequence of distinct candidates reaches (the exact dp), or −1: the model is not chain-shaped, the dp stopped at its work bound, or every slot is reached. */
function exactInfeasibleAt(problem: SelectionProblem): number {
  if (!dpApplies(problem)) return -1;
  try {
    const exact = solveDp(problem);
    return "infeasibleAt" in exact ? exact.infeasibleAt : -1;
  } catch (err) {
    if (!(err instanceof SolverLimitError)) throw err;
    return -1;
  }
}

function describe(problem: SelectionProblem, k: number, constraint: string, removed: number): Diagnosis {
  const slot = problem.slots[k];
  let fixedLevel: Diagnosis["fixedLevel"];
  for (let j = k; j >= 0 && j >= k - 1; j--) {
    const f = problem.fixed[j];
    if (f) {
      fixedLevel = { level: problem.slots[j].number, kind: f.kind, source: f.source, id: problem.candidates[problem.eligible[j][0]]?.id ?? "?" };
      break;
    }
  }
  const where = `level ${slot.number} (chapter ${slot.chapter}, part ${slot.part})`;
  let message =
    constraint.startsWith("bounds(")
      ? `no candidate is eligible for ${where}: ${constraint} removed the last of them`
      : constraint === "eligibility"
      ? `no candidate is eligible for ${where}: the pool has none left for it`
      : constraint === "unique"
        ? `no candidate can continue the chain at ${where} without using a candidate twice`
        : constraint === "unknown"
          ? `no sequence reaches ${where}: the chain constraints, with each candidate used at most once, leave no candidate there (the pass that names the constraint stopped at its work bound; select fewer levels at once to see which)`
          : `no candidate can continue the chain at ${where}: ${constraint} removed the last ${removed}`;
  if (fixedLevel) {
    message +=
      fixedLevel.level === slot.number
        ? `; level ${fixedLevel.level} is ${fixedLevel.kind === "keep" ? "kept" : fixedLevel.kind === "pin" ? "pinned" : "composed"} to ${fixedLevel.id} (${fixedLevel.source})`
        : `; it follows level ${fixedLevel.level}, ${fixedLevel.kind === "keep" ? "kept" : fixedLevel.kind === "pin" ? "pinned" : "composed"} to ${fixedLevel.id} (${fixedLevel.source})`;
  }
  return { level: slot.number, chapter: slot.chapter, part: slot.part, constraint, removed, fixedLevel, message };
}
