import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

const pool = JSON.parse(readFileSync("fixtures/pools/generic-3x4x20.json", "utf8"));
const model = JSON.parse(readFileSync("models/generic/selection.json", "utf8"));
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Runs select with one bad file; expects exit 2, a message naming file, JSON path and expectation, and no output file. */
async function expectBad(files: { pool?: unknown; model?: unknown }, path: string, expectation: RegExp) {
  const t = tempDir();
  const poolFile = t.write("pool.json", files.pool ?? pool);
  const modelFile = t.write("model.json", files.model ?? model);
  const out = t.path("levels.json");
  const r = await runCli(["select", "--pools", poolFile, "--model", modelFile, "--ramp", "models/generic/ramp.json", "--plan", "models/generic/plan.json", "--out", out]);
  expect(r.code).toBe(2);
  const file = files.pool !== undefined ? poolFile : modelFile;
  expect(r.stderr).toContain(file);
  if (path) expect(r.stderr).toContain(path);
  expect(r.stderr).toMatch(expectation);
  expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
  expect(existsSync(out)).toBe(false);
}

describe("bad input exits 2 with file, JSON path and what was expected; nothing is written", () => {
  it("malformed JSON", async () => {
    await expectBad({ pool: '{"format": "levelramp/pool@1", "candidates": [' }, "", /expected JSON \(line 1, column \d+\)/);
  });
  it("wrong format", async () => {
    await expectBad({ pool: { ...pool, format: "levelramp/pool@2" } }, "$.format", /levelramp\/pool@1/);
  });
  it("missing metric key", async () => {
    const p = clone(pool);
    delete p.candidates[3].metrics.size;
    await expectBad({ pool: p }, "$.candidates[3].metrics", /expected metric "size"/);
  });
  it("NaN precision (a string) and negative precision", async () => {
    const m = clone(model);
    m.constraints[3].precision = "NaN";
    await expectBad({ model: m }, "$.constraints[3].precision", /expected number/);
    m.constraints[3].precision = -0.01;
    await expectBad({ model: m }, "$.constraints[3].precision", /expected a precision of at least 0.000001 \(metrics are stored to 6 decimals\)/);
  });
  it("duplicate ids", async () => {
    const p = clone(pool);
    p.candidates[5].id = p.candidates[2].id;
    await expectBad({ pool: p }, "$.candidates[5].id", /expected a unique id; "generic-c1-p1-003" is also candidates\[2\]/);
  });
  it("unknown constraint type", async () => {
    const m = clone(model);
    m.constraints.push({ type: "maxJump", key: "difficulty", by: 2 });
    await expectBad({ model: m }, "$.constraints[4].type", /Expected 'nonDecreasing' \| 'maxRise'/);
  });
  it("a pin naming an unknown id", async () => {
    const m = clone(model);
    m.constraints.push({ type: "pin", level: 3, id: "no-such-level" });
    await expectBad({ model: m }, "$.constraints[4].id", /"no-such-level" is not in the pool/);
  });
  it("a key the pool does not carry (unknown key is bad input)", async () => {
    const m = clone(model);
    m.constraints.push({ type: "nonDecreasing", key: "moves" });
    await expectBad({ model: m }, "$.constraints[4].key", /expected a metric the pool carries; no candidate of .* has "moves"/);
  });
  it("a missing file and an unknown option", async () => {
    const r = await runCli(["select", "--pools", "no/such/pool.json", "--out", "x.json"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no/such/pool.json: expected a file; it does not exist");
    const u = await runCli(["select", "--pools", "p.json", "--bogus"]);
    expect(u.code).toBe(2);
    expect(u.stderr).toContain("unknown option '--bogus'");
  });
  it("an existing output is not overwritten without --force", async () => {
    const t = tempDir();
    const out = t.write("levels.json", "keep me");
    const r = await runCli(["select", "--pools", "fixtures/pools/generic-3x4x20.json", "--out", out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/exists; pass --force/);
    expect(readFileSync(out, "utf8")).toBe("keep me");
  });
});
