import { z } from "zod";
import { boundedInt } from "./bounded-number.ts";
import { thousands } from "../thousands.ts";

/** The per-call timeout when a game file gives none (SPEC 10), in milliseconds. */
export const DEFAULT_PROGRAM_TIMEOUT_MS = 10_000;

/** The longest per-call timeout a game file may ask for: one hour, in milliseconds. */
export const MAX_PROGRAM_TIMEOUT_MS = 3_600_000;

const path = (what: string) => z.string().min(1, { error: `expected the path of the ${what} file` }).describe(`the ${what} file, relative to the game file`);

/**
 * The game file `levelramp/game@1` (SPEC 10): an outside game — a program in
 * any language that speaks levelramp's protocol (docs/protocol.md). Paths are
 * relative to the game file's folder, where the program is also started.
 *
 * - `name`: the `game` of its pools and levels files and the first word of
 *   its candidate ids; lower-case letters, digits and dashes; not the name
 *   of a game levelramp has (checked when it registers), nor `generic`;
 * - `command`: the program's argv (`["python3", "lights_out.py"]`); a first
 *   word `node` runs the Node that runs levelramp;
 * - `models`: its plan, ramp and selection model (ordinary SPEC 3 files over
 *   the metrics its `solve` returns);
 * - `timeoutMs`: the most one call may take (default 10,000; at most an hour);
 * - `dedup`: which of the de-duplication methods the program offers levelramp
 *   uses (each true by default: `key`, `graph`, `similar`).
 */
export const gameFileSchema = z.strictObject({
  format: z.literal("levelramp/game@1"),
  name: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, { error: "expected a game name of lower-case letters, digits and dashes, starting with a letter" })
    .max(64, { error: "expected a game name of at most 64 characters" })
    .describe("not the name of a game levelramp has, nor generic (checked when the game is registered)"),
  command: z
    .array(z.string().min(1, { error: "expected a non-empty word" }).refine((w) => !w.includes("\0"), { error: "expected no NUL character" }))
    .min(1, { error: "expected the program's command line as a list of words, e.g. [\"python3\", \"game.py\"]" })
    .max(1000)
    .describe("the program's argv, started in the game file's folder"),
  models: z.strictObject({ plan: path("plan"), ramp: path("ramp"), selection: path("selection model") }),
  timeoutMs: boundedInt()
    .min(1)
    .max(MAX_PROGRAM_TIMEOUT_MS, { error: `expected at most ${thousands(MAX_PROGRAM_TIMEOUT_MS)} ms (an hour)` })
    .default(DEFAULT_PROGRAM_TIMEOUT_MS)
    .describe("the most one call may take, in milliseconds"),
  dedup: z
    .strictObject({
      key: z.boolean().default(true).describe("use the program's key method when it offers one"),
      graph: z.boolean().default(true).describe("use the program's graph method when it offers one"),
      similar: z.boolean().default(true).describe("use the program's similar method when it offers one"),
    })
    .default({ key: true, graph: true, similar: true }),
});

export type GameFile = z.infer<typeof gameFileSchema>;
