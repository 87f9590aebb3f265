import { z } from "zod";

/** `models/carillon/solver.json` (SPEC 4.5): the solver's stated limit. */
export const carillonSolverSchema = z.strictObject({
  format: z.literal("levelramp/carillon-solver@1"),
  maxStates: z.number().int().min(1).describe("states the solver may expand before it fails"),
});

/** Solver limits. */
export type CarillonSolverModel = z.infer<typeof carillonSolverSchema>;
