import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// The two example games of examples/ (SPEC 10: Lights Out in Python, Rush Hour
// in Node) through the whole CLI: a game file where a command takes <game>,
// --game where it starts from a file; the same bytes for any worker count and
// for shards + merge; verify asks the program again; the report draws with it.

const lightsOut = fileURLToPath(new URL("../../examples/lights-out/game.json", import.meta.url));
const rushHour = fileURLToPath(new URL("../../examples/rush-hour/game.json", import.meta.url));
const t = tempDir("levelramp-examples-cli-");
const out1 = t.path("lights-out-w1");
const read = (file: string) => readFileSync(file, "utf8");
const build = (game: string, out: string, workers: number) => runCli(["build", game, "--chapters", "1", "--seed", "1", "--workers", String(workers), "--out", out, "--quiet", "--no-table", "--json"]);

beforeAll(async () => {
  const r = await build(lightsOut, out1, 1);
  expect(r.code, r.stderr).toBe(0);
}, 300_000);

describe("the Python example (Lights Out) through the CLI", () => {
  it("builds the same files on two worker threads (each with a program of its own) as on one", async () => {
    const out2 = t.path("lights-out-w2");
    const r = await build(lightsOut, out2, 2);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).threads).toBe(2);
    for (const f of ["pools.json", "levels.json", "report.txt", "report.json"]) expect(read(join(out2, f)), f).toBe(read(join(out1, f)));
    const levels = JSON.parse(read(join(out1, "levels.json")));
    expect(levels.game).toBe("lights-out");
    expect(levels.levels.map((l: { id: string }) => /^lights-out-c1-p\d-[0-9a-f]{10}$/.test(l.id))).toEqual(Array(12).fill(true));
    // Repeats found through the program's key, graph and similar carry their reason, as built-in drops do.
    const pool = JSON.parse(read(join(out1, "pools.json")));
    for (const c of pool.candidates.filter((c: { dropped?: string }) => c.dropped)) expect(c.dropped).toMatch(/^(identical|near-copy|same-puzzle) lights-out-c1-p\d-[0-9a-f]{10}$/);
    for (const c of pool.conflicts) expect(["identical", "near-copy", "same-puzzle"]).toContain(c.reason);
  }, 300_000);

  it("grows the same pool in two shards merged as in one generate", async () => {
    const whole = t.path("pools.json");
    expect((await runCli(["generate", lightsOut, "--chapters", "1", "--seed", "1", "--workers", "1", "--out", whole, "--quiet"])).code).toBe(0);
    for (const k of [1, 2]) {
      const r = await runCli(["generate", lightsOut, "--chapters", "1", "--seed", "1", "--workers", "1", "--shard", `${k}/2`, "--out", t.path(`shard-${k}.json`), "--quiet"]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(read(t.path(`shard-${k}.json`))).inputs.generator).toMatch(/^lights-out@\S+\+[0-9a-f]{16}$/);
    }
    const merged = t.path("merged.json");
    const r = await runCli(["merge", t.path("shard-2.json"), t.path("shard-1.json"), "--game", lightsOut, "--out", merged, "--quiet"]);
    expect(r.code, r.stderr).toBe(0);
    expect(read(merged)).toBe(read(whole));
  }, 300_000);

  it("verifies the levels by asking the program again, and fails a tampered level", async () => {
    const levels = join(out1, "levels.json");
    expect((await runCli(["verify", levels, "--game", lightsOut])).code).toBe(0);
    const file = JSON.parse(read(levels));
    file.levels[4].solution = [...file.levels[4].solution].reverse();
    file.levels[6].metrics.presses += 1;
    // SPEC 12: the concepts its solve gives are carried, and checked again
    expect(file.levels.filter((l: { concepts?: string[] }) => l.concepts).length).toBeGreaterThan(6);
    file.levels[8].concepts = [...(file.levels[8].concepts ?? []), "chase"];
    const r = await runCli(["verify", t.write("tampered.json", file), "--game", lightsOut]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/level 9 \(lights-out-c1-p3-[0-9a-f]{10}\): concepts: the level carries concepts \[[a-z, ]*chase\], but it needs \[[a-z, ]*\] \(chase not needed\)/);
    expect(r.stdout).toMatch(/level 5 \(lights-out-c1-p2-[0-9a-f]{10}\): solution: the program's solve now gives another solution/);
    expect(r.stdout).toMatch(/level 7 \(lights-out-c1-p2-[0-9a-f]{10}\): metrics: the stored presses is \d+, the level measures \d+/);
  }, 300_000);

  it("draws, measures and compares its levels through the program; the report carries its pictures", async () => {
    const levels = join(out1, "levels.json");
    const html = read(join(out1, "report.html"));
    expect(html.match(/<figure class="level" id="level-\d+"[^>]*><div class="picture"><img src="data:image\/svg\+xml;base64,/g)).toHaveLength(12);
    expect(html).toMatch(/<\/code>, with <code>--game \S*lights-out\/game\.json<\/code> \(the game file of this outside game\)/);
    const svg = t.path("level-3.svg");
    expect((await runCli(["show", levels, "--level", "3", "--out", svg, "--game", lightsOut])).code).toBe(0);
    expect(read(svg)).toMatch(/<svg[ >]/);
    const m = await runCli(["measure", levels, "--level", "3", "--json", "--game", lightsOut]);
    const stored = JSON.parse(read(levels)).levels[2];
    expect(JSON.parse(m.stdout)).toEqual({ status: "solved", metrics: stored.metrics, solution: stored.solution, concepts: stored.concepts ?? [] });
    const same = await runCli(["compare", levels, levels, "--level-a", "2", "--level-b", "2", "--game", lightsOut]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/^same \(identical, near-copy, same-puzzle\): the same level \(equal bodies or keys\); a near copy/);
    // Shipped levels are pairwise not the same (each was checked against every level chosen before it).
    const other = await runCli(["compare", levels, levels, "--level-a", "1", "--level-b", "12", "--game", lightsOut]);
    expect([other.code, other.stdout]).toEqual([1, "not the same: no equal body or key, no isomorphic graph, and the program's similar says no\n"]);
  }, 300_000);

  it("selects from its pools and writes the build's levels file again, byte for byte, with --incremental", async () => {
    const again = t.path("again.json");
    const r = await runCli(["select", "--pools", join(out1, "pools.json"), "--game", lightsOut, "--incremental", "--out", again]);
    expect(r.code, r.stderr).toBe(0);
    expect(read(again)).toBe(read(join(out1, "levels.json")));
  }, 300_000);
});

describe("the Node example (Rush Hour) through the CLI", () => {
  // One thread: two worker threads, each with a program of its own, are the Python example's test above.
  it("builds, verifies, and draws every level", async () => {
    const out = t.path("rush-hour");
    const r = await build(rushHour, out, 1);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).levels).toBe(10);
    expect((await runCli(["verify", join(out, "levels.json"), "--game", rushHour, "--quiet"])).code).toBe(0);
    expect(read(join(out, "report.html")).match(/<figure class="level" id="level-\d+"[^>]*><div class="picture"><img src="data:image\/svg\+xml;base64,/g)).toHaveLength(10);
  }, 300_000);
});
