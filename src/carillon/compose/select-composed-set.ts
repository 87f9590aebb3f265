/** What set selection needs of a candidate. */
export interface SetMember {
  metrics: { bits: number; goal: number };
  /** The candidate's weighted score. */
  total: number;
  rhythm: { arrivals: number; onGrid: number };
}

/** Constraints on the whole set (SPEC 4.6, SPEC 6's chain carried into level count + 1). */
export interface SetConstraints {
  /** The last level's bits stay strictly below this (the ramp target of the level after). */
  bitsBelow: number;
  /** The last level's goal is at most this (the fewest taps the level after may need). */
  goalAtMost: number;
  /** Share of all the set's ring arrivals on the grid, at least. */
  minRhythm: number;
}

/** The chosen set: one candidate index per level, its total score and pooled rhythm. */
export interface ChosenSet {
  picks: number[];
  score: number;
  rhythm: number;
}

interface Label {
  score: number;
  /** Σ (onGrid − minRhythm · arrivals): the set meets the rhythm when this is ≥ 0. */
  slack: number;
  pick: number;
  prev: Label | null;
}

const EPS = 1e-9;

/**
 * Picks the first levels together (SPEC 4.6): one candidate per level such
 * that bits and goal never fall from one level to the next (compared on the
 * stored 6-decimal values), the last level stays below `bitsBelow` and at
 * most `goalAtMost` so selection can carry the chain on, and the share of
 * all ring arrivals on the grid is at least `minRhythm` — with the highest
 * total score. Exact: dynamic programming over levels, each candidate keeping
 * the Pareto front of (score, rhythm slack) over the sets ending in it.
 * Ties go to the first set found in a fixed order (candidate indices,
 * then front order), so the answer is deterministic.
 *
 * @returns the set, or null when no set meets the constraints.
 */
export function selectComposedSet(pools: ReadonlyArray<readonly SetMember[]>, c: SetConstraints): ChosenSet | null {
  if (pools.length === 0) return { picks: [], score: 0, rhythm: 1 };
  const slackOf = (m: SetMember) => m.rhythm.onGrid - c.minRhythm * m.rhythm.arrivals;
  let fronts: Label[][] = pools[0].map((m, i) => [{ score: m.total, slack: slackOf(m), pick: i, prev: null }]);
  for (let level = 1; level < pools.length; level++) {
    const before = pools[level - 1];
    fronts = pools[level].map((m, i) => {
      const extended: Label[] = [];
      before.forEach((p, j) => {
        if (p.metrics.bits > m.metrics.bits || p.metrics.goal > m.metrics.goal) return;
        for (const l of fronts[j]) extended.push({ score: l.score + m.total, slack: l.slack + slackOf(m), pick: i, prev: l });
      });
      return paretoFront(extended);
    });
  }
  let best: Label | null = null;
  const last = pools[pools.length - 1];
  for (let i = 0; i < last.length; i++) {
    if (!(last[i].metrics.bits < c.bitsBelow) || last[i].metrics.goal > c.goalAtMost) continue;
    for (const l of fronts[i]) {
      if (l.slack < -EPS) continue;
      if (!best || l.score > best.score + EPS) best = l;
    }
  }
  if (!best) return null;
  const picks: number[] = [];
  for (let l: Label | null = best; l; l = l.prev) picks.unshift(l.pick);
  let arrivals = 0;
  let on = 0;
  picks.forEach((p, level) => {
    arrivals += pools[level][p].rhythm.arrivals;
    on += pools[level][p].rhythm.onGrid;
  });
  return { picks, score: best.score, rhythm: arrivals === 0 ? 1 : on / arrivals };
}

/** Labels no other label beats on both score and slack; of equal ones the first is kept. */
function paretoFront(labels: Label[]): Label[] {
  const order = labels.map((l, i) => ({ l, i }));
  order.sort((a, b) => b.l.score - a.l.score || b.l.slack - a.l.slack || a.i - b.i);
  const front: Label[] = [];
  let bestSlack = -Infinity;
  for (const { l } of order) {
    if (l.slack > bestSlack + EPS) {
      front.push(l);
      bestSlack = l.slack;
    }
  }
  return front;
}
