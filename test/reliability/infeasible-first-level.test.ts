import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";

type Metrics = { difficulty: number; size: number; depth: number };

/** The longest chain of distinct candidates under the generic model, by trying every chain (a brute force, independent of the solvers). */
function longestChain(cands: Metrics[]): number {
  const bucket = (v: number) => Math.floor(v / 0.01 + 0.5);
  let best = 0;
  const used = new Array<boolean>(cands.length).fill(false);
  const extend = (last: number, run: number, length: number) => {
    best = Math.max(best, length);
    cands.forEach((c, j) => {
      if (used[j]) return;
      if (last >= 0) {
        const p = cands[last];
        if (c.difficulty < p.difficulty || c.size < p.size || c.depth < p.depth - 1) return;
      }
      const r = last >= 0 && bucket(c.difficulty) === bucket(cands[last].difficulty) ? run + 1 : 1;
      if (r > 3) return;
      used[j] = true;
      extend(j, r, length + 1);
      used[j] = false;
    });
  };
  extend(-1, 0, 0);
  return best;
}

// The infeasibility message names the first failing level
// consistently. Part 1 has 20 candidates; under the generic model (difficulty
// and size never fall, runs of at most 3) no chain of distinct candidates is
// longer than 14, so level 15 is the first that fails — whether the part plans
// 21 levels or 50 (before: level 15 for 21 levels, level 37 for 50, where the
// chain alone, reusing candidates, first broke).
describe("the infeasibility message names the first failing level consistently", () => {
  it("21 and 50 planned levels over the same 20 candidates both fail at level 15", async () => {
    const levels: number[] = [];
    for (const n of [21, 50]) {
      const r = await runCli(["select", "--pools", "fixtures/pools/generic-one-part-20.json", "--plan", `fixtures/select/plan-one-part-${n}-levels.json`, "--json"]);
      expect(r.code, r.stderr).toBe(1);
      const answer = JSON.parse(r.stdout);
      expect(answer.status).toBe("infeasible");
      levels.push(answer.diagnosis.level);
      expect(r.stderr).toContain(`at level ${answer.diagnosis.level} (chapter 1, part 1)`);
    }
    const pool = JSON.parse(readFileSync("fixtures/pools/generic-one-part-20.json", "utf8")) as { candidates: Array<{ metrics: Metrics }> };
    expect(longestChain(pool.candidates.map((c) => c.metrics))).toBe(14);
    expect(levels).toEqual([15, 15]);
  }, 60_000);
});
