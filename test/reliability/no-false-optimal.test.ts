import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// "No false optimal": `select --min-moves TOL --from old.json` wrote
// `optimal: true` for a sequence above the optimum. Such an answer is
// `feasible`, with the optimum, the objective reached and the tolerance, and
// stderr says so; verify accepts it as feasible.
const POOL = "fixtures/pools/generic-3x4x20.json";

describe("no false optimal", () => {
  it("select --min-moves writes feasible (optimal false) with the optimum, the objective reached and the tolerance, and says it on stderr", async () => {
    const t = tempDir();
    const old = t.path("old.json");
    expect((await runCli(["select", "--pools", POOL, "--out", old])).code).toBe(0);
    const ramp = t.write("ramp.json", { format: "levelramp/ramp@1", metric: "difficulty", points: [[1, 1.1], [20, 6.2], [40, 12.1], [60, 20]], interpolation: "monotone-cubic" });
    const plain = JSON.parse((await runCli(["select", "--pools", POOL, "--ramp", ramp, "--json"])).stdout);
    expect(plain.status).toBe("optimal");
    const out = t.path("new.json");
    const r = await runCli(["select", "--pools", POOL, "--ramp", ramp, "--from", old, "--min-moves", "1", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    const file = JSON.parse(readFileSync(out, "utf8")) as LevelsFile;
    expect(file.status).toBe("feasible");
    expect(file.optimal).toBe(false);
    expect(file.optimum).toBeCloseTo(plain.objective, 6);
    expect(file.tolerance).toBe(1);
    // the objective reached is above the optimum, within the tolerance
    expect(file.objective).toBeGreaterThan(file.optimum! + 1e-9);
    expect(file.objective).toBeLessThanOrEqual(file.optimum! + 1 + 1e-6);
    expect(r.stderr).toMatch(new RegExp(`objective ${file.objective} .*feasible, not proven optimal \\(within 1 of the optimum ${file.optimum}\\)`));
    const v = await runCli(["verify", out, "--json", "--quiet"]);
    expect(v.code, v.stderr).toBe(0);
    expect(JSON.parse(v.stdout).status.claimed).toBe("feasible");
  }, 60_000);
});
