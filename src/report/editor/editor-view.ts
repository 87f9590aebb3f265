import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import { deviationReport } from "../deviation-report.ts";
import { htmlReportData, type HtmlReportData, type NamedRamp } from "../html/html-report-data.ts";
import { plotRows, RAMP_COLOURS } from "../html/plot-rows.ts";
import { rampPlotSvg, type PlotCurve, type PlotGhost, type PlotPoint } from "./ramp-plot-svg.ts";

/** What the editor page shows at one moment: a levels file (the file itself, or the page's last answer) and the ramps around it. */
export interface EditorView {
  /** The levels shown: at first the levels file, after a re-selection the page's answer. */
  file: LevelsFile;
  /** Name of the shown file's own ramp: `embedded` for the file, `edited` after an edit. */
  rampName: string;
  /** Ramps given to `report --ramp`, measured and drawn beside it. */
  references: NamedRamp[];
  /** The levels file's ramp, drawn dashed once the ramp was edited (null: not drawn). */
  original: Ramp | null;
  /** The file's level order (number → id): levels holding another id are "moved". */
  fileLevels: ReadonlyArray<{ number: number; id: string }>;
  /** The file's values of the ramp metric by level number (drawn grey where a level moved). */
  fileValues?: ReadonlyMap<number, number>;
  /** The ramp's points as handles (the edited ramp's, also while no answer is shown). */
  handles: Array<[number, number]>;
  /** The edited ramp, when it differs from the shown file's (an infeasible edit): drawn instead of the file's. */
  pending?: Ramp;
  title?: string;
  fileName?: string;
}

/**
 * The report data of the shown levels (SPEC 1 job 4): the shown file's own
 * ramp first (stored targets, pool coverage from the file), then the
 * reference ramps — the same numbers the static report shows, so the page
 * can redraw its header, tables and cards with the same code.
 */
export function editorReportData(view: EditorView): HtmlReportData {
  const { file, references } = view;
  const data = htmlReportData({
    file,
    ramps: references.length ? [{ name: view.rampName, ramp: file.ramp }, ...references] : undefined,
    title: view.title,
    fileName: view.fileName,
  });
  // The shown file's own ramp: stored targets and the file's pool coverage (bestDeviation).
  data.ramps[0] = deviationReport(file, undefined, references.length ? data.curves[0].name : view.rampName, data.breaks);
  data.curves[0] = { name: data.ramps[0].name, ramp: file.ramp };
  return data;
}

/** Level numbers that hold another level than in the file. */
export function movedLevels(view: Pick<EditorView, "file" | "fileLevels">): Set<number> {
  const was = new Map(view.fileLevels.map((l) => [l.number, l.id]));
  return new Set(view.file.levels.filter((l) => was.get(l.number) !== l.id).map((l) => l.number));
}

function curves(view: EditorView, data: HtmlReportData): PlotCurve[] {
  const out: PlotCurve[] = data.curves.map((c, i) => ({ name: c.name, colour: RAMP_COLOURS[i % RAMP_COLOURS.length], target: rampTarget(i === 0 && view.pending ? view.pending : c.ramp) }));
  if (view.original) out.push({ name: `${view.fileName ?? "file"} ramp`, colour: "#9a9a9a", target: rampTarget(view.original), dashed: true });
  return out;
}

function points(data: HtmlReportData, moved: ReadonlySet<number>, chapter?: number): PlotPoint[] {
  const name = data.ramps[0].name;
  return plotRows(data, chapter)
    .filter((r) => r.ramp === name)
    .map((r) => ({ number: r.number, value: r.value, target: r.target, label: moved.has(r.number) ? `${r.label} · moved` : r.label, moved: moved.has(r.number) }));
}

function ghosts(view: EditorView, moved: ReadonlySet<number>): PlotGhost[] {
  if (!view.fileValues) return [];
  return [...moved].flatMap((number) => {
    const value = view.fileValues!.get(number);
    return value === undefined ? [] : [{ number, value }];
  });
}

/**
 * The whole-game plot of the editor: every ramp (the edited one first, with
 * its points as handles), the shown levels as points (moved ones ringed),
 * chapter boundaries and rule introductions.
 *
 * @param yDomain keep this value range (while a handle is dragged).
 */
export function editorOverviewSvg(view: EditorView, data: HtmlReportData, moved: ReadonlySet<number>, yDomain?: [number, number]): string {
  const first = Math.min(...data.chapters.map((c) => c.first));
  const last = Math.max(...data.chapters.map((c) => c.last));
  return rampPlotSvg({
    from: first,
    to: last,
    metric: data.ramps[0].metric,
    yDomain,
    curves: curves(view, data),
    points: points(data, moved),
    ghosts: ghosts(view, moved),
    chapters: data.chapters,
    introductions: data.introductions,
    handles: view.handles,
    idPrefix: "plot-all-",
  });
}

/** A chapter's plot in the editor: the ramps over the chapter's levels, the points, the gap to the edited ramp shaded. */
export function editorChapterSvg(view: EditorView, data: HtmlReportData, chapter: number, moved: ReadonlySet<number>): string {
  const ch = data.chapters.find((c) => c.chapter === chapter)!;
  return rampPlotSvg({
    width: 560,
    height: 260,
    from: ch.first,
    to: ch.last,
    metric: data.ramps[0].metric,
    curves: curves(view, data),
    points: points(data, moved, chapter),
    ghosts: ghosts(view, moved).filter((g) => g.number >= ch.first && g.number <= ch.last),
    shade: true,
    idPrefix: `plot-c${chapter}-`,
  });
}
