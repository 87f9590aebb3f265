import type { Game } from "../../game/game.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Plan } from "../../io/schemas/plan.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import { deviationReport, type RampDeviation } from "../../report/deviation-report.ts";
import { deviationTable } from "../../report/deviation-table.ts";
import { conceptTimeline, conceptsText } from "../../report/concept-timeline.ts";
import { renderHtmlReport } from "../../report/render-html-report.ts";
import { poolCoverage } from "../../report/pool-coverage.ts";
import { findBreaks, type ConstraintBreak } from "../../select/rules/find-breaks.ts";
import { levelsStatus } from "../../select/problem/levels-file.ts";
import type { PipelineStats } from "./build-levels.ts";

/** One report file a build writes into its output folder. */
export interface ReportFile {
  /** File name inside the output folder, e.g. `report.txt`. */
  name: string;
  text: string;
}

/**
 * A build's deviation from its ramp, computed once per build: the deviation
 * report (embedded ramp, pool coverage from the build's own pools) and the
 * model's constraint breaks. `report.txt`, `report.json` and the CLI's table
 * all show this one value.
 */
export interface BuildDeviation {
  report: RampDeviation;
  breaks: ConstraintBreak[];
}

/** The {@link BuildDeviation} of a levels file chosen from `pool`. */
export function buildDeviation(levels: LevelsFile, pool: Pool): BuildDeviation {
  const breaks = findBreaks(levels.levels, levels.model.constraints);
  return { report: deviationReport(levels, undefined, "embedded", breaks, poolCoverage(levels, pool)), breaks };
}

/** What a report writer gets: the game, the levels file, the pools it was chosen from, its deviation and the build's figures. */
export interface BuildReportInput {
  /** The build's game: it draws the pictures and sums up the levels in its own terms. */
  game: Game;
  levels: LevelsFile;
  pool: Pool;
  /** {@link buildDeviation} of `levels` and `pool`. */
  deviation: BuildDeviation;
  stats: PipelineStats;
  chainStart: string;
  /**
   * The plan the build selected with, and the names the page's `levelramp
   * select` command line gives the plan and model (null: the game's default):
   * with them report.html is a ramp editor over the build's pool (SPEC 8).
   */
  editor?: { plan: Plan; planFile: string | null; modelFile: string | null; gameFile?: string };
}

/**
 * Writes some report files of a build: `files` names them (the output check
 * before any work reads the names from here), `write` returns exactly those
 * files, in that order.
 */
export interface BuildReportWriter {
  files: readonly string[];
  write(input: BuildReportInput): ReportFile[] | Promise<ReportFile[]>;
}

const sortedEntries = (r: Record<string, number>) => Object.entries(r).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

/** How many generator rejection reasons {@link statsLines} lists (the rest are in report.json). */
const REJECTIONS_LISTED = 10;

const count = (n: number) => n.toLocaleString("en-US");

/**
 * Lines summing up the pools: candidates grown, dropped and in conflict per
 * reason, the most frequent generator rejections (by count, at most 10),
 * extra rounds per part; with `levels`, then the game's own summary of the
 * shipped levels per chapter (`summarizeLevels`, when `game` has one).
 *
 * @param select false for `generate`, where nothing is chosen: drops are then
 *   repeats of composed levels.
 * @param game the levels' game, for its summary.
 */
export function statsLines(stats: PipelineStats, select = true, levels?: LevelsFile, game?: Pick<Game, "summarizeLevels">): string[] {
  const dropped = Object.values(stats.dedup.dropped).reduce((a, b) => a + b, 0);
  const conflicts = Object.values(stats.dedup.conflicts).reduce((a, b) => a + b, 0);
  const lines = [
    `composed levels: ${stats.composed}`,
    `candidates grown: ${count(stats.grown)}${stats.repeatedIds ? ` (and ${stats.repeatedIds} exact repeat(s) inside a pool kept once)` : ""}`,
    `${select ? "dropped as too close to a chosen level" : "dropped as too close to a composed level"}: ${dropped}${dropped ? ` (${sortedEntries(stats.dedup.dropped).map(([k, v]) => `${k} ${v}`).join(", ")})` : ""}`,
    `conflict pairs inside pools: ${conflicts}${conflicts ? ` (${sortedEntries(stats.dedup.conflicts).map(([k, v]) => `${k} ${v}`).join(", ")})` : ""}`,
  ];
  const rejected = Object.entries(stats.generator).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  if (rejected.length) {
    const shown = rejected.slice(0, REJECTIONS_LISTED).map(([k, v]) => `${k} ${count(v)}`).join(", ");
    const more = rejected.length > REJECTIONS_LISTED ? `, and ${rejected.length - REJECTIONS_LISTED} more reasons (report.json)` : "";
    lines.push(`generator rejections, most frequent first: ${shown}${more}`);
  }
  const extra = stats.parts.filter((p) => p.extraRounds > 0);
  if (extra.length) lines.push(`extra rounds: ${extra.map((p) => `c${p.chapter}p${p.part} ×${p.extraRounds}`).join(", ")}`);
  const refined = stats.parts.filter((p) => (p.refineRounds ?? 0) > 0);
  if (refined.length) lines.push(`refine rounds: ${refined.map((p) => `c${p.chapter}p${p.part} ×${p.refineRounds}`).join(", ")}`);
  const summary = levels ? (game?.summarizeLevels?.(levels.levels) ?? []) : [];
  if (summary.length) lines.push("", ...summary);
  return lines;
}

/**
 * `report.txt` (what the chain starts from, the per-chapter deviation table
 * with the pool-limited column, the concepts by chapter when levels carry
 * some, SPEC 12, and the pool figures) and `report.json` (SPEC 1 job 4; with
 * `concepts` as `report --format json` prints them).
 */
export const deviationReportWriter: BuildReportWriter = {
  files: ["report.txt", "report.json"],
  write: ({ game, levels, deviation, stats, chainStart }) => {
    const { report, breaks } = deviation;
    const concepts = conceptTimeline(levels.levels);
    const text = [chainStart, "", deviationTable([report], breaks, 0).trimEnd(), ...(concepts ? ["", conceptsText(concepts).trimEnd()] : []), "", ...statsLines(stats, true, levels, game), ""].join("\n");
    const json = { file: "levels.json", game: levels.game, seed: levels.seed, chainStart, objective: levels.objective, status: levelsStatus(levels), optimal: levels.optimal, ramps: [report], breaks, ...(concepts ? { concepts } : {}), stats };
    return [
      { name: "report.txt", text },
      { name: "report.json", text: JSON.stringify(json, null, 2) + "\n" },
    ];
  },
};

/**
 * `report.html`: the HTML report with plots and level pictures (`report
 * --format html`); given the plan, a ramp editor over the build's pools.json.
 */
export const htmlReportWriter: BuildReportWriter = {
  files: ["report.html"],
  write: async ({ game, levels, pool, editor }) => {
    const files = editor ? { levels: "levels.json", pools: "pools.json", plan: editor.planFile, model: editor.modelFile, ...(editor.gameFile ? { game: editor.gameFile } : {}) } : undefined;
    const knownConcepts = game.conceptNames;
    const options = editor && files ? { pool, plan: editor.plan, files, ...(knownConcepts ? { knownConcepts } : {}) } : undefined;
    return [{ name: "report.html", text: await renderHtmlReport({ file: levels, game, fileName: "levels.json", editor: options }) }];
  },
};

/**
 * The report writers a build runs, in order — the hook for more report
 * formats: a writer added here is run by every build, and the files it
 * returns are written beside the others.
 */
export const buildReportWriters: BuildReportWriter[] = [deviationReportWriter, htmlReportWriter];

/**
 * Every report file of a build, from the given writers (default
 * {@link buildReportWriters}), in writer order.
 *
 * @throws Error (an internal error: exit 70 from the CLI) when a writer returns other files than it names.
 */
export async function buildReportFiles(input: BuildReportInput, writers: readonly BuildReportWriter[] = buildReportWriters): Promise<ReportFile[]> {
  const out: ReportFile[] = [];
  for (const w of writers) {
    const files = await w.write(input);
    const names = files.map((f) => f.name);
    if (names.join("\n") !== w.files.join("\n")) throw new Error(`pipeline/build-report: a report writer named ${w.files.join(", ")} but wrote ${names.join(", ") || "nothing"}`);
    out.push(...files);
  }
  return out;
}
