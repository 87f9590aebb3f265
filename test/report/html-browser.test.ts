import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { openGame } from "../../src/game/registry/open-game.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { levelsSchema, type LevelsFile } from "../../src/io/schemas/levels.ts";
import { apsisBackend } from "../../src/apsis/apsis-backend.ts";
import { REPORT_DATA_ID } from "../../src/report/html/index.ts";
import { renderHtmlReport } from "../../src/report/render-html-report.ts";
import { composeGameLevels, defaultRamp, genericLevelsFile, scaledRamp } from "./html-levels.ts";
import { decodePng } from "./html-png.ts";
import { chromiumMissing, offlineChromium, openPage } from "./offline-chromium.ts";

const missing = chromiumMissing("the HTML report browser test");

let dir: string;
let context: BrowserContext;
/** What went wrong in any page: console errors, page errors, requests that left the file. */
const problems: string[] = [];
let apsis: LevelsFile;
let generic: LevelsFile;

const open = (file: string): Promise<Page> => openPage(context, join(dir, file), file, problems);

describe.skipIf(missing !== null)("HTML report in headless Chromium", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "levelramp-html-browser-"));
    apsis = composeGameLevels("apsis", [
      { chapter: 1, part: 1, count: 3 },
      { chapter: 5, part: 1, count: 2 },
    ]);
    generic = readJsonFile(levelsSchema, await genericLevelsFile(dir));
    const ramp = defaultRamp("generic");
    writeFileSync(join(dir, "apsis.html"), await renderHtmlReport({ file: apsis, game: await openGame("apsis"), fileName: "apsis-levels.json" }));
    writeFileSync(
      join(dir, "generic.html"),
      await renderHtmlReport({ file: generic, ramps: [{ name: "ramp.json", ramp }, { name: "steeper.json", ramp: scaledRamp(ramp, 1.2) }], openThumbnailsUpTo: 0 }),
    );
    // Anything that is not the report file itself is a failure (the page must load nothing).
    context = await offlineChromium(problems);
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it("shows a game report: every chapter's plot and every level's picture, no console error, a screenshot", async () => {
    const page = await open("apsis.html");
    const chapters = [...new Set(apsis.levels.map((l) => l.chapter))];
    expect(await page.locator("section.chapter").count()).toBe(chapters.length);
    const overview = await page.locator("figure.overview-plot svg").boundingBox();
    expect(overview!.width).toBeGreaterThan(600);
    for (const ch of chapters) {
      const section = page.locator(`section.chapter[data-chapter="${ch}"]`);
      const levels = apsis.levels.filter((l) => l.chapter === ch);
      const plot = await section.locator("figure.chapter-plot svg").boundingBox();
      expect(plot!.width).toBeGreaterThan(300);
      expect(plot!.height).toBeGreaterThan(150);
      // One point per level, each with its hover title.
      expect(await section.locator(`figure.chapter-plot path[role="graphics-symbol"]`).count()).toBe(levels.length);
      expect(await section.locator(`figure.chapter-plot path[role="graphics-symbol"] > title`).count()).toBe(levels.length);
      expect(await section.locator("figure.level").count()).toBe(levels.length);
      for (const l of levels) {
        // an image of the game's SVG (SPEC 10), decoded at the SVG's own size
        expect(await section.locator(`#level-${l.number} .picture img`).evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight])).toEqual([true, 640, 640]);
        const picture = await section.locator(`#level-${l.number} .picture img`).boundingBox();
        expect(picture!.width).toBeGreaterThan(100);
        expect(picture!.height).toBeGreaterThan(100);
        expect(await section.locator(`#level-${l.number} figcaption`).innerText()).toContain(l.id);
      }
    }
    const data = await page.evaluate((id) => JSON.parse(document.getElementById(id)!.textContent!), REPORT_DATA_ID);
    expect(data.levels).toHaveLength(apsis.levels.length);
    const shot = join(dir, "apsis-report.png");
    await page.screenshot({ path: shot, fullPage: true });
    const png = decodePng(readFileSync(shot));
    expect(png.width).toBe(1280);
    expect(png.height).toBeGreaterThan(900);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it("shows several ramps side by side, folds a big file's thumbnails and opens them from a plot point", async () => {
    const page = await open("generic.html");
    expect(await page.locator("section.chapter").count()).toBe(3);
    expect(await page.locator("section.chapter table.deviation[data-ramps='2']").count()).toBe(3);
    expect(await page.locator("section.chapter figure.chapter-plot svg").count()).toBe(3);
    // Folded: the cards exist but are not laid out.
    expect(await page.locator("figure.level").count()).toBe(60);
    expect(await page.locator("details.thumbnails[open]").count()).toBe(0);
    expect(await page.locator("#level-30").isVisible()).toBe(false);
    // Clicking level 30's point on the whole-game plot lands on its card, unfolded.
    await page.locator(`figure.overview-plot a[*|href="#level-30"]`).click();
    await page.waitForFunction(() => location.hash === "#level-30");
    await expect.poll(() => page.locator("#level-30").isVisible()).toBe(true);
    expect(await page.locator(`details.thumbnails[data-chapter="2"]`).getAttribute("open")).toBe("");
    await page.locator(`button[data-thumbnails="open"]`).click();
    expect(await page.locator("details.thumbnails[open]").count()).toBe(3);
    const shot = join(dir, "generic-report.png");
    await page.screenshot({ path: shot, fullPage: true });
    expect(statSync(shot).size).toBeGreaterThan(50_000);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
