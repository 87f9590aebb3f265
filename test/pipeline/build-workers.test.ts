import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// SPEC 2, 9: same seed, same model, same input ⇒ byte-identical output, whatever --workers is.
describe("levelramp build across worker counts", () => {
  it("writes byte-identical pools.json and levels.json with --workers 1 and --workers 2", async () => {
    const plan = fixture("pipeline/tiny-carillon-plan.json");
    const one = tempFolder();
    const two = tempFolder();
    const a = await runCli(["build", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "3", "--workers", "1", "--out", one, "--quiet", "--json"]);
    const b = await runCli(["build", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--seed", "3", "--workers", "2", "--out", two, "--quiet", "--json"]);
    expect(a.code).toBe(0);
    expect(b.code).toBe(0);
    // the first ran in this thread, the second on two piscina worker threads
    expect(JSON.parse(a.stdout).threads).toBe(0);
    expect(JSON.parse(b.stdout).threads).toBe(2);
    for (const f of ["pools.json", "levels.json", "report.json", "report.txt", "report.html"]) {
      expect(readFileSync(join(two, f), "utf8"), f).toBe(readFileSync(join(one, f), "utf8"));
    }
    // and the run is not trivially empty
    expect(JSON.parse(readFileSync(join(one, "pools.json"), "utf8")).candidates.length).toBeGreaterThan(9);
  }, 120_000);

  it("gives another answer for another seed", async () => {
    const plan = fixture("pipeline/tiny-carillon-plan.json");
    const x = tempFolder();
    const y = tempFolder();
    await runCli(["generate", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", "1", "--seed", "3", "--workers", "1", "--out", join(x, "p.json"), "--quiet"]);
    await runCli(["generate", "carillon", "--plan", plan, "--model", fixture("pipeline/tiny-carillon-model.json"), "--chapters", "1", "--seed", "4", "--workers", "1", "--out", join(y, "p.json"), "--quiet"]);
    expect(readFileSync(join(x, "p.json"), "utf8")).not.toBe(readFileSync(join(y, "p.json"), "utf8"));
  }, 60_000);
});
