import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// An outside game (SPEC 10) through the whole CLI: a game file where a command
// takes <game>, --game where it starts from a file; the same bytes for any
// worker count and for shards + merge; verify asks the program again.

const game = fileURLToPath(new URL("../../fixtures/program/hops-game.json", import.meta.url));
const t = tempDir("levelramp-program-cli-");
const out1 = t.path("w1");
const read = (file: string) => readFileSync(file, "utf8");

beforeAll(async () => {
  const r = await runCli(["build", game, "--seed", "3", "--workers", "1", "--out", out1, "--quiet", "--no-table"]);
  expect(r.code, r.stderr).toBe(0);
}, 180_000);

describe("an outside game through the CLI", () => {
  it("builds the same files on two worker threads (each with a program of its own) as on one", async () => {
    const out2 = t.path("w2");
    const r = await runCli(["build", game, "--seed", "3", "--workers", "2", "--out", out2, "--quiet", "--no-table", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).threads).toBe(2);
    for (const f of ["pools.json", "levels.json", "report.txt", "report.json"]) expect(read(join(out2, f)), f).toBe(read(join(out1, f)));
    const levels = JSON.parse(read(join(out1, "levels.json")));
    expect(levels.game).toBe("hop-row");
    expect(levels.levels.map((l: { id: string }) => l.id.split("-c")[0])).toEqual(Array(12).fill("hop-row"));
    // Dedup ran through the program's key and similar: its drops carry their reason.
    const pool = JSON.parse(read(join(out1, "pools.json")));
    const dropped = pool.candidates.filter((c: { dropped?: string }) => c.dropped).map((c: { dropped: string }) => c.dropped.split(" ")[0]);
    expect(dropped.length).toBeGreaterThan(0);
    for (const reason of dropped) expect(["identical", "near-copy", "same-puzzle"]).toContain(reason);
  }, 180_000);

  it("grows the same pool in two shards merged as in one generate", async () => {
    const whole = t.path("pools.json");
    expect((await runCli(["generate", game, "--seed", "3", "--workers", "1", "--out", whole, "--quiet"])).code).toBe(0);
    for (const k of [1, 2]) {
      const r = await runCli(["generate", game, "--seed", "3", "--workers", "1", "--shard", `${k}/2`, "--out", t.path(`shard-${k}.json`), "--quiet"]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(read(t.path(`shard-${k}.json`))).inputs.generator).toMatch(/^levelramp@[\d.]+\+[0-9a-f]{16} \+ hop-row@1\.0$/);
    }
    const merged = t.path("merged.json");
    const r = await runCli(["merge", t.path("shard-2.json"), t.path("shard-1.json"), "--game", game, "--out", merged, "--quiet"]);
    expect(r.code, r.stderr).toBe(0);
    expect(read(merged)).toBe(read(whole));
  }, 180_000);

  it("verifies the levels by asking the program again, and fails a tampered level", async () => {
    const levels = join(out1, "levels.json");
    expect((await runCli(["verify", levels, "--game", game])).code).toBe(0);
    const file = JSON.parse(read(levels));
    file.levels[4].solution = [...file.levels[4].solution].reverse().concat([0]);
    file.levels[6].metrics.hops += 1;
    const tampered = t.write("tampered.json", file);
    const r = await runCli(["verify", tampered, "--game", game]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/level 5 \(hop-row-c1-p2-[0-9a-f]{10}\): solution: the program's solve now gives another solution/);
    expect(r.stderr).toMatch(/level 7 \(hop-row-c2-p1-[0-9a-f]{10}\): metrics: the stored hops is \d+, the level measures \d+/);
  }, 180_000);

  it("draws, measures and compares its levels through the program; the report carries its pictures and the editor's --game", async () => {
    const levels = join(out1, "levels.json");
    const html = read(join(out1, "report.html"));
    expect(html.match(/<figure class="level" id="level-\d+"[^>]*><div class="picture"><svg /g)).toHaveLength(12);
    expect(html).toMatch(/levelramp select --pools pools\.json --ramp ramp\.json --out levels\.json<\/code>, with <code>--game \S*hops-game\.json<\/code> \(the game file of this outside game\)/);
    const svg = t.path("level-3.svg");
    expect((await runCli(["show", levels, "--level", "3", "--out", svg, "--game", game])).code).toBe(0);
    expect(read(svg)).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="\d+" height="20">/);
    const m = await runCli(["measure", levels, "--level", "3", "--json", "--game", game]);
    const stored = JSON.parse(read(levels)).levels[2];
    expect(JSON.parse(m.stdout)).toEqual({ status: "solved", metrics: stored.metrics, solution: stored.solution });
    const same = await runCli(["compare", levels, levels, "--level-a", "2", "--level-b", "2", "--game", game]);
    expect([same.code, same.stdout]).toEqual([0, "same (identical, near-copy, same-puzzle): the same level (equal bodies or keys); a near copy: the same first three cells; the same puzzle redrawn (isomorphic graphs)\n"]);
    const other = await runCli(["compare", levels, levels, "--level-a", "2", "--level-b", "11", "--game", game]);
    expect([other.code, other.stdout]).toEqual([1, "not the same: no equal body or key, no isomorphic graph, and the program's similar says no\n"]);
  }, 180_000);

  it("selects from its pools and writes them back byte for byte with --incremental", async () => {
    const again = t.path("again.json");
    const r = await runCli(["select", "--pools", join(out1, "pools.json"), "--game", game, "--incremental", "--out", again]);
    expect(r.code, r.stderr).toBe(0);
    expect(read(again)).toBe(read(join(out1, "levels.json")));
  }, 180_000);
});
