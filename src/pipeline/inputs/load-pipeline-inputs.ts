import { InputError } from "../../io/errors.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { modelSchema, type Model } from "../../io/schemas/model.ts";
import { planSchema, type Plan } from "../../io/schemas/plan.ts";
import { rampSchema, type Ramp } from "../../io/schemas/ramp.ts";

/** The model files a build reads, with their names for messages. */
export interface PipelineInputs {
  plan: Plan;
  planFile: string;
  model: Model;
  modelFile: string;
  ramp: Ramp;
  rampFile: string;
}

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
