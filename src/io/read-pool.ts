import { readCsvPool } from "./read-csv-pool.ts";
import { readJsonFile } from "./read-json-file.ts";
import { poolSchema, type Pool } from "./schemas/pool.ts";

/**
 * Reads a pool file (SPEC 3): `levelramp/pool@1` JSON, or a generic pool as
 * CSV (`id,chapter,part,<metric>...`) when the name ends in `.csv`.
 *
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line.
 */
export function readPool(file: string): Pool {
  if (file.toLowerCase().endsWith(".csv")) return readCsvPool(file);
  return readJsonFile(poolSchema, file);
}
