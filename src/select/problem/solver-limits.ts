import { fileURLToPath } from "node:url";
import { z } from "zod";
import { readJsonFile } from "../../io/read-json-file.ts";
export { SolverLimitError } from "./solver-limit-error.ts";

/** `models/select/solver.json`: the selection solvers' work bounds (SPEC 6 "Scale"). */
export const solverLimitsSchema = z.strictObject({
  format: z.literal("levelramp/select-solver@1"),
  dp: z.strictObject({
    maxStates: z.number().int().min(1).describe("dp states (all slots) before the dp stops; past it auto hands the model to HiGHS"),
    maxWork: z.number().int().min(1).describe("dp steps (transitions looked at, range queries) before it stops"),
    maxMemoryMB: z.number().int().min(1).describe("memory the dp's tables may take (MB) before it stops"),
  }),
  branching: z.strictObject({
    maxRuns: z.number().int().min(1).describe("dp runs conflict branching may make"),
  }),
  milp: z.strictObject({
    maxVariables: z.number().int().min(1).describe("binary and continuous variables a MILP may have"),
    maxNonzeros: z.number().int().min(1).describe("constraint coefficients a MILP may have"),
    smallSlots: z.number().int().min(1).describe("slots up to which auto gives a model to javascript-lp-solver"),
  }),
});

/** The selection solvers' work bounds. */
export type SolverLimits = z.infer<typeof solverLimitsSchema>;

const defaultFile = fileURLToPath(new URL("../../../models/select/solver.json", import.meta.url));
let defaults: SolverLimits | undefined;

/**
 * Solver limits from a file (default: the bundled models/select/solver.json, read once).
 *
 * @throws InputError (exit 2) naming the file and JSON path when it is malformed.
 */
export function solverLimits(file?: string): SolverLimits {
  if (file !== undefined) return readJsonFile(solverLimitsSchema, file);
  return (defaults ??= readJsonFile(solverLimitsSchema, defaultFile));
}
