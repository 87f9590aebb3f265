import { InputError } from "./errors.ts";
import { parseWith, readJson } from "./read-json-file.ts";
import { levelFileSchemaOf } from "./schemas/level.ts";
import { levelsSchemaOf } from "./schemas/levels.ts";
import type { BodyGame } from "./schemas/shared.ts";

/** One level read from a level file or from a levels file. */
export interface LevelInput {
  /** The game the file names (one with level bodies; `generic` files have none). */
  game: string;
  body: unknown;
  /** The stored solution, when the file holds one. */
  solution?: unknown;
  /** Global level number (levels files only). */
  number?: number;
  id?: string;
  rules?: string[];
  /** The file it was read from, and the JSON path of the body in it (for messages). */
  file?: string;
  bodyPath?: string;
}

/**
 * Reads one level (SPEC 3): a `levelramp/level@1` file, or level `level` of a
 * `levelramp/levels@1` file, of `game` (its body parses with the game's
 * schema): `readGameLevelInput` (`src/game/registry/`) opens the game the
 * file names first.
 *
 * @param names how the caller names the level option in messages (default
 *   {@link LEVEL_INPUT_NAMES}, the library's words; the CLI passes `--level N`).
 * @throws InputError (exit 2): a bad file, a levels file without `level`, a
 *   level number the file lacks, a generic file (no level bodies).
 */
export function readLevelInput(file: string, level: number | undefined, game: BodyGame | undefined, names: Partial<typeof LEVEL_INPUT_NAMES> = {}): LevelInput {
  return parseLevelInput(readJson(file), file, level, game, names);
}

/** The library's words for {@link readLevelInput}'s `names`. */
export const LEVEL_INPUT_NAMES = {
  /** The level number a levels file needs, as the caller gives it. */
  level: "a level number (level)",
};

/**
 * {@link readLevelInput} over a file's JSON already read (`raw`); `file` is named in errors.
 *
 * @throws InputError (exit 2) as {@link readLevelInput}.
 */
export function parseLevelInput(raw: unknown, file: string, level: number | undefined, game: BodyGame | undefined, names: Partial<typeof LEVEL_INPUT_NAMES> = {}): LevelInput {
  const format = (raw as { format?: unknown })?.format;
  if (format === "levelramp/levels@1") {
    const levels = parseWith(levelsSchemaOf(game), raw, file);
    if (levels.game === "generic") throw new InputError("io/read-level", "expected a levels file of a game with level bodies; generic levels have none", { file, jsonPath: "$.game" });
    const holds = `it holds levels ${levels.levels[0]?.number ?? "-"}..${levels.levels[levels.levels.length - 1]?.number ?? "-"}`;
    if (level === undefined) throw new InputError("io/read-level", `expected ${names.level ?? LEVEL_INPUT_NAMES.level} for a levels file (${holds})`, { file });
    const i = levels.levels.findIndex((l) => l.number === level);
    if (i < 0) throw new InputError("io/read-level", `expected level ${level} in the file (${holds})`, { file, jsonPath: "$.levels" });
    const l = levels.levels[i];
    if (l.level === undefined) throw new InputError("io/read-level", "expected a level body", { file, jsonPath: `$.levels[${i}].level` });
    return { game: levels.game, body: l.level, solution: l.solution, number: l.number, id: l.id, rules: l.rules, file, bodyPath: `$.levels[${i}].level` };
  }
  if (format !== "levelramp/level@1") {
    throw new InputError("io/read-level", `expected a level file (levelramp/level@1) or a levels file (levelramp/levels@1); this is ${typeof format === "string" ? `a ${format} file` : "not a levelramp file"}`, { file, jsonPath: "$.format" });
  }
  const one = parseWith(levelFileSchemaOf(game), raw, file);
  return { game: one.game, body: one.level, file, bodyPath: "$.level" };
}
