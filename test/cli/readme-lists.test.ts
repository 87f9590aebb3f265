import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { formatNames } from "../../src/game/registry/game-formats.ts";
import { runCli } from "../helpers/run-cli.ts";

// Lists the command reference (docs/cli.md) gives of what the product has: each is compared with the
// product itself, so a format or a figure added to the code without the docs (or the other way round) fails here.
const readme = readFileSync(new URL("../../docs/cli.md", import.meta.url), "utf8");

describe("docs/cli.md lists what the product has", () => {
  it("the schema example names every format `levelramp schema` prints, in its order", async () => {
    const comment = /npx levelramp schema pool +# (.*)$/m.exec(readme)?.[1];
    expect(comment, "docs/cli.md's `levelramp schema pool  # ...` line").toBeDefined();
    expect(comment!.split(", ")).toEqual(formatNames());
    // the same list as the command's own help and error
    const wrong = await runCli(["schema", "no-such-format"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`expected one of ${comment}`);
  });

  it("select --json --stats: the keys docs/cli.md lists for the dp are the ones it prints", async () => {
    const listed = /`--json --stats` adds `stats`: with the dp,\s+`\{([^}]*)\}`/.exec(readme)?.[1];
    expect(listed, "docs/cli.md's `--json --stats` sentence").toBeDefined();
    const r = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--solver", "dp", "--json", "--stats"]);
    expect(r.code, r.stderr).toBe(0);
    const stats = JSON.parse(r.stdout).stats as Record<string, number>;
    expect(Object.keys(stats).sort()).toEqual(listed!.split(/,\s*/).sort());
    // what docs/cli.md says of them: states, classes and candidates of this pool, one slot per level
    expect(stats).toMatchObject({ slots: 60, candidates: 240 });
    expect(stats.rangeSlots).toBeGreaterThanOrEqual(0);
    expect(stats.rangeSlots).toBeLessThanOrEqual(stats.slots);
    expect(stats.work).toBeGreaterThan(0);
  });
});
