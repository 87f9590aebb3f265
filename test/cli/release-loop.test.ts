import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import { diffLevels } from "../../src/report/diff-levels.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const POOL = "fixtures/pools/generic-3x4x20.json";
const read = (f: string) => JSON.parse(readFileSync(f, "utf8")) as LevelsFile;

describe("the designer's release loop", () => {
  it("--keep ranges: those levels are byte-identical in the output; the chain holds across them", async () => {
    const t = tempDir();
    const first = t.path("first.json");
    expect((await runCli(["select", "--pools", POOL, "--out", first])).code).toBe(0);
    const model = JSON.parse(readFileSync("models/generic/selection.json", "utf8"));
    model.objective = { norm: "L2", evenness: 1 };
    const second = t.path("second.json");
    const r = await runCli(["select", "--pools", POOL, "--model", t.write("m.json", model), "--keep", "1-10,41-45", "--from", first, "--out", second]);
    expect(r.code, r.stderr).toBe(0);
    const a = read(first).levels;
    const b = read(second).levels;
    for (const n of [...Array.from({ length: 10 }, (_, i) => i + 1), 41, 42, 43, 44, 45]) {
      expect(JSON.stringify(b[n - 1])).toBe(JSON.stringify(a[n - 1]));
    }
    expect((await runCli(["report", second, "--format", "json"])).stdout).toContain('"breaks": []');
  });

  it("an infeasible keep is diagnosed by level", async () => {
    const t = tempDir();
    const first = t.path("first.json");
    await runCli(["select", "--pools", POOL, "--out", first]);
    const old = read(first);
    old.levels[11].metrics.difficulty = 99; // level 12 now far too hard for level 13 to follow
    const r = await runCli(["select", "--pools", POOL, "--keep", "12", "--from", t.write("old.json", old), "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).diagnosis).toMatchObject({ level: 13, constraint: "nonDecreasing(difficulty)", fixedLevel: { level: 12, kind: "keep" } });
  });

  it("exclude: a vetoed candidate is never chosen", async () => {
    const t = tempDir();
    const plain = JSON.parse((await runCli(["select", "--pools", POOL, "--json"])).stdout);
    const vetoed = plain.levels.slice(0, 12).map((l: { id: string }) => l.id);
    const model = JSON.parse(readFileSync("models/generic/selection.json", "utf8"));
    model.constraints.push(...vetoed.map((id: string) => ({ type: "exclude", id })));
    const r = JSON.parse((await runCli(["select", "--pools", POOL, "--model", t.write("m.json", model), "--json"])).stdout);
    const ids = r.levels.map((l: { id: string }) => l.id);
    for (const v of vetoed) expect(ids).not.toContain(v);
    expect(r.objective).toBeGreaterThanOrEqual(plain.objective);
  });

  it("--min-moves: the plain optimum moves many levels; within the tolerance far fewer move", async () => {
    const t = tempDir();
    const a = t.path("a.json");
    await runCli(["select", "--pools", POOL, "--out", a]);
    // A new, slightly higher ramp: the plain optimum re-picks many levels.
    const ramp = t.write("ramp.json", { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1.1], [20, 6.2], [40, 12.1], [60, 20]], interpolation: "monotone-cubic" });
    const plain = JSON.parse((await runCli(["select", "--pools", POOL, "--ramp", ramp, "--json"])).stdout);
    const mm = await runCli(["select", "--pools", POOL, "--ramp", ramp, "--from", a, "--min-moves", "1", "--json"]);
    expect(mm.code, mm.stderr).toBe(0);
    const few = JSON.parse(mm.stdout);
    expect(few.plainMoves).toBeGreaterThanOrEqual(30);
    expect(few.moves).toBeLessThanOrEqual(few.plainMoves / 2);
    expect(few.objective).toBeLessThanOrEqual(plain.objective + 1 + 1e-6);
    const changed = few.levels.filter((l: { id: string }, i: number) => l.id !== read(a).levels[i].id).length;
    expect(changed).toBe(few.moves);
    // tolerance 0 keeps the optimum's objective
    const zero = JSON.parse((await runCli(["select", "--pools", POOL, "--ramp", ramp, "--from", a, "--min-moves", "0", "--json"])).stdout);
    expect(zero.objective).toBeCloseTo(plain.objective, 6);
    expect(zero.moves).toBeLessThanOrEqual(zero.plainMoves);
  });

  it("diff on hand-built files with known moves (exit 0 identical, 1 different)", async () => {
    const lvl = (number: number, id: string, bits = number) => ({ number, chapter: 1, part: 1, id, metrics: { bits }, target: number, deviation: 0 });
    const base = {
      format: "levelramp/levels@1",
      game: "generic",
      seed: null,
      model: JSON.parse(readFileSync("models/generic/selection.json", "utf8")),
      ramp: JSON.parse(readFileSync("models/generic/ramp.json", "utf8")),
      objective: 0,
      optimal: true,
    } as const;
    const before: LevelsFile = { ...base, levels: [lvl(1, "a"), lvl(2, "b"), lvl(3, "c"), lvl(4, "d")] };
    const after: LevelsFile = { ...base, levels: [lvl(1, "a"), lvl(2, "c", 3), lvl(3, "b", 3.5), lvl(4, "e")] };
    const d = diffLevels(before, after);
    expect(d.added).toEqual([{ id: "e", number: 4 }]);
    expect(d.removed).toEqual([{ id: "d", number: 4 }]);
    expect(d.moved).toEqual([{ id: "c", from: 3, to: 2 }, { id: "b", from: 2, to: 3 }]);
    expect(d.changed).toEqual([{ id: "b", metric: "bits", from: 2, to: 3.5 }]);
    expect(d.renumbered).toBe(3);
    const t = tempDir();
    const f1 = t.write("1.json", before);
    const f2 = t.write("2.json", after);
    const r = await runCli(["diff", f1, f2, "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).moved).toHaveLength(2);
    const same = await runCli(["diff", f1, f1]);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe("identical\n");
  });
});
