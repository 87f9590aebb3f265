import { InputError } from "../errors.ts";
import type { Pool } from "../schemas/pool.ts";

const MODULE = "io/order";

/**
 * An order (SPEC 3 "An order"): a progression that exists already — a
 * generic pool, CSV or JSON, whose candidates each carry a `level` number,
 * 1..n each once. `pool` holds the candidates without their level numbers
 * (in CSV the `level` column is never a metric); `levels[i]` is candidate i's.
 */
export interface Order {
  /** The file it was read from, for messages. */
  file: string;
  pool: Pool;
  levels: number[];
  /** Where candidate i is named in messages: `{ line: 12 }` (CSV) or `{ jsonPath: "$.candidates[3]" }` (JSON). */
  place(i: number): { line?: number; jsonPath?: string };
}

/** An InputError about candidate i of an order: `line 12: ...` (CSV) or at `$.candidates[3].level` (JSON). */
export function orderError(order: Pick<Order, "file" | "place">, i: number, expected: string, field = ""): InputError {
  const { line, jsonPath } = order.place(i);
  if (line !== undefined) return new InputError(MODULE, `line ${line}${field ? ` (${field})` : ""}: ${expected}`, { file: order.file });
  return new InputError(MODULE, expected, { file: order.file, jsonPath: `${jsonPath}${field ? `.${field}` : ""}` });
}

/**
 * An order from a pool and its candidates' level numbers (SPEC 3 "An order"):
 * whole numbers 1..n, each once (n the number of candidates), within the plan.
 *
 * @param read the pool, each candidate's level (undefined where it has none), and for CSV each row's line.
 * @param options.planLevels the plan's level count, when a plan is given: a level beyond it is refused.
 * @throws InputError (exit 2) naming the file and the CSV line (JSON: the
 *   candidate's path): not a generic pool, no level column, a level that is
 *   not a whole number ≥ 1, a level beyond the order's (or the plan's) count,
 *   a level given twice, a level missing (named by the lines around it).
 */
export function checkOrder(file: string, read: { pool: Pool; levels: Array<number | undefined>; lines?: Int32Array }, options: { planLevels?: number; planFile?: string }): Order {
  const { pool, levels: raw, lines } = read;
  const csv = lines !== undefined;
  const place = (i: number) => (lines ? { line: lines[i] } : { jsonPath: `$.candidates[${i}]` });
  const order = { file, pool, levels: [] as number[], place };
  if (pool.game !== "generic") {
    throw new InputError(MODULE, `expected an order of game "generic" (its candidates carry metrics and level numbers); got a pool of "${pool.game}" — a levels file of a game is what select writes`, { file, jsonPath: "$.game" });
  }
  if (raw.every((l) => l === undefined)) {
    throw new InputError(MODULE, csv ? "line 1: expected a level column (an order: id,chapter,part,level,<metric>..., each candidate's level number 1..n)" : "expected a level number on every candidate (an order: each candidate's level, 1..n, each once)", { file, ...(csv ? {} : { jsonPath: "$.candidates[0].level" }) });
  }
  const n = raw.length;
  const limit = options.planLevels ?? n;
  const lineOf = new Map<number, number>();
  raw.forEach((level, i) => {
    if (level === undefined) throw orderError(order, i, "expected a level number (an order gives every candidate its level, 1..n)", "level");
    if (!Number.isInteger(level) || level < 1) throw orderError(order, i, `expected a whole level number ≥ 1; got ${level}`, "level");
    if (level > limit) {
      const plan = options.planLevels !== undefined ? `the plan's ${limit} levels${options.planFile ? ` (${options.planFile})` : ""}` : `the order's ${n} levels (an order numbers its levels 1..${n}, each once)`;
      throw orderError(order, i, `level ${level} is beyond ${plan}`, "level");
    }
    const first = lineOf.get(level);
    if (first !== undefined) {
      const other = place(first);
      throw orderError(order, i, `level ${level} is given twice: also ${other.line !== undefined ? `on line ${other.line}` : `at ${other.jsonPath}`}`, "level");
    }
    lineOf.set(level, i);
    order.levels.push(level);
  });
  // n distinct numbers in 1..limit: with limit = n every number is there; under a plan, the order fills 1..n.
  for (let level = 1; level <= n; level++) {
    if (lineOf.has(level)) continue;
    const around = [lineOf.get(level - 1), lineOf.get(level + 1)].filter((i): i is number => i !== undefined).map((i) => {
      const p = place(i);
      return `level ${order.levels[i]} is ${p.line !== undefined ? `on line ${p.line}` : `at ${p.jsonPath}`}`;
    });
    throw new InputError(MODULE, `level ${level} is missing (an order numbers its ${n} levels 1..${n}, each once)${around.length ? `: ${around.join(", ")}` : ""}`, { file });
  }
  return order;
}
