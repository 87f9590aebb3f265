/**
 * Numbers items by equal tuples of numbers: items whose `columns` values are
 * all equal (+0 equals −0) get the same number (the order of the numbers is
 * not specified). Items are first split by
 * `groups` (items of different groups never share a number), then each group
 * is sorted by its columns — short groups by insertion, no strings, no
 * per-item allocation. Items with `alone[k]` set get a number of their own.
 *
 * @param items the item indices to number, in the order numbers are handed out within a group.
 * @param size one more than the largest item index.
 * @param groups optional group of each item (≥ 0), e.g. an eligibility signature.
 * @returns per item index, its number (−1 for indices not in `items`), and how many numbers.
 */
export function equalRuns(items: Int32Array, size: number, columns: ArrayLike<number>[], alone?: Uint8Array, groups?: Int32Array): { id: Int32Array; count: number } {
  const ncol = columns.length;
  const compare = (a: number, b: number): number => {
    for (let k = 0; k < ncol; k++) {
      const d = columns[k][a] - columns[k][b];
      if (d !== 0) return d < 0 ? -1 : 1;
    }
    return 0;
  };
  const id = new Int32Array(size).fill(-1);
  let count = 0;
  if (!groups && !alone && ncol === 1) {
    // One column: a map from value to number (no sort; numbers in order of first appearance).
    const byValue = new Map<number, number>();
    const col = columns[0];
    for (const a of items) {
      let n = byValue.get(col[a]);
      if (n === undefined) byValue.set(col[a], (n = count++));
      id[a] = n;
    }
    return { id, count };
  }
  // Split by group (counting sort, stable), then sort each group by its columns
  // (large groups by one number per item where the columns' ranks fit in one).
  const order = groups ? byGroup(items, groups) : { items: Int32Array.from(items), starts: [0, items.length] };
  const sorted = order.items;
  const tie = (a: number, b: number) => compare(a, b) || a - b;
  const key = items.length > 256 ? rankKeys(items, size, columns) : undefined;
  for (let g = 0; g + 1 < order.starts.length; g++) {
    const from = order.starts[g];
    const to = order.starts[g + 1];
    if (key && to - from > 24) sortByKey(sorted, from, to, key, size);
    else sortRange(sorted, from, to, tie);
    for (let k = from; k < to; k++) {
      const a = sorted[k];
      const b = sorted[k - 1];
      // Equal rank keys are equal columns.
      const same = k > from && !alone?.[a] && !alone?.[b] && (key ? key[b] === key[a] : compare(b, a) === 0);
      id[a] = same ? count - 1 : count++;
    }
  }
  return { id, count };
}

/**
 * One number per item that orders items as their columns do: the rank of each
 * column's value among that column's distinct values (ascending; +0 and −0
 * one value; by a table for whole numbers in a short range, else a map), mixed radix. Undefined when the ranks times the item count
 * would pass 2^53 (then the comparator sort does).
 */
export function rankKeys(items: Int32Array, size: number, columns: ArrayLike<number>[]): Float64Array | undefined {
  const key = new Float64Array(size);
  const n = items.length;
  let radix = 1;
  for (const col of columns) {
    const count = wholeRanks(items, col, key) ?? mappedRanks(items, col, key);
    radix *= count;
    if (radix * size >= 2 ** 53) return undefined;
  }
  return key;
}

/**
 * Appends a column's ranks to the keys (key = key · count + rank) when its
 * values are whole numbers in a range of at most 4n + 1024: ranks by a table
 * over the range, no map. Returns the number of distinct values, or undefined
 * (keys untouched) when the column is not like that.
 */
function wholeRanks(items: Int32Array, col: ArrayLike<number>, key: Float64Array): number | undefined {
  const n = items.length;
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < n; k++) {
    const v = col[items[k]];
    if (!Number.isInteger(v)) return undefined;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (n === 0 || hi - lo > 4 * n + 1024) return undefined;
  // rank[v − lo]: 1 + the value's rank where the value occurs (−0 lands on 0's place).
  const rank = new Int32Array(hi - lo + 1);
  for (let k = 0; k < n; k++) rank[col[items[k]] - lo] = 1;
  let count = 0;
  for (let x = 0; x < rank.length; x++) if (rank[x] !== 0) rank[x] = ++count;
  for (let k = 0; k < n; k++) {
    const a = items[k];
    key[a] = key[a] * count + rank[col[a] - lo] - 1;
  }
  return count;
}

/** Appends a column's ranks to the keys through a map of its distinct values (sorted once); returns their number. */
function mappedRanks(items: Int32Array, col: ArrayLike<number>, key: Float64Array): number {
  const n = items.length;
  const distinct = new Map<number, number>();
  for (let k = 0; k < n; k++) distinct.set(col[items[k]], 0);
  const values = Float64Array.from(distinct.keys()).sort();
  for (let r = 0; r < values.length; r++) distinct.set(values[r], r);
  for (let k = 0; k < n; k++) {
    const a = items[k];
    key[a] = key[a] * values.length + distinct.get(col[a])!;
  }
  return values.length;
}

/** Sorts `a[from .. to)` by `key`, then by item: one native sort of key·size + item. */
function sortByKey(a: Int32Array, from: number, to: number, key: Float64Array, size: number): void {
  const packed = new Float64Array(to - from);
  for (let k = from; k < to; k++) packed[k - from] = key[a[k]] * size + a[k];
  packed.sort();
  for (let k = from; k < to; k++) a[k] = packed[k - from] % size;
}

/** Items stably ordered by group, with where each group starts (and the end). One group: the items as they are. */
function byGroup(items: Int32Array, groups: Int32Array): { items: Int32Array; starts: number[] } {
  const n = items.length;
  let max = -1;
  let min = Infinity;
  for (let k = 0; k < n; k++) {
    const g = groups[items[k]];
    if (g > max) max = g;
    if (g < min) min = g;
  }
  if (max === min) return { items: Int32Array.from(items), starts: [0, n] };
  const counts = new Int32Array(max + 2);
  for (let k = 0; k < n; k++) counts[groups[items[k]] + 1]++;
  for (let g = 1; g < counts.length; g++) counts[g] += counts[g - 1];
  const starts = Array.from(counts);
  const out = new Int32Array(n);
  const at = counts.slice(0, max + 1);
  for (let k = 0; k < n; k++) out[at[groups[items[k]]]++] = items[k];
  return { items: out, starts };
}

/** Sorts `a[from .. to)` in place: insertion sort for short ranges, else the engine's sort. */
export function sortRange(a: Int32Array, from: number, to: number, compare: (x: number, y: number) => number): void {
  if (to - from > 24) {
    a.set(Array.from(a.subarray(from, to)).sort(compare), from);
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const x = a[i];
    let k = i - 1;
    while (k >= from && compare(a[k], x) > 0) {
      a[k + 1] = a[k];
      k--;
    }
    a[k + 1] = x;
  }
}
