import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ProgramFault } from "../../src/io/errors.ts";
import { ProgramClient } from "../../src/program/program-client.ts";
import { programGame } from "../../src/program/program-game.ts";
import { readProgramGame } from "../../src/program/read-program-game.ts";
import { createRng } from "../../src/random/create-rng.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// Hostile input for outside games (SPEC 10): a program's answer is hostile input
// like any file — nesting past 64 and a key __proto__ refused by their place,
// names that are JavaScript's own counted and looked up as own properties, and
// the program's stderr shown on levelramp's with its control characters escaped.
// In-process over fixtures/program/broken.mjs (one program per case).

const broken = fileURLToPath(new URL("../../fixtures/program/broken.mjs", import.meta.url));
const root = fileURLToPath(new URL("../../", import.meta.url));

/** A game file for `broken.mjs <mode>` in a temp folder. */
function gameFor(mode: string): string {
  const t = tempDir("levelramp-hostile-");
  const name = `hostile-${mode}`;
  t.write("plan.json", { format: "levelramp/plan@1", game: name, chapters: [{ chapter: 1, parts: [{ part: 1, levels: 2, poolPerLevel: 2 }] }] });
  t.write("ramp.json", { format: "levelramp/ramp@1", metric: "size", points: [[1, 1], [2, 2]], interpolation: "linear" });
  t.write("selection.json", { format: "levelramp/model@1", metric: "size", constraints: [], objective: { norm: "L1", evenness: 0 } });
  return t.write("game.json", { format: "levelramp/game@1", name, command: ["node", broken, mode, name], models: { plan: "plan.json", ramp: "ramp.json", selection: "selection.json" }, timeoutMs: 20_000 });
}

/** The fault `fn` ends in (the test fails when it ends in none, or in another error). */
async function fault(fn: () => Promise<unknown>): Promise<string> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof ProgramFault) return err.message;
    throw err;
  }
  throw new Error("expected a ProgramFault; the call answered");
}

const generateParams = { seed: "s", chapter: 1, part: 1, index: 0, settings: {} };

describe("a program's answer is hostile input (SPEC 10)", { timeout: 60_000 }, () => {
  it("a level nested 100,000 deep is a wrong answer named by where nesting passes 64, not a stack overflow", async () => {
    const client = new ProgramClient(readProgramGame(gameFor("deep")), { forwardStderr: false });
    try {
      const said = await fault(() => client.call("generate", generateParams));
      expect(said).toMatch(/\(hostile-deep\): generate: a wrong answer: line 1, column \d+: expected arrays and objects nested at most 64 deep/);
    } finally {
      await client.close();
    }
  });

  it('a metric named "__proto__" is a wrong answer named by its path (it would otherwise vanish)', async () => {
    const client = new ProgramClient(readProgramGame(gameFor("proto-metrics")), { forwardStderr: false });
    try {
      const said = await fault(() => client.call("solve", { level: { n: 1 } }));
      expect(said).toContain('(hostile-proto-metrics): solve: a wrong answer: $.result.metrics.__proto__: expected no key "__proto__"');
    } finally {
      await client.close();
    }
  });

  it('a reason "toString" is counted from 0, and metrics named constructor and toString are the program\'s numbers', async () => {
    const game = await programGame(readProgramGame(gameFor("own-names")), { forwardStderr: false });
    try {
      const stats: Record<string, number> = {};
      const request = (index: number) => ({ chapter: 1, part: 1, level: 1, target: 1, metric: "size", rules: [], settings: {}, rng: createRng("x"), stats, seed: `s/${index}`, index });
      expect(await game.generate(request(1))).toBeNull();
      expect(await game.generate(request(3))).toBeNull();
      expect(stats).toEqual({ toString: 2 });
      expect(JSON.stringify(stats)).toBe('{"toString":2}');
      const made = (await game.generate(request(2)))!;
      expect(made.metrics).toEqual({ size: 2, constructor: 2, toString: 3 });
    } finally {
      await game.close();
    }
  });

  it("the program's stderr reaches levelramp's stderr with its escape sequences shown, not run", () => {
    // A child process: the connection writes the program's stderr lines straight to fd 2.
    const src = (file: string) => JSON.stringify(new URL(`../../src/program/${file}`, import.meta.url).href);
    const t = tempDir("levelramp-hostile-");
    const child = t.write("child.mjs", `import { ProgramClient } from ${src("program-client.ts")};
import { readProgramGame } from ${src("read-program-game.ts")};
const client = new ProgramClient(readProgramGame(${JSON.stringify(gameFor("own-names"))}));
await client.hello();
setTimeout(() => client.close(), 100);
`);
    const r = spawnSync(process.execPath, ["--import", "tsx", child], { cwd: root, encoding: "utf8", timeout: 30_000 });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toContain("hostile-own-names: clear \\u001B[2Jthe screen\n");
    expect(r.stderr).not.toContain("\u001b");
  });
});
