import { jsonPath } from "../errors.ts";
import { MAX_JSON_DEPTH } from "../input-limits.ts";
import { RESERVED_KEY } from "./own-key.ts";

/** A parsed JSON value levelramp will not keep: where, and what was expected there. */
export interface JsonHazard {
  /** JSON path of the value (`$.candidates[3].metrics["__proto__"]`), or the line and column where nesting passed the limit. */
  where: { jsonPath?: string; line?: number; column?: number };
  expected: string;
}

/**
 * The first hazard of a parsed JSON value (SPEC 2 hostile input), or null:
 * arrays and objects nested deeper than {@link MAX_JSON_DEPTH} (every
 * recursive step after the parse would overflow the stack: writing the value
 * back, hashing it) and a key `__proto__` (JavaScript's own: assigning it
 * changes an object's prototype; zod drops it silently). The walk is
 * iterative (an explicit stack), about a tenth of `JSON.parse`'s time; a key
 * `__proto__` is looked for only when the text can hold one (it names it, or
 * has a `\u` escape that could spell it).
 *
 * @param value what `JSON.parse(text)` returned.
 * @param text the JSON text (to name the line and column of too deep a nesting).
 */
export function findJsonHazard(value: unknown, text: string): JsonHazard | null {
  const keys = text.includes(RESERVED_KEY) || text.includes("\\u");
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length > 0) {
    const v = stack.pop() as object;
    const d = depths.pop()!;
    if (d > MAX_JSON_DEPTH) return tooDeep(text);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x: unknown = v[i];
        if (typeof x === "object" && x !== null) (stack.push(x), depths.push(d + 1));
      }
    } else if (typeof v === "object" && v !== null) {
      for (const k in v) {
        if (keys && k === RESERVED_KEY) return reservedKey(value);
        const x: unknown = (v as Record<string, unknown>)[k];
        if (typeof x === "object" && x !== null) (stack.push(x), depths.push(d + 1));
      }
    }
  }
  return null;
}

/**
 * Offset (UTF-16 index) in JSON `text` of the bracket that opens nesting level
 * `MAX_JSON_DEPTH + 1`, or -1: a scan of the text alone, so it works on text
 * that is not JSON at all (an unclosed `[` a hundred thousand times).
 */
export function nestingPastLimit(text: string): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return i;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return -1;
}

/** The words for too deep a nesting. */
export const TOO_DEEP = `expected arrays and objects nested at most ${MAX_JSON_DEPTH} deep (SPEC 2 input limits)`;

function tooDeep(text: string): JsonHazard {
  const at = Math.max(nestingPastLimit(text), 0);
  const before = text.slice(0, at).split("\n");
  return { where: { line: before.length, column: before[before.length - 1].length + 1 }, expected: TOO_DEEP };
}

/** The JSON path of the first own key `__proto__` (breadth-first, iterative). */
function reservedKey(value: unknown): JsonHazard {
  const queue: Array<{ v: unknown; path: Array<string | number> }> = [{ v: value, path: [] }];
  for (let q = 0; q < queue.length; q++) {
    const { v, path } = queue[q];
    if (Array.isArray(v)) v.forEach((x, i) => typeof x === "object" && x !== null && queue.push({ v: x, path: [...path, i] }));
    else if (typeof v === "object" && v !== null) {
      for (const k of Object.keys(v)) {
        if (k === RESERVED_KEY) return { where: { jsonPath: jsonPath([...path, k]) }, expected: `expected no key "${RESERVED_KEY}" (a name JavaScript reserves: it would change the object, not name a value); rename it` };
        const x = (v as Record<string, unknown>)[k];
        if (typeof x === "object" && x !== null) queue.push({ v: x, path: [...path, k] });
      }
    }
  }
  return { where: {}, expected: `expected no key "${RESERVED_KEY}"` };
}
