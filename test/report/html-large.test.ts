import { fileURLToPath } from "node:url";
import { carillonBodies } from "../helpers/game-bodies.ts";
import { openGame } from "../../src/game/registry/open-game.ts";
import { beforeAll, describe, expect, it } from "vitest";
import { loadGame } from "../../src/game/registry/load-game.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { roundMetric } from "../../src/io/round-metric.ts";
import { levelsSchemaOf, type LevelsFile } from "../../src/io/schemas/levels.ts";
import { planSchema } from "../../src/io/schemas/plan.ts";
import { carillonBackend } from "../../src/carillon/carillon-backend.ts";
import { renderHtmlReport } from "../../src/report/render-html-report.ts";
import { rampTarget } from "../../src/select/ramp/ramp-target.ts";
import { composeGameLevels } from "./html-levels.ts";

// A game's files (bodies, plans) parse once the registry has loaded the game.
await loadGame("carillon");

/**
 * A full-size Carillon game (the default plan: 20 chapters of 20 levels, rules
 * from the plan) whose level bodies cycle through a few really generated
 * fields — the page's size and shape are what a 400-level build gives.
 */
function fullSizeCarillon(): LevelsFile {
  const grown = composeGameLevels("carillon", [1, 2, 3, 4].map((chapter) => ({ chapter, part: 2, count: 2 })), "html-large");
  const plan = readJsonFile(planSchema, fileURLToPath(new URL("../../models/carillon/plan.json", import.meta.url)));
  const target = rampTarget(grown.ramp);
  const levels: LevelsFile["levels"] = [];
  let number = 1;
  for (const ch of plan.chapters) {
    for (const p of ch.parts) {
      for (let k = 0; k < p.levels; k++, number++) {
        const from = grown.levels[number % grown.levels.length];
        const t = target(number);
        levels.push({
          ...from,
          number,
          chapter: ch.chapter,
          part: p.part,
          id: `carillon-c${ch.chapter}-p${p.part}-${String(number).padStart(10, "0")}`,
          target: t,
          deviation: roundMetric(from.metrics.bits - t),
          ...(ch.rules.length ? { rules: ch.rules } : {}),
        });
      }
    }
  }
  return levelsSchemaOf(carillonBodies).parse({ ...grown, levels });
}

let file: LevelsFile;
let html: string;

beforeAll(async () => {
  file = fullSizeCarillon();
  html = await renderHtmlReport({ file, game: await openGame("carillon") });
}, 60_000);

describe("HTML report of a full-size game (400 levels)", () => {
  it("has 20 chapter sections and 400 level pictures, folded per chapter", () => {
    expect(file.levels).toHaveLength(400);
    expect(html.match(/<section class="chapter" /g)).toHaveLength(20);
    expect(html.match(/<figure class="plot chapter-plot" /g)).toHaveLength(20);
    expect(html.match(/<figure class="level" id="level-\d+"[^>]*><div class="picture"><img src="data:image\/svg\+xml;base64,/g)).toHaveLength(400);
    expect(html.match(/<details class="thumbnails" data-chapter="\d+">/g)).toHaveLength(20);
    expect(html).not.toMatch(/<details class="thumbnails"[^>]* open>/);
  });

  it("labels every rule of the plan on the whole-game plot", () => {
    const overview = html.slice(html.indexOf(`<figure class="plot overview-plot">`), html.indexOf("</figure>", html.indexOf(`<figure class="plot overview-plot">`)));
    for (const [rule, level] of [["bell", 81], ["echo", 101], ["horn", 121], ["duet", 141], ["drifter", 161], ["home", 201], ["round", 301]] as const) {
      expect(overview).toContain(`>${rule} (${level})</text>`);
    }
    for (let ch = 1; ch <= 20; ch++) expect(overview).toContain(`>ch ${ch}</text>`);
  });

  it("stays a few megabytes: pictures dominate, plots and data stay small", () => {
    const bytes = Buffer.byteLength(html);
    const pictures = [...html.matchAll(/<div class="picture">([^]*?)<\/div>/g)].reduce((s, m) => s + Buffer.byteLength(m[1]), 0);
    const plots = [...html.matchAll(/<figure class="plot[^"]*"[^>]*>([^]*?)<\/figure>/g)].reduce((s, m) => s + Buffer.byteLength(m[1]), 0);
    expect(bytes).toBeLessThan(6 * 1024 * 1024);
    expect(pictures / 400).toBeLessThan(12 * 1024);
    expect(plots).toBeLessThan(1024 * 1024);
    expect(bytes - pictures - plots).toBeLessThan(1024 * 1024);
  });
});
