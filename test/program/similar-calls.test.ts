import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { fixture } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// How often a build asks the program's near-copy test (before: `similar`
// was asked 18,220 times for 320 candidates, the same pairs again and again).
// The test game fixtures/program/hops.mjs logs every request (HOPS_LOG) and
// offers similarMany or not (HOPS_METHODS).

const gameFile = fixture("program/hops-game.json");
const root = fileURLToPath(new URL("../../", import.meta.url));
const bin = fileURLToPath(new URL("../../src/cli/bin.ts", import.meta.url));

/** Builds hops (a levelramp process of its own) with the given optional methods; the requests the program got (method, params), and the output folder. */
function buildLogged(methods: string) {
  const t = tempDir("levelramp-similar-");
  const log = t.path("requests.log");
  const out = t.path("out");
  const env = { ...process.env, HOPS_LOG: log, HOPS_METHODS: methods };
  const r = spawnSync(process.execPath, ["--import", "tsx", bin, "build", gameFile, "--seed", "3", "--workers", "1", "--out", out, "--quiet", "--no-table"], { cwd: root, env, encoding: "utf8", timeout: 120_000 });
  expect(r.status, r.stderr).toBe(0);
  const requests = readFileSync(log, "utf8")
    .trim()
    .split("\n")
    .map((line) => ({ method: line.slice(0, line.indexOf(" ")), params: JSON.parse(line.slice(line.indexOf(" ") + 1)) }));
  const pool = JSON.parse(readFileSync(join(out, "pools.json"), "utf8")) as { candidates: unknown[] };
  return { requests, out, candidates: pool.candidates.length };
}

describe("the near-copy test is asked far less (before: 18,220 similar calls for 320 candidates)", () => {
  it("with similar only, each pair of levels is asked once in a build (verify's pairs included), whichever order", () => {
    const { requests } = buildLogged("key,graph,similar,picture");
    const similar = requests.filter((r) => r.method === "similar");
    expect(similar.length).toBeGreaterThan(50);
    const pairs = similar.map(({ params }) => [JSON.stringify(params.a), JSON.stringify(params.b)].sort().join(" / "));
    expect(new Set(pairs).size).toBe(pairs.length);
  }, 120_000);

  it("with similarMany, at most two calls per candidate (its chosen levels, its pool's earlier candidates) and nothing asked twice, with the same files", () => {
    const one = buildLogged("key,graph,similar,picture");
    const many = buildLogged("key,graph,similar,similarMany,picture");
    expect(many.requests.some((r) => r.method === "similar")).toBe(false);
    const calls = many.requests.filter((r) => r.method === "similarMany");
    expect(calls.length).toBeLessThanOrEqual(2 * many.candidates);
    const pairs = calls.flatMap(({ params }) => (params.b as unknown[]).map((b) => [JSON.stringify(params.a), JSON.stringify(b)].sort().join(" / ")));
    expect(new Set(pairs).size).toBe(pairs.length);
    // Every pair asked one by one is in a batch (a batch also holds the pairs after a candidate's first near copy, which one by one stops at).
    const asked = new Set(pairs);
    const singles = one.requests.filter((r) => r.method === "similar").map(({ params }) => [JSON.stringify(params.a), JSON.stringify(params.b)].sort().join(" / "));
    expect(singles.filter((p) => !asked.has(p))).toEqual([]);
    expect(calls.length).toBeLessThan(singles.length / 4);
    for (const f of ["pools.json", "levels.json", "report.json", "report.txt"]) expect(readFileSync(join(many.out, f), "utf8"), f).toBe(readFileSync(join(one.out, f), "utf8"));
  }, 120_000);
});
