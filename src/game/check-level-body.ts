import { InputError, jsonPath as formatPath } from "../io/errors.ts";
import type { Game } from "./game.ts";

/** What a body check needs of a game: its name, body schema and well-formedness rules. */
export type BodyRules<Body = unknown> = Pick<Game<Body>, "name" | "bodySchema" | "wellFormed">;

/** Where a body was read: the file and the JSON path of the body in it. */
export interface BodyPlace {
  file?: string;
  /** JSON path of the body, e.g. `$.levels[3].level`. */
  jsonPath?: string;
}

/**
 * A body that is a level of `game`, or bad input (SPEC 2, 3): the
 * body schema first (the JSON path of the first problem), then the game's
 * `wellFormed` rules — the one validator `verify` shares —
 * so `measure`, `show`, `compare` and `select` never solve, draw or compare a
 * body that is not a level.
 *
 * @param module named in the error, e.g. `cli/measure`.
 * @throws InputError (exit 2) naming the file, the JSON path and the rule that fails.
 */
export function checkLevelBody<Body>(game: BodyRules<Body>, body: unknown, place: BodyPlace, module: string): Body {
  const parsed = game.bodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(module, issue.message, { file: place.file, jsonPath: formatPath([...pathSegments(place.jsonPath), ...issue.path]) });
  }
  const problems = game.wellFormed(parsed.data);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : "";
    throw new InputError(module, `expected a ${game.name} level; ${problems[0].reason}: ${problems[0].message}${more}`, place);
  }
  return parsed.data;
}

/** The segments of a `$.a[3].b` path (as jsonPath writes them). */
function pathSegments(path: string | undefined): PropertyKey[] {
  if (!path) return [];
  const out: PropertyKey[] = [];
  for (const m of path.matchAll(/\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g)) {
    out.push(m[1] ?? (m[2] !== undefined ? Number(m[2]) : JSON.parse(m[3])));
  }
  return out;
}

/**
 * Every candidate body of a pool is a level of its game (SPEC 2: `select`
 * refuses a pool holding a body that is not a level).
 *
 * @throws InputError (exit 2) at the first candidate whose body fails, naming the file, the JSON path and the rule.
 */
export function checkPoolBodies(game: BodyRules, candidates: ReadonlyArray<{ level?: unknown }>, file: string, module: string): void {
  candidates.forEach((c, i) => {
    if (c.level !== undefined) checkLevelBody(game, c.level, { file, jsonPath: `$.candidates[${i}].level` }, module);
  });
}
