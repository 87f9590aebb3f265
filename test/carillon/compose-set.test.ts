import { describe, expect, it } from "vitest";
import { selectComposedSet, type SetConstraints, type SetMember } from "../../src/carillon/compose/select-composed-set.ts";
import { createRng } from "../../src/random/index.ts";

const member = (bits: number, goal: number, total: number, onGrid = 10, arrivals = 10): SetMember => ({
  metrics: { bits, goal },
  total,
  rhythm: { onGrid, arrivals },
});

const loose: SetConstraints = { bitsBelow: Infinity, goalAtMost: Infinity, minRhythm: 0 };

/** Every set, checked against the constraints one by one (the plain reference). */
function bruteForce(pools: SetMember[][], c: SetConstraints): number | null {
  let best: number | null = null;
  const walk = (level: number, picks: SetMember[]) => {
    if (level === pools.length) {
      const last = picks[picks.length - 1];
      if (!(last.metrics.bits < c.bitsBelow) || last.metrics.goal > c.goalAtMost) return;
      const on = picks.reduce((a, m) => a + m.rhythm.onGrid, 0);
      const all = picks.reduce((a, m) => a + m.rhythm.arrivals, 0);
      if (on < c.minRhythm * all - 1e-9) return;
      const score = picks.reduce((a, m) => a + m.total, 0);
      if (best === null || score > best) best = score;
      return;
    }
    for (const m of pools[level]) {
      const prev = picks[picks.length - 1];
      if (prev && (prev.metrics.bits > m.metrics.bits || prev.metrics.goal > m.metrics.goal)) continue;
      walk(level + 1, [...picks, m]);
    }
  };
  walk(0, []);
  return best;
}

describe("picking the first levels together (SPEC 4.6: milestones, never easier, best total)", () => {
  it("takes the best candidate per level when the chain allows it", () => {
    const pools = [[member(0, 1, 3), member(0, 1, 4)], [member(0, 2, 2), member(1, 2, 5)]];
    expect(selectComposedSet(pools, loose)).toEqual({ picks: [1, 1], score: 9, rhythm: 1 });
  });

  it("never gets easier: a higher score that would drop bits or goal is passed over", () => {
    const pools = [[member(2, 2, 10), member(1, 2, 4)], [member(1.5, 2, 5), member(0.5, 2, 9)]];
    const chosen = selectComposedSet(pools, loose)!;
    expect(chosen.picks).toEqual([1, 0]);
    expect(chosen.score).toBe(9);
    const goals = [[member(0, 2, 10), member(0, 1, 1)], [member(0, 1, 10)]];
    expect(selectComposedSet(goals, loose)!.picks).toEqual([1, 0]);
  });

  it("the last level stays below the next level's target and within its taps", () => {
    const pools = [[member(0, 1, 1)], [member(4.2, 2, 9), member(4.1, 2, 5), member(3, 3, 8)]];
    expect(selectComposedSet(pools, { ...loose, bitsBelow: 4.147542, goalAtMost: 2 })!.picks).toEqual([0, 1]);
    expect(selectComposedSet(pools, { ...loose, bitsBelow: 4, goalAtMost: 2 })).toBeNull();
  });

  it("the rhythm holds over the whole set: an off-beat level is only taken when the others carry it", () => {
    const pools = [
      [member(0, 1, 1, 10, 10), member(0, 1, 1.2, 8, 10)],
      [member(0, 2, 1, 8, 10), member(0, 2, 3, 7, 10)],
    ];
    // At 0.9 the pair needs 18 of 20 on the grid: only (0, 0).
    expect(selectComposedSet(pools, { ...loose, minRhythm: 0.9 })).toEqual({ picks: [0, 0], score: 2, rhythm: 0.9 });
    // At 0.85 (17 of 20): (0, 1) scores 4.
    expect(selectComposedSet(pools, { ...loose, minRhythm: 0.85 })!.picks).toEqual([0, 1]);
  });

  it("exact: matches brute force on random small pools, and every answer meets the constraints", () => {
    const rng = createRng("compose-set-brute");
    let compared = 0;
    for (let t = 0; t < 150; t++) {
      const levels = 2 + Math.floor(rng() * 3);
      const pools: SetMember[][] = [];
      for (let l = 0; l < levels; l++) {
        const pool: SetMember[] = [];
        const size = 1 + Math.floor(rng() * 4);
        for (let i = 0; i < size; i++) {
          const arrivals = 5 + Math.floor(rng() * 10);
          pool.push(member(Math.round(rng() * 8) / 2, 1 + Math.floor(rng() * 2), Math.round(rng() * 50) / 10, arrivals - Math.floor(rng() * 3), arrivals));
        }
        pools.push(pool);
      }
      const c: SetConstraints = { bitsBelow: 2 + rng() * 3, goalAtMost: 2, minRhythm: 0.8 + rng() * 0.15 };
      const expected = bruteForce(pools, c);
      const chosen = selectComposedSet(pools, c);
      if (expected === null) {
        expect(chosen).toBeNull();
        continue;
      }
      expect(chosen).not.toBeNull();
      expect(chosen!.score).toBeCloseTo(expected, 9);
      const picked = chosen!.picks.map((p, l) => pools[l][p]);
      expect(picked.reduce((a, m) => a + m.total, 0)).toBeCloseTo(chosen!.score, 9);
      for (let l = 1; l < picked.length; l++) {
        expect(picked[l].metrics.bits).toBeGreaterThanOrEqual(picked[l - 1].metrics.bits);
        expect(picked[l].metrics.goal).toBeGreaterThanOrEqual(picked[l - 1].metrics.goal);
      }
      expect(chosen!.rhythm).toBeGreaterThanOrEqual(c.minRhythm - 1e-9);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  });
});
