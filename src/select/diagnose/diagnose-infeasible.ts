import type { ConceptConstraint } from "../../io/schemas/model.ts";
import { chainRulesOf, describeConstraint } from "../rules/chain-rules.ts";
import { conceptStepBreaks } from "../rules/concept-automaton.ts";
import { describeConceptConstraint } from "../rules/concept-breaks.ts";
import { relaxedReach, type RelaxedState } from "../rules/relaxed-reach.ts";
import { candidateConcepts } from "../problem/candidate-columns.ts";
import type { SelectionProblem } from "../problem/selection-problem.ts";
import { dpApplies, solveDp, type DpOptions } from "../dp/solve-dp.ts";
import { SolverLimitError } from "../problem/solver-limits.ts";

/** Why a selection model has no answer (SPEC 6): where the chain breaks and what broke it. */
export interface Diagnosis {
  /** Global level number where no candidate can continue the chain (absent when only conflicts are to blame). */
  level?: number;
  chapter?: number;
  part?: number;
  /** The constraint that removed the last candidates there, e.g. `nonDecreasing(bits)`, `eligibility`, `unique`, `conflict`. */
  constraint: string;
  /** True when the constraint empties the level only together with "each candidate at most once" (the chain alone, candidates free to repeat, goes further). */
  withUnique?: boolean;
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
 * forward pass over relaxed states (last candidate, run lengths and the
 * concept automaton's state, ignoring "at most once" and conflicts) finds the
 * first level the chain and the concept rules cannot reach; the exact dp (if
 * the model is chain-shaped, within its work bound) finds the first level no
 * sequence of distinct candidates reaches. The earlier of the two is named: at
 * the relaxed one, the chain constraints are applied one by one in model
 * order, then the concept rules (SPEC 12) in model order, and the one that
 * empties the set of candidates is named (`practice 2`, `introduce bell,
 * echo`, `quota bell ≥ 2 per chapter`); at an earlier exact one, "each
 * candidate at most once" takes part, and the chain constraint without which
 * distinct candidates do reach the level is named beside it (`withUnique`:
 * say, the levels before a chapter must all be used, and the chain ends above
 * every candidate left for it), or uniqueness alone when no one constraint
 * is. (When a pass stops at its work bound, the diagnosis says only
 * what it knows: the exact level without a constraint's name — constraint
 * `unknown` — or, without a level, uniqueness or conflicts.)
 *
 * @param options.relaxedWork the relaxed pass's work bound (transitions; default relaxedReach's, 30,000,000).
 */
export function diagnoseInfeasible(problem: SelectionProblem, options: { relaxedWork?: number } = {}): Diagnosis {
  const reach = relaxedReach(problem, options.relaxedWork);
  const { infeasibleAt: relaxedAt, before: prev, complete } = reach;
  // The exact first failing level: before the relaxed one when uniqueness bites first
  // (a part with 20 candidates fails at the same level for 21 planned levels as for 50).
  const exactAt = relaxedAt === 0 ? -1 : exactInfeasibleAt(problem);
  if (exactAt >= 0 && (relaxedAt < 0 || exactAt < relaxedAt)) {
    // Without the relaxed pass (stopped at its work bound) nothing says whether the chain alone breaks there too.
    if (!complete) return describe(problem, exactAt, "unknown", problem.eligible[exactAt].length);
    const rule = ruleWithUnique(problem, exactAt);
    return describe(problem, exactAt, rule ?? "unique", problem.eligible[exactAt].length, rule !== undefined);
  }
  const k = relaxedAt;
  if (k >= 0) {
    const elig = problem.eligible[k];
    if (elig.length === 0) {
      const by = problem.narrowedBy?.[k];
      return describe(problem, k, by?.length ? by[by.length - 1] : "eligibility", 0);
    }
    return ruleByRule(problem, k, prev, reach.concepts);
  }
  if (!complete) {
    return {
      constraint: "unknown",
      removed: 0,
      message: "no sequence meets the model (the solver proved it); the pass that names the level and constraint stopped at its work bound — select fewer levels at once (part by part) to see where",
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

/**
 * The first slot no sequence of distinct candidates reaches (the exact dp), or −1: every slot is reached —
 * or, unless `strict`, the model is not chain-shaped or the dp stopped at its work bound (`strict`: undefined then).
 */
function exactInfeasibleAt(problem: SelectionProblem): number;
function exactInfeasibleAt(problem: SelectionProblem, strict: true, limits: DpOptions): number | undefined;
function exactInfeasibleAt(problem: SelectionProblem, strict = false, limits: DpOptions = {}): number | undefined {
  const unknown = strict ? undefined : -1;
  if (!dpApplies(problem)) return unknown;
  try {
    const exact = solveDp(problem, limits);
    return "infeasibleAt" in exact ? exact.infeasibleAt : -1;
  } catch (err) {
    if (!(err instanceof SolverLimitError)) throw err;
    return unknown;
  }
}

/**
 * The chain constraint (model order) without which sequences of distinct
 * candidates reach slot `k` — the one that, with "each candidate at most
 * once", empties it — or undefined: no single one does, or the dp is past
 * its bound. One exact dp per chain constraint over the slots up to `k`
 * (more levels follow: `openEnd`); each runs with a run that never binds (a
 * metric 0 for every candidate, never falling, any length) beside the rules
 * kept, so the model stays chain-shaped when the constraint taken out is part
 * of its primary run. Each probe has a small work bound ({@link PROBE_LIMITS}):
 * without the primary run's nonDecreasing every candidate shares one run, and
 * the dp's states can grow as the subsets of the pool; past the bound the
 * constraint is not named.
 */
/** The work bounds of one probe of {@link ruleWithUnique}: a fraction of a second. */
const PROBE_LIMITS: DpOptions = { maxStates: 200_000, maxWork: 20_000_000, maxMemoryMB: 100 };

function ruleWithUnique(problem: SelectionProblem, k: number): string | undefined {
  const flat = uniqueKey(problem);
  const upTo: Partial<SelectionProblem> = {
    slots: problem.slots.slice(0, k + 1),
    eligible: problem.eligible.slice(0, k + 1),
    fixed: problem.fixed.slice(0, k + 1),
    narrowedBy: problem.narrowedBy?.slice(0, k + 1),
    openEnd: true,
    candidates: problem.candidates.map((c) => ({ ...c, metrics: { ...c.metrics, [flat]: 0 } })),
  };
  const neutral: SelectionProblem["chain"] = [
    { type: "nonDecreasing", key: flat },
    { type: "maxRun", key: flat, length: k + 1, precision: 1 },
  ];
  for (const c of problem.chain) {
    const chain = [...problem.chain.filter((x) => x !== c), ...neutral];
    if (exactInfeasibleAt({ ...problem, ...upTo, chain }, true, PROBE_LIMITS) === -1) return describeConstraint(c);
  }
  return undefined;
}

/** A metric name no candidate carries. */
function uniqueKey(problem: SelectionProblem): string {
  const used = new Set(problem.candidates.flatMap((c) => Object.keys(c.metrics)));
  let key = "flat";
  while (used.has(key)) key += "_";
  return key;
}

/**
 * At the first slot the relaxed pass cannot reach, the rules applied one by
 * one — the chain constraints in model order, then the concept rules — and
 * the one that leaves no candidate any state before it can reach, named.
 */
function ruleByRule(problem: SelectionProblem, k: number, prev: RelaxedState[], concepts: ReturnType<typeof relaxedReach>["concepts"]): Diagnosis {
  const rules = chainRulesOf(problem);
  const elig = problem.eligible[k];
  const restart = k > 0 && problem.slots[k].chapter !== problem.slots[k - 1].chapter;
  const setOf = concepts ? candidateConcepts(problem).setOf : undefined;
  // At the first slot nothing comes before: one start state, no chain rule looks back.
  const states: Array<RelaxedState | undefined> = k === 0 ? [undefined] : prev;
  const order: Array<{ name: string; chain?: (typeof problem.chain)[number]; concept?: ConceptConstraint }> = [
    ...problem.chain.map((c) => ({ name: describeConstraint(c), chain: c })),
    ...(concepts ? (problem.conceptConstraints ?? []).map((c) => ({ name: describeConceptConstraint(c), concept: c })) : []),
  ];
  // For each candidate and state before it: the first rule (in that order) that forbids the step.
  const firstBroken = (st: RelaxedState | undefined, d: number): number => {
    const phi = st?.phi ?? 0;
    const conceptBreaks = concepts ? conceptStepBreaks(problem, concepts, k, phi, setOf![d]) : [];
    const intro = concepts ? concepts.intro[phi * concepts.sets + setOf![d]] === 1 : true;
    for (let u = 0; u < order.length; u++) {
      const { chain: c, concept } = order[u];
      if (concept) {
        if (conceptBreaks.includes(concept)) return u;
      } else if (st && c) {
        if (c.type !== "maxRun") {
          if (!rules.pairRuleAllows(c, st.c, d, restart, intro)) return u;
        } else {
          const i = rules.runRules.findIndex((x) => x.constraint === c);
          const r = rules.runRules[i];
          if ((r.bucket[d] === r.bucket[st.c] && !(restart && r.scoped) && !(intro && r.introScoped) ? st.runs[i] + 1 : 1) > r.length) return u;
        }
      }
    }
    return order.length;
  };
  // A candidate survives the first u rules while some state reaches it past them.
  const lasts = elig.map((d) => Math.max(...states.map((st) => firstBroken(st, d))));
  for (let u = 0; u < order.length; u++) {
    const alive = lasts.filter((x) => x >= u).length;
    if (lasts.every((x) => x <= u)) return describe(problem, k, order[u].name, alive);
  }
  return describe(problem, k, "chain", elig.length);
}

/** Uniqueness to blame: the pool too small for the levels up to slot `k`, or the chain constraints together. */
function uniqueMessage(problem: SelectionProblem, k: number, where: string, removed: number): string {
  const distinct = new Set(problem.eligible.slice(0, k + 1).flat()).size;
  return distinct < k + 1
    ? `no candidate can continue the chain at ${where}: the pool has ${distinct} candidates for the ${k + 1} levels up to it, each used at most once`
    : `no candidate can continue the chain at ${where}: with each candidate used at most once, the chain constraints together leave none of its ${removed} candidates (candidates free to repeat would go on)`;
}

function describe(problem: SelectionProblem, k: number, constraint: string, removed: number, withUnique = false): Diagnosis {
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
      : withUnique
      ? `no candidate can continue the chain at ${where}: ${constraint} leaves none of its ${removed} candidates once each candidate is used at most once (without ${constraint} distinct candidates reach it)`
      : constraint === "unique"
        ? uniqueMessage(problem, k, where, removed)
        : constraint === "unknown"
          ? `no sequence reaches ${where}: the chain constraints, with each candidate used at most once, leave no candidate there (the pass that names the constraint stopped at its work bound; select fewer levels at once to see which)`
          : `no candidate can continue the chain at ${where}: ${constraint} removed the last ${removed}`;
  if (fixedLevel) {
    message +=
      fixedLevel.level === slot.number
        ? `; level ${fixedLevel.level} is ${fixedLevel.kind === "keep" ? "kept" : fixedLevel.kind === "pin" ? "pinned" : "composed"} to ${fixedLevel.id} (${fixedLevel.source})`
        : `; it follows level ${fixedLevel.level}, ${fixedLevel.kind === "keep" ? "kept" : fixedLevel.kind === "pin" ? "pinned" : "composed"} to ${fixedLevel.id} (${fixedLevel.source})`;
  }
  return { level: slot.number, chapter: slot.chapter, part: slot.part, constraint, ...(withUnique ? { withUnique } : {}), removed, fixedLevel, message };
}
