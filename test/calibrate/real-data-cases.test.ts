// The cases that went wrong on real play data, each a fixture named after it (fixtures/plays/,
// made by fixtures/plays/make-issue-cases.ts from known parameters).
import { describe, expect, it, vi } from "vitest";
import { fixture, runCli } from "../helpers/run-cli.ts";

vi.setConfig({ testTimeout: 60_000 });

describe("calibrate on the shapes real play data have (SPEC 11)", () => {
  it("mode-search-cycles: converges where a level of 8,000 attempts and a large spread made the mode search cycle", async () => {
    const r = await runCli(["calibrate", fixture("plays/mode-search-cycles.csv"), "--levels", fixture("plays/mode-search-cycles.levels.json"), "--json"]);
    expect(r.stderr).not.toMatch(/did not converge/);
    expect(r.code).toBe(0);
    const cal = JSON.parse(r.stdout) as { params: { b: { value: number } } };
    expect(Number.isFinite(cal.params.b.value)).toBe(true);
  });
});
