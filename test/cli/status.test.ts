import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import { roundMetric } from "../../src/io/round-metric.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const POOL = "fixtures/pools/generic-3x4x20.json";
const read = (f: string) => JSON.parse(readFileSync(f, "utf8")) as LevelsFile;

describe("select, report and verify say the selection's status", () => {
  it("--json says status optimal; --stats adds solveMs, states, classes, candidates, slots", async () => {
    const r = await runCli(["select", "--pools", POOL, "--json", "--stats"]);
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.status).toBe("optimal");
    expect(json.optimal).toBe(true);
    expect(Object.keys(json.stats)).toEqual(expect.arrayContaining(["solveMs", "states", "classes", "candidates", "slots"]));
    expect(json.stats.slots).toBe(60);
    expect(json.stats.candidates).toBe(240);
    expect(json.stats.states).toBeGreaterThan(0);
    expect(r.stderr).toContain("optimal (proven)");
    expect((await runCli(["select", "--pools", POOL, "--stats", "--out", tempDir().path("x.json")])).code).toBe(2);
  });

  it("--min-moves answers are feasible, with the optimum and the tolerance; --require-optimal refuses them", async () => {
    const t = tempDir();
    const a = t.path("a.json");
    expect((await runCli(["select", "--pools", POOL, "--out", a])).code).toBe(0);
    expect(read(a).status).toBe("optimal");
    const ramp = t.write("ramp.json", { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1.1], [20, 6.2], [40, 12.1], [60, 20]], interpolation: "monotone-cubic" });
    const plain = JSON.parse((await runCli(["select", "--pools", POOL, "--ramp", ramp, "--json"])).stdout);
    const b = t.path("b.json");
    const mm = await runCli(["select", "--pools", POOL, "--ramp", ramp, "--from", a, "--min-moves", "1", "--json", "--out", b]);
    expect(mm.code, mm.stderr).toBe(0);
    const json = JSON.parse(mm.stdout);
    expect(json).toMatchObject({ status: "feasible", optimal: false, tolerance: 1 });
    expect(json.optimum).toBeCloseTo(plain.objective, 6);
    expect(json.objective).toBeLessThanOrEqual(json.optimum + 1 + 1e-6);
    expect(json.note).toContain("fewest moves");
    const file = read(b);
    expect(file).toMatchObject({ status: "feasible", optimal: false, tolerance: 1 });
    expect((await runCli(["report", b])).stdout.split("\n")[0]).toContain("feasible, not proven optimal (within 1 of the optimum");
    // Exit 1 and nothing written with --require-optimal.
    const c = t.path("c.json");
    const strict = await runCli(["select", "--pools", POOL, "--ramp", ramp, "--from", a, "--min-moves", "1", "--require-optimal", "--out", c]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain("--require-optimal");
    expect(existsSync(c)).toBe(false);
  });

  it("report shows the file's status (table, json, html); a file from before statuses still reads", async () => {
    const t = tempDir();
    const a = t.path("a.json");
    await runCli(["select", "--pools", POOL, "--out", a]);
    expect((await runCli(["report", a])).stdout.split("\n")[0]).toBe(`status: optimal (proven) — dp, objective ${read(a).objective}`);
    expect(JSON.parse((await runCli(["report", a, "--format", "json"])).stdout)).toMatchObject({ status: "optimal", optimal: true, solver: "dp" });
    const html = t.path("r.html");
    expect((await runCli(["report", a, "--format", "html", "--out", html])).code).toBe(0);
    expect(readFileSync(html, "utf8")).toContain('class="status-optimal">optimal (proven)<');
    const old = read(a) as Record<string, unknown>;
    delete old.status;
    const before = t.write("old.json", old);
    expect(JSON.parse((await runCli(["report", before, "--format", "json"])).stdout).status).toBe("optimal");
    const v = await runCli(["verify", before]);
    expect(v.code, v.stderr).toBe(0);
    expect(v.stdout).toContain("not re-derived (a file from before statuses");
  });

  it("verify re-solves a file that says optimal: a hand-edited worse order is refused, naming the level", async () => {
    const t = tempDir();
    // Six levels; only size must not fall (at most three of one size in a row), so levels of one size may swap and stay valid.
    const cand = (id: string, size: number, difficulty: number) => ({ id, chapter: 1, part: 1, metrics: { size, difficulty }, rules: [] });
    const pool = { format: "levelramp/pool@1", game: "generic", candidates: [cand("a", 1, 1.8), cand("b", 1, 1.2), cand("c", 2, 3.1), cand("d", 2, 4.2), cand("e", 3, 6.3), cand("f", 3, 4.9)] };
    const plan = { format: "levelramp/plan@1", game: "generic", composed: 0, chapters: [{ chapter: 1, rules: [], parts: [{ part: 1, levels: 6 }] }] };
    const ramp = { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1], [6, 6]], interpolation: "linear" };
    const model = {
      format: "levelramp/model@1",
      metric: "difficulty",
      eligibility: "any",
      constraints: [
        { type: "nonDecreasing", key: "size" },
        { type: "maxRun", key: "size", length: 3, precision: 1 },
      ],
      objective: { norm: "L1", evenness: 0 },
    };
    const files = ["--pools", t.write("pool.json", pool), "--plan", t.write("plan.json", plan), "--ramp", t.write("ramp.json", ramp), "--model", t.write("model.json", model)];
    const a = t.path("a.json");
    const r = await runCli(["select", ...files, "--out", a]);
    expect(r.code, r.stderr).toBe(0);
    expect(read(a).levels.map((l) => l.id)).toEqual(["b", "a", "c", "d", "f", "e"]);
    const good = await runCli(["verify", a, "--json"]);
    expect(good.code, good.stderr).toBe(0);
    expect(JSON.parse(good.stdout).status).toMatchObject({ claimed: "optimal", rederived: true, ok: true });
    // Swap levels 1 and 2 (both size 1): still valid, but worse — and still "optimal" in the file.
    const file = read(a);
    const [x, y] = [file.levels[0], file.levels[1]];
    const swap = (slot: typeof x, level: typeof y) => ({ ...slot, id: level.id, metrics: level.metrics, deviation: roundMetric(level.metrics.difficulty - slot.target) });
    file.levels[0] = swap(x, y);
    file.levels[1] = swap(y, x);
    file.objective = roundMetric(file.levels.reduce((s, l) => s + Math.abs(l.deviation), 0));
    const edited = t.write("edited.json", file);
    const bad = await runCli(["verify", edited, "--json"]);
    expect(bad.code).toBe(1);
    const words = await runCli(["verify", edited]);
    expect(words.code).toBe(1);
    const out = JSON.parse(bad.stdout);
    expect(out.failures.map((f: { reason: string }) => f.reason)).toEqual(["status"]);
    expect(out.failures[0]).toMatchObject({ level: 1, id: "a" });
    expect(out.status.message).toBe(`the file says optimal, but another order of the same levels reaches objective 1.100000 < ${file.objective.toFixed(6)} (from level 1: b instead of a)`);
    expect(words.stdout).toContain("level 1 (a): status: the file says optimal");
  });

  it("--limits: past the dp's bound --solver dp exits 1 with what to try; auto answers with HiGHS", async () => {
    // Chapter 1, parts 1-2 of the pool (10 levels, 40 candidates): small enough for HiGHS to prove
    // quickly; its wall-clock budget is set out of the way (a loaded machine must not turn
    // "optimal" into "feasible" here: what this test means is the dp's work bound, maxStates).
    const t = tempDir();
    const pool = JSON.parse(readFileSync(POOL, "utf8"));
    pool.candidates = pool.candidates.filter((c: { chapter: number; part: number }) => c.chapter === 1 && c.part <= 2);
    const plan = JSON.parse(readFileSync("models/generic/plan.json", "utf8"));
    plan.chapters = [{ ...plan.chapters[0], parts: plan.chapters[0].parts.slice(0, 2) }];
    const files = ["--pools", t.write("pool.json", pool), "--plan", t.write("plan.json", plan)];
    const limits = JSON.parse(readFileSync("models/select/solver.json", "utf8"));
    limits.dp.maxStates = 20;
    const file = t.write("limits.json", limits);
    const dp = await runCli(["select", ...files, "--limits", file, "--solver", "dp", "--json"]);
    expect(dp.code).toBe(1);
    expect(JSON.parse(dp.stdout)).toMatchObject({ status: "unknown", limit: "dp states" });
    expect(dp.stderr).toMatch(/select\/dp: more than 20 states \(10 levels, 40 candidates in \d+ classes/);
    const auto = await runCli(["select", ...files, "--limits", file, "--time-limit", "3600", "--json"]);
    expect(auto.code, auto.stderr).toBe(0);
    expect(JSON.parse(auto.stdout)).toMatchObject({ status: "optimal", solver: "highs" });
    limits.dp.maxStates = 0;
    const bad = await runCli(["select", ...files, "--limits", t.write("bad.json", limits), "--json"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("$.dp.maxStates");
  }, 300_000);
});
