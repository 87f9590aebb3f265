import { fileURLToPath } from "node:url";
import { z } from "zod";
import { readJsonFile } from "../../io/read-json-file.ts";

/**
 * Settings of the build pipeline (SPEC 2, 6, 9). Their values have one home,
 * the bundled `models/pipeline/build.json` (every key but the last is
 * required, so no value is written twice):
 * - `seed`: the seed when `--seed` is not given;
 * - `poolPerLevel`: candidates grown per level when a plan part gives none;
 * - `attemptsPerCandidate`: `backend.generate` calls one candidate may take on
 *   its own stream before it is given up (each call is itself bounded by the
 *   game's tries);
 * - `extraRounds`: extra rounds of batches a part may grow when its pool,
 *   after de-duplication, cannot fill its levels or the selection finds no
 *   answer; past them the build stops with exit 1 naming the part;
 * - `refineRounds`: refine rounds a part may grow when the chain could
 *   continue but would drift off the ramp by more than `refineTolerance`
 *   (chainDrift: past max(the chain's end, the ramp) or under the ramp);
 *   after them the part keeps its best continuation (0 never refines);
 * - `refineTolerance`: that drift, in units of the ramp's climb over the part
 *   (0.75 is three quarters of a part's climb, about 0.19 bits in Carillon's late chapters);
 * - `composeAttempts`: composing streams tried for levels 1..composed; a
 *   composed set in which two levels are the same (SPEC 7) is composed again
 *   on the next stream, and past this many the build stops with exit 1;
 * - `lookaheadParts`: parts whose batches are queued on the worker pool ahead
 *   of the part being selected. Part q's first round is aimed with
 *   the chain after part q − lookaheadParts − 1 ({@link growAims}), so this
 *   value changes outputs like the seed does; the worker count never does;
 * - `selectionTimeLimitSeconds`: wall-clock budget of a part's MILP selection
 *   (a chain-shaped model is answered by the dp, bounded by work, not time);
 *   absent, the selection's own default, `SELECT_DEFAULTS.timeLimitSeconds`
 *   (30 s, select's `--time-limit`).
 */
export const pipelineSettingsSchema = z.strictObject({
  format: z.literal("levelramp/pipeline@1"),
  seed: z.number().int().min(0),
  poolPerLevel: z.number().int().min(1),
  attemptsPerCandidate: z.number().int().min(1).max(100),
  extraRounds: z.number().int().min(0).max(20),
  refineRounds: z.number().int().min(0).max(20),
  refineTolerance: z.number().min(0).max(1000),
  composeAttempts: z.number().int().min(1).max(20),
  lookaheadParts: z.number().int().min(0).max(1000),
  selectionTimeLimitSeconds: z.number().positive().optional(),
});

/** Checked pipeline settings. */
export type PipelineSettings = z.output<typeof pipelineSettingsSchema>;

const defaultFile = fileURLToPath(new URL("../../../models/pipeline/build.json", import.meta.url));

/**
 * Reads and checks the pipeline settings.
 *
 * @param file default `models/pipeline/build.json` of the package.
 * @throws InputError (exit 2) naming the file and JSON path of the first problem.
 */
export function loadPipelineSettings(file: string = defaultFile): PipelineSettings {
  return readJsonFile(pipelineSettingsSchema, file);
}
