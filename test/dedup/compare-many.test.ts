import { describe, expect, it } from "vitest";
import { DedupIndex, type DedupGame } from "../../src/dedup/dedup-index.ts";
import { pairSame, pairsSame } from "../../src/dedup/pair-same.ts";
import type { DedupComparison } from "../../src/dedup/dedup-types.ts";
import { createRng } from "../../src/random/create-rng.ts";

// A game's compareMany (SPEC 7; an outside game's similarMany, SPEC 10) gives
// the index and the pool's conflict check the same answers as comparing pair
// by pair: the same earliest repeat, the same conflict pairs.

type Level = { size: number; shape: number };

/** A toy game: buckets by size, identical when shape is equal, a near copy when shapes differ by 1 (not across 9 → 0). */
function toyGame(withMany: boolean): DedupGame<Level, Level, DedupComparison<null>> & { compared: number; batches: number } {
  const compare = (a: Level, b: Level): DedupComparison<null> => {
    game.compared++;
    const reasons = a.shape === b.shape ? (["identical"] as const) : Math.abs(a.shape - b.shape) === 1 ? (["near-copy"] as const) : ([] as const);
    return { same: reasons.length > 0, reasons: [...reasons], transform: null, matched: [], basis: null, share: 0 };
  };
  const game = {
    compared: 0,
    batches: 0,
    prepare: (l: Level) => l,
    bucketKey: (l: Level) => String(l.size),
    exactKeys: (l: Level) => [`${l.size}/${l.shape}`],
    mayBeSame: (a: Level, b: Level) => Math.abs(a.shape - b.shape) <= 3,
    compare,
    ...(withMany ? { compareMany: (a: Level, others: readonly Level[]) => (game.batches++, others.map((b) => compare(a, b))) } : {}),
  };
  return game;
}

describe("compareMany", () => {
  it("gives the index the same verdict as pair by pair on 400 random levels, one batch per check that compares", () => {
    const rng = createRng("compare-many");
    const levels = Array.from({ length: 400 }, () => ({ size: 1 + Math.floor(rng() * 3), shape: Math.floor(rng() * 40) }));
    const [plain, many] = [toyGame(false), toyGame(true)];
    const [a, b] = [new DedupIndex(plain), new DedupIndex(many)];
    for (const [i, l] of levels.entries()) expect(b.addIfNew(String(i), l), `level ${i}`).toEqual(a.addIfNew(String(i), l));
    expect(b.size).toBe(a.size);
    expect(many.batches).toBeLessThanOrEqual(levels.length);
    expect(many.compared).toBeGreaterThanOrEqual(plain.compared); // a batch also compares past the first near copy
  });

  it("pairsSame answers pairSame for each other level, with one batch", () => {
    const rng = createRng("pairs-same");
    const [plain, many] = [toyGame(false), toyGame(true)];
    for (let round = 0; round < 50; round++) {
      const a = { size: 1 + Math.floor(rng() * 2), shape: Math.floor(rng() * 10) };
      const others = Array.from({ length: Math.floor(rng() * 12) }, () => ({ size: 1 + Math.floor(rng() * 2), shape: Math.floor(rng() * 10) }));
      const before = many.batches;
      expect(pairsSame(many, a, others)).toEqual(others.map((b) => pairSame(plain, a, b)));
      expect(many.batches - before).toBeLessThanOrEqual(1);
    }
  });
});
