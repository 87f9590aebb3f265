import { readPoolFile } from "./order/read-order.ts";
import type { Pool } from "./schemas/pool.ts";
import type { BodyGame } from "./schemas/shared.ts";

/**
 * Reads a pool file (SPEC 3): `levelramp/pool@1` JSON, or a generic pool as
 * CSV (`id,chapter,part,<metric>...`) when the name ends in `.csv`. A generic
 * pool's `level` numbers (an order's, SPEC 3 "An order") are not metrics and
 * are left out: `readOrder` reads them.
 *
 * @param game the pool's game (its bodies parse with its schema); absent: a generic pool.
 * @throws InputError (exit 2) naming the file and the JSON path or CSV line.
 */
export function readPool(file: string, game?: BodyGame): Pool {
  return readPoolFile(file, game).pool;
}
