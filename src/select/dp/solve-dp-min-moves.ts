import { LevelrampError } from "../../io/errors.ts";
import { buildDpGraph } from "./dp-graph.ts";
import { objectiveOf, objectiveTolerance } from "../problem/objective.ts";
import { makeSelection, type Selection, type SelectionProblem } from "../problem/selection-problem.ts";

/** What "moves" are measured against: the id each level number held before (`--from`). */
export interface MoveReference {
  /** Per slot, the id the earlier file had at that level number (undefined: the number is new). */
  ids: Array<string | undefined>;
}

/** Why a min-moves answer is `feasible`: it is the fewest moves within a tolerance of the optimum, not the optimum. */
export const MIN_MOVES_NOTE = "fewest moves within the tolerance of the optimum";

/** Counts the level numbers whose id differs from the reference. */
export function countMoves(problem: SelectionProblem, reference: MoveReference, picks: readonly number[]): number {
  let moves = 0;
  picks.forEach((c, s) => {
    const before = reference.ids[s];
    if (before !== undefined && problem.candidates[c].id !== before) moves++;
  });
  return moves;
}

/**
 * Fewest moves within a tolerance (issue "release loop" `--min-moves`): among
 * sequences whose objective is at most `bound`, the one that changes the fewest
 * level numbers relative to the reference; then the lowest objective; then the
 * lexicographically smallest ids. Exact dp on the same state graph as
 * {@link solveDp}, with a cost-to-go per state and per number of moves still
 * allowed (conflicts ignored: see {@link solveDpMinMovesBranching}).
 *
 * @param bound objective upper bound (the optimum + the designer's tolerance, in objective units).
 * @returns the selection (status `feasible`: within the bound, not the optimum) with `stats.moves`, or the first infeasible slot; `infeasibleAt: -1` when no sequence is within the bound.
 */
export function solveDpMinMoves(
  problem: SelectionProblem,
  reference: MoveReference,
  bound: number,
  options: { excluded?: Uint8Array; maxStates?: number } = {},
): { selection: Selection } | { infeasibleAt: number } {
  const graph = buildDpGraph(problem, options);
  if ("infeasibleAt" in graph) return graph;
  const { layers, states } = graph;
  const obj = objectiveOf(problem);
  const S = problem.slots.length;
  if (S === 0) return { selection: makeSelection({ picks: [], objective: 0, status: "feasible", note: MIN_MOVES_NOTE, solver: "dp", stats: { moves: 0, states: 0 } }) };
  const move = (s: number, c: number) => (reference.ids[s] !== undefined && problem.candidates[c].id !== reference.ids[s] ? 1 : 0);
  const M = reference.ids.filter((x) => x !== undefined).length;
  const W = M + 1;
  if (states * W > 50_000_000) {
    throw new LevelrampError("select/min-moves", `${states} states × ${W} move counts is past the work bound; narrow the chapters`, 1);
  }
  // f[i][s·W + m]: least cost of the slots after i from state s with at most m moves among them.
  const f: Float64Array[] = new Array(S);
  f[S - 1] = new Float64Array(layers[S - 1].last.length * W);
  for (let i = S - 2; i >= 0; i--) {
    const cur = layers[i];
    const nxt = layers[i + 1];
    const here = new Float64Array(cur.last.length * W).fill(Infinity);
    const after = f[i + 1];
    for (let s = 0; s < cur.last.length; s++) {
      const c = cur.last[s];
      for (let t = cur.start[s]; t < cur.start[s + 1]; t++) {
        const ns = cur.next[t];
        const d = nxt.last[ns];
        const mv = move(i + 1, d);
        const cost = obj.combine(obj.slotCost(i + 1, d), obj.stepCost(i, c, d));
        for (let m = mv; m < W; m++) {
          const v = obj.combine(cost, after[ns * W + m - mv]);
          if (v < here[s * W + m]) here[s * W + m] = v;
        }
      }
    }
    f[i] = here;
  }
  const first = layers[0];
  const start = (s: number, m: number) => {
    const d = first.last[s];
    const mv = move(0, d);
    return m < mv ? Infinity : obj.combine(obj.slotCost(0, d), f[0][s * W + m - mv]);
  };
  const tolB = objectiveTolerance(bound);
  let budget = -1;
  let best = Infinity;
  for (let m = 0; m < W && budget < 0; m++) {
    for (let s = 0; s < first.last.length; s++) best = Math.min(best, start(s, m));
    if (best <= bound + tolB) budget = m;
  }
  if (budget < 0) return { infeasibleAt: -1 };
  const tol = objectiveTolerance(best);
  const picks: number[] = [];
  let state = -1;
  for (let s = 0; s < first.last.length && state < 0; s++) if (start(s, budget) <= best + tol) state = s;
  let m = budget - move(0, first.last[state]);
  let acc = obj.slotCost(0, first.last[state]);
  picks.push(first.last[state]);
  for (let i = 0; i + 1 < S; i++) {
    const cur = layers[i];
    const nxt = layers[i + 1];
    const c = cur.last[state];
    let chosen = -1;
    for (let t = cur.start[state]; t < cur.start[state + 1] && chosen < 0; t++) {
      const ns = cur.next[t];
      const d = nxt.last[ns];
      const mv = move(i + 1, d);
      if (mv > m) continue;
      const a = obj.combine(obj.combine(acc, obj.slotCost(i + 1, d)), obj.stepCost(i, c, d));
      if (obj.combine(a, f[i + 1][ns * W + m - mv]) <= best + tol) {
        chosen = ns;
        acc = a;
        m -= mv;
      }
    }
    if (chosen < 0) throw new LevelrampError("select/min-moves", "internal: lost the optimal path while rebuilding it", 1);
    state = chosen;
    picks.push(nxt.last[state]);
  }
  return {
    selection: makeSelection({ picks, objective: obj.total(picks), status: "feasible", note: MIN_MOVES_NOTE, solver: "dp", stats: { states, moves: countMoves(problem, reference, picks) } }),
  };
}

/**
 * {@link solveDpMinMoves} with conflicts: branch on a shipped conflict pair
 * (exclude one / the other), keeping the best conflict-free answer by
 * (moves, objective, ids); a branch is pruned only when its conflict-free
 * relaxation already needs more moves. Exact, like {@link solveDpBranching}.
 *
 * @throws LevelrampError `select/min-moves` past `maxBranches` dp runs (default 2,000).
 */
export function solveDpMinMovesBranching(
  problem: SelectionProblem,
  reference: MoveReference,
  bound: number,
  maxBranches = 2000,
): { selection: Selection } | { infeasibleAt: number } {
  const root = solveDpMinMoves(problem, reference, bound);
  if (!("selection" in root) || problem.conflicts.length === 0) return root;
  const n = problem.candidates.length;
  type Node = { excluded: Uint8Array; selection: Selection };
  const better = (a: Selection, b: Selection): boolean => {
    if (a.stats.moves !== b.stats.moves) return a.stats.moves < b.stats.moves;
    const tol = objectiveTolerance(Math.min(a.objective, b.objective));
    if (Math.abs(a.objective - b.objective) > tol) return a.objective < b.objective;
    for (let i = 0; i < a.picks.length; i++) {
      const x = problem.candidates[a.picks[i]].id;
      const y = problem.candidates[b.picks[i]].id;
      if (x !== y) return x < y;
    }
    return false;
  };
  const open: Node[] = [{ excluded: new Uint8Array(n), selection: root.selection }];
  let best: Selection | undefined;
  let runs = 1;
  while (open.length) {
    open.sort((a, b) => a.selection.stats.moves - b.selection.stats.moves || a.selection.objective - b.selection.objective);
    const node = open.shift()!;
    if (best && node.selection.stats.moves > best.stats.moves) break;
    const chosen = new Set(node.selection.picks);
    const clash = problem.conflicts.find(([a, b]) => chosen.has(a) && chosen.has(b));
    if (!clash) {
      if (!best || better(node.selection, best)) best = node.selection;
      continue;
    }
    for (const drop of clash) {
      if (runs >= maxBranches) throw new LevelrampError("select/min-moves", `conflict branching passed ${maxBranches} dp runs`, 1);
      const excluded = node.excluded.slice();
      excluded[drop] = 1;
      const r = solveDpMinMoves(problem, reference, bound, { excluded });
      runs++;
      if ("selection" in r) open.push({ excluded, selection: r.selection });
    }
  }
  if (!best) return { infeasibleAt: -1 };
  return { selection: { ...best, stats: { ...best.stats, branches: runs } } };
}
