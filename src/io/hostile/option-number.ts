import { InputError } from "../errors.ts";
import { thousands } from "../thousands.ts";

/**
 * A whole-number command-line option (SPEC 2: every option number has a
 * stated bound, checked on input): decimal digits only (`12`, not `1e3`,
 * `0x10` or `-1`), from `least` to `most` (at most 2^53 − 1: a larger number
 * would be rounded), quoted as typed when it is not.
 *
 * @param module the module named in errors, e.g. `cli/select`.
 * @param text the option's text; undefined when the option was not given.
 * @param option the option's name, e.g. `--workers`.
 * @param why words after the range in the message (why the bound is what it is).
 * @returns the number, or undefined when `text` is undefined.
 * @throws InputError (exit 2) naming the option, the range and what was typed.
 */
export function wholeNumberOption(module: string, text: string | undefined, option: string, least: number, most = Number.MAX_SAFE_INTEGER, why = ""): number | undefined {
  if (text === undefined) return undefined;
  const n = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(n >= least && n <= most && Number.isSafeInteger(n))) {
    throw new InputError(module, `${option} expects a whole number from ${thousands(least)} to ${thousands(most)}${why}; got "${text}"`);
  }
  return n;
}

/**
 * A decimal command-line option (seconds, a tolerance): a plain decimal
 * number (`30`, `0.5`, `2e3`; not `Infinity`, `0x10` or `1e309`, which reads
 * as Infinity), from `least` to `most`, quoted as typed when it is not.
 *
 * @param unit what the number counts, in the message (e.g. `seconds`).
 * @throws InputError (exit 2) naming the option, the range and what was typed.
 */
export function decimalOption(module: string, text: string | undefined, option: string, least: number, most: number, unit: string, why = ""): number | undefined {
  if (text === undefined) return undefined;
  const n = DECIMAL.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(Number.isFinite(n) && n >= least && n <= most)) {
    throw new InputError(module, `${option} expects ${unit} from ${thousands(least)} to ${thousands(most)}${why}; got "${text}"`);
  }
  return n;
}

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
