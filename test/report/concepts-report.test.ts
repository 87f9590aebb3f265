import { describe, expect, it } from "vitest";
import { conceptTimeline, conceptsText } from "../../src/report/concept-timeline.ts";
import { conceptTimelineSvg } from "../../src/report/html/concept-timeline-html.ts";
import { htmlReportData, REPORT_DATA_ID } from "../../src/report/html/index.ts";
import { renderHtmlReport } from "../../src/report/render-html-report.ts";
import { readLevelsInput } from "../../src/pipeline/inputs/read-levels-input.ts";
import { readJsonFile } from "../../src/io/read-json-file.ts";
import { rampSchema } from "../../src/io/schemas/ramp.ts";
import { runCli } from "../helpers/run-cli.ts";
import { tempDir } from "../helpers/temp-dir.ts";

// SPEC 12 in the report: per chapter each concept's first level and count (text, --json), the
// HTML concept timeline (a row per concept, a mark per level that carries it, the introduction
// highlighted), on KGoldrunner's shipped order (fixtures/orders: its levels' pieces as concepts).
const KG = "fixtures/orders/kgoldrunner-order.csv";
const KG_RAMP = "fixtures/orders/kgoldrunner-ramp.json";

// The order's concepts by level (fixtures/orders/kgoldrunner-order.csv), written out by hand:
// 1 none; 2, 3, 5 bars + concrete; 4 enemies; 6 concrete + enemies + traps; 7 enemies + traps; ...
const BARS = [2, 3, 5, 8, 9, 10, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 25, 26, 27, 28, 29];
const CONCRETE = [2, 3, 5, 6, 9, 11, 15, 17, 19, 20, 22, 25];
const ENEMIES = [4, 6, 7, ...Array.from({ length: 23 }, (_, i) => 8 + i)];
const TRAPS = [6, 7, 11, 12, 14, 15, 20, 23, 30];

describe("the concept timeline (SPEC 12)", () => {
  it("per concept its introduction and every level carrying it; per chapter first level and count, introductions marked", () => {
    const t = conceptTimeline([
      { number: 3, chapter: 1, concepts: ["jump", "walk"] },
      { number: 1, chapter: 1, concepts: ["walk"] },
      { number: 2, chapter: 1 },
      { number: 4, chapter: 2, concepts: ["walk", "swim"] },
      { number: 5, chapter: 2, concepts: ["jump"] },
    ])!;
    expect(t.concepts).toEqual([
      { concept: "walk", introduced: 1, chapter: 1, levels: [1, 3, 4] },
      { concept: "jump", introduced: 3, chapter: 1, levels: [3, 5] },
      { concept: "swim", introduced: 4, chapter: 2, levels: [4] },
    ]);
    expect(t.chapters).toEqual([
      { chapter: 1, first: 1, last: 3, concepts: [{ concept: "walk", first: 1, count: 2, introduced: true }, { concept: "jump", first: 3, count: 1, introduced: true }] },
      { chapter: 2, first: 4, last: 5, concepts: [{ concept: "swim", first: 4, count: 1, introduced: true }, { concept: "walk", first: 4, count: 1 }, { concept: "jump", first: 5, count: 1 }] },
    ]);
    expect(conceptsText(t)).toBe(
      "concepts by chapter (first level ×levels carrying it; * introduced there):\n" +
        "  chapter 1 (levels 1–3): walk 1* ×2, jump 3* ×1\n" +
        "  chapter 2 (levels 4–5): swim 4* ×1, walk 4 ×1, jump 5 ×1\n",
    );
    // no level carries a concept: no timeline
    expect(conceptTimeline([{ number: 1, chapter: 1 }, { number: 2, chapter: 1, concepts: [] }])).toBeUndefined();
  });

  it("report on a shipped order: the text lists each chapter's concepts (hand-counted), --json the same timeline", async () => {
    const text = await runCli(["report", KG, "--ramp", KG_RAMP]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "concepts by chapter (first level ×levels carrying it; * introduced there):\n" +
        "  chapter 1 (levels 1–7): bars 2* ×3, concrete 2* ×4, enemies 4* ×3, traps 6* ×2\n" +
        "  chapter 2 (levels 8–12): bars 8 ×3, enemies 8 ×5, concrete 9 ×2, traps 11 ×2\n" +
        "  chapter 3 (levels 13–30): enemies 13 ×18, bars 14 ×15, traps 14 ×5, concrete 15 ×6\n",
    );
    const json = JSON.parse((await runCli(["report", KG, "--ramp", KG_RAMP, "--format", "json"])).stdout);
    expect(json.concepts.concepts).toEqual([
      { concept: "bars", introduced: 2, chapter: 1, levels: BARS },
      { concept: "concrete", introduced: 2, chapter: 1, levels: CONCRETE },
      { concept: "enemies", introduced: 4, chapter: 1, levels: ENEMIES },
      { concept: "traps", introduced: 6, chapter: 1, levels: TRAPS },
    ]);
    expect(json.concepts.chapters.map((c: { chapter: number; concepts: unknown[] }) => [c.chapter, c.concepts.length])).toEqual([[1, 4], [2, 4], [3, 4]]);
    // a file without concepts prints no concepts section and no `concepts` key
    const plain = await runCli(["report", "fixtures/orders/atomix-order.json", "--ramp", "fixtures/orders/atomix-ramp.json", "--format", "json"]);
    expect(JSON.parse(plain.stdout)).not.toHaveProperty("concepts");
  });

  it("verify --model names every concept break of the shipped order (level, id, the concepts, the rule), exit 1; the report lists them too", async () => {
    // The designer's model (fixtures/orders/kgoldrunner-concepts-model.json): bars, concrete, enemies, then
    // traps, and two levels of practice between introductions. The tutorial brings bars (with concrete)
    // at level 2, enemies at 4 and traps at 6: one level of practice each time.
    const model = "fixtures/orders/kgoldrunner-concepts-model.json";
    const r = await runCli(["verify", KG, "--model", model]);
    expect(r.code).toBe(1);
    const lines = r.stdout.split("\n");
    expect(lines).toContain("  level 4 (tute-04): introduces enemies 2 levels after bars, concrete — practice 2");
    expect(lines).toContain("  level 6 (tute-06): introduces traps 2 levels after enemies — practice 2");
    expect(lines.filter((l) => / — (practice|introduce|maxNew|introduceAt|quota)/.test(l))).toHaveLength(2);
    const json = JSON.parse((await runCli(["verify", KG, "--model", model, "--json"])).stdout);
    expect(json.failures.filter((f: { reason: string }) => f.reason === "practice 2").map((f: { level: number }) => f.level)).toEqual([4, 6]);
    const report = await runCli(["report", KG, "--ramp", KG_RAMP, "--model", model]);
    expect(report.stdout).toContain("  level 6: introduces traps 2 levels after enemies — practice 2");
    // the shipped order keeps the introduce order (bars 2, enemies 4, traps 6): no break of it
    expect(r.stdout).not.toContain("— introduce ");
  });

  it("verify --model names every break of every concept rule, one a line: level, id, what broke, the rule; --json with the concepts", async () => {
    // Eight levels in two chapters, written so each concept rule breaks where a designer would see it:
    //   1 {}   2 {b}   3 {a}   4 {a} (v falls)  | chapter 2:  5 {a, c, k}   6 {a}   7 {a}   8 {a}
    const t = tempDir("levelramp-verify-concepts-");
    const order = t.write("order.csv", "id,chapter,part,level,v,concepts\na1,1,1,1,1,\na2,1,1,2,2,b\na3,1,1,3,1,a\na4,1,1,4,0,a\nb1,2,1,5,3,a;c;k\nb2,2,1,6,3,a\nb3,2,1,7,3,a\nb4,2,1,8,3,a\n");
    const model = t.write("model.json", {
      format: "levelramp/model@1", metric: "v", eligibility: "part",
      constraints: [
        { type: "nonDecreasing", key: "v", scope: "introduction" },
        { type: "maxRun", key: "concepts", length: 2 },
        { type: "introduce", order: ["a", "b", "c"] },
        { type: "introduceAt", concept: "k", from: 6, to: 6 },
        { type: "maxNew", by: 1 },
        { type: "practice", levels: 2 },
        { type: "quota", concept: "a", max: 2, scope: "chapter" },
        { type: "quota", concept: "c", min: 2 },
      ],
      objective: { norm: "L1", evenness: 0 },
    });
    const r = await runCli(["verify", order, "--model", model]);
    expect(r.code).toBe(1);
    // By hand: b before a (2); a one level after b (3); v falls at 4, which introduces nothing (3 introduced a,
    // so its own fall from 2 is no break); at 5 k comes early, c and k together, one level of practice after a;
    // a on a third and fourth level of chapter 2 (7, 8); {a} a third time in a row (8); c on one level only (8).
    expect(r.stdout.split("\n").slice(1, -1)).toEqual([
      "  level 2 (a2): carries b before a is introduced — introduce a, b, c",
      "  level 3 (a3): introduces a 1 level after b — practice 2",
      "  level 4 (a4): v 0 after 1 — nonDecreasing(v)",
      "  level 5 (b1): introduces k at level 5, before level 6 — introduceAt k 6..6",
      "  level 5 (b1): introduces c, k: 2 new concepts (at most 1) — maxNew 1",
      "  level 5 (b1): introduces c, k 2 levels after a — practice 2",
      "  level 7 (b3): a on the 3rd level of chapter 2 (at most 2 in chapter 2) — quota a ≤ 2 per chapter",
      "  level 8 (b4): concepts a for the 3rd level in a row (at most 2 in a row carry one set) — maxRun(concepts)",
      "  level 8 (b4): a on the 4th level of chapter 2 (at most 2 in chapter 2) — quota a ≤ 2 per chapter",
      "  level 8 (b4): c on 1 level (at least 2 in the game) — quota c ≥ 2",
    ]);
    expect(r.stdout).toMatch(/^verify: .*order\.csv: 6 of 8 levels fail .*; 10 breaks of the model's rules, one a line\n/);
    // --json: each break with its level, id, rule and the concepts it is about
    const json = JSON.parse((await runCli(["verify", order, "--model", model, "--json"])).stdout);
    expect(json.failures.map((f: { level: number; id: string; reason: string; concepts?: string[] }) => [f.level, f.id, f.reason, f.concepts ?? null])).toEqual([
      [2, "a2", "introduce a, b, c", ["b", "a"]],
      [3, "a3", "practice 2", ["a", "b"]],
      [4, "a4", "nonDecreasing(v)", null],
      [5, "b1", "introduceAt k 6..6", ["k"]],
      [5, "b1", "maxNew 1", ["c", "k"]],
      [5, "b1", "practice 2", ["c", "k", "a"]],
      [7, "b3", "quota a ≤ 2 per chapter", ["a"]],
      [8, "b4", "maxRun(concepts)", ["a"]],
      [8, "b4", "quota a ≤ 2 per chapter", ["a"]],
      [8, "b4", "quota c ≥ 2", ["c"]],
    ]);
  });

  it("the HTML page draws a row per concept, a mark per level carrying it (linked to its card), the introduction red", async () => {
    const { levels } = await readLevelsInput(KG, { ramp: readJsonFile(rampSchema, KG_RAMP) });
    const html = await renderHtmlReport({ file: levels, fileName: "kgoldrunner-order.csv" });
    const svg = /<svg[^>]*class="concept-timeline"[\s\S]*?<\/svg>/.exec(html)![0];
    const rows = [...svg.matchAll(/<g class="concept-row" data-concept="([^"]+)">([\s\S]*?)<\/g>/g)];
    expect(rows.map((r) => r[1])).toEqual(["bars", "concrete", "enemies", "traps"]);
    for (const [row, levelsOf] of rows.map((r, i) => [r[2], [BARS, CONCRETE, ENEMIES, TRAPS][i]] as const)) {
      const marks = [...row!.matchAll(/<a href="#level-(\d+)"><rect class="(mark|intro)"/g)];
      expect(marks.map((m) => Number(m[1]))).toEqual(levelsOf);
      expect(marks.filter((m) => m[2] === "intro").map((m) => Number(m[1]))).toEqual([levelsOf[0]]);
    }
    expect(svg).toContain("<title>level 6 (chapter 1) · tute-06 · traps — introduced here</title>");
    // every mark's link has its card on the page; the chapter table beside it
    for (const n of new Set([...svg.matchAll(/href="#level-(\d+)"/g)].map((m) => m[1]))) expect(html).toContain(`id="level-${n}"`);
    expect(html).toContain(`<span class="concept intro">traps <a href="#level-6">6</a> ★ ×2</span>`);
    // the cards name their concepts; the data block holds the timeline report --format json prints
    expect(html).toMatch(/<figure class="level" id="level-6"[^>]*>[\s\S]*?<div class="concepts"><span>concrete<\/span> <span>enemies<\/span> <span>traps<\/span><\/div>/);
    const data = JSON.parse(new RegExp(`<script type="application/json" id="${REPORT_DATA_ID}">([^<]*)</script>`).exec(html)![1]);
    const json = JSON.parse((await runCli(["report", KG, "--ramp", KG_RAMP, "--format", "json"])).stdout);
    expect(data.concepts).toEqual(json.concepts);
    // the same page byte for byte
    expect(await renderHtmlReport({ file: levels, fileName: "kgoldrunner-order.csv" })).toBe(html);
  });

  it("keeps hostile concept names as text, and draws no section for levels without concepts", async () => {
    const svg = conceptTimelineSvg(conceptTimeline([{ number: 1, chapter: 1, concepts: ['<script>"x"</script>'] }])!, [{ number: 1, chapter: 1, id: "a&b" }]);
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;script&gt;&quot;x&quot;&lt;/script&gt;");
    expect(svg).toContain("a&amp;b");
    const { levels } = await readLevelsInput("fixtures/orders/atomix-order.json", { ramp: readJsonFile(rampSchema, "fixtures/orders/atomix-ramp.json") });
    expect(htmlReportData({ file: levels })).not.toHaveProperty("concepts");
    expect(await renderHtmlReport({ file: levels })).not.toContain("concept-timeline");
  });
});
