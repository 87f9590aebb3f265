import { InputError } from "../io/errors.ts";

/**
 * Parses level ranges like `1-40,81-85` or `7` (SPEC 2 `--keep`, `--chapters`).
 *
 * @returns the level numbers, ascending, without repeats.
 * @throws InputError (exit 2) naming the option for anything else.
 */
export function parseRanges(text: string, option: string): number[] {
  const out = new Set<number>();
  for (const part of text.split(",")) {
    const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    if (!m) throw new InputError("cli", `${option} expects ranges like 1-40,81-85; got "${text}"`);
    const lo = Number(m[1]);
    const hi = m[2] === undefined ? lo : Number(m[2]);
    if (lo < 1 || hi < lo) throw new InputError("cli", `${option} expects ascending ranges of numbers ≥ 1; got "${part.trim()}"`);
    for (let k = lo; k <= hi; k++) out.add(k);
  }
  return [...out].sort((a, b) => a - b);
}
