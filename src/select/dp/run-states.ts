/**
 * The dp's sparse states of one slot: runs that hold scarce classes besides
 * their last pick. A state is (last class, run length, index of the other run
 * rules' lengths, the scarce classes used in the run as a sorted multiset of at
 * most L entries). Stored flat in typed arrays with an open-addressing hash
 * index, so millions of states cost a few dozen bytes each and no objects.
 */
export class RunStates {
  size = 0;
  private cap = 0;
  private lastA = new Int32Array(0);
  private runA = new Uint8Array(0);
  private kvA = new Int32Array(0);
  private memA = new Int32Array(0);
  private table = new Int32Array(0);
  /** Cost-to-go of each state, filled by the backward pass (after {@link seal}). */
  ctg = new Float64Array(0);

  constructor(private readonly L: number) {}

  last(i: number): number {
    return this.lastA[i];
  }

  run(i: number): number {
    return this.runA[i];
  }

  kv(i: number): number {
    return this.kvA[i];
  }

  /** Copies state `i`'s scarce multiset (padded with −1) into `out`. */
  members(i: number, out: Int32Array): void {
    // A loop, not `set(subarray(...))`: no view object per call (this runs once per state and step).
    const off = i * this.L;
    for (let j = 0; j < this.L; j++) out[j] = this.memA[off + j];
  }

  /** Index of a state, or −1. `mem` is sorted and padded with −1 to length L. */
  find(last: number, run: number, kv: number, mem: Int32Array): number {
    if (this.size === 0) return -1;
    const mask = this.table.length - 1;
    for (let h = this.hash(last, run, kv, mem) & mask; ; h = (h + 1) & mask) {
      const at = this.table[h] - 1;
      if (at < 0) return -1;
      if (this.same(at, last, run, kv, mem)) return at;
    }
  }

  /** Adds a state unless present; returns whether it is new (no object per call: this runs once per state and step). */
  add(last: number, run: number, kv: number, mem: Int32Array): boolean {
    if ((this.size + 1) * 2 > this.table.length) this.rehash(Math.max(64, this.table.length * 2));
    const mask = this.table.length - 1;
    let h = this.hash(last, run, kv, mem) & mask;
    for (; ; h = (h + 1) & mask) {
      const at = this.table[h] - 1;
      if (at < 0) break;
      if (this.same(at, last, run, kv, mem)) return false;
    }
    if (this.size === this.cap) this.grow();
    const i = this.size++;
    this.lastA[i] = last;
    this.runA[i] = run;
    this.kvA[i] = kv;
    const off = i * this.L;
    for (let j = 0; j < this.L; j++) this.memA[off + j] = mem[j];
    this.table[h] = i + 1;
    return true;
  }

  /** Ends adding: allocates the cost-to-go array. */
  seal(): void {
    this.ctg = new Float64Array(this.size);
  }

  private same(i: number, last: number, run: number, kv: number, mem: Int32Array): boolean {
    if (this.lastA[i] !== last || this.runA[i] !== run || this.kvA[i] !== kv) return false;
    const off = i * this.L;
    for (let j = 0; j < this.L; j++) if (this.memA[off + j] !== mem[j]) return false;
    return true;
  }

  private hash(last: number, run: number, kv: number, mem: Int32Array): number {
    let h = Math.imul(last + 1, 0x9e3779b1) ^ Math.imul(run, 0x85ebca6b) ^ Math.imul(kv + 7, 0xc2b2ae35);
    for (let j = 0; j < this.L; j++) h = Math.imul(h ^ (mem[j] + 1), 0x01000193);
    return (h ^ (h >>> 15)) >>> 0;
  }

  private grow(): void {
    const cap = Math.max(16, this.cap * 2);
    const copy = <T extends Int32Array | Uint8Array>(a: T, make: (n: number) => T, per = 1): T => {
      const b = make(cap * per);
      b.set(a);
      return b;
    };
    this.lastA = copy(this.lastA, (n) => new Int32Array(n));
    this.runA = copy(this.runA, (n) => new Uint8Array(n));
    this.kvA = copy(this.kvA, (n) => new Int32Array(n));
    this.memA = copy(this.memA, (n) => new Int32Array(n), this.L);
    this.cap = cap;
  }

  private rehash(size: number): void {
    this.table = new Int32Array(size);
    const mask = size - 1;
    const mem = new Int32Array(this.L);
    for (let i = 0; i < this.size; i++) {
      this.members(i, mem);
      let h = this.hash(this.lastA[i], this.runA[i], this.kvA[i], mem) & mask;
      while (this.table[h] !== 0) h = (h + 1) & mask;
      this.table[h] = i + 1;
    }
  }
}
