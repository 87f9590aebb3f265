import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { openGame } from "../../src/game/registry/open-game.ts";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { apsisBackend } from "../../src/apsis/apsis-backend.ts";
import { main } from "../../src/cli/main.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { levelsSchema, type LevelsFile } from "../../src/io/schemas/levels.ts";
import { deviationReport } from "../../src/report/deviation-report.ts";
import { htmlReportData, REPORT_DATA_ID } from "../../src/report/html/index.ts";
import { renderHtmlReport } from "../../src/report/render-html-report.ts";
import { RAMP_COLOURS } from "../../src/report/html/plot-rows.ts";
import { composeGameLevels, defaultRamp, genericLevelsFile, quietIo, scaledRamp } from "./html-levels.ts";
import { svgDataUri } from "../../src/report/html/safe/picture-image.ts";

/** The page's chapter sections by chapter number. */
function sections(html: string): Map<number, string> {
  const out = new Map<number, string>();
  const parts = html.split(/(?=<section class="chapter")/).slice(1);
  for (const p of parts) {
    const m = /^<section class="chapter" id="chapter-(\d+)" data-chapter="(\d+)">/.exec(p);
    expect(m).not.toBeNull();
    expect(m![1]).toBe(m![2]);
    out.set(Number(m![1]), p.slice(0, p.indexOf("</section>") + "</section>".length));
  }
  return out;
}

/** The JSON data block, parsed. */
function dataBlock(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${REPORT_DATA_ID}">([^<]*)</script>`).exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]);
}

const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

let dir: string;
let genericPath: string;
let generic: LevelsFile;
let apsis: LevelsFile;
/** Pages rendered once and shared by the tests that only read them. */
let genericHtml: string;
let apsisHtml: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "levelramp-html-report-"));
  genericPath = await genericLevelsFile(dir);
  generic = readJsonFile(levelsSchema, genericPath);
  apsis = composeGameLevels("apsis", [
    { chapter: 1, part: 1, count: 2 },
    { chapter: 5, part: 1, count: 2 },
    { chapter: 6, part: 1, count: 2 },
  ]);
  genericHtml = await renderHtmlReport({ file: generic, fileName: "generic-levels.json" });
  apsisHtml = await renderHtmlReport({ file: apsis, game: await openGame("apsis") });
}, 60_000);

describe("HTML report: structure", () => {
  it("has one section per chapter, each with its plot, its deviation row and a card per level", async () => {
    const html = genericHtml;
    expect(html.startsWith("<!doctype html>")).toBe(true);
    const chapters = sections(html);
    expect([...chapters.keys()]).toEqual([1, 2, 3]);
    for (const [ch, s] of chapters) {
      const levels = generic.levels.filter((l) => l.chapter === ch);
      expect(count(s, /<figure class="plot chapter-plot" data-chapter="\d+"><svg /g)).toBe(1);
      expect(count(s, /<table class="deviation" data-ramps="1">/g)).toBe(1);
      expect(count(s, /<tr class="chapter-row"><th scope="row">/g)).toBe(1);
      expect(s).toContain(`<tr class="chapter-row"><th scope="row">${ch}</th><td>${levels.length}</td>`);
      const cards = [...s.matchAll(/<figure class="level" id="level-(\d+)" data-level="\d+"/g)].map((m) => Number(m[1]));
      expect(cards).toEqual(levels.map((l) => l.number));
      // Generic levels have no picture, but every card names number, id, metrics and target.
      for (const l of levels) {
        expect(s).toContain(`<b>#${l.number}</b> <code>${l.id}</code>`);
        expect(s).toMatch(new RegExp(`id="level-${l.number}"[^]*?difficulty <b>${l.metrics.difficulty}</b>[^]*?target <b>`));
      }
    }
    // The whole-game section: overview plot and the table of every chapter plus "all".
    const overview = html.slice(html.indexOf(`<section class="overview"`), html.indexOf(`<section class="chapter"`));
    expect(count(overview, /<figure class="plot overview-plot"><svg /g)).toBe(1);
    expect(count(overview, /<tr class="chapter-row">/g)).toBe(3);
    expect(count(overview, /<tr class="all-row">/g)).toBe(1);
    // 60 levels: thumbnails unfolded by default.
    expect(count(html, /<details class="thumbnails" data-chapter="\d+" open>/g)).toBe(3);
  });

  it("shows the numbers of the text report in its tables", () => {
    const html = genericHtml;
    const r = deviationReport(generic);
    for (const c of r.chapters) {
      expect(html).toContain(`<td>${c.rms.toFixed(3)}</td><td>${c.maxAbs.toFixed(3)} @${c.maxAt}</td>`);
    }
    expect(html).toContain(`<tr class="all-row"><th scope="row">all</th><td>60</td><td class="band-`);
  });

  it("embeds its data as JSON that parses back to the report data; ramps and breaks equal `report --format json`", async () => {
    const data = dataBlock(genericHtml) as ReturnType<typeof htmlReportData>;
    expect(data).toEqual(JSON.parse(JSON.stringify(htmlReportData({ file: generic, fileName: "generic-levels.json" }))));
    expect(data.levels).toHaveLength(60);
    expect(data.chapters.map((c) => [c.chapter, c.first, c.last, c.levels])).toEqual([
      [1, 1, 20, 20],
      [2, 21, 40, 20],
      [3, 41, 60, 20],
    ]);
    const stdout: string[] = [];
    expect(await main(["report", genericPath, "--format", "json"], quietIo([], stdout))).toBe(0);
    const json = JSON.parse(stdout.join(""));
    expect(data.file).toBe(json.file);
    expect(data.game).toBe(json.game);
    expect(data.ramps).toEqual(json.ramps);
    expect(data.breaks).toEqual(json.breaks);
  });

  it("lays several ramps side by side: one table column group and one line per ramp, overlaid on each chapter's plot", async () => {
    const ramp = defaultRamp("generic");
    const steeper = scaledRamp(ramp, 1.25);
    const ramps = [
      { name: "ramp.json", ramp },
      { name: "steeper.json", ramp: steeper },
    ];
    const html = await renderHtmlReport({ file: generic, ramps });
    const data = dataBlock(html) as ReturnType<typeof htmlReportData>;
    expect(data.ramps.map((r) => r.name)).toEqual(["ramp.json", "steeper.json"]);
    expect(data.ramps[1]).toEqual(JSON.parse(JSON.stringify(deviationReport(generic, steeper, "steeper.json"))));
    for (const [, s] of sections(html)) {
      const table = s.slice(s.indexOf(`<table class="deviation"`), s.indexOf(`</table>`));
      expect(table).toContain(`data-ramps="2"`);
      expect(count(table, /<th colspan="5" class="ramp" scope="colgroup">/g)).toBe(2);
      expect(table.indexOf("ramp.json")).toBeLessThan(table.indexOf("steeper.json"));
      const row = table.slice(table.indexOf(`<tr class="chapter-row">`));
      expect(count(row, /<t[hd][ >]/g)).toBe(2 + 5 * 2 + 1);
      const plot = s.slice(s.indexOf(`<figure class="plot chapter-plot"`), s.indexOf(`</figure>`));
      // Both ramps drawn as lines (stroke in their colours) with a legend naming them.
      for (const colour of RAMP_COLOURS.slice(0, 2)) expect(plot).toMatch(new RegExp(`<path [^>]*stroke="${colour}" stroke-width="2"`));
      expect(plot).toContain(">ramp.json</text>");
      expect(plot).toContain(">steeper.json</text>");
      expect(s).toContain("ramp.json: target <b>");
      expect(s).toContain("steeper.json: target <b>");
    }
  });

  it("gives ramps that share a name their own column", async () => {
    const ramp = defaultRamp("generic");
    const data = htmlReportData({ file: generic, ramps: [{ name: "r.json", ramp }, { name: "r.json", ramp: scaledRamp(ramp, 2) }] });
    expect(data.ramps.map((r) => r.name)).toEqual(["r.json", "r.json (2)"]);
  });

  it("draws ramps about different metrics with a point series per metric", async () => {
    const size = { format: "levelramp/ramp@1" as const, metric: "size", points: [[1, 3], [60, 12]] as [number, number][], interpolation: "linear" as const };
    const html = await renderHtmlReport({ file: generic, ramps: [{ name: "difficulty.json", ramp: defaultRamp("generic") }, { name: "size.json", ramp: size }] });
    const first = sections(html).get(1)!;
    expect(first).toContain(">difficulty / size</text>");
    expect(first).toMatch(/aria-label="level 1 \(chapter 1\) [^"]* size 3 /);
    expect(first).toMatch(/aria-label="level 1 \(chapter 1\) [^"]* difficulty /);
  });

  it("says so when a ramp's metric is missing from the levels", async () => {
    const ramp = { ...defaultRamp("generic"), metric: "bits" };
    await expect(renderHtmlReport({ file: generic, ramps: [{ name: "bits.json", ramp }] })).rejects.toThrow(/report\/deviation: levels\[0\] has no metric "bits"/);
  });

  it("renders a file with no levels as a page that says so", async () => {
    const empty = { ...generic, levels: [] };
    const html = await renderHtmlReport({ file: empty });
    expect(html).toContain("This levels file ships no levels.");
    expect((dataBlock(html) as { levels: unknown[] }).levels).toEqual([]);
    expect(sections(html).size).toBe(0);
  });
});

describe("HTML report: game levels", () => {
  it("shows each level's picture exactly as the back end draws it (an image of its SVG), with number, id, metrics and target", () => {
    const html = apsisHtml;
    const chapters = sections(html);
    expect([...chapters.keys()]).toEqual([1, 5, 6]);
    for (const l of apsis.levels) {
      const s = chapters.get(l.chapter)!;
      const card = s.slice(s.indexOf(`<figure class="level" id="level-${l.number}"`));
      const svg = apsisBackend.renderSvg(l.level as Parameters<typeof apsisBackend.renderSvg>[0]);
      expect(card.startsWith(`<figure class="level" id="level-${l.number}" data-level="${l.number}" title="level ${l.number} (chapter ${l.chapter}, part ${l.part})`)).toBe(true);
      const img = /<div class="picture"><img src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)" width="(\d+)" height="(\d+)" alt="level \d+" decoding="async"><\/div>/.exec(card.slice(0, card.indexOf("</figure>")));
      expect(img, "the picture is an <img> of a data URI").not.toBeNull();
      expect(Buffer.from(img![1], "base64").toString("utf8")).toBe(svg);
      expect(card).toContain(`<b>#${l.number}</b> <code>${l.id}</code>`);
      expect(card).toContain(`reads <b>${l.metrics.reads}</b>`);
      expect(card).toContain(`target <b>${Number(l.target.toFixed(3))}</b>`);
    }
  });

  it("overlays the stored solution when asked", async () => {
    const plain = apsisHtml;
    const solved = await renderHtmlReport({ file: apsis, game: await openGame("apsis"), solutions: true });
    const l = apsis.levels[0];
    const overlaid = svgDataUri(apsisBackend.renderSvg(l.level as never, { solution: l.solution as never }));
    expect(solved).toContain(overlaid);
    expect(plain).not.toContain(overlaid);
  });

  it("labels rule introductions on the whole-game plot and lists them, from the levels' rules", () => {
    const html = apsisHtml;
    const data = dataBlock(html) as ReturnType<typeof htmlReportData>;
    const firstKey = apsis.levels.find((l) => l.rules?.includes("key"))!;
    const firstNumber = apsis.levels.find((l) => l.rules?.includes("number"))!;
    expect(data.introductions).toEqual([
      { rule: "key", level: firstKey.number, chapter: 5 },
      { rule: "number", level: firstNumber.number, chapter: 6 },
    ]);
    const overview = html.slice(html.indexOf(`<figure class="plot overview-plot">`), html.indexOf(`</figure>`, html.indexOf(`<figure class="plot overview-plot">`)));
    expect(overview).toContain(`>key (${firstKey.number})</text>`);
    expect(overview).toContain(`>number (${firstNumber.number})</text>`);
    // Chapter boundaries marked and labelled.
    for (const ch of [1, 5, 6]) expect(overview).toContain(`>ch ${ch}</text>`);
    expect(html).toContain(`<li><b>key</b> at <a href="#level-${firstKey.number}">level ${firstKey.number}</a> (chapter 5)</li>`);
    expect(sections(html).get(5)).toContain("rules: key</small>");
  });
});

describe("HTML report: a page that stands alone", () => {
  it("loads nothing: no link, src, import or URL other than the SVG namespaces; images only from data: URIs", () => {
    for (const html of [genericHtml, apsisHtml]) {
      expect(html).not.toMatch(/<link\b|<iframe\b|@import|url\((?!#)/i);
      // the level pictures are images of data URIs (SPEC 10), nothing else has a src
      expect(html.match(/\ssrc=/g)?.length ?? 0).toBe(html.match(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+"/g)?.length ?? 0);
      const urls = new Set(html.match(/\b(?:https?|ftp|file):\/\/[^\s"'<>)]*/gi) ?? []);
      expect([...urls].sort()).toEqual(["http://www.w3.org/1999/xlink", "http://www.w3.org/2000/svg"].filter((u) => html.includes(u)));
    }
  });

  it("keeps every id unique across plots and pictures, and is the same page byte for byte for the same input", async () => {
    // apsisHtml was drawn after genericHtml; vega's clip-path counter has moved on since.
    const a = apsisHtml;
    const b = await renderHtmlReport({ file: apsis, game: await openGame("apsis") });
    expect(b).toBe(a);
    const ids = [...a.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // Every url(#id) points at an id of the page.
    for (const m of a.matchAll(/url\(#([^)]+)\)/g)) expect(ids).toContain(m[1]);
  });

  it("shows the numbers on hover: each plot point has a title with level, id, value and target, and links to its card", () => {
    const html = genericHtml;
    const l = generic.levels[6];
    const plot = sections(html).get(1)!;
    const m = new RegExp(`<a xlink:href="#level-${l.number}"><path aria-label="([^"]*)"[^>]*><title>([^<]*)</title></path></a>`).exec(plot);
    expect(m).not.toBeNull();
    expect(m![1]).toBe(m![2]);
    expect(m![2]).toBe(`level ${l.number} (chapter 1) · ${l.id} · difficulty ${Number(l.metrics.difficulty.toFixed(3))} · target ${Number(l.target.toFixed(3))} (embedded), deviation ${l.deviation > 0 ? "+" : ""}${Number(l.deviation.toFixed(3))}`);
  });

  it("keeps a hostile ramp name inside the JSON block", async () => {
    const name = `</script><script>alert("x")</script>`;
    const html = await renderHtmlReport({ file: generic, ramps: [{ name, ramp: defaultRamp("generic") }] });
    expect(count(html, /<script/g)).toBe(2);
    expect((dataBlock(html) as { ramps: { name: string }[] }).ramps[0].name).toBe(name);
  });
});

describe("levelramp report --format html", () => {
  it("writes the page with --out, refuses to overwrite without --force, and takes several --ramp files", async () => {
    const out = join(dir, "report.html");
    const err: string[] = [];
    expect(await main(["report", genericPath, "--format", "html", "--out", out], quietIo(err))).toBe(0);
    const html = readFileSync(out, "utf8");
    expect(sections(html).size).toBe(3);
    expect((dataBlock(html) as { file: string }).file).toBe("generic-levels.json");
    expect(await main(["report", genericPath, "--format", "html", "--out", out], quietIo(err))).toBe(2);
    const rampA = join(dir, "a.json");
    const rampB = join(dir, "b.json");
    writeFileSync(rampA, JSON.stringify(defaultRamp("generic")));
    writeFileSync(rampB, JSON.stringify(scaledRamp(defaultRamp("generic"), 0.8)));
    expect(await main(["report", genericPath, "--ramp", rampA, "--ramp", rampB, "--format", "html", "--out", out, "--force"], quietIo(err))).toBe(0);
    expect((dataBlock(readFileSync(out, "utf8")) as { ramps: { name: string }[] }).ramps.map((r) => r.name)).toEqual(["a.json", "b.json"]);
    const stdout: string[] = [];
    expect(await main(["report", genericPath, "--format", "html"], quietIo(err, stdout))).toBe(0);
    expect(stdout.join("").startsWith("<!doctype html>")).toBe(true);
    expect(existsSync(out)).toBe(true);
  });
});
