import { addDot, dotSetWords, hasDot, type DotSet } from "../level/dot-set.ts";
import { outNeighbours, type ReachGraph } from "../level/reach-graph.ts";

/**
 * Transitive closures of the reach graph as bitsets: `closure[d]` is every dot
 * d's chain can pop on the full field (d included), `reachers[d]` every dot
 * whose chain pops d. On a plain field the preview of tapping d in a state is
 * exactly `closure[d] ∩ alive` (a popped dot takes its whole closure with it,
 * so no path to a remaining dot runs through a popped one).
 */
export interface PlainReach {
  readonly count: number;
  readonly words: number;
  readonly closure: DotSet[];
  readonly reachers: DotSet[];
}

/** Computes the closures of the reach graph by a breadth-first search from every dot (O(n·e)). */
export function plainReach(graph: ReachGraph): PlainReach {
  const out = outNeighbours(graph);
  const n = out.length;
  const words = dotSetWords(n);
  const closure: DotSet[] = [];
  const reachers: DotSet[] = [];
  for (let i = 0; i < n; i++) reachers.push(new Uint32Array(words));
  const queue = new Int32Array(n);
  for (let d = 0; d < n; d++) {
    const seen = new Uint32Array(words);
    addDot(seen, d);
    let head = 0;
    let tail = 0;
    queue[tail++] = d;
    while (head < tail) {
      const u = queue[head++];
      for (const v of out[u]) {
        if (!hasDot(seen, v)) {
          addDot(seen, v);
          queue[tail++] = v;
        }
      }
    }
    closure.push(seen);
    for (let i = 0; i < tail; i++) addDot(reachers[queue[i]], d);
  }
  return { count: n, words, closure, reachers };
}
