import { z } from "zod";
import { conceptNameProblem } from "./concept-names.ts";
import { ownRecord } from "../hostile/own-key.ts";
import { boundedNumber } from "./bounded-number.ts";

/**
 * The games whose files carry level bodies (SPEC 3): every name the registry
 * knows ({@link declareGame}: the built-in games before they load, games
 * registered at run time), and the body schema of each game loaded so far
 * ({@link registerBodySchema}). The file formats know no game by name: the
 * registry fills this table (`src/game/registry/load-game.ts`).
 */
const declared = new Set<string>();
const bodySchemas = new Map<string, z.ZodType>();

/** Makes `game` a name files may carry (the registry declares its built-in games before loading any). */
export function declareGame(game: string): void {
  declared.add(game);
}

/**
 * Lets files of game `game` carry bodies checked by `schema` (the registry
 * calls it when it loads a built-in game or registers one at run time).
 */
export function registerBodySchema(game: string, schema: z.ZodType): void {
  declared.add(game);
  bodySchemas.set(game, schema);
}

/** Names of the games with level bodies, then `generic`. */
export function knownGames(): string[] {
  return [...declared, "generic"];
}

/** For a game name levelramp does not know: how an outside game's files are read (SPEC 10). */
function outsideHint(input: unknown): string {
  return typeof input === "string" && /^[a-z][a-z0-9-]*$/.test(input) ? ` (for the files of an outside game "${input}", give its game file: --game path/to/game.json)` : "";
}

/** Games levelramp knows (the built-in games and games registered at run time); `generic` pools carry metrics only. */
export const gameSchema = z
  .string()
  .refine((g) => g === "generic" || declared.has(g), { error: (issue) => `Invalid option: expected one of ${knownGames().map((g) => JSON.stringify(g)).join("|")}${outsideHint(issue.input)}`, abort: true })
  .describe("a built-in game, a game registered at run time, or generic");
export type Game = string;

/**
 * Measured metrics by name (bits, goal, reads, ...), finite numbers. The
 * record read has no prototype ({@link ownRecord}): a metric name a model,
 * ramp or calibration asks for is found only when the file has it, so
 * `toString` or `constructor` is never one of Object.prototype's methods.
 */
export const metricsSchema = z.record(z.string().min(1), boundedNumber()).overwrite(ownRecord);

/**
 * A concept's name (SPEC 12): an idea a level asks of the player (`bell`,
 * `key`, a designer's `splitter3`), under the metric-name rules of SPEC 2 —
 * not empty, not the key JavaScript reserves — and without `;` (the CSV
 * `concepts` column's separator) or surrounding spaces.
 */
export const conceptNameSchema = z
  .string()
  .min(1, { error: "expected a concept name (not empty)" })
  .superRefine((c, ctx) => {
    // The same rules as the CSV column's (io/schemas/concept-names.ts); the empty name is min(1)'s.
    const problem = c.length > 0 ? conceptNameProblem(c) : undefined;
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * The concepts a level carries (SPEC 12): distinct names; an absent list and
 * an empty one both mean "no concept". Kept in the order given.
 */
export const conceptsSchema = z.array(conceptNameSchema).superRefine((names, ctx) => {
  names.forEach((c, j) => {
    const first = names.indexOf(c);
    if (first < j) ctx.addIssue({ code: "custom", path: [j], message: `expected distinct concept names; "${c}" is also [${first}]` });
  });
});

/**
 * Checks `body` against the body schema of `game`, adding issues under `path`.
 * Generic levels carry no body, so any body there is an error.
 *
 * @throws Error (a bug of the caller, not bad input) when `game` is known but
 *   not loaded yet: read a game's files through the registry's readers, or
 *   `await loadGame(game)` first.
 */
export function checkBody(game: Game, body: unknown, path: PropertyKey[], ctx: z.RefinementCtx): void {
  const schema = bodySchemas.get(game);
  if (!schema && declared.has(game)) throw new Error(`io/schemas: the game "${game}" is not loaded yet: await loadGame("${game}") before parsing its files`);
  if (!schema) {
    ctx.addIssue({ code: "custom", path, message: "expected no level body in a generic file" });
    return;
  }
  const result = schema.safeParse(body);
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: "custom", path: [...path, ...issue.path], message: issue.message });
  }
}

/** A game whose files carry level bodies (level files: `generic` has none). */
export const levelGameSchema = z
  .string()
  .refine((g) => declared.has(g), { error: (issue) => `Invalid option: expected one of ${[...declared].map((g) => JSON.stringify(g)).join("|")}${outsideHint(issue.input)}`, abort: true })
  .describe("a built-in game or a game registered at run time");
