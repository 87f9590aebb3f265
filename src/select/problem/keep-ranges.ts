import { InputError } from "../../io/errors.ts";
import { MAX_PLAN_LEVELS } from "../../io/input-limits.ts";
import { thousands } from "../../io/thousands.ts";

/**
 * Parses level ranges like `1-40,81-85` or `7` (SPEC 2 `--keep`, `--chapters`).
 *
 * @returns the level numbers, ascending, without repeats.
 * @throws InputError (exit 2) naming the option for anything else, and for
 *   a level number past 1,000,000 or more than 1,000,000 level numbers in all
 *   (no plan has that many levels).
 */
export function parseRanges(text: string, option: string): number[] {
  const out = new Set<number>();
  const most = MAX_PLAN_LEVELS;
  for (const part of text.split(",")) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new InputError("cli", `${option} expects ranges like 1-40,81-85; got "${text}"`);
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (lo < 1 || hi < lo) throw new InputError("cli", `${option} expects ascending ranges of numbers ≥ 1; got "${part.trim()}"`);
    // a level number past the most levels a plan holds names no level (and 1e20 + 1 is 1e20: the loop below would never end)
    if (hi > most) throw new InputError("cli", `${option} expects level numbers from 1 to ${thousands(most)} (the most levels a plan holds); got "${part.trim()}"`);
    if (hi - lo + 1 + out.size > most) throw new InputError("cli", `${option} expects at most ${thousands(most)} level numbers; got "${text}"`);
    for (let k = lo; k <= hi; k++) out.add(k);
  }
  return [...out].sort((a, b) => a - b);
}
