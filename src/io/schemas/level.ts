import { z } from "zod";
import { checkBody, levelFileGameSchema, perGame, type BodyGame } from "./shared.ts";

/** One level on its own, `levelramp/level@1` (SPEC 3), for measure, show and tests: of `game`, its body checked by the game's schema. */
export const levelFileSchemaOf = perGame((game: BodyGame | undefined) =>
  z
    .strictObject({
      format: z.literal("levelramp/level@1"),
      game: levelFileGameSchema(game),
      level: z.unknown(),
    })
    .superRefine((file, ctx) => checkBody(game, file.game, file.level, ["level"], ctx)),
);

/** The level file's format as `levelramp schema level` prints it (its game and body are checked when a game reads it: {@link levelFileSchemaOf}). */
export const levelFileSchema = levelFileSchemaOf();

export type LevelFile = z.infer<typeof levelFileSchema>;
