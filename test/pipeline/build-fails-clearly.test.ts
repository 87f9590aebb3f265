import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempDir, tempFolder } from "../helpers/temp-dir.ts";
import { readFileSync } from "node:fs";

// A plan that cannot be met stops with exit 1, names the chapter and part and why, after a bounded number of tries, and writes nothing.
describe("levelramp build on a plan that cannot be met", () => {
  it("stops after the extra rounds, naming the part and the generator's reasons, and leaves no output", async () => {
    const dir = join(tempFolder(), "out");
    const r = await runCli(["build", "apsis", "--plan", fixture("pipeline/unreachable-window-apsis-plan.json"), "--workers", "1", "--out", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("pipeline/build: chapter 1 part 1 (levels 1–2)");
    expect(r.stderr).toContain("0 candidate(s) left");
    expect(r.stderr).toContain("the generator gave up on 20 candidate(s)"); // 2 levels × 2 per level × (1 + 4 extra rounds)
    expect(r.stderr).toContain("after 4 extra round(s) of batches");
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  }, 60_000);

  it("names the chapter and part whose selection has no answer (a read window that rises too fast)", async () => {
    const dir = join(tempFolder(), "out");
    const plan = fixture("pipeline/too-steep-apsis-plan.json");
    const r = await runCli(["build", "apsis", "--plan", plan, "--workers", "1", "--out", dir, "--json"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/chapter 1 part 2 \(levels 3–4\): the pool cannot continue the chain yet \(.*maxRise\(reads, 4\)/);
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  }, 60_000);
});

// The composed levels 1–2 of Carillon are both 0 bits; a model with maxRun(bits) 1 forbids that. No candidate grown can
// change a composed level, so the build stops at once, naming the rule, instead of growing four extra rounds in vain.
describe("levelramp build whose fixed levels break the model by themselves", () => {
  it("stops before growing anything, naming the rule and what to change", async () => {
    const dir = join(tempFolder(), "out");
    const model = fixture("pipeline/composed-break-maxrun-carillon-model.json");
    const r = await runCli(["build", "carillon", "--chapters", "1", "--model", model, "--workers", "1", "--out", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("pipeline/build: chapter 1 part 1 (levels 1–5): the levels fixed before level 6 break the selection model by themselves");
    expect(r.stderr).toContain("level 2 is composed to");
    expect(r.stderr).toContain("what to change: the model's maxRun(bits, 1, 0.01)");
    expect(r.stderr).toContain("at $.composed");
    expect(r.stderr).not.toContain("extra round");
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
  }, 60_000);
});

// A run with an earlier pool that stops says what it had answered from the pool and grown, before the error's line.
describe("levelramp build --reuse that stops", () => {
  it("prints the reuse summary so far, then the error (exit 1, nothing written)", async () => {
    const t = tempDir();
    const args = ["--plan", fixture("pipeline/tiny-carillon-plan.json"), "--seed", "7", "--workers", "1", "--no-table"];
    expect((await runCli(["build", "carillon", ...args, "--model", fixture("pipeline/tiny-carillon-model.json"), "--out", t.path("a"), "--quiet"])).code).toBe(0);
    // every level must leave the previous level's 1-bit bucket: the tiny fields run out of room above the chain
    const model = JSON.parse(readFileSync(fixture("pipeline/tiny-carillon-model.json"), "utf8"));
    model.constraints = [...model.constraints.filter((c: { type: string }) => c.type !== "maxRun"), { type: "maxRun", key: "bits", length: 1, precision: 1 }];
    const steep = t.write("steep-model.json", model);
    const r = await runCli(["build", "carillon", ...args, "--model", steep, "--reuse", t.path("a/pools.json"), "--out", t.path("b")]);
    expect(r.code, r.stderr).toBe(1);
    const reuse = r.stderr.indexOf(`reuse: `);
    const error = r.stderr.indexOf("levelramp: pipeline/build: chapter ");
    expect(reuse, r.stderr).toBeGreaterThanOrEqual(0);
    expect(r.stderr.slice(reuse)).toMatch(/^reuse: \d+ of \d+ batches answered from .*pools\.json, \d+ grown/);
    expect(error).toBeGreaterThan(reuse);
    expect(existsSync(t.path("b")) ? readdirSync(t.path("b")) : []).toEqual([]);
    // --quiet keeps it to the error
    const q = await runCli(["build", "carillon", ...args, "--model", steep, "--reuse", t.path("a/pools.json"), "--out", t.path("b"), "--quiet"]);
    expect(q.code).toBe(1);
    expect(q.stderr).not.toContain("reuse: ");
  }, 60_000);
});
