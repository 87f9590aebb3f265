import { InputError, jsonPath as formatPath } from "../io/errors.ts";
import type { GameBackend } from "./game-backend.ts";

/** Where a body was read: the file and the JSON path of the body in it. */
export interface BodyPlace {
  file?: string;
  /** JSON path of the body, e.g. `$.levels[3].level`. */
  jsonPath?: string;
}

/**
 * A body that is a level of `backend`'s game, or bad input (SPEC 2, 3): the
 * body schema first (the JSON path of the first problem), then the game's
 * {@link GameBackend.wellFormed} rules — the one validator `verify` shares —
 * so `measure`, `show`, `compare` and `select` never solve, draw or compare a
 * body that is not a level.
 *
 * @param module named in the error, e.g. `cli/measure`.
 * @throws InputError (exit 2) naming the file, the JSON path and the rule that fails.
 */
export function checkLevelBody<Body>(backend: GameBackend<Body>, body: unknown, place: BodyPlace, module: string): Body {
  const parsed = backend.bodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError(module, issue.message, { file: place.file, jsonPath: formatPath([...pathSegments(place.jsonPath), ...issue.path]) });
  }
  const problems = backend.wellFormed(parsed.data);
  if (problems.length > 0) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem(s))` : "";
    throw new InputError(module, `expected a ${backend.game} level; ${problems[0].reason}: ${problems[0].message}${more}`, place);
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
export function checkPoolBodies(backend: GameBackend, candidates: ReadonlyArray<{ level?: unknown }>, file: string, module: string): void {
  candidates.forEach((c, i) => {
    if (c.level !== undefined) checkLevelBody(backend, c.level, { file, jsonPath: `$.candidates[${i}].level` }, module);
  });
}
