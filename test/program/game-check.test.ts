import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// `levelramp game check` (SPEC 10) and the game file's own errors.

const fixtures = fileURLToPath(new URL("../../fixtures/program/", import.meta.url));

/** A game file in a temp folder for `broken.mjs <mode>` with the hops fixture's ramp and model, or the given members. */
function gameFile(members: Record<string, unknown>, mode = "counter") {
  const t = tempDir("levelramp-game-check-");
  const name = (members.name as string | undefined) ?? "counting";
  t.write("plan.json", { format: "levelramp/plan@1", game: name, chapters: [{ chapter: 1, parts: [{ part: 1, levels: 2 }] }] });
  t.write("ramp.json", { format: "levelramp/ramp@1", metric: "size", points: [[1, 1]] });
  t.write("selection.json", { format: "levelramp/model@1", metric: "size", constraints: [], objective: { norm: "L1", evenness: 0 } });
  return t.write("game.json", { format: "levelramp/game@1", name, command: ["node", `${fixtures}broken.mjs`, mode, name], models: { plan: "plan.json", ramp: "ramp.json", selection: "selection.json" }, ...members });
}

describe("levelramp game check", () => {
  it("passes a conforming program, one line per check", async () => {
    const r = await runCli(["game", "check", `${fixtures}hops-game.json`, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout);
    expect(result.checks.map((c: { check: string; ok: boolean }) => `${c.ok} ${c.check}`)).toEqual(
      ["hello", "generate", "solve", "generate twice, two processes", "solve twice, two processes", "key", "graph", "similar", "similarMany", "picture"].map((c) => `true ${c}`),
    );
    const text = await runCli(["game", "check", `${fixtures}hops-game.json`]);
    expect(text.stdout.split("\n").filter((l) => l.startsWith("ok    "))).toHaveLength(10);
    expect(text.stdout).toContain("(hop-row): all 10 checks pass\n");
    expect(text.stderr).toBe("");
  }, 120_000);

  it("fails a program whose generate is not a pure function of its request (exit 1, the failing line says why)", async () => {
    const r = await runCli(["game", "check", gameFile({})]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ok {4}hello: counting 0\.1, offers no optional method$/m);
    expect(r.stdout).toMatch(/^FAIL {2}generate twice, two processes: the same process gave another level for the same request later: \{"n":2\} instead of \{"n":1\}/m);
    expect(r.stdout).toMatch(/1 of 5 checks fail\n$/);
  }, 120_000);

  it("fails a program whose solve names other concepts in another process (SPEC 12)", async () => {
    const r = await runCli(["game", "check", gameFile({ name: "wobbly" }, "own-concepts")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^ok {4}generate twice, two processes: /m);
    expect(r.stdout).toMatch(/^FAIL {2}solve twice, two processes: another process solved it otherwise: \{"concepts":\["process-\d+"\],/m);
    expect(r.stdout).toMatch(/1 of 5 checks fail\n$/);
  }, 120_000);

  it("fails a program that does not start, with the fault on its line", async () => {
    const r = await runCli(["game", "check", gameFile({ command: ["./missing-program"] })]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL {2}hello: .*game\.json \(counting\): hello: the program could not be started: spawn \.\/missing-program ENOENT/m);
  }, 120_000);

  it("says what to give when a file names a game this process does not know", async () => {
    const t = tempDir("levelramp-unknown-game-");
    const pool = t.write("pool.json", { format: "levelramp/pool@1", game: "my-game", candidates: [{ id: "my-game-c1-p1-0123456789", chapter: 1, part: 1, metrics: { size: 1 }, level: { n: 1 } }] });
    const r = await runCli(["select", "--pools", pool, "--out", t.path("levels.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`pool.json at $.game: Invalid option: expected one of "carillon"|"apsis"|"generic" (for the files of an outside game "my-game", give the game opened from its game file); options: --game path/to/game.json\n`);
  }, 120_000);

  it("refuses a bad game file with exit 2, naming the JSON path", async () => {
    for (const [members, path, says] of [
      [{ name: "apsis" }, "$.name", `expected a name of its own; "apsis" is the name of a game levelramp has`],
      [{ name: "Big Game" }, "$.name", "expected a game name of lower-case letters"],
      [{ command: [] }, "$.command", "expected the program's command line as a list of words"],
      [{ models: { plan: "nope.json", ramp: "ramp.json", selection: "selection.json" } }, "$.models.plan", "expected the plan file nope.json (relative to the game file's folder); there is no such file"],
      [{ timeoutMs: 0 }, "$.timeoutMs", ""],
    ] as const) {
      const r = await runCli(["game", "check", gameFile(members)]);
      expect(r.code, JSON.stringify(members)).toBe(2);
      expect(r.stderr).toContain(`game.json at ${path}: ${says}`);
    }
  }, 120_000);
});
