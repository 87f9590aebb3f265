// build --from (docs/pipeline.md "Rebuilding from a chapter"): the chapters before the first
// one asked for are kept from an earlier set, checked against the current rules, and the run continues
// the chain, the de-duplication, the pool and the figures as a whole build would have them. When nothing
// before that chapter changed, every file is a whole build's, byte for byte — on both games, a test game
// whose runs compose again, drop repeats and grow extra rounds, and an outside game's program.
import { openGame } from "../../src/game/registry/open-game.ts";
import type { Game } from "../../src/game/game.ts";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { loadGame, registerGame } from "../../src/game/registry/load-game.ts";
import { levelsSchemaOf } from "../../src/io/schemas/levels.ts";
import type { Model } from "../../src/io/schemas/model.ts";
import type { Plan } from "../../src/io/schemas/plan.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildLevelSet, type LevelSet } from "../../src/pipeline/level-set/build-level-set.ts";
import { loadPipelineOptions } from "../../src/pipeline/level-set/load-pipeline-options.ts";
import type { FromSet, PipelineOptions } from "../../src/pipeline/level-set/pipeline-result.ts";
import { loadPipelineSettings } from "../../src/pipeline/inputs/pipeline-settings.ts";
import { parseReusablePool } from "../../src/pipeline/reuse/reusable-pool.ts";
import type { TaskRunner } from "../../src/pipeline/workers/task-runner.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";
import { hopsComposedGame } from "../tiny-game/hops-composed.ts";

const text = (set: LevelSet, name: string) => String(set.files.find((f) => f.name === name)!.data);
const files = (set: LevelSet) => Object.fromEntries(set.files.map((f) => [f.name, f.data]));
/** An earlier set as build --from reads it: its levels.json and pools.json, through their text. */
const fromSet = (set: LevelSet): FromSet => ({
  file: "earlier/levels.json",
  levels: levelsSchemaOf(set.game).parse(JSON.parse(text(set, "levels.json"))),
  pool: parseReusablePool(JSON.parse(text(set, "pools.json")), "earlier/pools.json", set.game),
});
const growsNothing: TaskRunner = { threads: 0, run: (() => Promise.reject(new Error("a task was grown"))) as unknown as TaskRunner["run"], close: async () => {} };

let carillon: PipelineOptions;
let validations = 0;
let carillonWhole: LevelSet;

// hopsv: a composer whose sets repeat themselves, drops, conflict pairs, extra rounds (seed 11 has each)
const part = (p: number, cells: number, poolPerLevel: number) => ({ part: p, levels: 3, poolPerLevel, generator: { cells } });
const hopsPlan: Plan = {
  format: "levelramp/plan@1",
  game: "hopsv",
  composed: 3,
  chapters: [
    { chapter: 1, rules: [], parts: [part(1, 4, 2), part(2, 4, 1)] },
    { chapter: 2, rules: [], parts: [part(1, 5, 4), part(2, 6, 3)] },
    { chapter: 3, rules: [], parts: [part(1, 6, 3)] },
  ],
};
const hopsModel: Model = { format: "levelramp/model@1", metric: "hops", eligibility: "part", constraints: [], objective: { norm: "L1", evenness: 0 } };
const hopsRamp: Ramp = { format: "levelramp/ramp@1", metric: "hops", points: [[1, 1], [15, 4]], interpolation: "linear" };
let hopsv: Game;
const hops = (seed: number): PipelineOptions => ({ game: hopsv, plan: hopsPlan, planFile: "p.json", model: hopsModel, modelFile: "m.json", ramp: hopsRamp, rampFile: "r.json", chapters: [1, 2, 3], seed, workers: 1, settings: loadPipelineSettings() });

beforeAll(async () => {
  // its checks counted: a kept level is checked once (at the start), not again at the end
  const validate: typeof hopsComposedGame.validate = (...args) => (validations++, hopsComposedGame.validate(...args));
  registerGame({ ...hopsComposedGame, game: "hopsv", version: "test-1", validate });
  hopsv = await openGame("hopsv");
  await loadGame("carillon");
  await loadGame("apsis");
  carillon = await loadPipelineOptions("carillon", { planFile: fixture("pipeline/tiny-carillon-plan.json"), modelFile: fixture("pipeline/tiny-carillon-model.json"), seed: 7, workers: 1 });
  carillonWhole = await buildLevelSet(carillon);
}, 60_000);

describe("build --from: the whole set of a whole build", () => {
  it("Carillon: chapter 1 kept, chapter 2 built, every file byte for byte, nothing grown; the figures and what it kept", async () => {
    const again = await buildLevelSet({ ...carillon, chapters: [2], from: fromSet(carillonWhole), runner: growsNothing });
    expect(files(again)).toEqual(files(carillonWhole));
    expect(again.stats).toEqual(carillonWhole.stats);
    expect(again.kept).toEqual({ file: "earlier/levels.json", chapters: [1], levels: 6 });
  }, 60_000);

  it("Carillon: a rule change in chapter 2, built from chapter 2, is the whole build with that rule", async () => {
    const plan = structuredClone(carillon.plan);
    plan.chapters[1].rules = ["bell"];
    const whole = await buildLevelSet({ ...carillon, plan });
    const logs: string[] = [];
    const progress: Record<string, { total: number; done: number }> = {};
    const events = {
      log: (l: string) => logs.push(l),
      total: (phase: string, n: number) => void ((progress[phase] ??= { total: 0, done: 0 }).total = n),
      advance: (phase: string, n: number) => void ((progress[phase] ??= { total: 0, done: 0 }).done += n),
    };
    const from = await buildLevelSet({ ...carillon, plan, chapters: [2], from: fromSet(carillonWhole), events });
    expect(files(from)).toEqual(files(whole));
    // the bars count what this run does: chapter 2's one part and three batches, every level verified
    expect(progress).toEqual({ pools: { total: 3, done: 3 }, dedup: { total: 9, done: 9 }, selection: { total: 1, done: 1 }, verification: { total: 9, done: 9 } });
    expect(from.reuse!.parts).toEqual([{ chapter: 2, part: 1, reused: 0, grown: 3, reaimed: 0 }]);
    expect(logs).toContain("levels 1–6 (chapter 1) kept from earlier/levels.json, checked against the current rules; the chain continues from level 6 at bits 5.036174");
  }, 60_000);

  it("Apsis (composed levels, two chapters): byte for byte", async () => {
    const plan = JSON.parse(readFileSync(fixture("pipeline/tiny-apsis-plan.json"), "utf8")) as Plan;
    plan.chapters.push({ chapter: 2, rules: [], parts: [{ part: 1, levels: 3, poolPerLevel: 3, generator: { arrows: [6, 8], reads: [9, 20], aim: 2, builds: 8 } }] } as Plan["chapters"][number]);
    const options = { ...(await loadPipelineOptions("apsis", { seed: 3, workers: 1 })), plan, planFile: "apsis-plan.json", chapters: [1, 2] };
    const whole = await buildLevelSet(options);
    expect(whole.stats.composed).toBe(2);
    const again = await buildLevelSet({ ...options, chapters: [2], from: fromSet(whole), runner: growsNothing });
    expect(files(again)).toEqual(files(whole));
  }, 60_000);

  it("a test game whose runs compose again, drop repeats, pair near-copies and grow extra rounds: files and figures", async () => {
    let seen = { composedAgain: 0, dropped: 0, conflicts: 0, extraRounds: 0 };
    for (const seed of [1, 3, 11]) {
      const whole = await buildLevelSet(hops(seed));
      const s = whole.stats;
      seen = {
        composedAgain: seen.composedAgain + (s.compose["repeat-in-set"] ?? 0),
        dropped: seen.dropped + Object.values(s.dedup.dropped).reduce((a, b) => a + b, 0),
        conflicts: seen.conflicts + Object.values(s.dedup.conflicts).reduce((a, b) => a + b, 0),
        extraRounds: seen.extraRounds + s.parts.reduce((n, p) => n + p.extraRounds, 0),
      };
      for (const chapters of [[2, 3], [3]]) {
        const again = await buildLevelSet({ ...hops(seed), chapters, from: fromSet(whole), runner: growsNothing });
        expect(files(again), `seed ${seed}, from chapter ${chapters[0]}`).toEqual(files(whole));
        expect(again.stats).toEqual(whole.stats);
      }
    }
    expect(Object.values(seen).every((n) => n > 0)).toBe(true);
  }, 60_000);

  it("checks a kept level once, and a kept level the pool changed again at the end", async () => {
    const whole = await buildLevelSet(hops(11));
    validations = 0;
    await buildLevelSet({ ...hops(11), chapters: [3], from: fromSet(whole) });
    expect(validations).toBe(whole.levels.levels.length);
    // the pool's copy of kept level 4 with another solution: the set's own check at the end catches it
    const from = fromSet(whole);
    const k = from.pool.pool.candidates.findIndex((c) => c.id === whole.levels.levels[3].id);
    from.pool.pool.candidates[k] = { ...from.pool.pool.candidates[k], solution: [] };
    await expect(buildLevelSet({ ...hops(11), chapters: [3], from })).rejects.toThrow(/pipeline\/build: the built levels fail verification:\n {2}level 4 \(hopsv-c1-p2-[0-9a-f]{10}\): replay/);
  }, 60_000);
});

describe("levelramp build --from", () => {
  const t = tempDir("levelramp-from-");
  const args = ["--model", fixture("pipeline/tiny-carillon-model.json"), "--workers", "1", "--no-table"];
  const plan = fixture("pipeline/tiny-carillon-plan.json");

  it("rebuilds in place, on two workers, and says what it kept and reused", async () => {
    expect((await runCli(["build", "carillon", "--plan", plan, ...args, "--seed", "7", "--out", t.path("a"), "--quiet"])).code).toBe(0);
    expect((await runCli(["build", "carillon", "--plan", plan, ...args, "--seed", "7", "--out", t.path("b"), "--quiet"])).code).toBe(0);
    // the set's seed by default; its own folder, --force
    const r = await runCli(["build", "carillon", "--plan", plan, ...args, "--workers", "2", "--from", t.path("a/levels.json"), "--chapters", "2", "--out", t.path("a"), "--force", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`levels 1–6 (chapter 1) kept from ${t.path("a/levels.json")}, checked against the current rules`);
    expect(r.stderr).toContain(`reuse: 3 of 3 batches answered from ${t.path("a/pools.json")}, 0 grown`);
    // the summary counts the pool's candidates without saying this run grew them
    expect(r.stderr).toMatch(/pool entries, \d+ candidates \(3 of 3 batches reused, 0 grown here\)/);
    expect(JSON.parse(r.stdout).kept).toEqual({ file: t.path("a/levels.json"), chapters: [1], levels: 6 });
    for (const f of ["pools.json", "levels.json", "report.txt", "report.json", "report.html"]) expect(readFileSync(t.path(`a/${f}`), "utf8"), f).toBe(readFileSync(t.path(`b/${f}`), "utf8"));
  }, 60_000);

  it("stops (exit 1, nothing written) naming each kept level the current rules break, and where to start", async () => {
    const levels = JSON.parse(readFileSync(t.path("b/levels.json"), "utf8")).levels as Array<{ number: number; chapter: number; metrics: { bits: number } }>;
    // a rise no step of chapter 1 may pass: the steps of chapter 1 that rise more break it
    const model = JSON.parse(readFileSync(fixture("pipeline/tiny-carillon-model.json"), "utf8"));
    const by = 0.9;
    model.constraints.push({ type: "maxRise", key: "bits", by });
    const breaking = levels.filter((l, i) => i > 0 && l.chapter === 1 && l.metrics.bits - levels[i - 1].metrics.bits > by).map((l) => l.number);
    expect(breaking.length).toBeGreaterThan(0);
    const r = await runCli(["build", "carillon", "--plan", plan, "--model", t.write("tight.json", model), "--workers", "1", "--from", t.path("b/levels.json"), "--chapters", "2", "--out", t.path("c"), "--quiet"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(new RegExp(`pipeline/from: ${breaking.length} kept level\\(s\\) of \\S+ break the current rules; nothing of it can be kept: build chapter 1 on again without --from:`));
    for (const n of breaking) expect(r.stderr).toMatch(new RegExp(`\\n {2}level ${n} \\(carillon-c1-p\\d-[0-9a-f]{10}\\): maxRise\\(bits\\): `));
    expect(existsSync(t.path("c"))).toBe(false);
    // chapter 1 bringing another rule: each of its levels, reason rules
    const bell = JSON.parse(readFileSync(plan, "utf8"));
    bell.chapters[0].rules = ["bell"];
    const s = await runCli(["build", "carillon", "--plan", t.write("bell.json", bell), ...args, "--from", t.path("b/levels.json"), "--chapters", "2", "--out", t.path("c"), "--quiet"]);
    expect(s.code).toBe(1);
    expect(s.stderr.match(/\n {2}level \d \(carillon-c1-p\d-[0-9a-f]{10}\): rules: chapter 1 brings \[bell\]/g)).toHaveLength(6);
  }, 60_000);

  it("notes kept parts grown with other inputs than this build would use", async () => {
    const other = JSON.parse(readFileSync(plan, "utf8"));
    other.chapters[0].parts[1].generator.dots = [11, 12];
    const r = await runCli(["build", "carillon", "--plan", t.write("other.json", other), ...args, "--from", t.path("b/levels.json"), "--chapters", "2", "--out", t.path("d")]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("kept parts grown with other inputs than this build's (generator, its settings or rules): c1p2; a whole build would grow them again");
  }, 60_000);

  it("refuses what it cannot keep (exit 2, nothing written)", async () => {
    const base = ["build", "carillon", "--plan", plan, ...args, "--out", t.path("e"), "--quiet"];
    for (const d of ["alone", "mixed"]) mkdirSync(t.path(d));
    const refused = async (extra: string[], message: RegExp) => {
      const r = await runCli([...base, ...extra]);
      expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(message)]);
    };
    await refused(["--from", t.path("b/levels.json")], /--from needs --chapters/);
    await refused(["--from", t.path("b/levels.json"), "--chapters", "1-2"], /expected levels of a chapter before chapter 1 to keep; \S+ starts at chapter 1/);
    await refused(["--from", t.path("b/levels.json"), "--chapters", "2", "--seed", "8"], /expected levels built with seed 8; these were built with seed 7/);
    await refused(["--from", t.write("alone/levels.json", readFileSync(t.path("b/levels.json"), "utf8")), "--chapters", "2"], /expected the set's pools\.json beside \S+levels\.json/);
    // a pool of another set beside the levels
    const mixed = t.path("mixed");
    t.write("mixed/levels.json", readFileSync(t.path("b/levels.json"), "utf8"));
    expect((await runCli(["build", "carillon", "--plan", plan, ...args, "--seed", "8", "--out", t.path("seed8"), "--quiet"])).code).toBe(0);
    t.write("mixed/pools.json", readFileSync(t.path("seed8/pools.json"), "utf8"));
    await refused(["--from", `${mixed}/levels.json`, "--chapters", "2"], /at \$\.build: expected the pool \S+'s levels were chosen from/);
    expect(existsSync(t.path("e"))).toBe(false);
  }, 60_000);
});

describe("an outside game's program (Rush Hour, examples/)", () => {
  it("keeps chapter 1 and builds chapter 2: the whole build's files", async () => {
    const t = tempDir("levelramp-from-program-");
    const game = fileURLToPath(new URL("../../examples/rush-hour/game.json", import.meta.url));
    const plan = JSON.parse(readFileSync(new URL("../../examples/rush-hour/models/plan.json", import.meta.url), "utf8"));
    // two small chapters of the example's own settings
    plan.chapters = plan.chapters.slice(0, 2).map((c: { parts: Array<{ levels: number; poolPerLevel?: number }> }) => ({ ...c, parts: [{ ...c.parts[0], levels: 3, poolPerLevel: 2 }] }));
    const planFile = t.write("plan.json", plan);
    const build = (out: string, extra: string[] = []) => runCli(["build", game, "--plan", planFile, "--seed", "1", "--workers", "1", "--out", out, "--quiet", "--no-table", ...extra]);
    const whole = await build(t.path("whole"));
    expect(whole.code, whole.stderr).toBe(0);
    const from = await build(t.path("from"), ["--from", t.path("whole/levels.json"), "--chapters", "2"]);
    expect(from.code, from.stderr).toBe(0);
    for (const f of ["pools.json", "levels.json", "report.txt", "report.json", "report.html"]) expect(readFileSync(t.path(`from/${f}`), "utf8"), f).toBe(readFileSync(t.path(`whole/${f}`), "utf8"));
  }, 120_000);
});
