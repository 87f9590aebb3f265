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
 * table ({@link tableOf}) and never does. Metrics objects have no prototype
 * keys to trip over (a column may be named `__proto__`).
 */
export function poolOfTable(table: CandidateTable): Pool {
  let candidates: Pool["candidates"] | undefined;
  const pool = {
    format: "levelramp/pool@1" as const,
    game: "generic",
    get candidates(): Pool["candidates"] {
      // Once made, the objects may be changed by their reader: the table no longer speaks for them.
      tables.delete(pool);
      return (candidates ??= candidatesOf(table));
    },
    set candidates(value: Pool["candidates"]) {
      candidates = value;
      tables.delete(pool);
    },
  };
  tables.set(pool, table);
  return pool as Pool;
}

/** The table a pool was read into (a CSV pool whose candidates nobody has asked for yet), or `undefined`. */
export function tableOf(pool: object): CandidateTable | undefined {
  return tables.get(pool);
}

/** The CSV line of a table pool's candidate `index`, or `undefined` for a JSON pool. */
export function tableLineOf(pool: object, index: number): number | undefined {
  return tables.get(pool)?.lines[index];
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
  }
  return out;
}
