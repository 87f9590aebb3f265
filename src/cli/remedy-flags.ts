import type { LevelrampError, Remedy } from "../io/errors.ts";

/** The command-line options for each {@link Remedy} (SPEC 2). */
const FLAGS: Readonly<Record<Remedy, string>> = {
  "solver-highs": "--solver highs",
  "solver-milp": "--solver milp",
  "solver-dp": "--solver dp",
  "time-limit": "--time-limit <seconds>",
  "fewer-levels": "select --incremental or build --chapters",
  limits: "--limits <file>",
  "no-min-moves": "without --min-moves",
  "fewer-workers": "--workers <n>",
  "outside-game": "--game path/to/game.json",
};

/**
 * An error's message as the CLI prints it (without the `levelramp: ` prefix):
 * the library's message, which says in its own words what limit was hit and
 * what would help, and — when the error names remedies — the options that
 * choose them, appended to its last line (`...; options: --solver highs,
 * --time-limit <seconds>, select --incremental or build --chapters`). A
 * message of one line stays one line.
 */
export function remedyFlags(err: LevelrampError): string {
  if (err.remedies.length === 0) return err.message;
  return `${err.message}; options: ${err.remedies.map((r) => FLAGS[r]).join(", ")}`;
}

// The CLI's words for the `names` of library functions whose messages or text name the caller's
// options (the library's own words by default): the flags that set them.

/** `parseShard`'s names: `generate --shard`. */
export const SHARD_FLAGS = { shard: "--shard", auto: "--shard auto", explicit: '--shard "$SLURM_ARRAY_TASK_ID/N" in the script (an array from 1; from 0, --shard "$((SLURM_ARRAY_TASK_ID + 1))/N")' };

/** `reuseLines`' names: the select that chooses from a pool as it is (build, merge). */
export const REUSE_FLAGS = { reuse: "--reuse", select: "levelramp select --pools", incremental: "--incremental", inputs: "--plan, --model and --ramp" };
