import { fileURLToPath } from "node:url";
import { InputError } from "../../io/errors.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { rampSchema, type Ramp } from "../../io/schemas/ramp.ts";
import { carillonComposeSchema, type CarillonCompose } from "./compose-model.ts";

/** The files composition reads: compose.json and the ramp it rises towards. */
export interface ComposeModels {
  compose: CarillonCompose;
  ramp: Ramp;
}

const defaultDir = fileURLToPath(new URL("../../../models/carillon/", import.meta.url));
const cache = new Map<string, ComposeModels>();

/**
 * Reads and validates `compose.json` and `ramp.json` of `dir` (default: the
 * project's models/carillon/). Cached per directory. The levels of
 * compose.json must be 1, 2, 3… in order.
 *
 * @throws InputError (exit 2) naming the file and JSON path of the first problem.
 */
export function loadComposeModels(dir: string = defaultDir): ComposeModels {
  const base = dir.endsWith("/") ? dir : `${dir}/`;
  const hit = cache.get(base);
  if (hit) return hit;
  const file = `${base}compose.json`;
  const compose = readJsonFile(carillonComposeSchema, file);
  compose.levels.forEach((l, i) => {
    if (l.level !== i + 1) throw new InputError("carillon/compose", `expected level ${i + 1} (levels 1, 2, 3… in order)`, { file, jsonPath: `$.levels[${i}].level` });
  });
  const models = { compose, ramp: readJsonFile(rampSchema, `${base}ramp.json`) };
  cache.set(base, models);
  return models;
}
