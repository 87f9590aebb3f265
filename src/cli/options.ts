// The options several commands share (SPEC 2), each declared once: its flag, its
// help line and the parser of its value. Light on purpose: `select` loads this
// file, and `select` loads no pipeline, game or worker pool
// (test/cli/lazy-commands.test.ts), so nothing here imports them.
import { Option } from "commander";
import { InputError } from "../io/errors.ts";
import { MAX_LEVEL_NUMBER } from "../io/input-limits.ts";
import { defaultWorkers, maxWorkers } from "../io/max-workers.ts";
import type { Game } from "../game/game.ts";
import { defaultModelFiles } from "../game/models-path.ts";
import { wholeNumberOption } from "../io/hostile/option-number.ts";
import { thousands } from "../io/thousands.ts";

/** `--seed <n>` (build, generate). */
export const seedOption = () => new Option("--seed <n>", "seed (default: models/pipeline/build.json, 1)");

/** `--workers <n>` (build, generate, merge, start); `help` says what the threads do there. */
export const workersOption = (help = "worker threads for generation (default: the machine's cores); never changes an output") => new Option("--workers <n>", help);

/** `--chapters <range>` (build, generate, start). */
export const chaptersOption = (help = "chapters to build, e.g. 1-4 (default: every chapter of the plan)") => new Option("--chapters <range>", help);

/** `--plan <file>` (build, generate, select). */
export const planOption = () => new Option("--plan <file>", "plan (default models/<game>/plan.json)");

/** `--model <file>` (build, generate, select). */
export const modelOption = () => new Option("--model <file>", "selection model (default models/<game>/selection.json)");

/** `--ramp <file>` (build, generate, select: which adds what a passRate ramp needs). */
export const rampOption = (help = "ramp (default models/<game>/ramp.json)") => new Option("--ramp <file>", help);

/** `--stats` (build, generate, merge). */
export const statsOption = (help = "print candidates grown, dropped and in conflict per reason (on stdout; with --json they are in its stats)") => new Option("--stats", help);

/** `--quiet` (build, generate, merge, verify). */
export const quietOption = (help = "no progress bars or messages on stderr") => new Option("--quiet", help);

/** `--force` (every command that writes a file). */
export const forceOption = (help = "overwrite --out if it exists") => new Option("--force", help);

/** `--json`: `help` says what is printed on stdout. */
export const jsonOption = (help: string) => new Option("--json", help);

/** `--level <n>` (measure, show). */
export const levelOption = () => new Option("--level <n>", "level number in a levels file");

/**
 * A whole number from `least` to `most` (at most 2^53 − 1: a larger one would
 * be rounded) from option `option`, exactly as typed; undefined when it is not given.
 *
 * @param why words after the range in the message, e.g. why the bound is what it is.
 * @throws InputError (exit 2) quoting what was typed.
 */
export function wholeNumber(module: string, text: string | undefined, option: string, least: number, most = Number.MAX_SAFE_INTEGER, why = ""): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(n >= least && n <= most && Number.isSafeInteger(n))) {
    throw new InputError(module, `${option} expects a whole number from ${least} to ${thousands(most)}${why}; got "${text}"`);
  }
  return n;
}

/** `--workers`: from 1 to {@link maxWorkers} (4 × the cores, at most 64); the machine's cores when not given. */
export function parseWorkers(module: string, text: string | undefined): number {
  return wholeNumber(module, text, "--workers", 1, maxWorkers(), ` (4 × this machine's ${defaultWorkers()} cores, at most 64)`) ?? defaultWorkers();
}

/**
 * A level number (`--level`, `--level-a`, `--level-b`): a whole number from 1
 * to 1e9 (level numbers in files are bounded so too); undefined when the
 * option is not given.
 *
 * @throws InputError (exit 2) `<option> expects a whole number from 1 to 1,000,000,000; got "<text>"`.
 */
export function parseLevel(module: string, text: string | undefined, option = "--level"): number | undefined {
  return wholeNumberOption(module, text, option, 1, MAX_LEVEL_NUMBER);
}

/** `--plan`, `--model` and `--ramp` as given, or the game's own files (`models/<game>/` for a name, an opened game's `models`). */
export function modelFiles(game: string | Game, o: { plan?: string; model?: string; ramp?: string }): { planFile: string; modelFile: string; rampFile: string } {
  return defaultModelFiles(game, { planFile: o.plan, modelFile: o.model, rampFile: o.ramp });
}
