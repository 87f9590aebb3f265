import { z } from "zod";
import { calibrationSchema } from "./calibration.ts";
import { gameFileSchema } from "./game-file.ts";
import { levelFileSchema } from "./level.ts";
import { levelsSchema } from "./levels.ts";
import { modelSchema } from "./model.ts";
import { planSchema } from "./plan.ts";
import { poolSchema } from "./pool.ts";
import { rampSchema } from "./ramp.ts";
import { shardSchema } from "./shard.ts";

/**
 * Every game-free file format of SPEC 3 by name, as `levelramp schema <name>`
 * lists them (each game adds its body format, `<game>-body`, through the
 * registry: `gameFormatSchema` in `src/game/registry/`).
 */
export const formatSchemas: Record<string, z.ZodType> = {
  pool: poolSchema,
  levels: levelsSchema,
  model: modelSchema,
  ramp: rampSchema,
  plan: planSchema,
  shard: shardSchema,
  calibration: calibrationSchema,
  level: levelFileSchema,
  game: gameFileSchema,
};

/**
 * The JSON Schema (draft 2020-12) of a file format of SPEC 3, generated from
 * the zod schema that validates it: what `levelramp schema <name>` prints and
 * what the package ships as `schemas/<name>.schema.json`. It describes the
 * input side (defaults optional); `$id` is `levelramp/<name>`.
 *
 * @param name a key of {@link formatSchemas}, e.g. `pool`.
 * @param schema the zod schema of a format not in {@link formatSchemas} (a game's body).
 * @returns undefined for a name that is no format.
 */
export function formatJsonSchema(name: string, schema: z.ZodType | undefined = Object.hasOwn(formatSchemas, name) ? formatSchemas[name] : undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  return { $id: `levelramp/${name}`, ...z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) };
}
