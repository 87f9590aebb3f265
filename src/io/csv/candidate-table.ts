// No Node imports here: the browser editor's bundle reaches this file through select/build-problem.
import { recordCsvLine } from "./csv-line-of.ts";
import type { Pool } from "../schemas/pool.ts";

/**
 * A generic pool held column by column (SPEC 3, the CSV path): row k is
 * candidate k, with no object per candidate. `readCsvTable` fills it straight
 * from the file; the selection reads its columns.
 */
export interface CandidateTable {
  /** Number of candidates. */
  size: number;
  ids: string[];
  chapter: Int32Array;
  part: Int32Array;
  /** The metric names, in the file's column order. */
  metricNames: string[];
  /** One column of values per metric name (same order). */
  columns: Float64Array[];
  /** The 1-based CSV line each row starts on. */
  lines: Int32Array;
  /**
   * Each row's concepts (SPEC 12), from the file's `concepts` column: its
   * names in the order written, `[]` for an empty cell. Absent when the file
   * has no `concepts` column. Rows with the same cell share one frozen array.
   */
  concepts?: ReadonlyArray<readonly string[]>;
}

const tables = new WeakMap<object, CandidateTable>();

/**
 * A `levelramp/pool@1` pool of game `generic` over a table: `candidates` are
 * made (once) only when something asks for them — the selection reads the
 * table ({@link tableOf}) and never does. The candidates made are frozen (the
 * array, each candidate, its metrics and concepts), so the table speaks for
 * them for the pool's whole life: asking for them never turns the table path
 * off, and changing them throws. A reader who wants candidates to change makes
 * a pool of its own (`{ ...pool, candidates: [...pool.candidates] }`), which
 * takes the general path. Metrics objects have no prototype keys to trip over
 * (a column may be named `__proto__`).
 */
export function poolOfTable(table: CandidateTable): Pool {
  let candidates: Pool["candidates"] | undefined;
  const pool = {
    format: "levelramp/pool@1" as const,
    game: "generic",
    get candidates(): Pool["candidates"] {
      return (candidates ??= candidatesOf(table));
    },
  };
  tables.set(pool, table);
  return pool as Pool;
}

/**
 * The table a pool was read into by {@link poolOfTable} (a CSV pool), or
 * `undefined` for a pool of candidate objects. The link lives in a WeakMap
 * keyed by the pool object, so a pool stays a plain `Pool` to every reader.
 */
export function tableOf(pool: object): CandidateTable | undefined {
  return tables.get(pool);
}

function candidatesOf(table: CandidateTable): Pool["candidates"] {
  const out: Pool["candidates"] = new Array(table.size);
  for (let k = 0; k < table.size; k++) {
    const metrics = Object.create(null) as Record<string, number>; // no prototype: only the file's metric names are keys
    table.metricNames.forEach((m, j) => Object.defineProperty(metrics, m, { value: table.columns[j][k], enumerable: true, writable: true, configurable: true }));
    out[k] = { id: table.ids[k], chapter: table.chapter[k], part: table.part[k], metrics, rules: [] };
    const concepts = table.concepts?.[k];
    if (concepts && concepts.length > 0) out[k].concepts = [...concepts];
    recordCsvLine(out[k], table.lines[k]);
    Object.freeze(metrics);
    if (out[k].concepts) Object.freeze(out[k].concepts);
    Object.freeze(out[k]);
  }
  return Object.freeze(out) as Pool["candidates"];
}
