import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

// Composed levels are chosen levels too (SPEC 7). With seed 1 the Carillon composer's best-scoring
// set for two levels repeats a picture (level 2's outer curve is level 1's arch): the composer itself
// drops the repeat and chooses again, so the build ships two different composed levels on its first
// stream (the build's own fallback — composing again on the next stream — is left for composers
// that do not check).
describe("levelramp build, composed levels that repeat each other", () => {
  it("ships two different composed levels: the composer drops the repeat itself", async () => {
    const dir = tempFolder();
    const plan = fixture("pipeline/composed-carillon-plan.json");
    const r = await runCli(["build", "carillon", "--plan", plan, "--seed", "1", "--workers", "1", "--out", dir, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).not.toContain("composing again on the next stream");
    expect(JSON.parse(r.stdout).stats.compose["compose-repeat"]).toBeGreaterThanOrEqual(1);
    const levels = JSON.parse(readFileSync(join(dir, "levels.json"), "utf8"));
    const c = await runCli(["compare", join(dir, "levels.json"), join(dir, "levels.json"), "--level-a", "1", "--level-b", "2", "--json"]);
    expect(JSON.parse(c.stdout).same).toBe(false);
    expect(levels.levels[0].metrics.bits).toBe(0);
    expect((await runCli(["verify", join(dir, "levels.json")])).code).toBe(0);
  }, 60_000);
});
