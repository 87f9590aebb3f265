import { z } from "zod";
import { dedupThresholdsFile, dedupThresholdsShape } from "../../dedup/dedup-thresholds.ts";
import { readJsonFile } from "../../io/read-json-file.ts";
import { gameNames, loadGame } from "./load-game.ts";

/**
 * The thresholds file (SPEC 7) as the registry checks it whole: the game-free
 * numbers, and a section per game under its name. Each game reads its own
 * section, typed, through its own loader (e.g. `defaultCarillonDedupThresholds`
 * in `levelramp/carillon`); here a section is only known to be there.
 */
export type DedupThresholds = z.infer<z.ZodObject<typeof dedupThresholdsShape>> & { readonly [game: string]: unknown };

/**
 * The schema of `models/dedup/thresholds.json` (SPEC 7): the game-free
 * numbers and, under each game's name, that game's section
 * (`dedup.thresholdsSchema`); nothing else. Loads every built-in game first
 * (their sections are theirs).
 */
export async function dedupThresholdsSchema(): Promise<z.ZodType<DedupThresholds>> {
  const backends = await Promise.all(gameNames().map((g) => loadGame(g)));
  const sections: Record<string, z.ZodType> = {};
  for (const backend of backends) if (backend.dedup.thresholdsSchema) sections[backend.game] = backend.dedup.thresholdsSchema;
  return z.strictObject({ ...dedupThresholdsShape, ...sections }) as unknown as z.ZodType<DedupThresholds>;
}

/**
 * Reads and validates a thresholds file (SPEC 7) against {@link dedupThresholdsSchema}.
 *
 * @param file default `models/dedup/thresholds.json` of the package.
 * @throws InputError (exit 2) naming the file and JSON path when the file is missing, not JSON, or does not match.
 */
export async function loadDedupThresholds(file: string = dedupThresholdsFile): Promise<DedupThresholds> {
  return readJsonFile(await dedupThresholdsSchema(), file);
}
