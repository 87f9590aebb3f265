import type { LevelsFile } from "../../io/schemas/levels.ts";
import type { Ramp } from "../../io/schemas/ramp.ts";
import { rampTarget } from "../../select/ramp/ramp-target.ts";
import { deviationReport } from "../deviation-report.ts";
import { htmlReportData, type HtmlReportData, type NamedRamp } from "../html/html-report-data.ts";
import { plotRows, RAMP_COLOURS } from "../html/plot-rows.ts";
import { formatNumber } from "../html/html-escape.ts";
import { plotYDomain, rampPlotSvg, type PlotCurve, type PlotGhost, type PlotPoint } from "./ramp-plot-svg.ts";

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
  /**
   * The plots' units when they are not the metric's (SPEC 11: the ramp in
   * pass rates through a calibration): every value the plot draws — curves,
   * points, targets, ghosts — is mapped by `of`, the y axis is titled `label`
   * and kept within [0, 1]; the handles are given in these units already.
   */
  shownIn?: { label: string; of: (m: number) => number };
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

const same = (m: number) => m;

function curves(view: EditorView, data: HtmlReportData): PlotCurve[] {
  const of = view.shownIn?.of ?? same;
  const shown = (ramp: Ramp) => {
    const target = rampTarget(ramp);
    return (n: number) => of(target(n));
  };
  const out: PlotCurve[] = data.curves.map((c, i) => ({ name: c.name, colour: RAMP_COLOURS[i % RAMP_COLOURS.length], target: shown(i === 0 && view.pending ? view.pending : c.ramp) }));
  if (view.original) out.push({ name: `${view.fileName ?? "file"} ramp`, colour: "#9a9a9a", target: shown(view.original), dashed: true });
  return out;
}

function points(view: EditorView, data: HtmlReportData, moved: ReadonlySet<number>, chapter?: number): PlotPoint[] {
  const name = data.ramps[0].name;
  const shownIn = view.shownIn;
  return plotRows(data, chapter)
    .filter((r) => r.ramp === name)
    .map((r) => {
      const label = shownIn ? `${r.label} · ${shownIn.label} ${formatNumber(shownIn.of(r.value), 3)}` : r.label;
      const value = shownIn ? shownIn.of(r.value) : r.value;
      const target = shownIn ? shownIn.of(r.target) : r.target;
      return { number: r.number, value, target, label: moved.has(r.number) ? `${label} · moved` : label, moved: moved.has(r.number) };
    });
}

function ghosts(view: EditorView, moved: ReadonlySet<number>): PlotGhost[] {
  if (!view.fileValues) return [];
  const of = view.shownIn?.of ?? same;
  return [...moved].flatMap((number) => {
    const value = view.fileValues!.get(number);
    return value === undefined ? [] : [{ number, value: of(value) }];
  });
}

/** The value range of a plot in pass-rate units: the data's, within [0, 1]. */
function yDomainOf(view: EditorView, input: Parameters<typeof plotYDomain>[0], yDomain: [number, number] | undefined): [number, number] | undefined {
  if (yDomain || !view.shownIn) return yDomain;
  const [lo, hi] = plotYDomain(input);
  return [Math.max(0, lo), Math.min(1, hi)];
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
  const input = { from: first, to: last, curves: curves(view, data), points: points(view, data, moved), ghosts: ghosts(view, moved), handles: view.handles };
  return rampPlotSvg({
    ...input,
    metric: view.shownIn?.label ?? data.ramps[0].metric,
    yDomain: yDomainOf(view, input, yDomain),
    chapters: data.chapters,
    introductions: data.introductions,
    idPrefix: "plot-all-",
  });
}

/** A chapter's plot in the editor: the ramps over the chapter's levels, the points, the gap to the edited ramp shaded. */
export function editorChapterSvg(view: EditorView, data: HtmlReportData, chapter: number, moved: ReadonlySet<number>): string {
  const ch = data.chapters.find((c) => c.chapter === chapter)!;
  const input = { from: ch.first, to: ch.last, curves: curves(view, data), points: points(view, data, moved, chapter), ghosts: ghosts(view, moved).filter((g) => g.number >= ch.first && g.number <= ch.last) };
  return rampPlotSvg({
    ...input,
    width: 560,
    height: 260,
    metric: view.shownIn?.label ?? data.ramps[0].metric,
    yDomain: yDomainOf(view, input, undefined),
    shade: true,
    idPrefix: `plot-c${chapter}-`,
  });
}
