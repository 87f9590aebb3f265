import { poolOfTable } from "../csv/candidate-table.ts";
import { readCsvTable } from "../csv/read-csv-pool.ts";
import type { Pool } from "../schemas/pool.ts";

/**
 * Reads a CSV pool (SPEC 3) as a table, its `level` column — an order's level
 * numbers (SPEC 3 "An order") — taken out of the metrics: that column is
 * never a metric. No schema is loaded (the cold `select` path).
 *
 * @returns the pool, each row's level (undefined without the column) and each row's CSV line.
 * @throws InputError (exit 2) as `readCsvPool`.
 */
export function readCsvPoolLevels(file: string): { pool: Pool; levels: Array<number | undefined>; lines: Int32Array } {
  const table = readCsvTable(file);
  const at = table.metricNames.indexOf("level");
  let levels: Array<number | undefined> = new Array<undefined>(table.size).fill(undefined);
  if (at >= 0) {
    levels = Array.from(table.columns[at]);
    table.metricNames = table.metricNames.filter((_, j) => j !== at);
    table.columns = table.columns.filter((_, j) => j !== at);
  }
  return { pool: poolOfTable(table), levels, lines: table.lines };
}

