import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { rampSchema } from "../../src/io/schemas/ramp.ts";
import { readLevelsInput } from "../../src/pipeline/inputs/read-levels-input.ts";
import { openGame } from "../../src/game/registry/open-game.ts";
import { reportLevels } from "../../src/report/report-levels.ts";
import { editorInputs } from "../../src/report/editor/editor-data.ts";
import { selectForRamp } from "../../src/report/editor/select-for-ramp.ts";
import { orderPlan } from "../../src/select/problem/order-levels.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// Two shipped orders no one here made (fixtures/orders/README.md): KGoldrunner's tutorials and
// first game as a CSV with chapter-scoped rules, and GNOME Atomix's 19 levels as a JSON pool.
const KG = "fixtures/orders/kgoldrunner-order.csv";
const KG_MODEL = "fixtures/orders/kgoldrunner-model.json";
const KG_GAME_MODEL = "fixtures/orders/kgoldrunner-model-game.json";
const KG_RAMP = "fixtures/orders/kgoldrunner-ramp.json";
const AX = "fixtures/orders/atomix-order.json";
const AX_MODEL = "fixtures/orders/atomix-model.json";
const AX_RAMP = "fixtures/orders/atomix-ramp.json";
const read = (f: string) => JSON.parse(readFileSync(f, "utf8")) as LevelsFile;

describe("a shipped order (KGoldrunner, CSV): report, verify, repair", { timeout: 60_000 }, () => {
  it("report needs only --ramp: targets from the ramp at each level (chapter 1 by hand)", async () => {
    const r = await runCli(["report", KG, "--ramp", KG_RAMP, "--format", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout);
    // Chapter 1: enemies 0 0 0 4 0 3 2 against the ramp 0 → 3 over levels 1–7 (targets 0, 0.5, ... 3):
    // deviations 0, −0.5, −1, +2.5, −2, +0.5, −1 → mean |d| 7.5/7, max 2.5 at level 4, bias −1.5/7.
    expect(out.ramps[0].chapters[0]).toMatchObject({ chapter: 1, levels: 7, meanAbs: 1.071429, maxAbs: 2.5, maxAt: 4, bias: -0.214286 });
    expect(out.ramps[0].levels.slice(0, 3).map((l: { target: number }) => l.target)).toEqual([0, 0.5, 1]);
    // No model given: no rule to break.
    expect(out.breaks).toEqual([]);
    expect(out.restarts).toBeUndefined();
  });

  it("report --model counts the breaks per chapter and says where the chain restarts", async () => {
    const json = JSON.parse((await runCli(["report", KG, "--ramp", KG_RAMP, "--model", KG_MODEL, "--format", "json"])).stdout);
    expect(json.ramps[0].chapters.map((c: { breaks: number }) => c.breaks)).toEqual([3, 2, 5]);
    expect(json.restarts).toEqual({ rules: ["nonDecreasing(enemies, chapter)", "maxRun(enemies, 7, 1, chapter)", "maxRise(gold, 35, chapter)"], levels: [8, 13] });
    const table = await runCli(["report", KG, "--ramp", KG_RAMP, "--model", KG_MODEL]);
    expect(table.stdout).toContain("  level 5: enemies 0 after 4 — nonDecreasing(enemies)");
    expect(table.stdout).toContain("the chain restarts at levels 8, 13 (chapter starts)");
  });

  it("verify lists every break, one a line (level, values, rule), exit 1; --json gives the same list", async () => {
    const r = await runCli(["verify", KG, "--model", KG_MODEL]);
    expect(r.code).toBe(1);
    const lines = r.stdout.trim().split("\n").slice(1);
    expect(lines).toEqual([
      "  level 2 (tute-02): gold 42 after 2: a rise of 40 (at most 35) — maxRise(gold)",
      "  level 5 (tute-05): enemies 0 after 4 — nonDecreasing(enemies)",
      "  level 7 (tute-07): enemies 2 after 3 — nonDecreasing(enemies)",
      "  level 10 (tutea-03): enemies 1 after 4 — nonDecreasing(enemies)",
      "  level 12 (tutea-05): enemies 2 after 3 — nonDecreasing(enemies)",
      "  level 17 (kgr-05): enemies 2 after 3 — nonDecreasing(enemies)",
      "  level 22 (kgr-10): enemies 3 after 5 — nonDecreasing(enemies)",
      "  level 24 (kgr-12): enemies 1 after 3 — nonDecreasing(enemies)",
      "  level 27 (kgr-15): enemies 4 after 5 — nonDecreasing(enemies)",
      "  level 28 (kgr-16): enemies 3 after 4 — nonDecreasing(enemies)",
    ]);
    const j = await runCli(["verify", KG, "--model", KG_MODEL, "--json"]);
    expect(j.code).toBe(1);
    const failures = JSON.parse(j.stdout).failures as Array<{ level: number; id: string; reason: string; message: string; values: number[] }>;
    expect(failures.map((f) => `  level ${f.level} (${f.id}): ${f.message} — ${f.reason}`)).toEqual(lines);
    expect(failures[1]).toMatchObject({ level: 5, values: [4, 0], rule: true });
  });

  it("the same design under game-scoped rules cannot be repaired at all: the chain would have to climb across games", async () => {
    const r = await runCli(["select", "--pools", KG, "--model", KG_GAME_MODEL, "--ramp", KG_RAMP, "--json"]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).status).toBe("infeasible");
    // The reason named is the one the reader was given: the chain may not fall into the next game.
    expect(JSON.parse(r.stdout).diagnosis).toMatchObject({ level: 9, chapter: 2, constraint: "nonDecreasing(enemies)", withUnique: true });
    expect(r.stderr).toContain("level 9 (chapter 2, part 1): nonDecreasing(enemies) leaves none of its 5 candidates once each candidate is used at most once");
  });

  it("select --min-moves 0 --from the order: a valid order that moves 17 levels (the plain optimum moves 25); it verifies; diff names the moves", async () => {
    const t = tempDir();
    const out = t.path("repaired.json");
    const r = await runCli(["select", "--pools", KG, "--model", KG_MODEL, "--ramp", KG_RAMP, "--from", KG, "--min-moves", "0", "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain("select: 17 level numbers hold another level than in fixtures/orders/kgoldrunner-order.csv (the plain optimum would change 25)");
    const repaired = read(out);
    expect(findBreaks(repaired.levels, repaired.model.constraints)).toEqual([]);
    // Every level of the order, each in its own chapter (eligibility part), and the plan is the order's own.
    expect(repaired.levels.map((l) => l.id).sort()).toEqual(readFileSync(KG, "utf8").trim().split("\n").slice(1).map((l) => l.split(",")[0]).sort());
    expect(repaired.plan?.parts).toEqual([{ chapter: 1, part: 1, first: 1, last: 7 }, { chapter: 2, part: 1, first: 8, last: 12 }, { chapter: 3, part: 1, first: 13, last: 30 }]);
    expect((await runCli(["verify", out])).code).toBe(0);
    expect((await runCli(["verify", out, "--model", KG_MODEL])).code).toBe(0);
    const d = await runCli(["diff", KG, out, "--json"]);
    expect(d.code).toBe(1);
    const diff = JSON.parse(d.stdout);
    expect(diff).toMatchObject({ added: [], removed: [], changed: [], renumbered: 17 });
    expect(diff.moved).toContainEqual({ id: "tute-05", from: 5, to: 2 });
  });

  it("the report page takes the order and is a ramp editor over it, marking the restarts", async () => {
    const t = tempDir();
    const html = t.path("order.html");
    const r = await runCli(["report", KG, "--ramp", KG_RAMP, "--model", KG_MODEL, "--pools", KG, "--format", "html", "--out", html]);
    expect(r.code, r.stderr).toBe(0);
    const page = readFileSync(html, "utf8");
    expect(page).toContain("ch 2 ↺");
    expect(page).toContain("The chain restarts at each chapter start");
    expect(page).toContain("levelramp select --pools fixtures/orders/kgoldrunner-order.csv --model model.json --ramp ramp.json --out levels.json");
  }, 30_000);
});

describe("the page's own solver over an order", { timeout: 60_000 }, () => {
  it("answers the chapter-scoped model as select does, byte for byte, and counts the 25 levels the plain optimum moves", async () => {
    const model = readJsonFile(modelSchema, KG_MODEL);
    const ramp = readJsonFile(rampSchema, KG_RAMP);
    const { levels, order } = await readLevelsInput(KG, { ramp, model });
    if (!order) throw new Error("the CSV is an order");
    const page = selectForRamp(editorInputs(levels, order.pool, orderPlan(order), { levels: KG, pools: KG, plan: null, model: "model.json" }), ramp);
    const t = tempDir();
    const out = t.path("plain.json");
    const cli = await runCli(["select", "--pools", KG, "--model", KG_MODEL, "--ramp", KG_RAMP, "--out", out]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(page).toMatchObject({ status: "optimal", optimal: true, solver: "dp", moved: 25 });
    expect(JSON.stringify(page.file, null, 2) + "\n").toBe(readFileSync(out, "utf8"));
  });
});

describe("an order of an outside game (--game: its selection model and ramp are the order's defaults)", { timeout: 60_000 }, () => {
  // Four Lights Out levels in an order of our own; level 3 needs fewer presses than level 2.
  const GAME = "examples/lights-out/game.json";
  const rows = ["id,chapter,part,level,presses,cells,hidden", "lo-a,1,1,1,1,9,0", "lo-b,1,1,2,3,9,0", "lo-c,1,1,3,2,9,0", "lo-d,1,1,4,4,9,0"];
  it("verify, report and select --min-moves take the game's model and ramp; without --game, verify asks for a model", async () => {
    const t = tempDir();
    const file = t.write("lights-out-order.csv", rows.join("\n") + "\n");
    const v = await runCli(["verify", file, "--game", GAME]);
    expect(v.code, v.stderr).toBe(1);
    expect(v.stdout).toMatch(/checked against .*lights-out.models.selection\.json/);
    expect(v.stdout.trim().split("\n").slice(1)).toEqual(["  level 3 (lo-c): presses 2 after 3 — nonDecreasing(presses)"]);
    // The game's ramp starts at 1 press at level 1 (examples/lights-out/models/ramp.json).
    const printed = (await runCli(["report", file, "--game", GAME, "--format", "json"])).stdout;
    const r = JSON.parse(printed);
    expect(r.ramps[0].levels[0]).toMatchObject({ id: "lo-a", value: 1, target: 1, deviation: 0 });
    expect(r.breaks).toHaveLength(1);
    // the library: readLevelsInput takes the game's model and ramp for the order (gameDefaults), reportLevels the rest
    const game = await openGame(GAME);
    const read = await readLevelsInput(file, { game, gameDefaults: ["model", "ramp"] });
    expect([read.modelFile, read.rampFile]).toEqual([game.models.selection, game.models.ramp]);
    expect((await reportLevels({ levels: read.levels, levelsFile: file, order: read.order, ramps: [] }, { format: "json" })).text).toBe(printed);
    await game.close();
    const s = await runCli(["select", "--game", GAME, "--pools", file, "--from", file, "--min-moves", "0", "--json"]);
    expect(s.code, s.stderr).toBe(0);
    const answer = JSON.parse(s.stdout);
    expect(answer.levels.map((l: { id: string }) => l.id)).toEqual(["lo-a", "lo-c", "lo-b", "lo-d"]);
    expect(answer.moves).toBe(2);
    const bare = await runCli(["verify", file]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/verify needs --model \(or --game, whose selection model it takes\)/);
  });
});

describe("a second shipped order (GNOME Atomix, JSON): the same checks", { timeout: 60_000 }, () => {
  it("report, verify (every break), repair with the fewest moves, verify the repair", async () => {
    const rep = JSON.parse((await runCli(["report", AX, "--ramp", AX_RAMP, "--model", AX_MODEL, "--format", "json"])).stdout);
    // Water (3 atoms) at level 1 on a ramp from 3: deviation 0.
    expect(rep.ramps[0].levels[0]).toMatchObject({ id: "atomix-water", value: 3, target: 3, deviation: 0 });
    expect(rep.ramps[0].all.breaks).toBe(5);
    const v = await runCli(["verify", AX, "--model", AX_MODEL]);
    expect(v.code).toBe(1);
    expect(v.stdout).toContain("  level 10 (atomix-methanal): atoms 4 after 9 — nonDecreasing(atoms)");
    const t = tempDir();
    const out = t.path("atomix.json");
    const s = await runCli(["select", "--pools", AX, "--model", AX_MODEL, "--ramp", AX_RAMP, "--from", AX, "--min-moves", "0", "--out", out, "--json"]);
    expect(s.code, s.stderr).toBe(0);
    const answer = JSON.parse(s.stdout);
    expect(answer.moves).toBeLessThanOrEqual(answer.plainMoves);
    expect(answer.moves).toBe(12);
    expect((await runCli(["verify", out])).code).toBe(0);
    expect((await runCli(["diff", AX, out])).stdout).toMatch(/^0 added, 0 removed, 12 moved, 0 metric changes/);
  }, 30_000);
});

describe("bad orders: exit 2, naming the CSV line or the JSON path", { timeout: 30_000 }, () => {
  const csv = (rows: string[]) => ["id,chapter,part,level,size", ...rows].join("\n") + "\n";
  const cases: Array<[string, string[], RegExp]> = [
    ["a level repeated", ["a,1,1,1,1", "b,1,1,2,2", "c,1,1,2,3"], /line 4 \(level\): level 2 is given twice: also on line 3/],
    ["a level beyond the order", ["a,1,1,1,1", "b,1,1,2,2", "c,1,1,9,3"], /line 4 \(level\): level 9 is beyond the order's 3 levels/],
    ["a level that is not a whole number", ["a,1,1,1,1", "b,1,1,2.5,2", "c,1,1,3,3"], /line 3 \(level\): expected a whole level number ≥ 1; got 2\.5/],
    ["a chapter that comes back", ["a,1,1,1,1", "b,2,1,2,2", "c,1,1,3,3"], /line 4: level 3 is in chapter 1, after chapter 2 began/],
  ];
  for (const [what, rows, message] of cases) {
    it(what, async () => {
      const t = tempDir();
      const file = t.write("order.csv", csv(rows));
      const r = await runCli(["report", file, "--ramp", t.write("ramp.json", { format: "levelramp/ramp@1", metric: "size", points: [[1, 1]], interpolation: "linear" })]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toContain(file);
    });
  }

  it("a level beyond the plan, a level missing under a plan, and a JSON order's problem at its path", async () => {
    const t = tempDir();
    const plan = (levels: number) => t.write(`plan-${levels}.json`, { format: "levelramp/plan@1", game: "generic", chapters: [{ chapter: 1, parts: [{ part: 1, levels }] }] });
    const model = t.write("model.json", { format: "levelramp/model@1", metric: "size", constraints: [{ type: "nonDecreasing", key: "size" }] });
    const r = await runCli(["verify", t.write("order.csv", csv(["a,1,1,1,1", "b,1,1,2,2", "c,1,1,3,3"])), "--model", model, "--plan", plan(2)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/line 4 \(level\): level 3 is beyond the plan's 2 levels/);
    // Under a plan of 4 levels, three levels numbered 1, 2, 4 leave level 3 out: named by the lines around it.
    const m = await runCli(["verify", t.write("gap.csv", csv(["a,1,1,1,1", "b,1,1,2,2", "c,1,1,4,3"])), "--model", model, "--plan", plan(4)]);
    expect(m.code).toBe(2);
    expect(m.stderr).toMatch(/level 3 is missing \(an order numbers its 3 levels 1\.\.3, each once\): level 2 is on line 3, level 4 is on line 4/);
    const json = t.write("order.json", { format: "levelramp/pool@1", game: "generic", candidates: [{ id: "a", chapter: 1, part: 1, level: 1, metrics: { size: 1 } }, { id: "b", chapter: 1, part: 1, level: 1.5, metrics: { size: 2 } }] });
    const j = await runCli(["diff", json, json]);
    expect(j.code).toBe(2);
    expect(j.stderr).toMatch(/\$\.candidates\[1\]\.level: expected a whole level number ≥ 1; got 1\.5/);
  });

  it("an order without the ramp report needs, or the model verify needs", async () => {
    expect((await runCli(["report", KG])).stderr).toMatch(/is an order .*report needs --ramp/);
    const v = await runCli(["verify", KG]);
    expect(v.code).toBe(2);
    expect(v.stderr).toMatch(/is an order .*verify needs --model/);
  });
});
