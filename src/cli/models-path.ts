import { fileURLToPath } from "node:url";
import { gameModelFiles } from "../game/game-model-files.ts";

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
