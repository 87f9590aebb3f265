import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { InputError } from "./errors.ts";
import type { Pool } from "./schemas/pool.ts";

const MODULE = "io/csv-pool";

/**
 * Reads a generic pool from CSV, the spreadsheet path (SPEC 3): a header row
 * `id,chapter,part,<metric>...`, then one candidate per row. Fields may be
 * quoted (RFC 4180: commas, quotes doubled, line breaks inside quotes); empty
 * lines are skipped; cells are trimmed.
 *
 * @returns a `levelramp/pool@1` pool of game `generic`.
 * @throws InputError (exit 2) naming the file and the line: a bad header, a row
 *   with another number of fields, a chapter/part that is not an integer ≥ 1,
 *   a missing or non-numeric metric, a duplicate id.
 */
export function readCsvPool(file: string): Pool {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(MODULE, code === "ENOENT" ? "expected a file; it does not exist" : `cannot read it (${code})`, { file });
  }
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text.replace(/^\uFEFF/, ""), { info: true, skip_empty_lines: true, trim: true, relax_column_count: false }) as unknown as typeof records;
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
  const seen = new Map<string, number>();
  const candidates: Pool["candidates"] = records.slice(1).map(({ record, info }) => {
    const line = info.lines;
    const [id, chapter, part, ...values] = record;
    if (!id) throw new InputError(MODULE, `line ${line}: expected an id`, { file });
    const first = seen.get(id);
    if (first !== undefined) throw new InputError(MODULE, `line ${line}: expected a unique id; "${id}" is also on line ${first}`, { file });
    seen.set(id, line);
    const int = (s: string, what: string) => {
      const n = Number(s);
      if (s === "" || !Number.isInteger(n) || n < 1) throw new InputError(MODULE, `line ${line}: expected ${what} as an integer ≥ 1; got "${s}"`, { file });
      return n;
    };
    const metrics: Record<string, number> = {};
    values.forEach((v, i) => {
      const n = Number(v);
      if (v === "") throw new InputError(MODULE, `line ${line}: expected a value for metric "${metricNames[i]}" (it is missing)`, { file });
      if (!Number.isFinite(n)) throw new InputError(MODULE, `line ${line}: expected a number for metric "${metricNames[i]}"; got "${v}"`, { file });
      metrics[metricNames[i]] = n;
    });
    return { id, chapter: int(chapter, "chapter"), part: int(part, "part"), metrics, rules: [] };
  });
  return { format: "levelramp/pool@1", game: "generic", candidates };
}

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
