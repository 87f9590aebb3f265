import { describe, expect, it } from "vitest";
import { checkGameProgram, gameNames } from "../../src/index.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";

// game check's job, imported from the package root, gives the CLI's --json answer byte for byte
// (test/library/jobs.test.ts holds the other jobs to the CLI's files).

describe("checkGameProgram from the package root", () => {
  it("gives game check --json byte for byte (the fixture game hops: a program over the protocol)", async () => {
    const file = fixture("program/hops-game.json");
    const r = await runCli(["game", "check", file, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const result = await checkGameProgram(file, gameNames());
    expect(JSON.stringify(result, null, 2) + "\n").toBe(r.stdout);
    expect(result.ok).toBe(true);
  }, 120_000);
});
