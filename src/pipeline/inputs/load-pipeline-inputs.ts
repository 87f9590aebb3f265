import { InputError } from "../../io/errors.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { modelSchema } from "../../io/schemas/model.ts";
import { planSchema } from "../../io/schemas/plan.ts";
import { rampSchema } from "../../io/schemas/ramp.ts";
import type { SelectionInputs } from "../../select/problem/build-problem.ts";

/** The model files a build reads, with their names for messages: the selection's inputs but its pool. */
export type PipelineInputs = Pick<SelectionInputs, "plan" | "planFile" | "model" | "modelFile" | "ramp" | "rampFile">;

/**
 * Reads and checks the plan, selection model and ramp of a build (SPEC 3).
 *
 * @throws InputError (exit 2) naming the file and JSON path: a bad file, a plan
 *   for another game, a ramp about another metric than the model's.
 */
export function loadPipelineInputs(game: string, files: { planFile: string; modelFile: string; rampFile: string }): PipelineInputs {
  const plan = readJsonFile(planSchema, files.planFile);
  if (plan.game !== game) throw new InputError("pipeline/inputs", `expected a plan for ${game}; got "${plan.game}"`, { file: files.planFile, jsonPath: "$.game" });
  const model = readJsonFile(modelSchema, files.modelFile);
  const ramp = readJsonFile(rampSchema, files.rampFile);
  if (ramp.metric !== model.metric) {
    throw new InputError("pipeline/inputs", `expected metric "${model.metric}" (the model's metric); the ramp is about "${ramp.metric}"`, { file: files.rampFile, jsonPath: "$.metric" });
  }
  return { plan, model, ramp, ...files };
}
