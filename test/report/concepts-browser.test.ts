import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LevelsFile } from "../../src/io/schemas/levels.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { modelSchema } from "../../src/io/schemas/model.ts";
import { rampSchema } from "../../src/io/schemas/ramp.ts";
import { readLevelsInput } from "../../src/pipeline/inputs/read-levels-input.ts";
import { conceptTimeline } from "../../src/report/concept-timeline.ts";
import { findBreaks } from "../../src/select/rules/find-breaks.ts";
import type { EditorResult } from "../../src/report/editor/start-editor.ts";
import { runCli } from "../helpers/run-cli.ts";
import { decodePng } from "./html-png.ts";
import { chromiumMissing, offlineChromium, openPage } from "./offline-chromium.ts";

// The concept timeline (SPEC 12) in Debian's Chromium, driven by playwright-core as the other
// browser tests do: laid out on the static report of a shipped order with concepts (KGoldrunner,
// fixtures/orders), its marks linking to the cards; and in the ramp editor over the same order,
// redrawn from the page's own answer after a re-selection, as select writes it.

const missing = chromiumMissing("the concept timeline browser test");
const KG = "fixtures/orders/kgoldrunner-order.csv";
const KG_RAMP = "fixtures/orders/kgoldrunner-ramp.json";
const KG_MODEL = "fixtures/orders/kgoldrunner-model.json";
const KG_CONCEPTS = "fixtures/orders/kgoldrunner-concepts-model.json";

let dir = "";
let context: BrowserContext;
const problems: string[] = [];

async function ok(argv: string[]): Promise<void> {
  const r = await runCli(argv);
  if (r.code !== 0) throw new Error(`test: levelramp ${argv.join(" ")} failed (${r.code}): ${r.stderr}`);
}

/** The timeline as the page shows it: per row its concept, every mark's level and which are introductions. */
const shownRows = (page: Page) =>
  page.locator("svg.concept-timeline g.concept-row").evaluateAll((rows) =>
    rows.map((row) => ({
      concept: row.getAttribute("data-concept"),
      levels: [...row.querySelectorAll("a")].map((a) => Number(a.getAttribute("href")!.slice("#level-".length))),
      intro: [...row.querySelectorAll("rect.intro")].map((r) => Number(r.parentElement!.getAttribute("href")!.slice("#level-".length))),
    })),
  );

/** What the timeline must show for a levels file's levels. */
function expectedRows(levels: LevelsFile["levels"]) {
  return conceptTimeline(levels)!.concepts.map((c) => ({ concept: c.concept, levels: c.levels, intro: [c.introduced] }));
}

describe.skipIf(missing !== null)("the concept timeline in headless Chromium", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "levelramp-concepts-browser-"));
    await ok(["report", KG, "--ramp", KG_RAMP, "--model", KG_MODEL, "--format", "html", "--out", join(dir, "order.html")]);
    await ok(["report", KG, "--ramp", KG_RAMP, "--model", KG_MODEL, "--pools", KG, "--format", "html", "--out", join(dir, "editor.html")]);
    // the editor over the order under the designer's concept model, and under one only the MILP takes
    await ok(["report", KG, "--ramp", KG_RAMP, "--model", KG_CONCEPTS, "--pools", KG, "--format", "html", "--out", join(dir, "concepts-editor.html")]);
    const milpOnly = JSON.parse(readFileSync(KG_CONCEPTS, "utf8"));
    // without its nonDecreasing: no run for the dp to keep (one that restarts at introductions the dp takes, SPEC 12)
    milpOnly.constraints = milpOnly.constraints.filter((c: { type: string }) => c.type !== "nonDecreasing");
    writeFileSync(join(dir, "milp-model.json"), JSON.stringify(milpOnly));
    await ok(["report", KG, "--ramp", KG_RAMP, "--model", join(dir, "milp-model.json"), "--pools", KG, "--format", "html", "--out", join(dir, "milp-editor.html")]);
    context = await offlineChromium(problems);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it("lays the timeline out under the whole-game plot: a row per concept, its marks, a click goes to the level's card", async () => {
    const page = await openPage(context, join(dir, "order.html"), "order.html", problems);
    const box = (await page.locator("svg.concept-timeline").boundingBox())!;
    expect(box.width).toBeGreaterThan(600);
    expect(box.height).toBeGreaterThan(4 * 16);
    const rows = await shownRows(page);
    expect(rows.map((r) => r.concept)).toEqual(["bars", "concrete", "enemies", "traps"]);
    expect(rows.map((r) => r.intro)).toEqual([[2], [2], [4], [6]]);
    // a mark for exactly the levels whose concepts column names the concept, read from the order itself
    const carrying = (concept: string) =>
      readFileSync(KG, "utf8").trim().split("\n").slice(1).map((line) => line.split(",")).filter((f) => (f[7] ?? "").split(";").includes(concept)).map((f) => Number(f[3]));
    for (const r of rows) expect(r.levels, r.concept!).toEqual(carrying(r.concept!));
    // only the introduction is highlighted: the other marks share one colour, not the introduction's
    const fills = await page.locator("svg.concept-timeline g.concept-row a rect").evaluateAll((rs) => rs.map((r) => [r.getAttribute("class"), getComputedStyle(r).fill]));
    expect(new Set(fills.filter(([c]) => c === "intro").map(([, f]) => f)).size).toBe(1);
    expect(new Set(fills.filter(([c]) => c === "mark").map(([, f]) => f)).size).toBe(1);
    expect(fills.find(([c]) => c === "mark")![1]).not.toBe(fills.find(([c]) => c === "intro")![1]);
    expect(fills.filter(([c]) => c === "intro")).toHaveLength(4);
    // each mark is drawn inside its row, left of the next level's (level order along x)
    const xs = await page.locator('svg.concept-timeline g.concept-row[data-concept="enemies"] rect:not([width="900"])').evaluateAll((rs) => rs.map((r) => (r as SVGGraphicsElement).getBoundingClientRect().x));
    expect(xs).toHaveLength(26);
    expect(xs.every((x, i) => i === 0 || x > xs[i - 1]!)).toBe(true);
    // the traps introduction (level 6, red) links to its card
    const intro = page.locator('svg.concept-timeline g.concept-row[data-concept="traps"] rect.intro');
    expect(await intro.evaluate((r) => r.getAttribute("fill"))).toBe("#c0392b");
    await intro.click();
    expect(await page.evaluate(() => location.hash)).toBe("#level-6");
    expect(await page.locator("#level-6").isVisible()).toBe(true);
    expect(await page.locator("#level-6 .concepts").innerText()).toBe("concrete enemies traps");
    await page.locator("figure.concept-plot").screenshot({ path: join(dir, "concept-timeline.png") });
    expect(decodePng(readFileSync(join(dir, "concept-timeline.png"))).width).toBeGreaterThan(600);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("the ramp editor redraws the timeline from its own answer after a re-selection, as select writes it", async () => {
    const page = await openPage(context, join(dir, "editor.html"), "editor.html", problems);
    await page.waitForFunction(() => (window as unknown as { levelramp?: unknown }).levelramp !== undefined);
    const levelsFile = () => page.evaluate(() => (window as unknown as { levelramp: { levelsFile: () => LevelsFile | null } }).levelramp.levelsFile());
    // before any edit the page shows the order as it ships
    const before = (await readLevelsInput(KG, { ramp: readJsonFile(rampSchema, KG_RAMP), model: readJsonFile(modelSchema, KG_MODEL) })).levels;
    expect(await levelsFile()).toBeNull();
    expect(await shownRows(page)).toEqual(expectedRows(before.levels));
    // a falling ramp in enemies: the levels move inside their chapters
    const answer = await page.evaluate(() =>
      (window as unknown as { levelramp: { setRamp: (p: unknown, i: unknown) => Promise<EditorResult> } }).levelramp.setRamp([[1, 3], [7, 0], [8, 4], [12, 1], [13, 5], [30, 2]], "linear"),
    );
    expect(answer.moved).toBeGreaterThan(5);
    const after = (await levelsFile())!;
    expect(after.levels.filter((l) => l.concepts).length).toBe(before.levels.filter((l) => l.concepts).length);
    const rows = await shownRows(page);
    expect(rows).toEqual(expectedRows(after.levels));
    expect(rows).not.toEqual(expectedRows(before.levels));
    // the page's levels file carries each level's concepts as the order gives them
    const order = new Map(readFileSync(KG, "utf8").trim().split("\n").slice(1).map((line) => [line.split(",")[0], line.split(",")[7] ?? ""]));
    for (const l of after.levels) expect((l.concepts ?? []).join(";"), l.id).toBe(order.get(l.id));
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("keeps the concept rules when it re-selects: the page's answer breaks none and is select's, byte for byte", async () => {
    const page = await openPage(context, join(dir, "concepts-editor.html"), "concepts-editor.html", problems);
    await page.waitForFunction(() => (window as unknown as { levelramp?: unknown }).levelramp !== undefined);
    const points: Array<[number, number]> = [[1, 0], [7, 3], [8, 1], [12, 4], [13, 2], [30, 5]];
    const answer = await page.evaluate((p) => (window as unknown as { levelramp: { setRamp: (p: unknown, i: unknown) => Promise<EditorResult> } }).levelramp.setRamp(p, "linear"), points);
    expect(answer).toMatchObject({ status: "optimal", optimal: true, message: null });
    const file = (await page.evaluate(() => (window as unknown as { levelramp: { levelsFile: () => LevelsFile | null } }).levelramp.levelsFile()))!;
    expect(findBreaks(file.levels, file.model.constraints)).toEqual([]);
    expect(file.model.constraints.filter((c) => c.type === "introduce" || c.type === "practice")).toHaveLength(2);
    // the page's timeline is its answer's, and select with the page's ramp writes the same file
    expect(await shownRows(page)).toEqual(expectedRows(file.levels));
    const ramp = join(dir, "page-ramp.json");
    writeFileSync(ramp, JSON.stringify({ format: "levelramp/ramp@1", metric: "enemies", points, interpolation: "linear" }));
    const out = join(dir, "cli-levels.json");
    await ok(["select", "--pools", KG, "--model", KG_CONCEPTS, "--ramp", ramp, "--out", out]);
    expect(JSON.stringify(file, null, 2) + "\n").toBe(readFileSync(out, "utf8"));
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("says plainly when a concept model needs the command line (a chain with no nonDecreasing key: the MILP's)", async () => {
    const page = await openPage(context, join(dir, "milp-editor.html"), "milp-editor.html", problems);
    await page.waitForFunction(() => (window as unknown as { levelramp?: unknown }).levelramp !== undefined);
    const answer = await page.evaluate(() => (window as unknown as { levelramp: { setRamp: (p: unknown, i: unknown) => Promise<EditorResult> } }).levelramp.setRamp([[1, 0], [30, 5]], "linear"));
    expect(answer.status).toBe("unknown");
    const message = await page.locator("#editor-message").innerText();
    expect(message).toMatch(/^this model needs the command line: the page runs only the exact dp, and dp needs a nonDecreasing key/);
    expect(message).toContain("levelramp select --pools fixtures/orders/kgoldrunner-order.csv --model model.json --ramp ramp.json --out levels.json");
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
