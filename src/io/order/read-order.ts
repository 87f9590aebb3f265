import { readCsvPoolLevels } from "./csv-pool-levels.ts";
import { InputError } from "../errors.ts";
import { checkOrder, type Order } from "./order.ts";
import { parseWith, readJson } from "../read-json-file.ts";
import { levelsSchemaOf, type LevelsFile } from "../schemas/levels.ts";
import { poolSchemaOf, type Pool } from "../schemas/pool.ts";
import type { BodyGame } from "../schemas/shared.ts";

const MODULE = "io/order";

/**
 * Takes the level numbers (SPEC 3 "An order") out of a generic pool's candidates: a JSON
 * candidate's numeric `level`. Nothing else reads them: a pool's candidates
 * never carry a number as a level body.
 *
 * @returns the pool without them, and each candidate's raw level (undefined where it has none).
 */
export function splitOrderLevels(raw: Pool): { pool: Pool; levels: Array<number | undefined> } {
  if (raw.game !== "generic" || !raw.candidates.some((c) => typeof c.level === "number")) return { pool: raw, levels: raw.candidates.map(() => undefined) };
  const levels = raw.candidates.map((c) => (typeof c.level === "number" ? c.level : undefined));
  const candidates = raw.candidates.map((c) => {
    if (typeof c.level !== "number") return c;
    const { level: _, ...rest } = c;
    return rest;
  });
  return { pool: { ...raw, candidates }, levels };
}

/**
 * Reads a pool file (SPEC 3): `levelramp/pool@1` JSON, or a generic pool as
 * CSV (`id,chapter,part,<metric>...`) when the name ends in `.csv`. A generic
 * pool's `level` numbers (an order's, SPEC 3) are not metrics and are left
 * out ({@link readOrder} reads them).
 *
 * @param game the pool's game (its bodies parse with its schema); absent: a generic pool.
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line.
 */
export function readPoolFile(file: string, game?: BodyGame): { pool: Pool; levels: Array<number | undefined> } {
  if (file.toLowerCase().endsWith(".csv")) return readCsvPoolLevels(file);
  return splitOrderLevels(parseWith(poolSchemaOf(game), readJson(file), file));
}

/**
 * A file that stands for shipped levels: a levels file (`levelramp/levels@1`)
 * or an order (a generic pool with level numbers, CSV or JSON).
 */
export type LevelsSource = { kind: "levels"; file: LevelsFile } | { kind: "order"; order: Order };

/**
 * Reads a levels file or an order (SPEC 3): CSV is an order; JSON is read by
 * its `format` ({@link parseLevelsSource}). A game's levels file parses
 * with its game (`readGameLevelsSource` in game/registry opens it first).
 *
 * @param options.planLevels the plan's level count, when a plan is given: an order's level beyond it is refused.
 * @param options.game the file's game; absent: a generic file.
 * @throws InputError (exit 2): a JSON file of another format, and every problem {@link readOrder} names.
 */
export function readLevelsSource(file: string, options: { planLevels?: number; planFile?: string; game?: BodyGame } = {}): LevelsSource {
  if (file.toLowerCase().endsWith(".csv")) return { kind: "order", order: checkOrder(file, readCsvPoolLevels(file), options) };
  return parseLevelsSource(readJson(file), file, options);
}

/**
 * A levels file or an order from JSON already read (SPEC 3), by its
 * `format`: `levelramp/pool@1` is an order (a generic pool with level
 * numbers), `levelramp/levels@1` a levels file.
 *
 * @throws InputError (exit 2) naming the file: another format, and every problem {@link readOrder} names.
 */
export function parseLevelsSource(value: unknown, file: string, options: { planLevels?: number; planFile?: string; game?: BodyGame } = {}): LevelsSource {
  const format = value !== null && typeof value === "object" && Object.hasOwn(value, "format") ? (value as { format: unknown }).format : undefined;
  if (format === "levelramp/pool@1") return { kind: "order", order: checkOrder(file, splitOrderLevels(parseWith(poolSchemaOf(options.game), value, file)), options) };
  if (format !== "levelramp/levels@1") {
    throw new InputError(MODULE, `expected a levels file ("format": "levelramp/levels@1") or an order (a generic pool, "format": "levelramp/pool@1", whose candidates carry level numbers); got format ${JSON.stringify(format ?? null)}`, { file, jsonPath: "$.format" });
  }
  return { kind: "levels", file: parseWith(levelsSchemaOf(options.game), value, file) };
}

/**
 * Reads an order (SPEC 3 "An order"): a generic pool whose candidates each
 * carry a `level` number — a CSV `level` column, or a JSON candidate's
 * `level` — numbering them 1..n, each once (n the number of candidates).
 *
 * @param options.planLevels the plan's level count, when a plan is given: a level beyond it is refused.
 * @throws InputError (exit 2) naming the file and the CSV line (JSON: the
 *   candidate's path): not a generic pool, no level column, a level that is
 *   not a whole number ≥ 1, a level beyond the order's (or the plan's) count,
 *   a level given twice, a level missing (named by the lines around it).
 */
export function readOrder(file: string, options: { planLevels?: number; planFile?: string } = {}): Order {
  const source = readLevelsSource(file, options);
  if (source.kind !== "order") throw new InputError(MODULE, "expected an order (a generic pool whose candidates carry level numbers); this is a levels file", { file, jsonPath: "$.format" });
  return source.order;
}

