import { parse } from "csv-parse/sync";
import { InputError } from "../io/errors.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";
import { NUMBER_LIMIT } from "../io/input-limits.ts";
import { readTextFile } from "../io/read-text-file.ts";
import { levelsDigest } from "./levels-digest.ts";
import type { PlayColumn } from "./play-columns.ts";
import { playColumns } from "./play-columns.ts";
import type { PlayedLevel, PlayRow, Plays } from "./plays.ts";

const MODULE = "calibrate/plays";
/** Problems of one file listed before reading stops. */
export const MAX_PROBLEMS = 20;

/** The levels plays are about: every level's number, id and metrics, and the metric calibrated by default. */
export interface PlayableLevels {
  levels: ReadonlyArray<{ number: number; id: string; metrics: Record<string, number> }>;
  /** The default metric (a levels file's model metric); without it, the one metric every level has. */
  metric?: string;
}

/** Options of {@link readPlays}. */
export interface ReadPlaysOptions {
  /** The metric to fit (default: the levels' `metric`, else their one metric). */
  metric?: string;
  /** Header names of player, level, attempts, wins (`--columns`; default the same names). */
  columns?: Partial<Record<PlayColumn, string>>;
  /** How a level cell names a level: by candidate id, by number, or (default) whichever it is — refusing a cell that is one level's id and another's number. */
  levelKey?: "id" | "number";
  /**
   * How the caller names its options in messages (as selectLevels' `names`):
   * the library's own words name the options of this call; the CLI passes
   * its flags (`--level-key id or --level-key number`, `--metric`, `--columns`).
   */
  names?: Partial<typeof LIBRARY_NAMES>;
}

/** The library's words for {@link ReadPlaysOptions.names}. */
const LIBRARY_NAMES = {
  /** Asking for a way to read level cells. */
  giveLevelKey: 'levelKey "id" or levelKey "number"',
  /** The metric to fit, as an option. */
  metric: "the metric option",
  /** The mapping of header names. */
  columns: "the columns option",
};

/** What {@link readPlays} read, and what it did beyond reading (said on stderr by the CLI). */
export interface ReadPlays {
  plays: Plays;
  /** Columns ignored, rows summed. */
  notes: string[];
}

/**
 * Reads a plays CSV (SPEC 11) as designers have it, against the levels it is
 * about: a header naming `level, attempts, wins` (one row per level) or
 * `player, level, attempts, wins` (one row per player and level) — names
 * mapped by `columns` (`--columns player=player_id,...`), other columns
 * ignored (said in `notes`), any order; cells trimmed, quoted cells allowed
 * (RFC 4180), empty lines skipped. A count is a whole number from 0 to 1e9,
 * written `12` or `12.0` (a spreadsheet's export); rows repeating a level (or
 * a player and level) are summed (said in `notes`). A level cell is a
 * candidate id of the levels or a level number; a cell that is the id of one
 * level and the number of another (ids "60".."1", say) is ambiguous and
 * refused, unless `levelKey` says how to read it. Every problem of a file is
 * listed, up to 20, in one error.
 *
 * @param file the CSV path (named in every message).
 * @param levels the levels the plays are about (a levels file, an order, a table of ids and metrics).
 * @param levelsFile their path (named in messages about them).
 * @throws InputError (exit 2) naming the file and each CSV line with its
 *   problem: a header without the columns, a count that is not a whole
 *   number from 0 to 1e9, wins > attempts, a level the levels lack, an
 *   ambiguous level cell, a metric a played level lacks, a player column
 *   whose every player has one row only, plays with nothing to fit (no row,
 *   no win, no loss, one metric value only).
 */
export function readPlays(file: string, levels: PlayableLevels, levelsFile: string, options: ReadPlaysOptions = {}): ReadPlays {
  const said = { ...LIBRARY_NAMES, ...options.names };
  const metric = options.metric ?? levels.metric ?? onlyMetric(levels, levelsFile, said.metric);
  const records = parseCsv(readTextFile(file, MODULE), file);
  if (records.length === 0) throw new InputError(MODULE, "line 1: expected a header row level,attempts,wins (or player,level,attempts,wins)", { file });
  const names = { ...playColumns(undefined), ...options.columns };
  const { at, ignored } = columnsOf(records[0].record, records[0].info.lines, names, file, said.columns);
  const kind = at.player >= 0 ? "rasch" : "levels";
  const resolve = levelResolver(levels, options.levelKey, levelsFile);
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
    else problems.length === MAX_PROBLEMS && problems.push("...");
  };
  const used = new Map<number, number>(); // levels index → Plays level index
  const played: PlayedLevel[] = [];
  const players = new Map<string, number>();
  const rowOf = new Map<string, number>(); // player and level → index in rows
  const rows: PlayRow[] = [];
  const lacking = new Set<number>(); // levels whose missing metric is already listed
  let ambiguous: { line: number; text: string; more: number } | undefined;
  let summed = 0;
  let firstSum = "";
  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    const row = readRow(record, line, at, names, kind, resolve);
    if (row.ambiguous) {
      // One problem for the column (it is how the file names its levels), with its first cell.
      if (ambiguous) ambiguous.more++;
      else ambiguous = { line, text: row.ambiguous, more: 0 };
    }
    for (const text of row.problems) problem(text);
    if (row.level === undefined) continue;
    const { level, attempts, wins, name } = row;
    let index = used.get(level);
    if (index === undefined) {
      const value = metricOf(levels, level, metric);
      if (value === undefined) {
        const known = Object.keys(levels.levels[level].metrics).join(", ");
        if (!lacking.has(level)) problem(`line ${line}: expected level ${levels.levels[level].number} of ${levelsFile} to carry the metric "${metric}" (it has ${known || "none"})`);
        lacking.add(level);
        continue;
      }
      index = used.size;
      used.set(level, index);
      played.push({ number: levels.levels[level].number, id: levels.levels[level].id, metric: value });
    }
    let player = -1;
    if (kind === "rasch") {
      player = players.get(name) ?? players.size;
      players.set(name, player);
    }
    const key = `${player}\u0000${index}`;
    const same = rowOf.get(key);
    if (same !== undefined) {
      rows[same].attempts += attempts;
      rows[same].wins += wins;
      if (summed++ === 0) firstSum = `lines ${rows[same].line} and ${line}`;
      continue;
    }
    rowOf.set(key, rows.length);
    rows.push({ level: index, player, attempts, wins, line });
  }
  if (ambiguous) {
    const others = ambiguous.more ? ` (and ${ambiguous.more} more row(s) like it)` : "";
    problem(`line ${ambiguous.line}, column ${at.level + 1} (${names.level}): ${ambiguous.text}${others}: give ${said.giveLevelKey}`);
  }
  if (problems.length) {
    const n = problems.length > MAX_PROBLEMS ? `more than ${MAX_PROBLEMS}` : String(problems.length);
    throw new InputError(MODULE, [`${n} problem(s):`, ...problems.map((t) => `  ${t}`)], { file });
  }
  const notes: string[] = [];
  if (ignored.length) notes.push(`calibrate: ${file}: column(s) ignored: ${ignored.map((c) => quoted(c)).join(", ")}`);
  if (summed) notes.push(`calibrate: ${file}: ${summed} row(s) repeating a ${kind === "rasch" ? "player and level" : "level"} summed into the first (first: ${firstSum})`);
  const plays = ordered({ kind, metric, levels: played, rows, players: [...players.keys()], levelsDigest: levelsDigest(levels.levels) });
  return { plays: checkVariation(plays, file), notes };
}

/** One CSV row read: the level index, counts and player, or its problems (an ambiguous level cell apart). */
function readRow(record: string[], line: number, at: Record<PlayColumn, number>, names: Record<PlayColumn, string>, kind: Plays["kind"], resolve: (cell: string) => number | string) {
  const cell = (c: number) => record[c] ?? "";
  const level = resolve(cell(at.level));
  const attempts = count(cell(at.attempts));
  const wins = count(cell(at.wins));
  const name = kind === "rasch" ? cell(at.player) : "";
  const problems: string[] = [];
  const ambiguous = typeof level === "string" && level.startsWith("ambiguous:") ? level.slice("ambiguous:".length) : undefined;
  if (typeof level === "string" && !ambiguous) problems.push(`line ${line}, column ${at.level + 1} (${names.level}): ${level}`);
  if (Number.isNaN(attempts)) problems.push(`line ${line}, column ${at.attempts + 1} (${names.attempts}): expected a whole number from 0 to 1e9; got ${quoted(cell(at.attempts))}`);
  if (Number.isNaN(wins)) problems.push(`line ${line}, column ${at.wins + 1} (${names.wins}): expected a whole number from 0 to 1e9; got ${quoted(cell(at.wins))}`);
  if (wins > attempts) problems.push(`line ${line}: expected wins ≤ attempts; got ${wins} wins in ${attempts} attempts`);
  if (kind === "rasch" && !name) problems.push(`line ${line}, column ${at.player + 1} (${names.player}): expected a player name or id`);
  const ok = typeof level === "number" && problems.length === 0;
  return { level: ok ? level : undefined, attempts, wins, name, problems, ambiguous };
}

/** The CSV records with their line numbers, or an InputError naming the line. */
function parseCsv(text: string, file: string): Array<{ record: string[]; info: { lines: number } }> {
  try {
    return parse(text, { info: true, skip_empty_lines: true, trim: true, relax_column_count: false }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (err) {
    const e = err as Error & { lines?: number };
    throw new InputError(MODULE, `line ${e.lines ?? "?"}: expected CSV with the header's number of fields (${e.message})`, { file });
  }
}

/** Column index of each play column (−1 for an absent player column), and the header cells no column uses. */
function columnsOf(header: string[], line: number, names: Record<PlayColumn, string>, file: string, columnsOption: string): { at: Record<PlayColumn, number>; ignored: string[] } {
  const mapped = Object.values(names);
  const expected = `expected a header with ${names.level}, ${names.attempts}, ${names.wins} (per level) and ${names.player} (per player and level), in any order (${columnsOption} maps other names)`;
  for (const name of mapped) {
    if (header.indexOf(name) !== header.lastIndexOf(name)) throw new InputError(MODULE, `line ${line}: ${expected}; ${quoted(name)} repeats`, { file });
  }
  const at = { player: header.indexOf(names.player), level: header.indexOf(names.level), attempts: header.indexOf(names.attempts), wins: header.indexOf(names.wins) };
  const missing = (["level", "attempts", "wins"] as const).filter((c) => at[c] < 0).map((c) => quoted(names[c]));
  if (missing.length) throw new InputError(MODULE, `line ${line}: ${expected}; ${missing.join(", ")} ${missing.length > 1 ? "are" : "is"} not in ${header.map((h) => quoted(h)).join(",")}`, { file });
  return { at, ignored: header.filter((h) => !mapped.includes(h)) };
}

/** A count cell: a whole number from 0 to 1e9, written as digits with an optional fraction of zeros (`12`, `12.0`); NaN otherwise. */
function count(text: string): number {
  if (!/^\+?\d+(\.0*)?$/.test(text)) return NaN;
  const n = Number(text);
  return Number.isInteger(n) && n <= NUMBER_LIMIT ? n : NaN;
}

/**
 * How a level cell names a level: the index in `levels`, or a problem. By
 * default a cell is the id of a level, else the number of one; a cell that is
 * both, of different levels, is ambiguous (its problem starts `ambiguous:`).
 */
function levelResolver(levels: PlayableLevels, key: "id" | "number" | undefined, levelsFile: string): (cell: string) => number | string {
  const byId = new Map(levels.levels.map((l, i) => [l.id, i]));
  const byNumber = new Map(levels.levels.map((l, i) => [String(l.number), i]));
  return (cell) => {
    const asId = key === "number" ? undefined : byId.get(cell);
    const asNumber = key === "id" ? undefined : byNumber.get(cell);
    if (asId !== undefined && asNumber !== undefined && asId !== asNumber) {
      return `ambiguous:${quoted(cell)} is the id of level ${levels.levels[asId].number} and the number of level ${cell} (id ${quoted(levels.levels[asNumber].id)}) in ${levelsFile}`;
    }
    const found = asId ?? asNumber;
    if (found !== undefined) return found;
    const what = key === "id" ? "a candidate id" : key === "number" ? "a level number" : "a level number or a candidate id";
    return `expected ${what} of ${levelsFile}; got ${quoted(cell)}`;
  };
}

/** The one metric every level has, or an InputError asking for the metric option (`option`, its name). */
function onlyMetric(levels: PlayableLevels, levelsFile: string, option: string): string {
  const names = new Set(levels.levels.flatMap((l) => Object.keys(l.metrics)));
  const common = [...names].filter((n) => levels.levels.every((l) => Object.hasOwn(l.metrics, n)));
  if (common.length === 1) return common[0];
  throw new InputError(MODULE, `expected ${option}: the levels carry ${common.length ? `the metrics ${common.join(", ")}` : "no metric every level has"} and no model names one`, { file: levelsFile });
}

/** The level's stored value of the metric, if it has it. */
function metricOf(levels: PlayableLevels, index: number, metric: string): number | undefined {
  const metrics = levels.levels[index].metrics;
  return Object.hasOwn(metrics, metric) ? metrics[metric] : undefined;
}

/** The plays with levels renumbered in level-number order (rows keep CSV order). */
function ordered(plays: Plays): Plays {
  const order = plays.levels.map((_, i) => i).sort((i, j) => plays.levels[i].number - plays.levels[j].number);
  const rank = new Int32Array(order.length);
  order.forEach((old, i) => (rank[old] = i));
  return { ...plays, levels: order.map((i) => plays.levels[i]), rows: plays.rows.map((r) => ({ ...r, level: rank[r.level] })) };
}

/**
 * Refuses plays with nothing to fit (SPEC 11): no rows, no attempt, no win or
 * no loss, a single metric value, and a player column whose every player has
 * one row (player and level effects cannot then be told apart).
 */
export function checkVariation(plays: Plays, file: string): Plays {
  const last = plays.rows.length ? plays.rows[plays.rows.length - 1].line : 1;
  const fail = (expected: string) => {
    throw new InputError(MODULE, `line ${last}: ${expected}`, { file });
  };
  if (plays.rows.length === 0) fail("expected at least one row of plays after the header");
  let attempts = 0;
  let wins = 0;
  for (const r of plays.rows) {
    attempts += r.attempts;
    wins += r.wins;
  }
  if (wins === 0 || wins === attempts) fail(`expected both wins and losses to fit a pass rate; all ${attempts} attempts ${wins === 0 ? "were lost" : "were won"} (no variation)`);
  const values = new Set(plays.levels.map((l) => l.metric));
  if (values.size < 2) fail(`expected levels with at least two values of "${plays.metric}"; every played level has ${plays.levels[0].metric} (no variation to fit)`);
  if (plays.kind === "rasch") {
    const rowsOf = new Int32Array(plays.players.length);
    for (const r of plays.rows) rowsOf[r.player]++;
    if (!rowsOf.some((n) => n >= 2)) {
      fail("expected some player with rows on two or more levels: every player has one row only, so player ability and level difficulty cannot be told apart (drop the player column to fit per level)");
    }
  }
  return plays;
}

/** Outside text in a message: in quotes, its line breaks shown as escapes (`oneLine`), so a cell cannot print a line of its own. */
function quoted(text: string): string {
  return `"${oneLine(text)}"`;
}
