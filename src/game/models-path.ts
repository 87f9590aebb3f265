import { fileURLToPath } from "node:url";
import type { GameModels } from "./game.ts";

/**
 * Path of a bundled model file of a game levelramp has (SPEC 3 defaults:
 * `selection.json`, `ramp.json`, `plan.json`, ...): `models/<game>/<file>`
 * of the package, whatever the working directory. An outside game's own
 * files are its game file's (`game.models`, SPEC 10).
 */
export function modelsPath(game: string, file: string): string {
  return fileURLToPath(new URL(`../../models/${game}/${file}`, import.meta.url));
}

/**
 * A run's plan, selection model and ramp files: those given, else the
 * game's own — `game.models` for an opened game (an outside game's are its
 * game file's), the bundled `models/<game>/` for a name (a built-in game, or
 * `generic`).
 */
export function defaultModelFiles(game: string | { models: GameModels }, given: { planFile?: string; modelFile?: string; rampFile?: string } = {}): { planFile: string; modelFile: string; rampFile: string } {
  const own = typeof game === "string" ? { plan: modelsPath(game, "plan.json"), selection: modelsPath(game, "selection.json"), ramp: modelsPath(game, "ramp.json") } : game.models;
  return { planFile: given.planFile ?? own.plan, modelFile: given.modelFile ?? own.selection, rampFile: given.rampFile ?? own.ramp };
}
