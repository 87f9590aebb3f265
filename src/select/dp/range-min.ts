/**
 * Range minimum over a fixed array of numbers (a sparse table): `build` in
 * O(n log n), then the minimum of any range in O(1). The buffers are kept and
 * reused by the next `build`, so a solver can rebuild one per layer without
 * allocating.
 */
export class RangeMin {
  private table: Float64Array = new Float64Array(0);
  private n = 0;
  private levels = 0;
  private readonly log: number[] = [0, 0];

  /** Builds the table over `values[0 .. n)`. */
  build(values: Float64Array, n: number = values.length): void {
    this.n = n;
    let levels = 1;
    while (1 << levels <= n) levels++;
    this.levels = levels;
    const size = levels * Math.max(1, n);
    if (this.table.length < size) this.table = new Float64Array(Math.max(size, this.table.length * 2));
    const t = this.table;
    t.set(values.subarray(0, n), 0);
    for (let j = 1; j < levels; j++) {
      const half = 1 << (j - 1);
      const row = j * n;
      const prev = (j - 1) * n;
      for (let i = 0; i + (1 << j) <= n; i++) {
        const a = t[prev + i];
        const b = t[prev + i + half];
        t[row + i] = a < b ? a : b;
      }
    }
    while (this.log.length <= n) this.log.push(this.log[this.log.length >> 1] + 1);
  }

  /** Minimum of `values[lo .. hi)`; Infinity when the range is empty. */
  min(lo: number, hi: number): number {
    if (hi <= lo) return Infinity;
    const j = this.log[hi - lo];
    const a = this.table[j * this.n + lo];
    const b = this.table[j * this.n + hi - (1 << j)];
    return a < b ? a : b;
  }

  /** Number of values the last `build` covered. */
  get length(): number {
    return this.n;
  }

  /** Levels of the last `build` (⌊log2 n⌋ + 1), for work counters. */
  get depth(): number {
    return this.levels;
  }
}
