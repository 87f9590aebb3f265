import { z } from "zod";
import { boundedNumber } from "./bounded-number.ts";
import { apsisBodySchema } from "./apsis-body.ts";
import { carillonBodySchema } from "./carillon-body.ts";

/**
 * Body schemas of the games whose files carry level bodies (SPEC 3), by game
 * name: the two body formats of SPEC 3, and any game the registry adds at run
 * time ({@link registerBodySchema}).
 */
const bodySchemas = new Map<string, z.ZodType>([
  ["carillon", carillonBodySchema],
  ["apsis", apsisBodySchema],
]);

/**
 * Lets files of game `game` carry bodies checked by `schema` (the registry
 * calls it when a game registers at run time).
 */
export function registerBodySchema(game: string, schema: z.ZodType): void {
  bodySchemas.set(game, schema);
}

/** Names of the games with level bodies, then `generic`. */
export function knownGames(): string[] {
  return [...bodySchemas.keys(), "generic"];
}

/** For a game name levelramp does not know: how an outside game's files are read (SPEC 10). */
function outsideHint(input: unknown): string {
  return typeof input === "string" && /^[a-z][a-z0-9-]*$/.test(input) ? ` (for the files of an outside game "${input}", give its game file: --game path/to/game.json)` : "";
}

/** Games levelramp knows (carillon, apsis, and games registered at run time); `generic` pools carry metrics only. */
export const gameSchema = z
  .string()
  .refine((g) => g === "generic" || bodySchemas.has(g), { error: (issue) => `Invalid option: expected one of ${knownGames().map((g) => JSON.stringify(g)).join("|")}${outsideHint(issue.input)}`, abort: true })
  .describe("carillon | apsis | generic, or a game registered at run time");
export type Game = string;

/** Measured metrics by name (bits, goal, reads, ...), finite numbers. */
export const metricsSchema = z.record(z.string().min(1), boundedNumber());

/**
 * Checks `body` against the body schema of `game`, adding issues under `path`.
 * Generic levels carry no body, so any body there is an error.
 */
export function checkBody(game: Game, body: unknown, path: PropertyKey[], ctx: z.RefinementCtx): void {
  const schema = bodySchemas.get(game);
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
  .refine((g) => bodySchemas.has(g), { error: (issue) => `Invalid option: expected one of ${[...bodySchemas.keys()].map((g) => JSON.stringify(g)).join("|")}${outsideHint(issue.input)}`, abort: true })
  .describe("carillon | apsis, or a game registered at run time");
