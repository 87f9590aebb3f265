import type { z } from "zod";
import { apsisBodySchema } from "./apsis-body.ts";
import { carillonBodySchema } from "./carillon-body.ts";
import { levelFileSchema } from "./level.ts";
import { levelsSchema } from "./levels.ts";
import { modelSchema } from "./model.ts";
import { planSchema } from "./plan.ts";
import { poolSchema } from "./pool.ts";
import { rampSchema } from "./ramp.ts";
import { shardSchema } from "./shard.ts";

/** Every file format of SPEC 3 by name, as `levelramp schema <name>` lists them. */
export const formatSchemas: Record<string, z.ZodType> = {
  pool: poolSchema,
  levels: levelsSchema,
  model: modelSchema,
  ramp: rampSchema,
  plan: planSchema,
  shard: shardSchema,
  level: levelFileSchema,
  "carillon-body": carillonBodySchema,
  "apsis-body": apsisBodySchema,
};
