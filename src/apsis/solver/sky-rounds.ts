import { topologicalGenerations } from "graphology-dag";
import { NoAnswerError } from "../../io/errors.ts";
import type { SkyGraph } from "../level/block-graph.ts";
import { findHoldCycle } from "../level/find-hold-cycle.ts";

/** How a sky clears by rounds (SPEC 5.3). */
export interface SkyRounds {
  /** Number of arrows. */
  arrows: number;
  /** Number of rounds. */
  depth: number;
  /** Σ over arrows of the round it leaves in. */
  reads: number;
  /** Arrows that can leave at the start (round 1). */
  freeAtStart: number;
  /** Round (1-based) of each arrow, by index. */
  rounds: number[];
  /** The rounds solution: arrow indices per round, ascending within a round. */
  solution: number[][];
}

/**
 * Rounds of a hold graph (SPEC 5.3): the topological generations
 * (graphology-dag). A free arrow stays free, so launching every free arrow
 * each round is optimal and no search is needed.
 *
 * @throws NoAnswerError (exit 1) `apsis/rounds: the sky cannot be cleared ...`
 *   when the hold graph has a cycle; the message names the arrows of one
 *   cycle and why each waits, and `detail.cycle` lists them.
 */
export function skyRounds(graph: SkyGraph): SkyRounds {
  let generations: string[][];
  try {
    generations = topologicalGenerations(graph);
  } catch (err) {
    const cycle = findHoldCycle(graph);
    if (!cycle) throw err;
    const steps = cycle.map((a, i) => {
      const b = cycle[(i + 1) % cycle.length];
      const kinds = graph.getEdgeAttribute(String(b), String(a), "kinds");
      return `arrow ${a} waits on arrow ${b} (${kinds.join(" + ")})`;
    });
    throw new NoAnswerError(
      "apsis/rounds",
      `the sky cannot be cleared: arrows ${cycle.join(", ")} hold each other in a cycle: ${steps.join("; ")}`,
      { cycle },
    );
  }
  const n = graph.order;
  const rounds = new Array<number>(n).fill(0);
  const solution = generations.map((gen, r) => {
    const members = gen.map(Number).sort((a, b) => a - b);
    for (const a of members) rounds[a] = r + 1;
    return members;
  });
  let reads = 0;
  for (const r of rounds) reads += r;
  return { arrows: n, depth: solution.length, reads, freeAtStart: solution[0]?.length ?? 0, rounds, solution };
}
