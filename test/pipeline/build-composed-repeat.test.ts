import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixture, runCli, tempDir } from "./run-cli.ts";

// Composed levels are chosen levels too (SPEC 7): a composed set in which two levels are the same is
// composed again on the next stream. With seed 1 the Carillon composer's first set for two levels
// repeats a picture (level 2's outer curve is level 1's arch), so the build composes again.
describe("levelramp build, composed levels that repeat each other", () => {
  it("composes again on the next stream and ships two different composed levels", async () => {
    const dir = tempDir();
    const plan = fixture("pipeline/composed-carillon-plan.json");
    const r = await runCli(["build", "carillon", "--plan", plan, "--seed", "1", "--workers", "1", "--out", dir, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("composed levels 1 and 2 are the same (same-picture, SPEC 7); composing again on the next stream (2 of 4)");
    expect(JSON.parse(r.stdout).stats.compose["repeat-in-set"]).toBe(1);
    const levels = JSON.parse(readFileSync(join(dir, "levels.json"), "utf8"));
    const c = await runCli(["compare", join(dir, "levels.json"), join(dir, "levels.json"), "--level-a", "1", "--level-b", "2", "--json"]);
    expect(JSON.parse(c.stdout).same).toBe(false);
    expect(levels.levels[0].metrics.bits).toBe(0);
    expect((await runCli(["verify", join(dir, "levels.json")])).code).toBe(0);
  }, 60_000);
});
