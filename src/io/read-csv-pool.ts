import { parse } from "csv-parse/sync";
import { recordCsvLine } from "./csv-line-of.ts";
import { InputError } from "./errors.ts";
import { NUMBER_LIMIT } from "./input-limits.ts";
import { readTextFile } from "./read-text-file.ts";
import type { Pool } from "./schemas/pool.ts";

const MODULE = "io/csv-pool";

/**
 * Reads a generic pool from CSV, the spreadsheet path (SPEC 3): a header row
 * `id,chapter,part,<metric>...`, then one candidate per row. Fields may be
 * quoted (RFC 4180: commas, quotes doubled, line breaks inside quotes); empty
 * lines are skipped; cells are trimmed.
 *
 * Numbers are decimal only (`12`, `-0.5`, `3e2`): `0x10`, `1_000`, `Infinity`
 * or `1e999` are refused, as is any value beyond ±1e9 (SPEC 2).
 *
 * @returns a `levelramp/pool@1` pool of game `generic`.
 * @throws InputError (exit 2) naming the file, the line and (for a cell) the
 *   column: a bad header, no candidate row, a row with another number of
 *   fields, a chapter/part that is not an integer ≥ 1, a missing or
 *   non-decimal metric, a duplicate id; a file above the input limit.
 */
export function readCsvPool(file: string): Pool {
  const text = readTextFile(file, MODULE);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { info: true, skip_empty_lines: true, trim: true, relax_column_count: false }) as unknown as typeof records;
  } catch (err) {
    const e = err as Error & { lines?: number; code?: string };
    if (e.code === "CSV_QUOTE_NOT_CLOSED") {
      throw new InputError(MODULE, `line ${unclosedQuoteLine(text)}: expected a closing quote for the quoted cell that opens on this line`, { file });
    }
    throw new InputError(MODULE, `line ${e.lines ?? "?"}: expected CSV with the header's number of fields (${e.message})`, { file });
  }
  if (records.length === 0) throw new InputError(MODULE, "line 1: expected a header row id,chapter,part,<metric>...", { file });
  const header = records[0].record;
  if (header[0] !== "id" || header[1] !== "chapter" || header[2] !== "part" || header.length < 4) {
    throw new InputError(MODULE, `line ${records[0].info.lines}: expected a header row id,chapter,part,<metric>...; got ${header.join(",")}`, { file });
  }
  const metricNames = header.slice(3);
  metricNames.forEach((m, i) => {
    if (!m) throw new InputError(MODULE, `line ${records[0].info.lines}: expected a metric name in column ${i + 4}`, { file });
    if (metricNames.indexOf(m) !== i) throw new InputError(MODULE, `line ${records[0].info.lines}: expected unique metric names; "${m}" repeats`, { file });
  });
  if (records.length === 1) {
    throw new InputError(MODULE, `line ${records[0].info.lines}: expected at least one candidate row after the header; the file has only its header (an empty pool)`, { file });
  }
  const seen = new Map<string, number>();
  const candidates: Pool["candidates"] = records.slice(1).map(({ record, info }) => {
    const line = info.lines;
    const [id, chapter, part, ...values] = record;
    if (!id) throw new InputError(MODULE, `line ${line}, column 1: expected an id`, { file });
    const first = seen.get(id);
    if (first !== undefined) throw new InputError(MODULE, `line ${line}, column 1: expected a unique id; "${id}" is also on line ${first}`, { file });
    seen.set(id, line);
    const int = (s: string, what: string, column: number) => {
      const n = DECIMAL.test(s) ? Number(s) : NaN;
      if (!Number.isInteger(n) || n < 1 || n > NUMBER_LIMIT) {
        throw new InputError(MODULE, `line ${line}, column ${column} (${what}): expected an integer from 1 to 1e9; got "${s}"`, { file });
      }
      return n;
    };
    const metrics: Record<string, number> = {};
    values.forEach((v, i) => {
      const where = `line ${line}, column ${i + 4} (metric "${metricNames[i]}")`;
      if (v === "") throw new InputError(MODULE, `${where}: expected a value (it is missing)`, { file });
      const n = DECIMAL.test(v) ? Number(v) : NaN;
      if (Number.isNaN(n)) throw new InputError(MODULE, `${where}: expected a decimal number such as 12, -0.5 or 3e2; got "${v}"`, { file });
      if (!(Math.abs(n) <= NUMBER_LIMIT)) throw new InputError(MODULE, `${where}: expected a finite number within ±1e9; got "${v}"`, { file });
      metrics[metricNames[i]] = n;
    });
    const candidate = { id, chapter: int(chapter, "chapter", 2), part: int(part, "part", 3), metrics, rules: [] };
    recordCsvLine(candidate, line);
    return candidate;
  });
  return { format: "levelramp/pool@1", game: "generic", candidates };
}

/** A decimal number: optional sign, digits with an optional fraction (or a fraction alone), an optional exponent. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Line (1-based) where the quoted cell that is never closed opens (RFC 4180: a quote opens only at a cell's start; "" inside is an escaped quote). */
function unclosedQuoteLine(text: string): number {
  let line = 1;
  let openedAt = 0;
  let inQuote = false;
  let cellStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inQuote) {
      if (c === '"') {
        if (text[i + 1] === '"') i++;
        else inQuote = false;
      } else if (c === "\n") line++;
      continue;
    }
    if (c === '"' && cellStart) {
      inQuote = true;
      openedAt = line;
    }
    if (c === "\n") line++;
    cellStart = c === "," || c === "\n" || (cellStart && (c === " " || c === "\t" || c === "\r"));
  }
  return openedAt;
}
