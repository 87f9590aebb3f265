/** Why the guard turned a dot away. */
export type GuardRejection = "guard-root" | "guard-join";

function popcount(v: number): number {
  let n = 0;
  for (; v !== 0; v &= v - 1) n++;
  return n;
}

/**
 * The guard of SPEC 4.3 item 3, kept incrementally while a field grows. Every
 * dot keeps two small sets, as bitmasks over root ordinals (≤ 30 roots):
 * `reachedBy` — the roots whose chains reach it — and `leadsInto` — the cores
 * its ring leads into. A new dot creates new paths only through itself, from
 * every dot upstream to every dot downstream, so it joins two trees exactly
 * when some root in the union of its in-neighbours' `reachedBy` differs from
 * some core in the union of its out-neighbours' `leadsInto` (plus its own core).
 * Accepting a dot pushes its sets down and up the graph, stopping where
 * nothing changes. No whole-graph recomputation per try.
 */
export class GuardSets {
  /** Roots (bitmask of ordinals) whose chains reach each dot. */
  readonly reachedBy: number[] = [];
  /** Cores (bitmask of root ordinals) each dot's ring leads into. */
  readonly leadsInto: number[] = [];
  private readonly isRoot: boolean[] = [];

  /**
   * Whether a dot with these edges may join, and its sets if so.
   *
   * @param ins dots whose rings reach the new dot.
   * @param outs dots the new dot's ring reaches.
   * @param core root ordinal of the core the new dot joins, or −1 for a free dot.
   */
  check(ins: readonly number[], outs: readonly number[], core: number): GuardRejection | { reachedBy: number; leadsInto: number } {
    let reachedBy = 0;
    let leadsInto = core >= 0 ? 1 << core : 0;
    for (const v of outs) {
      if (this.isRoot[v]) return "guard-root";
      leadsInto |= this.leadsInto[v];
    }
    for (const u of ins) reachedBy |= this.reachedBy[u];
    const joins = reachedBy !== 0 && leadsInto !== 0 && !(reachedBy === leadsInto && popcount(reachedBy) === 1);
    return joins ? "guard-join" : { reachedBy, leadsInto };
  }

  /** Adds a root: reached by itself, leading into its own core. Roots are placed before any other dot. */
  addRoot(dot: number, ordinal: number): void {
    this.reachedBy[dot] = 1 << ordinal;
    this.leadsInto[dot] = 1 << ordinal;
    this.isRoot[dot] = true;
  }

  /**
   * Adds an accepted dot and propagates: its `reachedBy` to everything its
   * chain reaches, its `leadsInto` to everything whose chain reaches it.
   *
   * @param out out-neighbours of every dot (the new dot's included), in/out lists after adding it.
   * @param inn in-neighbours of every dot.
   */
  add(dot: number, sets: { reachedBy: number; leadsInto: number }, out: readonly number[][], inn: readonly number[][]): void {
    this.reachedBy[dot] = sets.reachedBy;
    this.leadsInto[dot] = sets.leadsInto;
    this.isRoot[dot] = false;
    spread(this.reachedBy, dot, out);
    spread(this.leadsInto, dot, inn);
  }
}

function spread(sets: number[], from: number, next: readonly number[][]): void {
  const stack = [from];
  while (stack.length > 0) {
    const u = stack.pop() as number;
    for (const v of next[u]) {
      const merged = sets[v] | sets[u];
      if (merged !== sets[v]) {
        sets[v] = merged;
        stack.push(v);
      }
    }
  }
}
