import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import type { Game } from "../../src/game/game.ts";
import { openGame } from "../../src/game/registry/open-game.ts";
import { pairSame } from "../../src/dedup/pair-same.ts";
import { PoolDeduper } from "../../src/pipeline/level-set/pool-dedup.ts";
import { fixture } from "../helpers/run-cli.ts";

// De-duplication while pools grow (SPEC 6, 7): repeats of chosen levels are dropped, repeats inside a pool become conflict pairs.
const body = (name: string) => JSON.parse(readFileSync(fixture(`pipeline/${name}.json`), "utf8")).level;

for (const [game, turned] of [
  ["carillon", "compare-carillon-half-turn"],
  ["apsis", "compare-apsis-quarter-turn"],
] as const) {
  describe(`PoolDeduper (${game})`, () => {
    let g: Game;
    beforeAll(async () => {
      g = await openGame(game);
    });
    const level = body(`compare-${game}-level`);
    const copy = body(turned);
    const other = body(`compare-${game}-unrelated`);

    it("drops a candidate that repeats a chosen level, naming the reason and the chosen level", async () => {
      const d = new PoolDeduper(g.dedup);
      d.addChosen("chosen-1", level);
      d.addChosen("chosen-1", level); // added once
      await d.settled();
      expect(d.chosenCount).toBe(1);
      const v = await d.check("1/2", "cand-a", copy);
      expect(v.dropped).toBe("identical chosen-1");
      expect(await d.check("1/2", "cand-b", other)).toEqual({ id: "cand-b", conflicts: [] });
      expect(d.counts).toEqual({ dropped: { identical: 1 }, conflicts: {}, checked: 2 });
    });

    it("marks near-duplicates inside one pool as conflict pairs, and only inside it", async () => {
      const d = new PoolDeduper(g.dedup);
      expect((await d.check("1/1", "x", level)).conflicts).toEqual([]);
      expect((await d.check("1/1", "z", other)).conflicts).toEqual([]);
      expect((await d.check("1/1", "y", copy)).conflicts).toEqual([{ ids: ["x", "y"], reason: "identical" }]);
      // a new pool starts empty: no pair across pools
      expect((await d.check("1/2", "w", copy)).conflicts).toEqual([]);
      expect(d.counts.conflicts).toEqual({ identical: 1 });
      expect(d.counts.dropped).toEqual({});
    });

    it("answers a pair like the full comparison (index shortcuts never change the verdict)", async () => {
      const { dedup } = g;
      for (const [a, b] of [
        [level, copy],
        [level, other],
        [copy, other],
      ]) {
        const full = await dedup.compareLevels(a, b);
        const fast = pairSame(dedup.hooks, await dedup.prepare(a), await dedup.prepare(b));
        expect(fast !== null).toBe(full.same);
        if (fast) expect(fast.reasons).toEqual(full.reasons);
      }
    });
  });
}
