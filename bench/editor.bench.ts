// The ramp editor page (SPEC 8): its size and how long a
// re-selection takes, in Node and in headless Chromium (Debian's
// /usr/bin/chromium through playwright-core), for a pool the size of a whole
// Carillon build (400 levels, 2,385 candidates; test/helpers/full-carillon-pool.ts)
// and for the generic fixture (60 levels, 240 candidates).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { carillonBackend } from "../src/carillon/carillon-backend.ts";
import { readJsonFile } from "../src/io/read-json-file.ts";
import { readPool } from "../src/io/read-pool.ts";
import type { LevelsFile } from "../src/io/schemas/levels.ts";
import { modelSchema } from "../src/io/schemas/model.ts";
import { planSchema, type Plan } from "../src/io/schemas/plan.ts";
import type { Pool } from "../src/io/schemas/pool.ts";
import { rampSchema, type Ramp } from "../src/io/schemas/ramp.ts";
import { editorInputs } from "../src/report/editor/editor-data.ts";
import { selectForRamp } from "../src/report/editor/select-for-ramp.ts";
import type { EditorResult } from "../src/report/editor/start-editor.ts";
import { renderHtmlReport } from "../src/report/render-html-report.ts";
import { buildProblem } from "../src/select/problem/build-problem.ts";
import { toLevelsFile } from "../src/select/problem/levels-file.ts";
import { solveSelection } from "../src/select/solve/solve-selection.ts";
import { fullCarillonPool } from "../test/helpers/full-carillon-pool.ts";
import { composeGameLevels } from "../test/report/html-levels.ts";
import type { BenchCase, BenchSuite } from "./harness.ts";

interface Game {
  label: string;
  file: LevelsFile;
  pool: Pool;
  plan: Plan;
  pictures?: Pick<import("../src/game/game.ts").Game, "picture">;
  /** Three ramps to alternate: the file's, steeper, flatter. */
  ramps: Ramp[];
}

const dir = mkdtempSync(join(tmpdir(), "levelramp-bench-editor-"));
const model = (game: string, name: string) => new URL(`../models/${game}/${name}`, import.meta.url).pathname;
const scaled = (ramp: Ramp, f: number): Ramp => ({ ...ramp, points: ramp.points.map(([x, y]) => [x, Math.round(y * f * 1000) / 1000] as [number, number]) });

let carillon: Game | undefined;
async function carillon400(): Promise<Game> {
  if (carillon) return carillon;
  // Real Carillon fields (12, grown with the default plan's settings) cycled through the pool's bodies.
  const grown = composeGameLevels("carillon", [1, 2, 3, 4].map((chapter) => ({ chapter, part: 2, count: 3 })), "bench-editor");
  const { pool, plan, model, ramp } = fullCarillonPool(grown.levels.map((l) => ({ level: l.level, solution: l.solution })));
  const built = buildProblem({ pool, poolFile: "pools.json", plan, planFile: "plan.json", model, modelFile: "selection.json", ramp, rampFile: "ramp.json" });
  const file = toLevelsFile({ built, selection: await solveSelection(built.problem), pool, model, ramp });
  carillon = { label: `Carillon ${file.levels.length} levels, ${pool.candidates.length} candidates`, file, pool, plan, pictures: { picture: async (body, options) => carillonBackend.renderSvg(body as never, options as never) }, ramps: [ramp, scaled(ramp, 1.15), scaled(ramp, 0.9)] };
  return carillon;
}

async function generic60(): Promise<Game> {
  const pool = readPool(new URL("../fixtures/pools/generic-3x4x20.json", import.meta.url).pathname);
  const plan = readJsonFile(planSchema, model("generic", "plan.json"));
  const m = readJsonFile(modelSchema, model("generic", "selection.json"));
  const ramp = readJsonFile(rampSchema, model("generic", "ramp.json"));
  const built = buildProblem({ pool, poolFile: "pool.json", plan, planFile: "plan.json", model: m, modelFile: "selection.json", ramp, rampFile: "ramp.json" });
  const file = toLevelsFile({ built, selection: await solveSelection(built.problem), pool, model: m, ramp });
  return { label: `generic ${file.levels.length} levels, ${pool.candidates.length} candidates`, file, pool, plan, ramps: [ramp, scaled(ramp, 1.2), { ...scaled(ramp, 0.85), interpolation: "linear" }] };
}

const page = (g: Game, withEditor: boolean) =>
  renderHtmlReport({
    file: g.file,
    game: g.pictures,
    fileName: "levels.json",
    editor: withEditor ? { pool: g.pool, plan: g.plan, files: { levels: "levels.json", pools: "pools.json", plan: null, model: null } } : undefined,
  });

/** Opens the editor page of a game in Chromium; each run sets the next of its ramps and returns the page's own re-selection time. */
async function openInChromium(g: Game): Promise<{ browser: Browser; page: Page; next: number; inPage: number[] }> {
  const html = join(dir, `${g.label.replace(/\W+/g, "-")}.html`);
  writeFileSync(html, await page(g, true));
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", headless: true, args: ["--no-sandbox", "--disable-gpu"] });
  const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await p.goto(pathToFileURL(html).href, { waitUntil: "load" });
  return { browser, page: p, next: 0, inPage: [] };
}

function chromiumCase(label: string, game: () => Promise<Game> | Game): BenchCase<{ g: Game; c: Awaited<ReturnType<typeof openInChromium>> }> {
  return {
    name: `re-select in Chromium (setRamp → page redrawn): ${label}`,
    repeat: 9,
    warmup: 2,
    setup: async () => {
      const g = await game();
      return { g, c: await openInChromium(g) };
    },
    run: async ({ g, c }) => {
      const ramp = g.ramps[c.next++ % g.ramps.length];
      const r = await c.page.evaluate(([points, i]) => (window as unknown as { levelramp: { setRamp: (p: unknown, i: unknown) => Promise<EditorResult> } }).levelramp.setRamp(points, i), [ramp.points, ramp.interpolation] as const);
      c.inPage.push(r.ms ?? NaN);
      const sorted = [...c.inPage].sort((a, b) => a - b);
      return { inPageMedianMs: Math.round(sorted[Math.floor(sorted.length / 2)]), objective: r.objective, moved: r.moved, status: r.status };
    },
    teardown: ({ c }) => c.browser.close(),
  };
}

const cases: BenchCase<any>[] = [];
for (const [label, game] of [
  ["Carillon 400", carillon400],
  ["generic 60", generic60],
] as const) {
  cases.push({
    name: `render the static page: ${label}`,
    repeat: 3,
    setup: game,
    run: async (g: Game) => ({ pageBytes: (await page(g, false)).length }),
  });
  cases.push({
    name: `render the editor page: ${label}`,
    repeat: 3,
    setup: game,
    run: async (g: Game) => {
      const html = await page(g, true);
      const data = /id="levelramp-editor-data">(.*?)<\/script>/.exec(html)![1];
      const pictures = JSON.parse(data).pictures;
      return { pageBytes: html.length, editorDataBytes: data.length, pictures: pictures.embedded, allPicturesBytes: pictures.bytes };
    },
  });
  cases.push({
    name: `selectForRamp in Node: ${label}`,
    setup: async () => {
      const g = await game();
      return { g, inputs: editorInputs(g.file, g.pool, g.plan, { levels: "levels.json", pools: "pools.json", plan: null, model: null }) };
    },
    // The steeper ramp: the answer moves most levels.
    run: ({ g, inputs }: { g: Game; inputs: ReturnType<typeof editorInputs> }) => {
      const a = selectForRamp(inputs, g.ramps[1]);
      return { objective: a.objective, moved: a.moved, status: a.status };
    },
  });
  cases.push(chromiumCase(label, game));
}

export const suite: BenchSuite = { name: "editor", cases };
