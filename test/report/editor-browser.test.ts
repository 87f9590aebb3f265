import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { apsisBodies, carillonBodies } from "../helpers/game-bodies.ts";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { levelsSchema, levelsSchemaOf, type LevelsFile } from "../../src/io/schemas/levels.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { rampSchema, type Ramp } from "../../src/io/schemas/ramp.ts";
import type { EditorResult } from "../../src/report/editor/start-editor.ts";
import { fixture, runCli } from "../helpers/run-cli.ts";
import { calibrate } from "../../src/calibrate/calibrate.ts";
import { simulatePlays } from "../helpers/simulate-plays.ts";
import { chromiumMissing, offlineChromium, openPage } from "./offline-chromium.ts";

// The ramp editor page (SPEC 8) in Debian's Chromium, driven by
// playwright-core as test/report/html-browser.test.ts does: a real mouse drag,
// window.levelramp against `levelramp select --ramp`, the downloads, the
// messages when the page cannot answer, no console error, a screenshot.

const missing = chromiumMissing("the ramp editor browser test");

let dir = "";
let context: BrowserContext;
const problems: string[] = [];

/** One editor page and what `select` reads to give the same answer. */
interface Case {
  html: string;
  levels: string;
  /** `select` options besides --ramp and --out: the pool, and the plan and model when not the defaults. */
  select: string[];
}
const cases: Record<string, Case> = {};
let written = 0;

async function ok(argv: string[]): Promise<string> {
  const r = await runCli(argv);
  if (r.code !== 0) throw new Error(`test: levelramp ${argv.join(" ")} failed (${r.code}): ${r.stderr}`);
  return r.stdout;
}

/** The answer of `levelramp select` for a ramp: objective, ids and the levels file it writes. */
async function cliAnswer(c: Case, ramp: Ramp) {
  const rampPath = join(dir, `ramp-${++written}.json`);
  writeFileSync(rampPath, JSON.stringify(ramp, null, 2) + "\n");
  const out = `${rampPath}.levels.json`;
  const answer = JSON.parse(await ok(["select", ...c.select, "--ramp", rampPath, "--out", out, "--force", "--json"]));
  return { objective: answer.objective as number, ids: answer.levels.map((l: { id: string }) => l.id) as string[], text: readFileSync(out, "utf8") };
}

async function open(name: string): Promise<Page> {
  const page = await openPage(context, cases[name].html, name, problems);
  await page.waitForFunction(() => (window as unknown as { levelramp?: unknown }).levelramp !== undefined);
  return page;
}

const setRamp = (page: Page, points: Array<[number, number]>, interpolation: Ramp["interpolation"]) =>
  page.evaluate(([p, i]) => (window as unknown as { levelramp: { setRamp: (p: unknown, i: unknown) => Promise<EditorResult> } }).levelramp.setRamp(p, i), [points, interpolation] as const);
const result = (page: Page) => page.evaluate(() => (window as unknown as { levelramp: { result: () => EditorResult } }).levelramp.result());
const pageRamp = (page: Page) => page.evaluate(() => (window as unknown as { levelramp: { ramp: () => Ramp } }).levelramp.ramp());

let calFile = "";

/** A per-level calibration of a file's difficulty, fitted to plays simulated from a = 3, b = 0.25 and written to the test folder. */
function writeCalibration(file: LevelsFile): string {
  const simulated = simulatePlays({ model: "levels", a: 3, b: 0.25 }, { seed: "editor-browser", metrics: file.levels.map((l) => l.metrics.difficulty) });
  const cal = calibrate({ ...simulated, metric: "difficulty", levels: file.levels.map((l) => ({ number: l.number, id: l.id, metric: l.metrics.difficulty })) });
  calFile = join(dir, "calibration.json");
  writeFileSync(calFile, JSON.stringify(cal, null, 2) + "\n");
  return calFile;
}

/** A ramp through the file's ramp's points, each value times `factor` (3 decimals): a steeper or flatter try. */
function scaled(file: LevelsFile, factor: number): Array<[number, number]> {
  return file.ramp.points.map(([x, y]) => [x, Math.round(y * factor * 1000) / 1000]);
}

describe.skipIf(missing !== null)("the ramp editor in headless Chromium", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "levelramp-editor-browser-"));
    // The generic fixture re-sequenced by select, and a spreadsheet export (CSV) the same way
    // (pool paths relative to the project, as a designer types them: the page's command shows them).
    for (const [name, pool] of [
      ["generic", relative(process.cwd(), fixture("pools/generic-3x4x20.json"))],
      ["csv", relative(process.cwd(), fixture("pools/spreadsheet-export.csv"))],
    ]) {
      const levels = join(dir, `${name}-levels.json`);
      await ok(["select", "--pools", pool, "--out", levels]);
      const html = join(dir, `${name}.html`);
      // The generic page has a calibration of its difficulty (fitted in-process to simulated plays): the ramp can be shown in pass rates.
      const calibration = name === "generic" ? ["--calibration", writeCalibration(readJsonFile(levelsSchema, levels))] : [];
      await ok(["report", levels, "--pools", pool, "--format", "html", "--out", html, ...calibration]);
      cases[name] = { html, levels, select: ["--pools", pool] };
    }
    // Small Carillon and Apsis builds: their report.html is the editor over their pools.json.
    const carillon = join(dir, "carillon");
    const plan = fixture("pipeline/tiny-carillon-plan.json");
    const model = fixture("pipeline/tiny-carillon-model.json");
    await ok(["build", "carillon", "--plan", plan, "--model", model, "--seed", "7", "--workers", "1", "--out", carillon, "--quiet"]);
    cases.carillon = { html: join(carillon, "report.html"), levels: join(carillon, "levels.json"), select: ["--pools", join(carillon, "pools.json"), "--plan", plan, "--model", model] };
    const apsis = join(dir, "apsis");
    const apsisPlan = fixture("pipeline/tiny-apsis-plan.json");
    await ok(["build", "apsis", "--plan", apsisPlan, "--seed", "3", "--workers", "1", "--out", apsis, "--quiet"]);
    cases.apsis = { html: join(apsis, "report.html"), levels: join(apsis, "levels.json"), select: ["--pools", join(apsis, "pools.json"), "--plan", apsisPlan] };
    // A hand-edited generic file whose model no pool can meet (difficulty ≤ 0.5 from level 30), and one the dp cannot take (no nonDecreasing key).
    const generic = readJsonFile(levelsSchema, cases.generic.levels);
    for (const [name, constraints] of [
      ["infeasible", [...generic.model.constraints, { type: "bounds", key: "difficulty", from: 30, max: 0.5 }]],
      ["unchained", generic.model.constraints.filter((c) => c.type !== "maxRun" && c.type !== "nonDecreasing")],
    ] as const) {
      const levels = join(dir, `${name}-levels.json`);
      writeFileSync(levels, JSON.stringify({ ...generic, model: modelSchema.parse({ ...generic.model, constraints }) }, null, 2));
      const html = join(dir, `${name}.html`);
      await ok(["report", levels, "--pools", fixture("pools/generic-3x4x20.json"), "--format", "html", "--out", html]);
      cases[name] = { html, levels, select: [] };
    }
    // The page loads nothing: every request but the page itself fails the test.
    context = await offlineChromium(problems, { acceptDownloads: true });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
  });

  it("follows a handle dragged with the mouse: objective, status, tables and cards change, and select --ramp gives the same answer", async () => {
    const page = await open("generic");
    const file = readJsonFile(levelsSchema, cases.generic.levels);
    expect(await result(page)).toMatchObject({ objective: file.objective, status: "optimal", moved: 0, ids: file.levels.map((l) => l.id) });
    const table = () => page.locator(".overview-tail table.deviation").innerText();
    const before = { table: await table(), status: await page.locator("#editor-status").innerText(), plot: await page.locator("figure.chapter-plot[data-chapter='3']").innerHTML() };
    // Drag the third ramp point (level 40) up by 80 pixels and right by 30, in steps, as a designer does.
    const handle = page.locator("figure.overview-plot circle.handle[data-index='2']");
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2 - 80, { steps: 12 });
    await page.mouse.up();
    await page.waitForFunction(() => (window as unknown as { levelramp: { result: () => EditorResult } }).levelramp.result().ms !== null);
    const ramp = rampSchema.parse(await pageRamp(page));
    expect(ramp.points[2][0]).toBeGreaterThan(40);
    expect(ramp.points[2][1]).toBeGreaterThan(12);
    expect(ramp.points.filter((_, i) => i !== 2)).toEqual(file.ramp.points.filter((_, i) => i !== 2));
    const after = await result(page);
    expect(after.status).toBe("optimal");
    expect(after.objective).not.toBe(file.objective);
    expect(after.moved).toBeGreaterThan(0);
    expect(await table()).not.toBe(before.table);
    expect(await page.locator("figure.chapter-plot[data-chapter='3']").innerHTML()).not.toBe(before.plot);
    const status = await page.locator("#editor-status").innerText();
    expect(status).not.toBe(before.status);
    expect(status).toContain(`objective ${after.objective}`);
    expect(status).toContain("proven optimal");
    expect(status).toContain(`${after.moved} of 60 levels moved against generic-levels.json`);
    // The cards follow: each shows the level the answer ships at its number; moved ones say so.
    const moved = after.ids.findIndex((id, i) => id !== file.levels[i].id);
    await page.locator(`button[data-thumbnails="open"]`).click();
    const card = page.locator(`#level-${file.levels[moved].number}`);
    expect(await card.locator("figcaption").innerText()).toContain(after.ids[moved]);
    expect(await card.getAttribute("class")).toContain("moved");
    // The same ramp through the CLI.
    const cli = await cliAnswer(cases.generic, ramp);
    expect(after.objective).toBe(cli.objective);
    expect(after.ids).toEqual(cli.ids);
    await page.locator("figure.overview-plot").scrollIntoViewIfNeeded();
    await page.locator("section.overview").screenshot({ path: join(dir, "ramp-editor.png") });
    // LEVELRAMP_EDITOR_SCREENSHOT=docs/images/ramp-editor.png keeps it (docs/cli.md's picture of the editor is made so).
    if (process.env.LEVELRAMP_EDITOR_SCREENSHOT) copyFileSync(join(dir, "ramp-editor.png"), process.env.LEVELRAMP_EDITOR_SCREENSHOT);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("re-selects from the points table: a value, an added and a removed point, the interpolation, a bad level named, back to the file's ramp", async () => {
    const page = await open("generic");
    const file = readJsonFile(levelsSchema, cases.generic.levels);
    const row = (i: number) => page.locator(`table.ramp-points tbody tr[data-index="${i}"]`);
    const sameAsCli = async () => {
      const [answer, ramp] = [await result(page), rampSchema.parse(await pageRamp(page))];
      const cli = await cliAnswer(cases.generic, ramp);
      expect(answer.objective).toBe(cli.objective);
      expect(answer.ids).toEqual(cli.ids);
      return { answer, ramp };
    };
    await row(1).locator("input.point-value").fill("7.5");
    await row(1).locator("input.point-value").press("Tab");
    expect((await sameAsCli()).ramp.points[1]).toEqual([20, 7.5]);
    await page.locator(`button[data-editor="add"]`).click();
    expect((await sameAsCli()).ramp.points).toHaveLength(file.ramp.points.length + 1);
    await row(file.ramp.points.length).locator("button.point-remove").click();
    expect((await sameAsCli()).ramp.points).toHaveLength(file.ramp.points.length);
    await page.locator("#editor-interpolation").selectOption("linear");
    expect((await sameAsCli()).ramp.interpolation).toBe("linear");
    // A level below its neighbour's is named and waits; the answer stays.
    const before = await result(page);
    await row(2).locator("input.point-level").fill("5");
    await row(2).locator("input.point-level").press("Tab");
    expect(await page.locator("#editor-message").innerText()).toBe("point 3: expected a level number above 20 (point 2's; points in increasing level order)");
    expect(await result(page)).toEqual(before);
    await page.locator(`button[data-editor="reset"]`).click();
    expect(await pageRamp(page)).toEqual(file.ramp);
    expect(await result(page)).toMatchObject({ objective: file.objective, moved: 0, status: "optimal" });
    expect(await page.locator("#editor-message").isHidden()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("answers setRamp(points) exactly as select --ramp does: the generic fixture, a CSV pool, a small Carillon build and a small Apsis build", async () => {
    for (const name of ["generic", "csv", "carillon", "apsis"]) {
      const page = await open(name);
      const file = readJsonFile(name === "carillon" ? levelsSchemaOf(carillonBodies) : name === "apsis" ? levelsSchemaOf(apsisBodies) : levelsSchema, cases[name].levels);
      for (const [points, interpolation] of [
        [scaled(file, 1.25), "linear"],
        [scaled(file, 0.8), "monotone-cubic"],
        [file.ramp.points, file.ramp.interpolation],
      ] as const) {
        const answer = await setRamp(page, points.map(([x, y]) => [x, y]), interpolation);
        const cli = await cliAnswer(cases[name], rampSchema.parse(await pageRamp(page)));
        expect(answer.status, name).toBe("optimal");
        expect(answer.optimal).toBe(true);
        expect(answer.objective, name).toBe(cli.objective);
        expect(answer.ids, name).toEqual(cli.ids);
        expect(answer.ms).toBeLessThan(5_000);
        const shown = await page.evaluate(() => (window as unknown as { levelramp: { levelsFile: () => unknown } }).levelramp.levelsFile());
        expect(JSON.stringify(shown, null, 2) + "\n").toBe(cli.text);
      }
      if (name === "generic") {
        // Shown in pass rates through the report's calibration (SPEC 11): switching only shows (same answer, same command);
        // an edit then makes the ramp a player ramp, and the page answers as select --calibration does.
        const before = await result(page);
        const shown = await page.evaluate(() => (window as unknown as { levelramp: { setUnits: (u: string) => Promise<EditorResult> } }).levelramp.setUnits("passRate"));
        expect(shown.ids).toEqual(before.ids);
        expect(await page.locator("table.ramp-points th.point-unit").textContent()).toBe("pass rate");
        expect(await page.locator("#editor-command").textContent()).not.toContain("--calibration");
        const answer = await setRamp(page, [[1, 0.9], [30, 0.6], [60, 0.3]], "linear");
        expect(await page.locator("#editor-command").textContent()).toContain(`--ramp ramp.json --calibration ${calFile} --out levels.json`);
        const passRamp = rampSchema.parse(await pageRamp(page));
        expect(passRamp.metric).toBe("passRate");
        const cli = await cliAnswer({ ...cases.generic, select: [...cases.generic.select, "--calibration", calFile] }, passRamp);
        expect([answer.objective, answer.ids]).toEqual([cli.objective, cli.ids]);
      }
      // A game page draws the levels the answer brings in (pictures from the report), a generic one shows numbers only.
      const pictures = await page.locator("figure.level .picture img").count();
      expect(pictures, name).toBe(name === "carillon" || name === "apsis" ? file.levels.length : 0);
      // every picture shown is a decoded image (the answer's new levels from the report's data URIs, SPEC 10)
      const broken = await page.locator("figure.level .picture img").evaluateAll((els: HTMLImageElement[]) => els.filter((el) => !(el.complete && el.naturalWidth > 0)).length);
      expect(broken, name).toBe(0);
      expect(problems).toEqual([]);
      await page.close();
    }
  }, 120_000);

  it("downloads ramp.json, model.json and levels.json in the CLI's formats: select with them writes the same levels file, and it verifies", async () => {
    const page = await open("carillon");
    const file = readJsonFile(levelsSchemaOf(carillonBodies), cases.carillon.levels);
    expect(await page.locator(`button[data-editor="download-levels"]`).isDisabled()).toBe(true);
    await setRamp(page, scaled(file, 1.1), "linear");
    const saved: Record<string, string> = {};
    for (const what of ["ramp", "model", "levels"]) {
      const [download] = await Promise.all([page.waitForEvent("download"), page.locator(`button[data-editor="download-${what}"]`).click()]);
      expect(download.suggestedFilename()).toBe(`${what}.json`);
      saved[what] = join(dir, `downloaded-${what}.json`);
      await download.saveAs(saved[what]);
    }
    const ramp = readJsonFile(rampSchema, saved.ramp);
    expect(ramp).toEqual(await pageRamp(page));
    expect(readJsonFile(modelSchema, saved.model)).toEqual(file.model);
    const levels = readJsonFile(levelsSchemaOf(carillonBodies), saved.levels);
    expect(levels.levels.map((l) => l.id)).toEqual((await result(page)).ids);
    const out = join(dir, "select-with-downloads.json");
    const plan = cases.carillon.select[cases.carillon.select.indexOf("--plan") + 1];
    await ok(["select", "--pools", join(dir, "carillon", "pools.json"), "--plan", plan, "--model", saved.model, "--ramp", saved.ramp, "--out", out]);
    expect(readFileSync(saved.levels, "utf8")).toBe(readFileSync(out, "utf8"));
    expect(JSON.parse(await ok(["verify", saved.levels, "--json"]))).toMatchObject({ ok: true, failures: [] });
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("says in the page when the model is infeasible (the diagnosis) or not one the dp takes (the command to run)", async () => {
    const page = await open("infeasible");
    const file = readJsonFile(levelsSchema, cases.infeasible.levels);
    const answer = await setRamp(page, file.ramp.points.map(([x, y]) => [x, y]), file.ramp.interpolation);
    expect(answer).toMatchObject({ status: "infeasible", optimal: false, objective: null, ids: [], moved: null });
    const message = page.locator("#editor-message");
    expect(await message.isVisible()).toBe(true);
    expect(await message.innerText()).toBe("infeasible: no candidate is eligible for level 30 (chapter 2, part 2): bounds(difficulty ≤ 0.5, levels 30..) removed the last of them");
    expect(await page.locator("#editor-status").innerText()).toContain("No level order fits: the model is infeasible");
    expect(await page.locator(`button[data-editor="download-levels"]`).isDisabled()).toBe(true);
    await expect(setRamp(page, [[5, 1], [5, 2]], "linear")).rejects.toThrow(/point 2: expected a level number above 5/);
    // what the CLI refuses as bad input the page refuses in words: no TypeError, no "infeasible"
    await expect(setRamp(page, "x" as unknown as Array<[number, number]>, "linear")).rejects.toThrow(/levelramp\.setRamp: expected the points as an array of \[level, value\] pairs; got "x"/);
    await expect(setRamp(page, [[1, 1e12]], "linear")).rejects.toThrow(/point 1: expected a finite number within ±1e9 for the value/);
    await page.close();
    const other = await open("unchained");
    const unknown = await setRamp(other, [[1, 1], [60, 20]], "linear");
    expect(unknown.status).toBe("unknown");
    expect(await other.locator("#editor-message").innerText()).toContain("dp needs a nonDecreasing key");
    expect(await other.locator("#editor-message").innerText()).toContain("levelramp select --pools");
    expect(problems).toEqual([]);
    await other.close();
  }, 60_000);
});
