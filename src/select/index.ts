// The selection engine (SPEC 6): knows no game, sees candidates with metrics.
// Exports by name (d3-array style); the dp's internals (class-dp, dp-context,
// run-states, run-steps, range-min, equal-runs) are imported by path.
export { buildProblem, describeBounds, withinBounds, type BuiltProblem, type CandidateSource, type SelectionInputs } from "./build-problem.ts";
export { candidateClasses, candidateClassesOf, type CandidateClasses } from "./candidate-classes.ts";
export { ChainRules, STEP_TOLERANCE, chainRulesOf, describeConstraint, type PairRule, type RunRule } from "./chain-rules.ts";
export { checkPicks } from "./check-picks.ts";
export { MICRO, classPicks, compileMilp, idsOfClasses, variableName, type LinearModel, type LinearRow } from "./compile-milp.ts";
export { diagnoseInfeasible, type Diagnosis } from "./diagnose-infeasible.ts";
export { buildDpGraph, type DpGraph, type DpGraphOptions, type Layer } from "./dp-graph.ts";
export { extendSelection } from "./extend-selection.ts";
export { findBreaks, type ConstraintBreak, type SequenceLevel } from "./find-breaks.ts";
export { highsBackend } from "./highs-backend.ts";
export { parseRanges } from "./keep-ranges.ts";
export { bestDeviation, describeStatus, levelsStatus, toLevelsFile } from "./levels-file.ts";
export { linearInterpolation } from "./linear-interpolation.ts";
export { lpSolverBackend, toJsLpModel, variableNames } from "./lp-solver-backend.ts";
export type { MilpAnswer, MilpBackend, MilpRequest } from "./milp-backend.ts";
export { monotoneCubic } from "./monotone-cubic.ts";
export { Objective, objectiveOf, objectiveTolerance } from "./objective.ts";
export { planSlots } from "./plan-slots.ts";
export { rampTarget } from "./ramp-target.ts";
export { problemOfLevels, recheckStatus, type StatusCheck } from "./recheck-status.ts";
export { relaxedReach, type RelaxedReach, type RelaxedState } from "./relaxed-reach.ts";
export { SelectionNoAnswer, solveSelection, type SolveOptions, type SolverChoice } from "./select.ts";
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
} from "./selection-problem.ts";
export { slotGroups, type SlotGroup } from "./slot-groups.ts";
export { solveBruteForce } from "./solve-brute-force.ts";
export { solveDpBranching, type BranchingOptions } from "./solve-dp-branching.ts";
export { MIN_MOVES_NOTE, countMoves, solveDpMinMoves, solveDpMinMovesBranching, type MoveReference } from "./solve-dp-min-moves.ts";
export { dpApplies, solveDp, type DpOptions, type DpResult } from "./solve-dp.ts";
export { solveIncremental } from "./solve-incremental.ts";
export { perLevelFloor, solveMilp, type MilpOptions, type MilpResult } from "./solve-milp.ts";
export { SolverLimitError } from "./solver-limit-error.ts";
export { solverLimits, solverLimitsSchema, type SolverLimits } from "./solver-limits.ts";
