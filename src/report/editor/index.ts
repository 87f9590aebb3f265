// The ramp editor page (SPEC 8): its data, the selection it runs in
// the browser (also callable from Node), its plot, and the page script's bundle.
export { EDITOR_DATA_ID, EDITOR_PICTURE_BUDGET, editorInputs, editorPictures, keepRanges, type EditorData, type EditorFiles, type EditorInputs, type EditorOptions, type EditorPictures } from "./editor-data.ts";
export { selectCommand, selectForRamp, selectionInputs, type EditorAnswer } from "./select-for-ramp.ts";
export { addPoint, movePoint, rampOf, rampPointsProblem, type RampPoint } from "./ramp-points.ts";
export { clampPassRate, convertPoints, editedRamp, passRateLabel, passRateOf, passRatePointsProblem, passRateViewProblem, selectionRamp, type EditorCalibration, type RampUnits } from "./ramp-units.ts";
export { niceStep, plotYDomain, rampPlotSvg, type PlotCurve, type PlotGhost, type PlotPoint, type RampPlotInput } from "./ramp-plot-svg.ts";
export { buildEditorBundle, editorBundle, type EditorBundle } from "./editor-bundle.ts";
export { checkEditorInputs } from "./editor-page.ts";
export type { EditorHook, EditorResult } from "./start-editor.ts";
