// The whole Carillon game (issue: 400 levels in one chain from `levelramp build carillon`): builds the
// default plan (20 chapters, levels 1–5 composed) on 2 worker threads for each seed of
// CARILLON_BUILD_SEEDS (default 1,2,3), verifies it, and checks the article's figures (seed 000):
// level 1 at 0 bits, level 3 near 2.53, level 14 the first with three taps near 5.40, level 80 near
// 13.13, level 81 (the first heavy bell) near 13.14 and never easier, the last level near 31 bits, bits
// and goal never falling, every chapter's mean |deviation| ≤ 0.2 bits and the whole game's ≤ 0.15,
// at most 15 minutes per build. Prints per-chapter times and deviations (mean |dev|, bias, max) and
// writes them to bench/results/carillon-build.json; exits 1 when a figure is missed (the table says
// which). One build per seed, not repeated: a build takes minutes.
import { openGame } from "../src/game/registry/open-game.ts";
import { fileURLToPath } from "node:url";
import { buildLevels } from "../src/pipeline/level-set/build-levels.ts";
import { loadPipelineInputs } from "../src/pipeline/inputs/load-pipeline-inputs.ts";
import { loadPipelineSettings } from "../src/pipeline/inputs/pipeline-settings.ts";
import { verifyLevels } from "../src/pipeline/verify/verify-levels.ts";
import { deviationReport } from "../src/report/deviation-report.ts";
import type { LevelsFile } from "../src/io/schemas/levels.ts";
import type { BenchSuite } from "./harness.ts";

const path = (p: string) => fileURLToPath(new URL(`../${p}`, import.meta.url));
const seeds = (process.env.CARILLON_BUILD_SEEDS ?? "1,2,3").split(",").map(Number);
// CARILLON_BUILD_CHAPTERS=1-6 builds fewer chapters (to try the bench; the figures are the whole plan's).
const chapterRange = process.env.CARILLON_BUILD_CHAPTERS?.split("-").map(Number);
/** How close "near" is, bits. */
const NEAR = 0.2;

/** One figure of the article and whether the build lands on it. */
interface Check {
  figure: string;
  got: string;
  ok: boolean;
}

/** The article's figures on a built levels file. */
function articleChecks(file: LevelsFile, minutes: number): Check[] {
  const levels = file.levels;
  const at = (n: number) => levels.find((l) => l.number === n)!;
  const bits = (n: number) => at(n).metrics.bits;
  const near = (n: number, value: number): Check => ({ figure: `level ${n} near ${value} bits`, got: bits(n).toFixed(3), ok: Math.abs(bits(n) - value) <= NEAR });
  const firstThree = levels.find((l) => l.metrics.goal >= 3)?.number;
  const firstBell = levels.find((l) => (l.level as { dots: Array<{ mark?: { kind: string } }> }).dots.some((d) => d.mark?.kind === "bell"))?.number;
  const falls = (key: string) => levels.filter((l, i) => i > 0 && l.metrics[key] < levels[i - 1].metrics[key]).map((l) => l.number);
  const report = deviationReport(file);
  const worst = report.chapters.reduce((a, c) => (c.meanAbs > a.meanAbs ? c : a));
  const last = levels[levels.length - 1].number;
  return [
    { figure: "level 1 at 0 bits", got: bits(1).toFixed(3), ok: bits(1) === 0 },
    near(3, 2.53),
    { figure: "level 14 the first with three taps", got: `level ${firstThree}`, ok: firstThree === 14 },
    near(14, 5.4),
    near(80, 13.13),
    { figure: "level 81 the first heavy bell", got: `level ${firstBell}`, ok: firstBell === 81 },
    { figure: "level 81 near 13.14 and never easier than level 80", got: bits(81).toFixed(3), ok: Math.abs(bits(81) - 13.14) <= NEAR && bits(81) >= bits(80) },
    { figure: `the last level (${last}) near 31 bits`, got: bits(last).toFixed(3), ok: Math.abs(bits(last) - 31) <= NEAR },
    { figure: "bits never fall", got: falls("bits").join(",") || "none fall", ok: falls("bits").length === 0 },
    { figure: "goal never falls", got: falls("goal").join(",") || "none fall", ok: falls("goal").length === 0 },
    { figure: "every chapter's mean |deviation| ≤ 0.2 bits", got: `worst chapter ${worst.chapter}: ${worst.meanAbs.toFixed(3)}`, ok: worst.meanAbs <= 0.2 },
    { figure: "the whole game's mean |deviation| ≤ 0.15 bits", got: report.all.meanAbs.toFixed(3), ok: report.all.meanAbs <= 0.15 },
    { figure: "≤ 15 minutes with --workers 2", got: `${minutes.toFixed(1)} min`, ok: minutes <= 15 },
  ];
}

let failed = false;

export const suite: BenchSuite = {
  name: "carillon-build",
  cases: seeds.map((seed) => ({
    name: `carillon whole plan, seed ${seed}, 2 workers`,
    repeat: 0,
    run: async () => {
      const inputs = loadPipelineInputs("carillon", { planFile: path("models/carillon/plan.json"), modelFile: path("models/carillon/selection.json"), rampFile: path("models/carillon/ramp.json") });
      const chapters = inputs.plan.chapters.map((c) => c.chapter).filter((c) => !chapterRange || (c >= chapterRange[0] && c <= (chapterRange[1] ?? chapterRange[0])));
      const partsOf = new Map(inputs.plan.chapters.map((c) => [c.chapter, c.parts.length]));
      const t0 = performance.now();
      // per-chapter wall times: a chapter ends when its last part is selected
      const ends: number[] = [];
      let parts = 0;
      let chapterIndex = 0;
      let result: Awaited<ReturnType<typeof buildLevels>>;
      try {
        result = await buildLevels({
          ...inputs,
          game: await openGame("carillon"),
          chapters,
          seed,
          workers: 2,
          settings: loadPipelineSettings(),
          events: {
            log: (line) => process.stderr.write(`seed ${seed}: ${line}\n`),
            advance: (phase) => {
              if (phase !== "selection") return;
              parts++;
              if (parts === partsOf.get(chapters[chapterIndex])) {
                ends.push((performance.now() - t0) / 1000);
                parts = 0;
                chapterIndex++;
              }
            },
          },
        });
      } catch (err) {
        // the build itself stopped: that is the first figure missed
        const minutes = (performance.now() - t0) / 60000;
        process.stdout.write(`MISS seed ${seed}: the plan builds in one chain: ${(err as Error).message} (after ${minutes.toFixed(1)} min; chapters done: ${ends.length})\n`);
        failed = true;
        process.exitCode = 1;
        return { seed, stopped: (err as Error).message, minutes: Math.round(minutes * 10) / 10, chapterSeconds: ends.map((e) => Math.round(e)) };
      }
      const seconds = (performance.now() - t0) / 1000;
      const file = result.levels!;
      const verified = await verifyLevels(file, { game: await openGame("carillon") });
      const checks = [...articleChecks(file, seconds / 60), { figure: "verifies", got: `${verified.failures.length} failure(s)`, ok: verified.ok }];
      const report = deviationReport(file);
      const table = report.chapters.map((c, i) => ({
        chapter: c.chapter,
        meanAbs: c.meanAbs,
        bias: c.bias,
        maxAbs: c.maxAbs,
        maxAt: c.maxAt,
        seconds: Math.round((ends[i] - (ends[i - 1] ?? 0)) * 10) / 10,
        // the chapter's candidates and the rounds its parts grew past the first (docs/pipeline.md)
        grown: result.stats.parts.filter((p) => p.chapter === c.chapter).reduce((a, p) => a + p.grown, 0),
        extraRounds: result.stats.parts.filter((p) => p.chapter === c.chapter).reduce((a, p) => a + p.extraRounds, 0),
        refineRounds: result.stats.parts.filter((p) => p.chapter === c.chapter).reduce((a, p) => a + p.refineRounds, 0),
      }));
      process.stdout.write(`\nseed ${seed}: ${file.levels.length} levels in ${seconds.toFixed(0)} s; whole game mean |dev| ${report.all.meanAbs.toFixed(3)}, bias ${report.all.bias.toFixed(3)}\n`);
      process.stdout.write("| chapter | mean |dev| | bias | max |dev| @level | time | grown | extra / refine rounds |\n| ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
      for (const r of table) process.stdout.write(`| ${r.chapter} | ${r.meanAbs.toFixed(3)} | ${r.bias >= 0 ? "+" : ""}${r.bias.toFixed(3)} | ${r.maxAbs.toFixed(3)} @${r.maxAt} | ${r.seconds.toFixed(1)} s | ${r.grown} | ${r.extraRounds} / ${r.refineRounds} |\n`);
      for (const c of checks) process.stdout.write(`${c.ok ? "ok  " : "MISS"} ${c.figure}: ${c.got}\n`);
      if (checks.some((c) => !c.ok)) {
        failed = true;
        process.exitCode = 1;
      }
      return { seed, seconds: Math.round(seconds), grown: result.stats.grown, extraRounds: result.stats.parts.reduce((a, p) => a + p.extraRounds, 0), refineRounds: result.stats.parts.reduce((a, p) => a + p.refineRounds, 0), meanAbs: report.all.meanAbs, chapters: table, checks };
    },
  })),
};

/** Whether some figure was missed (for callers that run the suite themselves). */
export function missedFigures(): boolean {
  return failed;
}
