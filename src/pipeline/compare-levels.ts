import type { DedupComparison } from "../dedup/dedup-types.ts";
import { InputError } from "../io/errors.ts";
import { parseWith, readJson } from "../io/read-json-file.ts";
import { levelFileSchema } from "../io/schemas/level.ts";
import { levelsSchema } from "../io/schemas/levels.ts";
import { gameKit, type PipelineGame } from "./game-kit.ts";

/** A level read for comparison: its game, body and where it came from. */
export interface LevelInput {
  game: PipelineGame;
  body: unknown;
  /** `file` or `file level N`. */
  label: string;
}

/**
 * Reads one level (SPEC 3): a level file `levelramp/level@1`, or level
 * `level` (a global number) of a levels file `levelramp/levels@1`.
 *
 * @throws InputError (exit 2): not a level or levels file, a levels file
 *   without `level`, a level number the file lacks, a level without a body,
 *   a generic file.
 */
export function readLevelInput(file: string, level?: number): LevelInput {
  const json = readJson(file);
  const format = (json as { format?: unknown } | null)?.format;
  if (format === "levelramp/level@1") {
    const f = parseWith(levelFileSchema, json, file);
    return { game: f.game, body: f.level, label: file };
  }
  if (format === "levelramp/levels@1") {
    const f = parseWith(levelsSchema, json, file);
    if (level === undefined) throw new InputError("pipeline/compare", "expected --level N (or --level-a/--level-b) to pick a level of this levels file", { file });
    if (f.game === "generic") throw new InputError("pipeline/compare", "expected a carillon or apsis levels file; generic levels have no body to compare", { file, jsonPath: "$.game" });
    const i = f.levels.findIndex((l) => l.number === level);
    if (i < 0) throw new InputError("pipeline/compare", `expected level ${level} in the file (it has ${f.levels[0]?.number ?? "-"}..${f.levels[f.levels.length - 1]?.number ?? "-"})`, { file, jsonPath: "$.levels" });
    if (f.levels[i].level === undefined) throw new InputError("pipeline/compare", "expected a level body", { file, jsonPath: `$.levels[${i}].level` });
    return { game: f.game, body: f.levels[i].level, label: `${file} level ${level}` };
  }
  throw new InputError("pipeline/compare", 'expected a level file (format "levelramp/level@1") or a levels file ("levelramp/levels@1")', { file, jsonPath: "$.format" });
}

/**
 * Are two levels of one game the same (SPEC 7, `levelramp compare`)? Builds
 * each level's record from the engine and runs the game's full comparison.
 *
 * @returns `{same, reasons, transform, matched, basis, share}` (see DedupComparison).
 * @throws InputError (exit 2) when the two levels belong to different games.
 */
export function compareLevels(a: LevelInput, b: LevelInput): DedupComparison<unknown> {
  if (a.game !== b.game) throw new InputError("pipeline/compare", `expected two levels of the same game; ${a.label} is ${a.game}, ${b.label} is ${b.game}`);
  const kit = gameKit(a.game);
  return kit.compare(kit.dedupRecord(a.body), kit.dedupRecord(b.body));
}
