/** A maximum one-to-one matching of a bipartite graph. */
export interface BipartiteMatching {
  /** Number of pairs. */
  size: number;
  /** `matchLeft[i]` = the right node paired with left node i, or -1. */
  matchLeft: Int32Array;
  /** `matchRight[j]` = the left node paired with right node j, or -1. */
  matchRight: Int32Array;
}

/**
 * Hopcroft–Karp maximum bipartite matching (SPEC 7: "a maximum one-to-one
 * matching"): breadth-first layers from the free left nodes, then
 * vertex-disjoint shortest augmenting paths by depth-first search, until no
 * augmenting path is left. O(E √V). Deterministic: neighbours are tried in the
 * order given.
 *
 * @param leftCount number of left nodes (`0..leftCount-1`).
 * @param rightCount number of right nodes (`0..rightCount-1`).
 * @param adjacency `adjacency[i]` = right nodes left node i may pair with.
 */
export function hopcroftKarp(leftCount: number, rightCount: number, adjacency: readonly (readonly number[])[]): BipartiteMatching {
  const matchLeft = new Int32Array(leftCount).fill(-1);
  const matchRight = new Int32Array(rightCount).fill(-1);
  const layer = new Int32Array(leftCount);
  const queue = new Int32Array(leftCount);
  const next = new Int32Array(leftCount);
  const INF = 0x7fffffff;
  let size = 0;

  const bfs = (): boolean => {
    let head = 0;
    let tail = 0;
    for (let i = 0; i < leftCount; i++) {
      if (matchLeft[i] < 0) {
        layer[i] = 0;
        queue[tail++] = i;
      } else layer[i] = INF;
    }
    let found = false;
    while (head < tail) {
      const i = queue[head++];
      for (const j of adjacency[i]) {
        const k = matchRight[j];
        if (k < 0) found = true;
        else if (layer[k] === INF) {
          layer[k] = layer[i] + 1;
          queue[tail++] = k;
        }
      }
    }
    return found;
  };

  const dfs = (i: number): boolean => {
    const edges = adjacency[i];
    for (; next[i] < edges.length; next[i]++) {
      const j = edges[next[i]];
      const k = matchRight[j];
      if (k < 0 || (layer[k] === layer[i] + 1 && dfs(k))) {
        matchLeft[i] = j;
        matchRight[j] = i;
        next[i]++;
        return true;
      }
    }
    layer[i] = INF;
    return false;
  };

  while (bfs()) {
    next.fill(0);
    for (let i = 0; i < leftCount; i++) if (matchLeft[i] < 0 && dfs(i)) size++;
  }
  return { size, matchLeft, matchRight };
}
