/** One ring hit waiting to be processed: `emitter`'s ring arrives at `target` at `time` beats after the tap. */
export interface Hit {
  time: number;
  target: number;
  emitter: number;
}

/** How hits at the same moment (within the time tolerance) are ordered: by target index, ascending (SPEC 4.1) or reversed (the order-sensitivity check). */
export type TieOrder = "index" | "reverse";

/**
 * A binary min-heap of hits in ring-arrival time order (SPEC 4.1): hits whose
 * times differ by more than `tolerance` beats go in time order; hits at the
 * same moment go by target index (then emitter index), ascending or reversed.
 */
export class HitQueue {
  private readonly heap: Hit[] = [];
  private readonly sign: number;

  /** @param tolerance beats (default 1e-9, from physics.json). */
  constructor(
    private readonly tolerance: number,
    order: TieOrder = "index",
  ) {
    this.sign = order === "index" ? 1 : -1;
  }

  /** Hits waiting. */
  get size(): number {
    return this.heap.length;
  }

  /** Whether `a` is processed before `b`. */
  before(a: Hit, b: Hit): boolean {
    if (Math.abs(a.time - b.time) > this.tolerance) return a.time < b.time;
    if (a.target !== b.target) return this.sign * (a.target - b.target) < 0;
    return this.sign * (a.emitter - b.emitter) < 0;
  }

  /** Adds a hit. */
  push(hit: Hit): void {
    const h = this.heap;
    h.push(hit);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(h[i], h[p])) break;
      [h[i], h[p]] = [h[p], h[i]];
      i = p;
    }
  }

  /** Removes and returns the next hit. @throws RangeError when empty. */
  pop(): Hit {
    const h = this.heap;
    if (h.length === 0) throw new RangeError("carillon/hit-queue: no hit waiting");
    const top = h[0];
    const last = h.pop() as Hit;
    if (h.length > 0) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < h.length && this.before(h[l], h[m])) m = l;
        if (r < h.length && this.before(h[r], h[m])) m = r;
        if (m === i) break;
        [h[i], h[m]] = [h[m], h[i]];
        i = m;
      }
    }
    return top;
  }
}
