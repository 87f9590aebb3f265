import { z } from "zod";
import { checkBody, levelGameSchema } from "./shared.ts";

/** One level on its own, `levelramp/level@1` (SPEC 3), for measure, show and tests. */
export const levelFileSchema = z
  .strictObject({
    format: z.literal("levelramp/level@1"),
    game: levelGameSchema,
    level: z.unknown(),
  })
  .superRefine((file, ctx) => checkBody(file.game, file.level, ["level"], ctx));

export type LevelFile = z.infer<typeof levelFileSchema>;
