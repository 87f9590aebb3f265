import { parse } from "csv-parse/sync";
import { InputError } from "../io/errors.ts";
import { NUMBER_LIMIT } from "../io/input-limits.ts";
import { readTextFile } from "../io/read-text-file.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import { levelsDigest } from "./levels-digest.ts";
import type { PlayedLevel, PlayRow, Plays } from "./plays.ts";

const MODULE = "calibrate/plays";
const COLUMNS = ["player", "level", "attempts", "wins"];

/**
 * Reads a plays CSV (SPEC 11) against the levels file it is about: a header
 * row naming `level, attempts, wins` (one row per level) or `player, level,
 * attempts, wins` (one row per player and level), in any order; then one row
 * per level or per (player, level). `level` is a level number of the levels
 * file or a candidate id in it. Cells are trimmed; quoted cells are allowed
 * (RFC 4180); empty lines are skipped.
 *
 * @param file the CSV path (named in every message).
 * @param levels the levels file the plays are about.
 * @param levelsFile its path (named in messages about it).
 * @param metric the metric to fit (default: the levels file's model metric).
 * @throws InputError (exit 2) naming the CSV line and the expectation: a bad
 *   header, counts that are not integers from 0 to 1e9, wins > attempts, a
 *   level that is not in the levels file, a level (or player and level) given
 *   twice, a player column whose every player has one row only, a metric some
 *   played level lacks, and plays with nothing to fit (no row, no win, no
 *   loss, one metric value only).
 */
export function readPlays(file: string, levels: LevelsFile, levelsFile: string, metric = levels.model.metric): Plays {
  const text = readTextFile(file, MODULE);
  const records = parseCsv(text, file);
  if (records.length === 0) throw new InputError(MODULE, "line 1: expected a header row level,attempts,wins (or player,level,attempts,wins)", { file });
  const { record: header, info: headerInfo } = records[0];
  const at = columnsOf(header, headerInfo.lines, file);
  const kind = at.player >= 0 ? "rasch" : "levels";
  const byNumber = new Map(levels.levels.map((l, i) => [String(l.number), i]));
  const byId = new Map(levels.levels.map((l, i) => [l.id, i]));
  const used = new Map<number, number>(); // levels-file index → Plays level index
  const played: PlayedLevel[] = [];
  const players = new Map<string, number>();
  const seen = new Map<string, number>();
  const rows: PlayRow[] = [];
  for (const { record, info } of records.slice(1)) {
    const line = info.lines;
    const cell = (c: number) => record[c] ?? "";
    const levelText = cell(at.level);
    const index = byNumber.get(levelText) ?? byId.get(levelText);
    if (index === undefined) {
      throw new InputError(MODULE, `line ${line}, column ${at.level + 1} (level): expected a level number or a candidate id of ${levelsFile}; got "${levelText}"`, { file });
    }
    const attempts = count(cell(at.attempts), "attempts", line, at.attempts, file);
    const wins = count(cell(at.wins), "wins", line, at.wins, file);
    if (wins > attempts) throw new InputError(MODULE, `line ${line}: expected wins ≤ attempts; got ${wins} wins in ${attempts} attempts`, { file });
    let player = -1;
    let key = String(index);
    if (kind === "rasch") {
      const name = cell(at.player);
      if (!name) throw new InputError(MODULE, `line ${line}, column ${at.player + 1} (player): expected a player name or id`, { file });
      player = players.get(name) ?? players.size;
      players.set(name, player);
      key = `${player}\u0000${index}`;
    }
    const first = seen.get(key);
    if (first !== undefined) {
      const what = kind === "rasch" ? `player "${cell(at.player)}" on level ${levelText}` : `level ${levelText}`;
      throw new InputError(MODULE, `line ${line}: expected one row per ${kind === "rasch" ? "player and level" : "level"}; ${what} is also on line ${first}`, { file });
    }
    seen.set(key, line);
    let level = used.get(index);
    if (level === undefined) {
      level = used.size;
      used.set(index, level);
      played.push({ number: levels.levels[index].number, id: levels.levels[index].id, metric: metricOf(levels, index, metric, levelsFile, line, file) });
    }
    rows.push({ level, player, attempts, wins, line });
  }
  return checkVariation(ordered({ kind, metric, levels: played, rows, players: [...players.keys()], levelsDigest: levelsDigest(levels.levels) }), file);
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

/** Column index of each known column (−1 for an absent player column). */
function columnsOf(header: string[], line: number, file: string): Record<"player" | "level" | "attempts" | "wins", number> {
  const expected = "expected a header row level,attempts,wins (per level) or player,level,attempts,wins (per player and level), in any order";
  for (const name of header) {
    if (!COLUMNS.includes(name)) throw new InputError(MODULE, `line ${line}: ${expected}; "${name}" is not one of them`, { file });
    if (header.indexOf(name) !== header.lastIndexOf(name)) throw new InputError(MODULE, `line ${line}: ${expected}; "${name}" repeats`, { file });
  }
  const at = { player: header.indexOf("player"), level: header.indexOf("level"), attempts: header.indexOf("attempts"), wins: header.indexOf("wins") };
  if (at.level < 0 || at.attempts < 0 || at.wins < 0) throw new InputError(MODULE, `line ${line}: ${expected}; got ${header.join(",")}`, { file });
  return at;
}

/** A count cell: a decimal integer from 0 to 1e9. */
function count(text: string, what: string, line: number, column: number, file: string): number {
  const n = /^\+?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(n) || n > NUMBER_LIMIT) {
    throw new InputError(MODULE, `line ${line}, column ${column + 1} (${what}): expected a whole number from 0 to 1e9; got "${text}"`, { file });
  }
  return n;
}

/** The level's stored value of the metric, or an InputError naming the levels file and the CSV line that played it. */
function metricOf(levels: LevelsFile, index: number, metric: string, levelsFile: string, line: number, file: string): number {
  const value = Object.hasOwn(levels.levels[index].metrics, metric) ? levels.levels[index].metrics[metric] : undefined;
  if (value === undefined) {
    const known = Object.keys(levels.levels[index].metrics).join(", ");
    throw new InputError(MODULE, `line ${line}: expected level ${levels.levels[index].number} of ${levelsFile} to carry the metric "${metric}" ($.levels[${index}].metrics; it has ${known || "none"})`, { file });
  }
  return value;
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
