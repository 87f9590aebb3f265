import { hasDot, type DotSet } from "../level/dot-set.ts";

/**
 * Source components of the strongly connected components among the dots of
 * `alive` (Tarjan, iterative), ignoring edges into the dots of `skip`: the
 * count of SPEC 4.1's condensation sources for any set of remaining dots and
 * any edge set (the plain closure count only holds for states a plain field
 * reaches). Edges as bitsets, `out[v]` the dots v's pop can pop.
 */
export function strongSourceCount(out: readonly DotSet[], alive: DotSet, skip: DotSet, n: number): number {
  const words = alive.length;
  const b = buffers(n);
  // Adjacency among the remaining dots, flattened: neighbours of v are list[start[v] .. start[v + 1]).
  const { start, index, low, comp, onStack, next, stack, call } = b;
  let list = b.list;
  let size = 0;
  for (let v = 0; v < n; v++) {
    start[v] = size;
    if (!hasDot(alive, v)) continue;
    const o = out[v];
    for (let k = 0; k < words; k++) {
      let m = o[k] & alive[k] & ~skip[k];
      while (m !== 0) {
        const lo = m & -m;
        m ^= lo;
        if (size === list.length) list = b.list = grow(list);
        list[size++] = (k << 5) + 31 - Math.clz32(lo);
      }
    }
  }
  start[n] = size;
  index.fill(-1, 0, n);
  comp.fill(-1, 0, n);
  onStack.fill(0, 0, n);
  let sp = 0;
  let counter = 0;
  let comps = 0;
  for (let root = 0; root < n; root++) {
    if (!hasDot(alive, root) || index[root] >= 0) continue;
    let depth = 0;
    call[depth++] = root;
    index[root] = low[root] = counter++;
    next[root] = start[root];
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth > 0) {
      const v = call[depth - 1];
      if (next[v] < start[v + 1]) {
        const w = list[next[v]++];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          next[w] = start[w];
          stack[sp++] = w;
          onStack[w] = 1;
          call[depth++] = w;
        } else if (onStack[w] && index[w] < low[v]) low[v] = index[w];
        continue;
      }
      depth--;
      if (depth > 0) {
        const parent = call[depth - 1];
        if (low[v] < low[parent]) low[parent] = low[v];
      }
      if (low[v] === index[v]) {
        for (;;) {
          const w = stack[--sp];
          onStack[w] = 0;
          comp[w] = comps;
          if (w === v) break;
        }
        comps++;
      }
    }
  }
  const entered = b.entered.length >= comps ? b.entered.fill(0, 0, comps) : (b.entered = new Uint8Array(comps));
  for (let v = 0; v < n; v++) {
    if (comp[v] < 0) continue;
    for (let i = start[v]; i < start[v + 1]; i++) if (comp[list[i]] !== comp[v]) entered[comp[list[i]]] = 1;
  }
  let sources = 0;
  for (let c = 0; c < comps; c++) if (!entered[c]) sources++;
  return sources;
}

/** Scratch arrays reused between calls (the searches call this once per state; fresh arrays each time were a large share of garbage collection). */
interface Buffers {
  start: Int32Array;
  index: Int32Array;
  low: Int32Array;
  comp: Int32Array;
  onStack: Uint8Array;
  next: Int32Array;
  stack: Int32Array;
  call: Int32Array;
  list: Int32Array;
  entered: Uint8Array;
}

let scratch: Buffers | null = null;

function buffers(n: number): Buffers {
  if (scratch && scratch.index.length >= n) return scratch;
  const m = Math.max(n, 64);
  scratch = {
    start: new Int32Array(m + 1),
    index: new Int32Array(m),
    low: new Int32Array(m),
    comp: new Int32Array(m),
    onStack: new Uint8Array(m),
    next: new Int32Array(m),
    stack: new Int32Array(m),
    call: new Int32Array(m),
    list: new Int32Array(Math.max(256, 8 * m)),
    entered: new Uint8Array(m),
  };
  return scratch;
}

function grow(list: Int32Array): Int32Array {
  const bigger = new Int32Array(list.length * 2);
  bigger.set(list);
  return bigger;
}
