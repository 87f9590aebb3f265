import { describe, expect, it } from "vitest";
import { createRng } from "../../src/random/create-rng.ts";
import { equalRuns, rankKeys } from "../../src/select/rules/equal-runs.ts";

/** The numbering by definition: items sorted by (group, columns, index) with a comparator, a new number at each change or alone item. */
function reference(items: Int32Array, size: number, columns: number[][], alone?: Uint8Array, groups?: Int32Array): Int32Array {
  const cmp = (a: number, b: number) => {
    for (const col of columns) if (col[a] !== col[b]) return col[a] < col[b] ? -1 : 1;
    return 0;
  };
  const sorted = [...items].sort((a, b) => (groups ? groups[a] - groups[b] : 0) || cmp(a, b) || a - b);
  const id = new Int32Array(size).fill(-1);
  let count = 0;
  sorted.forEach((a, k) => {
    const prev = sorted[k - 1];
    const same = k > 0 && (!groups || groups[prev] === groups[a]) && !alone?.[a] && !alone?.[prev] && cmp(prev, a) === 0;
    id[a] = same ? count - 1 : count++;
  });
  return id;
}

/** Renumbers classes in order of first appearance along `items` (to compare partitions). */
function byFirstAppearance(items: Int32Array, id: Int32Array): number[] {
  const seen = new Map<number, number>();
  return [...items].map((a) => {
    if (!seen.has(id[a])) seen.set(id[a], seen.size);
    return seen.get(id[a])!;
  });
}

describe("equalRuns: items numbered by equal tuples", () => {
  it("large groups sorted by one rank key per item number items as the comparator sort does (60 random cases)", () => {
    for (let t = 0; t < 60; t++) {
      const rng = createRng(`equal-runs-${t}`);
      const size = 300 + Math.floor(rng() * 700);
      const pick = (xs: number[]) => xs[Math.floor(rng() * xs.length)];
      // Few distinct values (ties), −0 beside +0, decimals and negatives.
      // Whole numbers in a short range (ranked by a table) or not (by a map).
      const values = t % 5 < 2 ? [0, -0, 3, -2, 7, 100, -40] : [0, -0, 1.5, -2, 3, 0.1, 0.2, 7];
      const columns = Array.from({ length: 1 + Math.floor(rng() * 3) }, () => Array.from({ length: size }, () => pick(values)));
      const items = Int32Array.from({ length: size }, (_, k) => k).filter(() => rng() < 0.9);
      // Groups: three at random, or one for every item (eligibility any: one signature).
      const groups = t % 2 === 0 ? Int32Array.from({ length: size }, () => (t % 4 === 0 ? 5 : Math.floor(rng() * 3))) : undefined;
      const alone = t % 3 === 0 ? Uint8Array.from({ length: size }, () => (rng() < 0.05 ? 1 : 0)) : undefined;
      // The rank keys exist here (the fast path runs: more than 256 items, groups of more than 24).
      expect(rankKeys(items, size, columns)).toBeDefined();
      const { id, count } = equalRuns(items, size, columns, alone, groups);
      const want = reference(items, size, columns, alone, groups);
      // One column, no groups: numbers in order of first appearance (a map, no sort); the same classes.
      const oneMap = !groups && !alone && columns.length === 1;
      expect(oneMap ? byFirstAppearance(items, id) : [...id], `case ${t}`).toEqual(oneMap ? byFirstAppearance(items, want) : [...want]);
      expect(count).toBe(Math.max(...want) + 1);
    }
  });

  it("rank keys: ascending ranks per column, mixed radix; none when they would pass 2^53", () => {
    const items = Int32Array.from([0, 1, 2, 3]);
    // Column a: 5, −0, 0, 5 → ranks 1, 0, 0, 1 (two values); column b: 2, 9, 1, 1 → ranks 1, 2, 0, 0 (three).
    const key = rankKeys(items, 4, [[5, -0, 0, 5], [2, 9, 1, 1]])!;
    expect([...key]).toEqual([1 * 3 + 1, 0 * 3 + 2, 0, 1 * 3 + 0]);
    // The same with a decimal (ranked by a map rather than a table).
    expect([...rankKeys(items, 4, [[5, -0, 0, 5], [2, 9, 1, 1.5]])!]).toEqual([1 * 4 + 2, 0 * 4 + 3, 0, 1 * 4 + 1]);
    const many = Int32Array.from({ length: 1000 }, (_, k) => k);
    const distinct = Array.from({ length: 1000 }, (_, k) => k);
    expect(rankKeys(many, 1000, [distinct, distinct, distinct, distinct, distinct])).toBeUndefined();
  });
});
