import { z } from "zod";
import { conceptNameProblem } from "./concept-names.ts";
import { ownRecord } from "../hostile/own-key.ts";
import { boundedNumber } from "./bounded-number.ts";

/**
 * A game as its files' formats need it (SPEC 3): its name (the `game` of its
 * files) and the schema of its level bodies. The formats know no game by
 * name and keep no table of games: a file is parsed for one game, given to
 * its schema's maker (`poolSchemaOf(game)`, ...), or for none (a generic file).
 */
export interface BodyGame {
  readonly name: string;
  readonly bodySchema: z.ZodType;
}

/**
 * For a game name this reading does not know: how an outside game's files
 * are read (SPEC 10), in the library's words — the game opened from its game
 * file given to the reader; the error carries the remedy `outside-game`
 * where it can (the registry's readers), and the CLI names `--game`.
 */
export function outsideGameHint(input: unknown): string {
  return typeof input === "string" && /^[a-z][a-z0-9-]*$/.test(input) ? ` (for the files of an outside game "${input}", give the game opened from its game file)` : "";
}

/** The words for a `game` a file may not carry: every name it may, as zod lists options. */
export function unknownGameWords(names: readonly string[], input: unknown): string {
  return `Invalid option: expected one of ${names.map((g) => JSON.stringify(g)).join("|")}${outsideGameHint(input)}`;
}

/**
 * The `game` member of a file read for `game` (SPEC 3): its name, or
 * `generic` (a file of metrics only) — `generic` alone when no game is given.
 * A file's reader opens the game its file names first (`readGameFile` in the
 * registry), so another name is refused there, naming every game it knows.
 */
export function fileGameSchema(game: BodyGame | undefined): z.ZodType<string> {
  const names = [...(game ? [game.name] : []), "generic"];
  return z
    .string()
    .refine((g) => names.includes(g), { error: (issue) => unknownGameWords(names, issue.input), abort: true })
    .describe("a built-in game, a game registered at run time, or generic");
}

/** The `game` of a file that holds one level of `game` (a level file: `generic` has no bodies). */
export function levelFileGameSchema(game: BodyGame | undefined): z.ZodType<string> {
  const names = game ? [game.name] : [];
  const words = (input: unknown) => (names.length > 0 ? unknownGameWords(names, input) : `expected a game whose levels have bodies; ${input === "generic" ? "generic files have none" : `got ${JSON.stringify(input)}`}`);
  return z
    .string()
    .refine((g) => names.includes(g), { error: (issue) => words(issue.input), abort: true })
    .describe("a built-in game or a game registered at run time");
}

/** The `game` a plan names (SPEC 3): any name; the run that reads the plan checks it is its game's. */
export const planGameSchema = z.string().min(1, { error: "expected the name of the plan's game" }).describe("a built-in game, a game registered at run time, or generic");

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
 * Checks `body` against `game`'s body schema, adding issues under `path`.
 * Generic levels carry no body (`game` absent, or the file's own `game` is
 * `generic`), so any body there is an error.
 */
export function checkBody(game: BodyGame | undefined, fileGame: string, body: unknown, path: PropertyKey[], ctx: z.RefinementCtx): void {
  if (!game || fileGame !== game.name) {
    ctx.addIssue({ code: "custom", path, message: "expected no level body in a generic file" });
    return;
  }
  const result = game.bodySchema.safeParse(body);
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: "custom", path: [...path, ...issue.path], message: issue.message });
  }
}

/**
 * A schema maker remembered per game (a zod schema is built once for each
 * game a process reads files of, not at every read).
 */
export function perGame<T>(make: (game: BodyGame | undefined) => T): (game?: BodyGame) => T {
  const made = new WeakMap<BodyGame, T>();
  const generic = make(undefined);
  return (game) => {
    if (!game) return generic;
    let schema = made.get(game);
    if (schema === undefined) made.set(game, (schema = make(game)));
    return schema;
  };
}
