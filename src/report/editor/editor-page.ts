import type { Game } from "../../game/game.ts";
import { InputError } from "../../io/errors.ts";
import type { LevelsFile } from "../../io/schemas/levels.ts";
import { buildProblem } from "../../select/problem/build-problem.ts";
import type { HtmlReportData, NamedRamp } from "../html/html-report-data.ts";
import { levelPicture } from "../html/level-picture.ts";
import { EDITOR_PICTURE_BUDGET, editorInputs, editorPictures, type EditorData, type EditorInputs, type EditorOptions } from "./editor-data.ts";
import { editorPanelHtml } from "./editor-panel-html.ts";
import { editorChapterSvg, editorOverviewSvg, editorReportData, type EditorView } from "./editor-view.ts";
import { selectionInputs } from "./select-for-ramp.ts";

/** The report-time pieces of an editor page. */
export interface EditorPage {
  /** The report data of the page (the file's own ramp first, then the references). */
  data: HtmlReportData;
  /** What the page script reads (embedded as JSON). */
  editorData: EditorData;
  /** The controls above the whole-game plot. */
  panel: string;
  overviewSvg(): string;
  chapterSvg(chapter: number): string;
}

/**
 * Checks that the page can select what the file holds: the pool, plan and
 * model compile into a selection problem (the errors `select` would give),
 * and the plan's levels for the pool's chapters are the file's level numbers.
 *
 * @param planOption how the caller names the plan option in the message (default `a plan`; `report` passes `--plan`).
 * @throws InputError (exit 2) naming the file: a pool or plan that does not fit.
 */
export function checkEditorInputs(inputs: EditorInputs, file: LevelsFile, planOption = "a plan"): void {
  const built = buildProblem(selectionInputs(inputs, file.ramp));
  const planned = built.problem.slots.map((s) => s.number);
  const shipped = file.levels.map((l) => l.number);
  if (planned.length !== shipped.length || planned.some((n, i) => n !== shipped[i])) {
    const range = (xs: number[]) => (xs.length ? `${xs.length} levels ${xs[0]}–${xs[xs.length - 1]}` : "no levels");
    throw new InputError(
      "report/editor",
      `expected the plan the levels were selected with: for the pool's chapters it gives ${range(planned)}, the levels file has ${range(shipped)} (give ${planOption})`,
      { file: inputs.files.plan ?? `the default plan of ${file.game}` },
    );
  }
}

/**
 * The report-time half of the ramp editor (SPEC 8): the data the page
 * script selects from (pool, plan, model, the file's order, kept levels,
 * candidate pictures within the budget), and the page's plots and
 * controls for the file as it is.
 *
 * @throws InputError (exit 2) when the pool or plan does not fit the file ({@link checkEditorInputs}).
 */
export async function editorPage(
  report: { file: LevelsFile; ramps?: NamedRamp[]; title?: string; fileName?: string; game?: Pick<Game, "picture">; solutions?: boolean },
  options: EditorOptions,
): Promise<EditorPage> {
  const { file } = report;
  const inputs = editorInputs(file, options.pool, options.plan, options.files, options.knownConcepts);
  checkEditorInputs(inputs, file, options.planOption);
  const draw = report.game?.picture ? (c: { level?: unknown; solution?: unknown }) => levelPicture(report.game, { number: 0, ...c }, report.solutions ?? false) : null;
  const pictures = await editorPictures(file, options.pool, draw, options.pictureBudget ?? EDITOR_PICTURE_BUDGET);
  const references = report.ramps ?? [];
  const bare: LevelsFile = { ...file, levels: file.levels.map(({ level: _, solution: __, ...l }) => l) };
  const cal = options.calibration;
  const calibration = cal ? { file: cal.file, metric: cal.metric, model: cal.model, params: cal.params } : undefined;
  const editorData: EditorData = { format: "levelramp/editor@1", file: bare, ...inputs, ramp: file.ramp, references, pictures, ...(calibration ? { calibration } : {}) };
  const view: EditorView = {
    file,
    rampName: "embedded",
    references,
    original: null,
    fileLevels: inputs.fileLevels,
    handles: file.ramp.points.map(([x, y]) => [x, y]),
    title: report.title,
    fileName: report.fileName,
  };
  const data = editorReportData(view);
  const none = new Set<number>();
  return {
    data,
    editorData,
    panel: editorPanelHtml(editorData, data),
    overviewSvg: () => editorOverviewSvg(view, data, none),
    chapterSvg: (chapter) => editorChapterSvg(view, data, chapter, none),
  };
}
