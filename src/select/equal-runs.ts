/**
 * Numbers items by equal tuples of numbers: items whose `columns` values are
 * all equal (+0 equals −0) get the same number, numbered 0.. in ascending
 * tuple order. Sorting with a comparator over typed columns — no strings, no
 * per-item allocation. Items with `alone[k]` set get a number of their own.
 *
 * @param items the item indices to number.
 * @returns per item index, its number (−1 for indices not in `items`), and how many numbers.
 */
export function equalRuns(items: Int32Array, size: number, columns: ArrayLike<number>[], alone?: Uint8Array): { id: Int32Array; count: number } {
  const compare = (a: number, b: number): number => {
    for (const col of columns) {
      const d = col[a] - col[b];
      if (d !== 0) return d < 0 ? -1 : 1;
    }
    return 0;
  };
  const order = Array.from(items).sort((a, b) => compare(a, b) || a - b);
  const id = new Int32Array(size).fill(-1);
  let count = 0;
  for (let k = 0; k < order.length; k++) {
    const a = order[k];
    const same = k > 0 && !alone?.[a] && !alone?.[order[k - 1]] && compare(order[k - 1], a) === 0;
    id[a] = same ? count - 1 : count++;
  }
  return { id, count };
}
