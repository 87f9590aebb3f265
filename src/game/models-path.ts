import { fileURLToPath } from "node:url";
import { gameModelFiles } from "./game-model-files.ts";

const OWN: Record<string, "plan" | "ramp" | "selection"> = { "plan.json": "plan", "ramp.json": "ramp", "selection.json": "selection" };

/**
 * Path of a game's default model file (SPEC 3 defaults: `selection.json`,
 * `ramp.json`, `plan.json`, ...): for an outside game, the file its game file
 * names (SPEC 10); otherwise the bundled `models/<game>/<file>` of the
 * package, whatever the working directory.
 */
export function modelsPath(game: string, file: string): string {
  const own = Object.hasOwn(OWN, file) ? gameModelFiles(game)?.[OWN[file]] : undefined;
  return own ?? fileURLToPath(new URL(`../../models/${game}/${file}`, import.meta.url));
}

/** A run's plan, selection model and ramp files: those given, else the game's defaults ({@link modelsPath}). */
export function defaultModelFiles(game: string, given: { planFile?: string; modelFile?: string; rampFile?: string } = {}): { planFile: string; modelFile: string; rampFile: string } {
  return {
    planFile: given.planFile ?? modelsPath(game, "plan.json"),
    modelFile: given.modelFile ?? modelsPath(game, "selection.json"),
    rampFile: given.rampFile ?? modelsPath(game, "ramp.json"),
  };
}
