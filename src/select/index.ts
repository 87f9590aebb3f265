// The selection engine (SPEC 6): knows no game, sees candidates with metrics.
// Exports by name (d3-array style); the dp's internals (dp/class-dp, dp/dp-context, dp/bounded-dp, dp/kept-runs, dp/slot-bounds,
// dp/run-states, dp/run-steps, dp/range-min, rules/equal-runs) are imported by path.
// Rooms, each importing only those before it: ramp/ → problem/ → rules/ → dp/ →
// milp/ → diagnose/ → solve/ (docs/select.md).
export { buildProblem, describeBounds, withinBounds, type BuiltProblem, type CandidateSource, type SelectionInputs } from "./problem/build-problem.ts";
export { candidateClasses, candidateClassesOf, type CandidateClasses } from "./rules/candidate-classes.ts";
export { ChainRules, STEP_TOLERANCE, chainRulesOf, chapterStarts, describeConstraint, isChapterScoped, isIntroductionScoped, type PairRule, type RunRule } from "./rules/chain-rules.ts";
export { chainCeiling } from "./rules/chain-ceiling.ts";
export { checkPicks, problemConstraints, sequenceOf } from "./rules/check-picks.ts";
export { conceptBreaks, describeConceptConstraint, introductions, type ConceptBreak, type ConceptLevel } from "./rules/concept-breaks.ts";
export { internConceptSets, type ConceptSets } from "./problem/concept-sets.ts";
export { candidateConcepts } from "./problem/candidate-columns.ts";
export { MICRO, classPicks, compileMilp, idsOfClasses, variableName, type LinearModel, type LinearRow } from "./milp/compile-milp.ts";
export { diagnoseInfeasible, type Diagnosis } from "./diagnose/diagnose-infeasible.ts";
export { buildDpGraph, type DpGraph, type DpGraphOptions, type Layer } from "./dp/dp-graph.ts";
export { extendSelection } from "./solve/extend-selection.ts";
export { breakLine, breakRule, findBreaks, type ConstraintBreak, type SequenceLevel } from "./rules/find-breaks.ts";
export { highsBackend } from "./milp/highs-backend.ts";
export { parseRanges } from "./problem/keep-ranges.ts";
export { bestDeviation, describeStatus, levelsStatus, toLevelsFile } from "./problem/levels-file.ts";
export { linearInterpolation } from "./ramp/linear-interpolation.ts";
export { lpSolverBackend, toJsLpModel, variableNames } from "./milp/lp-solver-backend.ts";
export type { MilpAnswer, MilpBackend, MilpRequest } from "./milp/milp-backend.ts";
export { monotoneCubic } from "./ramp/monotone-cubic.ts";
export { Objective, objectiveOf, objectiveTolerance } from "./problem/objective.ts";
export { ORDER_NOTE, orderLevels, orderPlan, type OrderLevelsOptions } from "./problem/order-levels.ts";
export { planSlots } from "./problem/plan-slots.ts";
export { rampTarget } from "./ramp/ramp-target.ts";
export { problemOfLevels, recheckStatus, type StatusCheck } from "./diagnose/recheck-status.ts";
export { relaxedReach, type RelaxedReach, type RelaxedState } from "./rules/relaxed-reach.ts";
export { SelectionNoAnswer, solveSelection, type SolveOptions, type SolverChoice } from "./solve/solve-selection.ts";
export {
  gapOf,
  makeSelection,
  type ChainConstraint,
  type Selection,
  type SelectionCandidate,
  type SelectionProblem,
  type SelectionStatus,
  type Slot,
  type SlotFix,
} from "./problem/selection-problem.ts";
export { slotGroups, type SlotGroup } from "./problem/slot-groups.ts";
export { solveBruteForce } from "./solve/solve-brute-force.ts";
export { solveDpBranching, type BranchingOptions } from "./dp/solve-dp-branching.ts";
export { MIN_MOVES_NOTE, countMoves, solveDpMinMoves, solveDpMinMovesBranching, type MoveReference } from "./dp/solve-dp-min-moves.ts";
export { dpApplies, solveDp, type DpOptions, type DpResult } from "./dp/solve-dp.ts";
export { dpRefusal, dpRuns, type DpRuns } from "./dp/dp-runs.ts";
export { solveIncremental } from "./solve/solve-incremental.ts";
export { perLevelFloor, solveMilp, type MilpOptions, type MilpResult } from "./milp/solve-milp.ts";
export { SolverLimitError } from "./problem/solver-limit-error.ts";
export { solverLimits, solverLimitsSchema, type SolverLimits } from "./problem/solver-limits.ts";
