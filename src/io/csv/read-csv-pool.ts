import { poolOfTable, type CandidateTable } from "./candidate-table.ts";
import { splitConcepts } from "../schemas/concept-names.ts";
import { InputError } from "../errors.ts";
import { NUMBER_LIMIT } from "../input-limits.ts";
import { plainDecimal } from "./plain-decimal.ts";
import { RESERVED_KEY } from "../hostile/own-key.ts";
import { readTextFile } from "../read-text-file.ts";
import type { Pool } from "../schemas/pool.ts";

const MODULE = "io/csv-pool";
/** The header of the column that holds each row's concepts (SPEC 12), not a metric. */
const CONCEPTS = "concepts";

/**
 * Reads a generic pool from CSV, the spreadsheet path (SPEC 3): a header row
 * `id,chapter,part,<metric>...`, then one candidate per row. Fields may be
 * quoted (RFC 4180: commas, quotes doubled, line breaks inside quotes); empty
 * lines are skipped; cells are trimmed. A column headed `concepts`, wherever
 * it stands after `part`, holds each row's concepts (SPEC 12): names
 * separated by `;` (`bell;echo`, spaces around a name ignored), empty for
 * none; it is not a metric.
 *
 * Numbers are decimal only (`12`, `-0.5`, `3e2`): `0x10`, `1_000`, `Infinity`
 * or `1e999` are refused, as is any value beyond ±1e9 (SPEC 2).
 *
 * @returns a `levelramp/pool@1` pool of game `generic`; its candidates are made
 *   when first read, the selection reads the table behind it ({@link readCsvTable}).
 * @throws InputError (exit 2) naming the file, the line and (for a cell) the
 *   column: a bad header, no candidate row, a row with another number of
 *   fields, a quote that is never closed or not at a cell's start, a
 *   chapter/part that is not an integer ≥ 1, a missing or non-decimal metric,
 *   a duplicate id, a concepts cell with an empty, refused or repeated name
 *   (SPEC 12); a file above the input limit.
 */
export function readCsvPool(file: string): Pool {
  return poolOfTable(readCsvTable(file));
}

/**
 * Reads a CSV pool (as {@link readCsvPool}) straight into a {@link CandidateTable}:
 * one pass over the text, cells read in place (a number is parsed from the
 * text without a string of its own unless it is quoted or unusual), no array
 * or object per row — only each id's string.
 *
 * @throws InputError (exit 2) as {@link readCsvPool}.
 */
export function readCsvTable(file: string): CandidateTable {
  return parseCsvTable(readTextFile(file, MODULE), file);
}

/** Parses CSV pool text (see {@link readCsvTable}); `file` names it in errors. */
export function parseCsvTable(text: string, file: string): CandidateTable {
  const csv = new CsvCells(text, file);
  // 1. The header: id, chapter, part, then unique metric names.
  csv.skipEmptyLines();
  const headerLine = csv.line;
  if (csv.atEnd()) throw new InputError(MODULE, "line 1: expected a header row id,chapter,part,<metric>...", { file });
  const header: string[] = [];
  do {
    csv.readCell();
    header.push(csv.cellString());
  }
  while (!csv.rowEnded);
  if (header[0] !== "id" || header[1] !== "chapter" || header[2] !== "part" || header.length < 4) {
    throw new InputError(MODULE, `line ${headerLine}: expected a header row id,chapter,part,<metric>...; got ${header.join(",")}`, { file });
  }
  const named = header.slice(3);
  named.forEach((m, i) => {
    if (!m) throw new InputError(MODULE, `line ${headerLine}: expected a metric name in column ${i + 4}`, { file });
    if (m === RESERVED_KEY) throw new InputError(MODULE, `line ${headerLine}, column ${i + 4}: expected a metric name other than "${RESERVED_KEY}" (a name JavaScript reserves); rename the column`, { file });
    if (named.indexOf(m) !== i) throw new InputError(MODULE, `line ${headerLine}: expected unique ${m === CONCEPTS ? "column" : "metric"} names; "${m}" repeats`, { file });
  });
  // The concepts column (SPEC 12), wherever it stands among the metrics, is not a metric.
  const conceptsAt = header.indexOf(CONCEPTS, 3);
  const metricAt = Int32Array.from(named.flatMap((m, i) => (m === CONCEPTS ? [] : [i + 3])));
  const metricNames = named.filter((m) => m !== CONCEPTS);
  if (metricNames.length === 0) throw new InputError(MODULE, `line ${headerLine}: expected at least one metric column besides ${CONCEPTS} (a header row id,chapter,part,<metric>...)`, { file });
  // 2. Room for every row the text can hold (one per line break, at most).
  const ncol = header.length;
  const most = csv.lineBreaks() + 1;
  const ids: string[] = [];
  const chapter = new Int32Array(most);
  const part = new Int32Array(most);
  const lines = new Int32Array(most);
  const columns = metricNames.map(() => new Float64Array(most));
  const concepts: Array<readonly string[]> | undefined = conceptsAt >= 0 ? [] : undefined;
  const conceptCells = new Map<string, readonly string[]>();
  const seen = new Map<string, number>();
  // 3. Rows: the cells' places first (the field count is checked before any cell), then id, metrics, chapter, part, concepts.
  let size = 0;
  for (csv.skipEmptyLines(); !csv.atEnd(); csv.skipEmptyLines()) {
    const line = csv.line;
    let count = 0;
    do {
      const quoted = csv.readCell();
      if (count < ncol) csv.keep(count, quoted);
      count++;
    } while (!csv.rowEnded);
    if (count !== ncol) throw new InputError(MODULE, `line ${line}: expected CSV with the header's number of fields (${ncol}); this row has ${count}`, { file });
    const id = csv.kept(0);
    if (!id) throw new InputError(MODULE, `line ${line}, column 1: expected an id`, { file });
    const first = seen.get(id);
    if (first !== undefined) throw new InputError(MODULE, `line ${line}, column 1: expected a unique id; "${id}" is also on line ${first}`, { file });
    seen.set(id, line);
    for (let m = 0; m < metricAt.length; m++) columns[m][size] = csv.keptMetric(metricAt[m], line, metricNames[m]);
    chapter[size] = csv.keptInt(1, line, "chapter");
    part[size] = csv.keptInt(2, line, "part");
    if (concepts) concepts.push(csv.keptConcepts(conceptsAt, line, conceptCells));
    ids.push(id);
    lines[size] = line;
    size++;
  }
  if (size === 0) {
    throw new InputError(MODULE, `line ${headerLine}: expected at least one candidate row after the header; the file has only its header (an empty pool)`, { file });
  }
  const table: CandidateTable = { size, ids, chapter: chapter.subarray(0, size), part: part.subarray(0, size), metricNames, columns: columns.map((c) => c.subarray(0, size)), lines: lines.subarray(0, size) };
  if (concepts) table.concepts = concepts;
  return table;
}

const COMMA = 44;
const QUOTE = 34;
const LF = 10;
const CR = 13;
const SPACE = 32;
const TAB = 9;

/**
 * A cursor over CSV text that reads one cell at a time (RFC 4180, cells
 * trimmed of spaces and tabs, line ends `\n`, `\r\n` or `\r`) and keeps the
 * current row's cells as places in the text — reused buffers, so a row costs
 * no allocation; a quoted cell with doubled quotes is unescaped into a string.
 */
class CsvCells {
  pos = 0;
  /** The line the cursor is on (1-based). */
  line = 1;
  /** Whether the last cell read ended its row. */
  rowEnded = false;
  private start = 0;
  private end = 0;
  private unescaped: string | undefined;
  private readonly keptStart: number[] = [];
  private readonly keptEnd: number[] = [];
  private readonly keptText: Array<string | undefined> = [];

  constructor(
    private readonly text: string,
    private readonly file: string,
  ) {}

  atEnd(): boolean {
    return this.pos >= this.text.length;
  }

  /** Line breaks in the whole text (an upper bound on the rows). */
  lineBreaks(): number {
    let n = 0;
    const t = this.text;
    for (let i = t.indexOf("\n"); i >= 0; i = t.indexOf("\n", i + 1)) n++;
    return n + (t.includes("\r") ? countLoneCr(t) : 0);
  }

  /** Skips lines that hold nothing at all. */
  skipEmptyLines(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c === LF) {
        this.pos++;
        this.line++;
      } else if (c === CR) {
        this.pos += t.charCodeAt(this.pos + 1) === LF ? 2 : 1;
        this.line++;
      } else return;
    }
  }

  /**
   * Reads the next cell: its trimmed place is `start..end` (or `unescaped`
   * for a quoted cell with doubled quotes); consumes the comma or line end
   * after it. Returns whether it was quoted.
   */
  readCell(): boolean {
    const t = this.text;
    const n = t.length;
    let i = this.pos;
    while (i < n && (t.charCodeAt(i) === SPACE || t.charCodeAt(i) === TAB)) i++;
    let quoted = false;
    this.unescaped = undefined;
    if (i < n && t.charCodeAt(i) === QUOTE) {
      quoted = true;
      const opensOn = this.line;
      const from = i + 1;
      let k = from;
      let parts: string[] | undefined;
      let partFrom = from;
      for (;;) {
        if (k >= n) throw new InputError(MODULE, `line ${opensOn}: expected a closing quote for the quoted cell that opens on this line`, { file: this.file });
        const c = t.charCodeAt(k);
        if (c === QUOTE) {
          if (t.charCodeAt(k + 1) !== QUOTE) break;
          (parts ??= []).push(t.slice(partFrom, k + 1));
          k += 2;
          partFrom = k;
          continue;
        }
        if (c === LF || (c === CR && t.charCodeAt(k + 1) !== LF)) this.line++;
        k++;
      }
      this.start = from;
      this.end = k;
      if (parts) this.unescaped = parts.join("") + t.slice(partFrom, k);
      i = k + 1;
      while (i < n && (t.charCodeAt(i) === SPACE || t.charCodeAt(i) === TAB)) i++;
      if (i < n && t.charCodeAt(i) !== COMMA && t.charCodeAt(i) !== LF && t.charCodeAt(i) !== CR) {
        throw new InputError(MODULE, `line ${this.line}: expected a comma or the end of the line after the closing quote of a cell; got "${t[i]}"`, { file: this.file });
      }
    } else {
      this.start = i;
      while (i < n) {
        const c = t.charCodeAt(i);
        if (c === COMMA || c === LF || c === CR) break;
        if (c === QUOTE) {
          throw new InputError(MODULE, `line ${this.line}: expected a quote only at the start of a cell (a quoted cell is "...", with quotes inside doubled)`, { file: this.file });
        }
        i++;
      }
      let e = i;
      while (e > this.start && (t.charCodeAt(e - 1) === SPACE || t.charCodeAt(e - 1) === TAB)) e--;
      this.end = e;
    }
    // The comma or line end after the cell.
    if (i >= n) this.rowEnded = true;
    else if (t.charCodeAt(i) === COMMA) {
      this.rowEnded = false;
      i++;
    } else {
      this.rowEnded = true;
      i += t.charCodeAt(i) === CR && t.charCodeAt(i + 1) === LF ? 2 : 1;
      this.line++;
    }
    this.pos = i;
    return quoted;
  }

  /** The last cell read, as a string. */
  cellString(): string {
    return this.unescaped ?? this.text.slice(this.start, this.end);
  }

  /** Keeps the last cell read as cell `j` of the row. */
  keep(j: number, quoted: boolean): void {
    this.keptStart[j] = this.start;
    this.keptEnd[j] = this.end;
    this.keptText[j] = quoted ? this.cellString() : undefined;
  }

  /** Kept cell `j` as a string. */
  kept(j: number): string {
    return this.keptText[j] ?? this.text.slice(this.keptStart[j], this.keptEnd[j]);
  }

  /** Kept cell `j` as a metric value: decimal, within ±1e9. */
  keptMetric(j: number, line: number, name: string): number {
    let v = this.keptText[j] === undefined ? plainDecimal(this.text, this.keptStart[j], this.keptEnd[j]) : NaN;
    if (Number.isNaN(v)) {
      const s = this.kept(j);
      if (s === "") throw new InputError(MODULE, `${cellName(line, j, name)}: expected a value (it is missing)`, { file: this.file });
      v = DECIMAL.test(s) ? Number(s) : NaN;
      if (Number.isNaN(v)) throw new InputError(MODULE, `${cellName(line, j, name)}: expected a decimal number such as 12, -0.5 or 3e2; got "${s}"`, { file: this.file });
    }
    if (!(Math.abs(v) <= NUMBER_LIMIT)) throw new InputError(MODULE, `${cellName(line, j, name)}: expected a finite number within ±1e9; got "${this.kept(j)}"`, { file: this.file });
    return v;
  }

  /**
   * Kept cell `j` as a row's concepts (SPEC 12): names separated by `;`, empty
   * for none. Rows with the same cell share one frozen array (`cells`).
   */
  keptConcepts(j: number, line: number, cells: Map<string, readonly string[]>): readonly string[] {
    const cell = this.kept(j);
    const known = cells.get(cell);
    if (known) return known;
    const split = splitConcepts(cell);
    if ("problem" in split) throw new InputError(MODULE, `line ${line}, column ${j + 1} (${CONCEPTS}): ${split.problem}`, { file: this.file });
    const names = Object.freeze(split.names);
    cells.set(cell, names);
    return names;
  }

  /** Kept cell `j` as a chapter or part: an integer from 1 to 1e9. */
  keptInt(j: number, line: number, what: string): number {
    let v = this.keptText[j] === undefined ? plainDecimal(this.text, this.keptStart[j], this.keptEnd[j]) : NaN;
    if (Number.isNaN(v)) {
      const s = this.kept(j);
      v = DECIMAL.test(s) ? Number(s) : NaN;
    }
    if (!Number.isInteger(v) || v < 1 || v > NUMBER_LIMIT) {
      throw new InputError(MODULE, `line ${line}, column ${j + 1} (${what}): expected an integer from 1 to 1e9; got "${this.kept(j)}"`, { file: this.file });
    }
    return v;
  }
}

/** Where a metric cell is, for messages: `line 3, column 4 (metric "difficulty")`. */
function cellName(line: number, j: number, name: string): string {
  return `line ${line}, column ${j + 1} (metric "${name}")`;
}

/** A decimal number: optional sign, digits with an optional fraction (or a fraction alone), an optional exponent. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Carriage returns not followed by a line feed (old Mac line ends). */
function countLoneCr(t: string): number {
  let n = 0;
  for (let i = t.indexOf("\r"); i >= 0; i = t.indexOf("\r", i + 1)) if (t.charCodeAt(i + 1) !== LF) n++;
  return n;
}
