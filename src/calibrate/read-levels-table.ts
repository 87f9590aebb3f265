import { parse } from "csv-parse/sync";
import { InputError } from "../io/errors.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";
import { NUMBER_LIMIT } from "../io/input-limits.ts";
import { readLevelsSource, type LevelsSource } from "../io/order/read-order.ts";
import { readTextFile } from "../io/read-text-file.ts";
import { roundMetric } from "../io/round-metric.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import type { PlayableLevels } from "./read-plays.ts";

const MODULE = "calibrate/levels";

/**
 * The levels of a levels file or an order (SPEC 3) as plays name them: every
 * level's number, id and metrics, and the levels file's model metric (an
 * order has no model).
 */
export function playableLevels(source: LevelsSource | { kind: "levels"; file: LevelsFile }): PlayableLevels {
  if (source.kind === "levels") return { levels: source.file.levels, metric: source.file.model.metric };
  const { order } = source;
  return { levels: order.pool.candidates.map((c, i) => ({ number: order.levels[i], id: c.id, metrics: c.metrics })).sort((x, y) => x.number - y.number) };
}

/**
 * The levels plays are about, from a CSV (SPEC 11 "`--levels` takes a levels
 * file, an order or a table of ids and metrics"): an order (SPEC 3: a
 * generic pool `id,chapter,part,level,<metric>...`) when the header names
 * chapter and part; otherwise a plain table — an `id` column, an optional
 * `level` column (whole numbers ≥ 1, each once; without it the rows are
 * levels 1, 2, ... in file order) and one column per metric (plain numbers
 * within ±1e9, stored rounded to 6 decimals as every metric is). Every
 * problem of the table is listed, up to 20.
 *
 * @throws InputError (exit 2) naming the file and each CSV line with its problem.
 */
export function readLevelsCsv(file: string): PlayableLevels {
  const text = readTextFile(file, MODULE);
  const records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: false, to_line: 1 }) as string[][];
  const header = records[0] ?? [];
  if (header.includes("chapter") && header.includes("part")) return playableLevels(readLevelsSource(file));
  return readLevelsTable(text, file);
}

/** A plain table of ids and metrics (see {@link readLevelsCsv}). */
function readLevelsTable(text: string, file: string): PlayableLevels {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, { info: true, skip_empty_lines: true, trim: true, relax_column_count: false }) as unknown as typeof records;
  } catch (err) {
    const e = err as Error & { lines?: number };
    throw new InputError(MODULE, `line ${e.lines ?? "?"}: expected CSV with the header's number of fields (${e.message})`, { file });
  }
  const header = records[0]?.record ?? [];
  const idAt = header.indexOf("id");
  const levelAt = header.indexOf("level");
  const metricAt = header.map((_, c) => c).filter((c) => c !== idAt && c !== levelAt);
  if (idAt < 0 || metricAt.length === 0) {
    throw new InputError(MODULE, `line 1: expected a header with an id column and one column per metric (a table of levels: id,<metric>...; or an order: id,chapter,part,level,<metric>...); got ${header.map((h) => quoted(h)).join(",")}`, { file });
  }
  for (const c of metricAt) if (!header[c] || header.indexOf(header[c]) !== c) throw new InputError(MODULE, `line 1: expected distinct, non-empty metric names; ${quoted(header[c])} ${header[c] ? "repeats" : "is empty"}`, { file });
  const problems: string[] = [];
  const problem = (t: string) => void (problems.length <= MAX && problems.push(problems.length === MAX ? "..." : t));
  const levels: Array<{ number: number; id: string; metrics: Record<string, number> }> = [];
  const ids = new Map<string, number>();
  const numbers = new Map<number, number>();
  records.slice(1).forEach(({ record, info }, i) => {
    const line = info.lines;
    const id = record[idAt];
    if (!id) problem(`line ${line}, column ${idAt + 1} (id): expected a level's id`);
    else if (ids.has(id)) problem(`line ${line}, column ${idAt + 1} (id): ${quoted(id)} is also on line ${ids.get(id)}`);
    else ids.set(id, line);
    const number = levelAt < 0 ? i + 1 : /^\d+$/.test(record[levelAt]) ? Number(record[levelAt]) : NaN;
    if (!(Number.isInteger(number) && number >= 1 && number <= NUMBER_LIMIT)) problem(`line ${line}, column ${levelAt + 1} (level): expected a whole level number ≥ 1; got ${quoted(record[levelAt])}`);
    else if (numbers.has(number)) problem(`line ${line}, column ${levelAt + 1} (level): level ${number} is also on line ${numbers.get(number)}`);
    else numbers.set(number, line);
    const metrics: Record<string, number> = {};
    for (const c of metricAt) {
      const cell = record[c];
      const value = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(cell) ? Number(cell) : NaN;
      if (!(Math.abs(value) <= NUMBER_LIMIT)) problem(`line ${line}, column ${c + 1} (${header[c]}): expected a number within ±1e9; got ${quoted(cell)}`);
      else metrics[header[c]] = roundMetric(value);
    }
    levels.push({ number, id, metrics });
  });
  if (records.length < 2) problems.push("line 1: expected a row per level after the header");
  if (problems.length) throw new InputError(MODULE, [`${problems.length > MAX ? `more than ${MAX}` : problems.length} problem(s):`, ...problems.map((t) => `  ${t}`)], { file });
  return { levels: levels.sort((x, y) => x.number - y.number) };
}

/** Problems listed before reading stops. */
const MAX = 20;

/** Outside text in a message: in quotes, its line breaks shown as escapes (`oneLine`), so a cell cannot print a line of its own. */
function quoted(text: string): string {
  return `"${oneLine(text)}"`;
}
