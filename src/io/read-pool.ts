import { poolSchema, type Pool } from "./schemas/pool.ts";
import { readJsonFile } from "./read-json-file.ts";

/**
 * Reads a pool file (SPEC 3 `levelramp/pool@1`).
 *
 * @throws InputError (exit 2) naming the file, JSON path and expectation.
 */
export function readPool(file: string): Pool {
  return readJsonFile(poolSchema, file);
}
