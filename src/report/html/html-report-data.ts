import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { findBreaks, type ConstraintBreak } from "../../select/rules/find-breaks.ts";
import { describeStatus, levelsStatus } from "../../select/problem/levels-file.ts";
import { chainRestarts } from "../chain-restarts.ts";
import { conceptTimeline, type ConceptTimeline } from "../concept-timeline.ts";
import { deviationReport, type RampDeviation } from "../deviation-report.ts";
import { ruleIntroductions, type RuleIntroduction } from "./rule-introductions.ts";

/** Id of the `<script type="application/json">` block that holds the report data. */
export const REPORT_DATA_ID = "levelramp-report-data";

/** A ramp to measure the levels against, with the label the report shows. */
export interface NamedRamp {
  /** Label, e.g. the ramp file's name. */
  name: string;
  ramp: Ramp;
}

/** What {@link htmlReportData} and `renderHtmlReport` read. */
export interface HtmlReportInput {
  /** The levels file (SPEC 3 `levelramp/levels@1`). */
  file: LevelsFile;
  /** Ramps to compare side by side (default: none, the embedded ramp's stored targets, labelled `embedded`). */
  ramps?: NamedRamp[];
  /** Page title (default: `levelramp report — <game>` plus the file name when given). */
  title?: string;
  /** Name of the levels file, shown in the header and stored in the data (default: none). */
  fileName?: string;
}

/** One chapter of the shipped sequence. */
export interface ReportChapter {
  chapter: number;
  /** First and last global level numbers. */
  first: number;
  last: number;
  levels: number;
  /** Rules the chapter's levels use, in order of first use. */
  rules: string[];
  /** True where the chain restarts at the chapter's first level (chapter-scoped rules, SPEC 6 `scope`; absent otherwise). */
  restart?: true;
}

/** One shipped level as the report shows it (no body). */
export interface ReportLevel {
  number: number;
  chapter: number;
  part: number;
  id: string;
  metrics: Record<string, number>;
  /** Target stored in the file (the embedded ramp). */
  target: number;
  rules: string[];
  /** The concepts it carries (SPEC 12); absent when none. */
  concepts?: string[];
}

/**
 * The data behind an HTML report, embedded in the page as JSON
 * (`<script type="application/json" id="levelramp-report-data">`).
 * `file`, `game`, `ramps` and `breaks` are exactly what
 * `levelramp report --format json` prints.
 */
export interface HtmlReportData {
  format: "levelramp/report@1";
  title: string;
  file: string | null;
  game: LevelsFile["game"];
  seed: LevelsFile["seed"];
  /** The selection's status (SPEC 6): `optimal` (proven) or `feasible`; `statusLine` says what is known (bound, gap, note). */
  status: "optimal" | "feasible";
  statusLine: string;
  optimal: boolean;
  objective: number;
  solver: string | null;
  /** One deviation report per ramp, in the order given. */
  ramps: RampDeviation[];
  /** The ramp files behind `ramps`, same order and names (the embedded ramp for `embedded`): the plots draw their curves. */
  curves: NamedRamp[];
  /** Constraint breaks of the embedded model. */
  breaks: ConstraintBreak[];
  chapters: ReportChapter[];
  /** First level of each rule (from the levels' `rules` fields). */
  introductions: RuleIntroduction[];
  /** The concept timeline (SPEC 12), as `report --format json` prints it; absent when no level carries a concept. */
  concepts?: ConceptTimeline;
  levels: ReportLevel[];
}

/**
 * Gathers the numbers of an HTML report (SPEC 1 job 4): the deviation report
 * of every ramp ({@link deviationReport}), the embedded model's constraint
 * breaks, chapters with their level ranges and rules, rule introductions, the
 * concept timeline (SPEC 12) and the levels' metrics and concepts. Ramps that share a name get ` (2)`, ` (3)`, ... after
 * it, so every ramp keeps its own line and column. Pure: the same input gives
 * the same data.
 *
 * @throws Error `report/deviation: ...` when a ramp's metric is missing from a level.
 */
export function htmlReportData(input: HtmlReportInput): HtmlReportData {
  const { file } = input;
  const breaks = findBreaks(file.levels, file.model.constraints);
  const curves: NamedRamp[] = input.ramps?.length
    ? uniqueNames(input.ramps.map((r) => r.name)).map((name, i) => ({ name, ramp: input.ramps![i].ramp }))
    : [{ name: "embedded", ramp: file.ramp }];
  const ramps = input.ramps?.length ? curves.map((c) => deviationReport(file, c.ramp, c.name, breaks)) : [deviationReport(file, undefined, "embedded", breaks)];
  const chapters: ReportChapter[] = [];
  for (const l of file.levels) {
    let ch = chapters.find((c) => c.chapter === l.chapter);
    if (!ch) {
      ch = { chapter: l.chapter, first: l.number, last: l.number, levels: 0, rules: [] };
      chapters.push(ch);
    }
    ch.first = Math.min(ch.first, l.number);
    ch.last = Math.max(ch.last, l.number);
    ch.levels++;
    for (const rule of l.rules ?? []) if (!ch.rules.includes(rule)) ch.rules.push(rule);
  }
  chapters.sort((a, b) => a.chapter - b.chapter);
  const restarts = new Set(chainRestarts(file)?.levels ?? []);
  for (const ch of chapters) if (restarts.has(ch.first)) ch.restart = true;
  const concepts = conceptTimeline(file.levels);
  const title = input.title ?? `levelramp report — ${file.game}${input.fileName ? ` — ${input.fileName}` : ""}`;
  return {
    format: "levelramp/report@1",
    title,
    file: input.fileName ?? null,
    game: file.game,
    seed: file.seed,
    status: levelsStatus(file),
    statusLine: describeStatus(file),
    optimal: file.optimal,
    objective: file.objective,
    solver: file.solver ?? null,
    ramps,
    curves,
    breaks,
    chapters,
    introductions: ruleIntroductions(file.levels),
    ...(concepts ? { concepts } : {}),
    levels: file.levels.map((l) => ({
      number: l.number,
      chapter: l.chapter,
      part: l.part,
      id: l.id,
      metrics: { ...l.metrics },
      target: l.target,
      rules: [...(l.rules ?? [])],
      ...(l.concepts?.length ? { concepts: [...l.concepts] } : {}),
    })),
  };
}

function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let out = name;
    for (let k = 2; used.has(out); k++) out = `${name} (${k})`;
    used.add(out);
    return out;
  });
}
