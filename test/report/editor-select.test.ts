import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { readPool } from "../../src/io/read-pool.ts";
import { levelsSchema, type LevelsFile } from "../../src/io/schemas/levels.ts";
import { modelSchema, type Model } from "../../src/io/schemas/model.ts";
import { planSchema, type Plan } from "../../src/io/schemas/plan.ts";
import type { Pool } from "../../src/io/schemas/pool.ts";
import type { Ramp } from "../../src/io/schemas/ramp.ts";
import { buildEditorBundle } from "../../src/report/editor/editor-bundle.ts";
import { reportLevels } from "../../src/report/report-levels.ts";
import { EDITOR_DATA_ID, editorInputs, editorPictures, keepRanges, type EditorData, type EditorInputs } from "../../src/report/editor/editor-data.ts";
import { editHint, editorPanelHtml } from "../../src/report/editor/editor-panel-html.ts";
import { editorOverviewSvg, editorReportData } from "../../src/report/editor/editor-view.ts";
import { convertPoints, editedRamp, passRateLabel, passRateOf, passRatePointsProblem, passRateViewProblem, type EditorCalibration } from "../../src/report/editor/ramp-units.ts";
import { formatNumber } from "../../src/report/html/html-escape.ts";
import { calibrate } from "../../src/calibrate/calibrate.ts";
import { metricRampOfPassRamp } from "../../src/calibrate/pass-ramp.ts";
import { simulatePlays } from "../helpers/simulate-plays.ts";
import { addPoint, movePoint, rampOf, rampPointsProblem } from "../../src/report/editor/ramp-points.ts";
import { selectCommand, selectForRamp } from "../../src/report/editor/select-for-ramp.ts";
import { fixture, modelFile, runCli } from "../helpers/run-cli.ts";
import { tempFolder } from "../helpers/temp-dir.ts";

const poolFile = fixture("pools/generic-3x4x20.json");
const genericRamp = (points: Array<[number, number]>, interpolation: Ramp["interpolation"] = "linear") => rampOf("difficulty", points, interpolation);
/** Ramps a designer might try: steeper, flatter and curved, two points, one (a constant target). */
const RAMPS: Ramp[] = [
  genericRamp([[1, 1], [20, 7], [40, 11], [60, 22]]),
  genericRamp([[1, 2], [30, 9], [60, 16]], "monotone-cubic"),
  genericRamp([[5, 1], [55, 25]]),
  genericRamp([[1, 10]]),
];

let dir = "";
let levelsPath = "";
let file: LevelsFile;
let pool: Pool;
let plan: Plan;

let files = 0;

/** `levelramp select --pools <pools> --ramp <ramp> --out <file> --json ...extra`: the exit code, the --json answer and the file written. */
async function cliSelect(ramp: Ramp, extra: string[] = [], pools = poolFile) {
  const rampPath = writeRamp(ramp);
  const out = join(dir, `levels-${++files}.json`);
  const r = await runCli(["select", "--pools", pools, "--ramp", rampPath, "--out", out, "--json", ...extra]);
  return { ...r, out, answer: JSON.parse(r.stdout || "{}") };
}

function writeRamp(ramp: Ramp): string {
  const p = join(dir, `ramp-${++files}.json`);
  writeFileSync(p, JSON.stringify(ramp, null, 2) + "\n");
  return p;
}

function inputsFor(f: LevelsFile, p = pool): EditorInputs {
  return editorInputs(f, p, plan, { levels: levelsPath, pools: poolFile, plan: null, model: null });
}

beforeAll(async () => {
  dir = tempFolder("levelramp-editor-");
  levelsPath = join(dir, "levels.json");
  const r = await runCli(["select", "--pools", poolFile, "--out", levelsPath]);
  expect(r.code).toBe(0);
  file = readJsonFile(levelsSchema, levelsPath);
  pool = readPool(poolFile);
  plan = readJsonFile(planSchema, modelFile("generic", "plan.json"));
}, 60_000);

describe("selection in the page (selectForRamp) against levelramp select --ramp", () => {
  it("gives the CLI's objective, ids and levels file, byte for byte, for several ramps", async () => {
    for (const ramp of RAMPS) {
      const page = selectForRamp(inputsFor(file), ramp);
      const cli = await cliSelect(ramp);
      expect(cli.code).toBe(0);
      expect(page.status).toBe("optimal");
      expect(page.optimal).toBe(true);
      expect(page.objective).toBe(cli.answer.objective);
      expect(page.ids).toEqual(cli.answer.levels.map((l: { id: string }) => l.id));
      expect(JSON.stringify(page.file, null, 2) + "\n").toBe(readFileSync(cli.out, "utf8"));
      // Moved: level numbers holding another id than the file.
      const was = new Map(file.levels.map((l) => [l.number, l.id]));
      expect(page.moved).toBe(page.ids.filter((id, i) => was.get(file.levels[i].number) !== id).length);
    }
    // The file's own ramp gives the file back (it came from select): nothing moves.
    const same = selectForRamp(inputsFor(file), file.ramp);
    expect(same.moved).toBe(0);
    expect(same.objective).toBe(file.objective);
  });

  it("branches on conflicts as select does (dp with conflict branching, the same tie rule)", async () => {
    const ids = file.levels.map((l) => l.id);
    const conflicts = [
      { ids: [ids[3], ids[4]] as [string, string], reason: "test" },
      { ids: [ids[20], ids[22]] as [string, string], reason: "test" },
    ];
    const withConflicts: Pool = { ...pool, conflicts };
    const path = join(dir, "pool-conflicts.json");
    writeFileSync(path, JSON.stringify(withConflicts));
    const page = selectForRamp(editorInputs(file, readPool(path), plan, { levels: levelsPath, pools: path, plan: null, model: null }), file.ramp);
    const cli = await cliSelect(file.ramp, [], path);
    expect(cli.code).toBe(0);
    expect(page.solver).toBe(cli.answer.solver);
    expect(page.objective).toBe(cli.answer.objective);
    expect(page.ids).toEqual(cli.answer.levels.map((l: { id: string }) => l.id));
    expect(page.ids.includes(ids[3]) && page.ids.includes(ids[4])).toBe(false);
    expect(page.objective!).toBeGreaterThan(file.objective);
  });

  it("keeps the file's kept levels, as select --keep ... --from <the file> does", async () => {
    const keptPath = join(dir, "levels-kept.json");
    const r = await runCli(["select", "--pools", poolFile, "--ramp", writeRamp(RAMPS[0]), "--keep-until", "10", "--from", levelsPath, "--out", keptPath]);
    expect(r.code).toBe(0);
    const kept = readJsonFile(levelsSchema, keptPath);
    const inputs = editorInputs(kept, pool, plan, { levels: keptPath, pools: poolFile, plan: null, model: null });
    expect(inputs.kept?.option).toBe("--keep 1-10");
    expect(selectCommand(inputs)).toBe(`levelramp select --pools ${poolFile} --ramp ramp.json --keep 1-10 --from ${keptPath} --out levels.json`);
    const page = selectForRamp(inputs, RAMPS[1]);
    const cli = await cliSelect(RAMPS[1], ["--keep", "1-10", "--from", keptPath]);
    expect(cli.code).toBe(0);
    expect(page.ids).toEqual(cli.answer.levels.map((l: { id: string }) => l.id));
    expect(page.objective).toBe(cli.answer.objective);
    expect(page.ids.slice(0, 10)).toEqual(kept.levels.slice(0, 10).map((l) => l.id));
  });

  it("gives select's diagnosis when the model is infeasible, and says which command to run for a model the dp cannot take", async () => {
    // A hand-edited model: from level 30 on, difficulty at most 0.5 — no pool candidate there.
    const impossible: Model = { ...file.model, constraints: [...file.model.constraints, { type: "bounds", key: "difficulty", from: 30, max: 0.5 }] };
    const page = selectForRamp(inputsFor({ ...file, model: impossible }), file.ramp);
    const modelPath = join(dir, "impossible.json");
    writeFileSync(modelPath, JSON.stringify(impossible));
    const cli = await cliSelect(file.ramp, ["--model", modelPath]);
    expect(cli.code).toBe(1);
    expect(page.status).toBe("infeasible");
    expect(page.optimal).toBe(false);
    expect(page.objective).toBeNull();
    expect(page.message).toMatch(/^infeasible: .*level 30/);
    expect(cli.answer.message).toContain(page.message);
    // No maxRun: the dp keeps the implicit run of the nonDecreasing key, and the page answers.
    const runless: Model = modelSchema.parse({ ...file.model, constraints: file.model.constraints.filter((c) => c.type !== "maxRun") });
    expect(selectForRamp(inputsFor({ ...file, model: runless }), file.ramp).status).toBe("optimal");
    // No nonDecreasing key: select uses a MILP, the page names the command and the dp's reason.
    const unchained: Model = modelSchema.parse({ ...file.model, constraints: file.model.constraints.filter((c) => c.type !== "maxRun" && c.type !== "nonDecreasing") });
    const other = selectForRamp(inputsFor({ ...file, model: unchained }), file.ramp);
    expect(other.status).toBe("unknown");
    expect(other.message).toContain("dp needs a nonDecreasing key");
    expect(other.message).toMatch(/^this model needs the command line: /);
    expect(other.message).toContain(`levelramp select --pools ${poolFile} --ramp ramp.json --out levels.json`);
  });
});

describe("ramp points in the editor", () => {
  it("checks points as the ramp schema does", () => {
    expect(rampPointsProblem([[1, 2], [10, 4]])).toBeNull();
    expect(rampPointsProblem([])).toMatch(/at least one point/);
    expect(rampPointsProblem([[0, 2]])).toMatch(/point 1: expected a whole level number from 1 to 1e9; got 0/);
    expect(rampPointsProblem([[1, 2], [2.5, 3]])).toMatch(/point 2: expected a whole level number/);
    expect(rampPointsProblem([[5, 2], [5, 3]])).toMatch(/point 2: expected a level number above 5/);
    expect(rampPointsProblem([[1, NaN]])).toMatch(/point 1: expected a finite number within ±1e9 for the value; got nothing/);
  });

  it("moves a dragged point to a whole level strictly between its neighbours, its value to 3 decimals", () => {
    const points: Array<[number, number]> = [[1, 1], [20, 7], [40, 11]];
    expect(movePoint(points, 1, 25.4, 8.12345)).toEqual([[1, 1], [25, 8.123], [40, 11]]);
    expect(movePoint(points, 1, 55, 3)).toEqual([[1, 1], [39, 3], [40, 11]]);
    expect(movePoint(points, 1, -4, 3)).toEqual([[1, 1], [2, 3], [40, 11]]);
    expect(movePoint(points, 0, -4, 0.0004)).toEqual([[1, 0], [20, 7], [40, 11]]);
    expect(movePoint(points, 2, 90.6, 1)).toEqual([[1, 1], [20, 7], [91, 1]]);
    expect(points).toEqual([[1, 1], [20, 7], [40, 11]]);
  });

  it("adds a point in the widest gap, on the curve", () => {
    expect(addPoint([[1, 1], [11, 11], [60, 20]], "linear", 1, 60)).toEqual([[1, 1], [11, 11], [35, 15.408], [60, 20]]);
    // No gap two levels wide: past the last point.
    expect(addPoint([[1, 1], [2, 3]], "linear", 1, 2)).toEqual([[1, 1], [2, 3], [3, 3]]);
  });

  it("tells the designer to add a point when no ramp point lies within the levels shown (no handle to drag)", () => {
    const points: Array<[number, number]> = [[1, 0], [14, 5.4], [80, 13.13]];
    expect(editHint(points, 1, 40)).toMatch(/^Drag a ramp point \(the white handles\)/);
    expect(editHint(points, 80, 100)).toMatch(/^Drag a ramp point/);
    expect(editHint(points, 41, 60)).toMatch(/^No ramp point lies within levels 41–60, so the plot has no handle yet: "add a point"/);
    // "add a point" then puts one inside the levels shown.
    expect(addPoint(points, "monotone-cubic", 41, 60).filter(([x]) => x >= 41 && x <= 60)).toHaveLength(1);
  });

  it("writes kept levels as --keep ranges", () => {
    expect(keepRanges([3, 1, 2, 7, 9, 8, 12])).toBe("1-3,7-9,12");
    expect(keepRanges([5])).toBe("5");
  });
});

describe("the ramp in pass rates (report --calibration, SPEC 11 player ramps)", () => {
  /** A per-level calibration of the file's difficulty, fitted in-process to plays simulated from a = 3, b = 0.25. */
  function calibrationOf(f: LevelsFile): EditorCalibration {
    const simulated = simulatePlays({ model: "levels", a: 3, b: 0.25 }, { seed: "editor-pass-rate", metrics: f.levels.map((l) => l.metrics.difficulty) });
    const plays = { ...simulated, metric: "difficulty", levels: f.levels.map((l) => ({ number: l.number, id: l.id, metric: l.metrics.difficulty })) };
    const cal = calibrate(plays);
    const path = join(dir, "calibration.json");
    writeFileSync(path, JSON.stringify(cal, null, 2) + "\n");
    return { file: path, metric: cal.metric, model: cal.model, params: cal.params };
  }

  const editorDataOf = (f: LevelsFile): EditorData => ({
    format: "levelramp/editor@1",
    file: f,
    ...inputsFor(f),
    ramp: f.ramp,
    references: [],
    pictures: { embedded: "none", candidates: 0, bytes: 0, budget: 0, images: {} },
  });

  it("turns the ramp's points through the fit and back (monotone), and selects a player ramp as select --calibration does, byte for byte", async () => {
    const cal = calibrationOf(file);
    expect(cal.params.b.value).toBeGreaterThan(0.15);
    // Points: metric → pass rates (falling as difficulty rises) → metric again, within the 6 decimals' rounding.
    const metricPoints = file.ramp.points;
    const pass = convertPoints(metricPoints, "passRate", cal);
    for (let i = 1; i < pass.length; i++) expect(pass[i][1]).toBeLessThan(pass[i - 1][1]);
    pass.forEach(([x, p], i) => {
      expect(x).toBe(metricPoints[i][0]);
      expect(p).toBeCloseTo(1 / (1 + Math.exp(-(cal.params.a.value - cal.params.b.value * metricPoints[i][1]))), 6);
    });
    convertPoints(pass, "metric", cal).forEach(([, m], i) => expect(m).toBeCloseTo(metricPoints[i][1], 3));
    expect(passRatePointsProblem([[1, 0.9], [60, 1]])).toMatch(/point 2: expected a pass rate strictly between 0 and 1; got 1/);

    // The page's answer for a player ramp is select --ramp ramp.json --calibration's, file and all.
    const passRamp = editedRamp("difficulty", [[1, 0.9], [30, 0.6], [60, 0.25]], "linear", "passRate");
    expect(passRamp.metric).toBe("passRate");
    const page = selectForRamp(inputsFor(file), passRamp, cal);
    const cli = await cliSelect(passRamp, ["--calibration", cal.file]);
    expect(cli.code).toBe(0);
    expect(page.status).toBe("optimal");
    expect(JSON.stringify(page.file, null, 2) + "\n").toBe(readFileSync(cli.out, "utf8"));
    expect(page.file!.ramp).toEqual(metricRampOfPassRamp(passRamp, cal));
    expect(selectCommand(inputsFor(file), "ramp.json", "levels.json", cal.file)).toBe(`levelramp select --pools ${poolFile} --ramp ramp.json --calibration ${cal.file} --out levels.json`);
    // A pass rate outside (0, 1) is select's refusal.
    expect(() => selectForRamp(inputsFor(file), { ...passRamp, points: [[1, 1.2], [60, 0.3]] }, cal)).toThrow(/expected a pass rate strictly between 0 and 1; got 1\.2/);

    // The plot in pass rates: the y axis titled so and within [0, 1], the handles where the pass-rate points are, each level at its predicted pass rate.
    const view = { file: page.file!, rampName: "edited", references: [], original: file.ramp, fileLevels: inputsFor(file).fileLevels, handles: passRamp.points, shownIn: { label: passRateLabel(cal), of: passRateOf(cal) } };
    const svg = editorOverviewSvg(view, editorReportData(view), new Set());
    const [lo, hi] = /data-y="([^"]+)"/.exec(svg)![1].split(",").map(Number);
    expect(lo).toBeGreaterThanOrEqual(0);
    expect(hi).toBeLessThanOrEqual(1);
    expect(svg).toContain(">pass rate</text>");
    expect(svg).toContain("ramp point 2: level 30, pass rate 0.6 (drag it)");
    const first = page.file!.levels[0];
    expect(svg).toContain(`pass rate ${formatNumber(passRateOf(cal)(first.metrics.difficulty), 3)}`);

    // The panel offers the choice only for a calibration of the ramp's metric whose b > 0, and says why not otherwise.
    const data = { ...editorDataOf(file), calibration: cal };
    expect(editorPanelHtml(data, editorReportData({ ...view, file, shownIn: undefined }))).toContain(`<select id="editor-units">`);
    const other = editorPanelHtml({ ...data, calibration: { ...cal, metric: "size" } }, editorReportData({ ...view, file, shownIn: undefined }));
    expect(other).not.toContain(`id="editor-units"`);
    expect(other).toContain(`calibrates &quot;size&quot;, not the ramp&#39;s &quot;difficulty&quot;: no pass-rate view of this ramp`);
    expect(passRateViewProblem({ ...cal, params: { ...cal.params, b: { value: -0.1, low: -0.2, high: 0 } } }, "difficulty")).toMatch(/b = -0\.1 \(pass rates do not fall/);
  });
});

describe("the page's pictures", () => {
  it("embeds every usable candidate's picture within the budget, else the shipped levels' only", async () => {
    const game: Pool = {
      format: "levelramp/pool@1",
      game: "generic",
      candidates: [
        { id: "a", chapter: 1, part: 1, metrics: { d: 1 }, rules: [], level: { n: 1 } },
        { id: "b", chapter: 1, part: 1, metrics: { d: 2 }, rules: [], level: { n: 2 } },
        { id: "c", chapter: 1, part: 1, metrics: { d: 3 }, rules: [], level: { n: 3 }, dropped: "near-copy" },
        { id: "d", chapter: 1, part: 1, metrics: { d: 4 }, rules: [], level: { n: 4 } },
      ],
    };
    const shipped = { ...file, levels: [{ ...file.levels[0], id: "a" }] };
    const draw = async (c: { level?: unknown }) => `<svg>${"x".repeat(10 * (c.level as { n: number }).n)}</svg>`;
    const all = await editorPictures(shipped, game, draw, 1000);
    expect(all.embedded).toBe("all");
    expect(Object.keys(all.images)).toEqual(["b", "d"]);
    // each an image data URI of the SVG the game drew, never markup (SPEC 10)
    expect(Buffer.from(all.images.b.replace(/^data:image\/svg\+xml;base64,/, ""), "base64").toString("utf8")).toBe(await draw({ level: { n: 2 } }));
    expect(all.bytes).toBe(2 * 11 + 20 + 40);
    expect(all.candidates).toBe(3);
    const over = await editorPictures(shipped, game, draw, 50);
    expect(over).toMatchObject({ embedded: "shipped", bytes: 82, budget: 50, images: {} });
    expect((await editorPictures(shipped, game, null, 1000)).embedded).toBe("none");
  });
});

describe("the page script (esbuild bundle)", () => {
  it("holds the select core and the report pieces, and nothing from Node or a package", async () => {
    const bundle = await buildEditorBundle();
    for (const f of ["src/select/dp/class-dp.ts", "src/select/dp/solve-dp-branching.ts", "src/select/problem/build-problem.ts", "src/select/problem/levels-file.ts", "src/report/html/level-card-html.ts", "src/report/editor/browser-solver-limits.ts"]) {
      expect(bundle.inputs).toContain(f);
    }
    for (const f of bundle.inputs) expect(f).not.toMatch(/node_modules|solver-limits\.ts$(?<!browser-solver-limits\.ts)|highs|lp-solver|render-vega|vega/);
    expect(bundle.inputs).not.toContain("src/select/problem/solver-limits.ts");
    expect(bundle.code).not.toMatch(/\brequire\(|\bimport\(|node:/);
    expect(bundle.code).not.toMatch(/<\/script|<!--/i);
  }, 30_000);
});

describe("levelramp report --pools --format html", () => {
  it("makes the page a ramp editor over the pool, and refuses a plan that does not fit", async () => {
    const out = join(dir, "editor.html");
    const r = await runCli(["report", levelsPath, "--pools", poolFile, "--format", "html", "--out", out]);
    expect(r.code).toBe(0);
    const html = readFileSync(out, "utf8");
    const json = new RegExp(`<script type="application/json" id="${EDITOR_DATA_ID}">(.*?)</script>`).exec(html)![1];
    const data = JSON.parse(json) as EditorData;
    expect(data.pool.candidates).toHaveLength(pool.candidates.length);
    expect(data.pool.candidates.every((c) => !("provenance" in c))).toBe(true);
    expect(data.plan).toEqual(plan);
    expect(data.model).toEqual(file.model);
    expect(data.fileLevels).toEqual(file.levels.map((l) => ({ number: l.number, id: l.id })));
    expect(data.files).toEqual({ levels: levelsPath, pools: poolFile, plan: null, model: null });
    expect(data.pictures.embedded).toBe("none");
    expect(html).toContain(`levelramp select --pools ${poolFile} --ramp ramp.json --out levels.json`);
    // Its plots are the editor's own SVG (no vega), with one handle per ramp point.
    const body = html.slice(0, html.indexOf("<script"));
    expect(body.match(/<circle class="handle" /g)).toHaveLength(file.ramp.points.length);
    expect(body).not.toContain('role="graphics-symbol"');

    // Without --pools: the static report (vega plots, no editor).
    const plain = await runCli(["report", levelsPath, "--format", "html"]);
    expect(plain.stdout).not.toContain(EDITOR_DATA_ID);
    expect(plain.stdout).toContain('role="graphics-symbol"');

    const noPools = await runCli(["report", levelsPath, "--plan", modelFile("generic", "plan.json"), "--format", "html"]);
    expect(noPools.code).toBe(2);
    expect(noPools.stderr).toContain("--plan is for the ramp editor");
    const shortPlan = join(dir, "plan-short.json");
    writeFileSync(shortPlan, JSON.stringify({ ...plan, chapters: plan.chapters.map((c) => ({ ...c, parts: c.parts.map((p) => ({ ...p, levels: 4 })) })) }));
    const wrong = await runCli(["report", levelsPath, "--pools", poolFile, "--plan", shortPlan, "--format", "html"]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain(`${shortPlan}: expected the plan the levels were selected with: for the pool's chapters it gives 48 levels 1–48, the levels file has 60 levels 1–60 (give --plan)\n`);
    // The report job names its own input, not the CLI's flag; report passes --plan.
    const inputs = { levels: readJsonFile(levelsSchema, levelsPath), levelsFile: levelsPath, pool: { pool, levels: pool.candidates.map(() => undefined), file: poolFile }, plan: { plan: readJsonFile(planSchema, shortPlan), file: shortPlan } };
    const library = await reportLevels(inputs, { format: "html" }).then(
      () => "",
      (e: Error) => e.message,
    );
    expect(library).toBe(`report/editor: ${shortPlan}: expected the plan the levels were selected with: for the pool's chapters it gives 48 levels 1–48, the levels file has 60 levels 1–60 (give a plan)`);
  }, 60_000);
});
