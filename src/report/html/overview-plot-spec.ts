import type { TopLevelSpec } from "vega-lite";
import type { HtmlReportData } from "./html-report-data.ts";
import { PLOT_CONFIG } from "./plot-config.ts";
import { curveRows, metricTitle, plotRows, rampColour } from "./plot-rows.ts";

/** Size of the whole-game plot's data area, in pixels. */
export const OVERVIEW_PLOT_SIZE = { width: 900, height: 300 } as const;

/**
 * The vega-lite spec of the whole-game plot: value against global level
 * number for every shipped level (points), each ramp as a line, chapter
 * boundaries as dashed grey rules labelled `ch N` at the top (`ch N ↺` where
 * the chain restarts: chapter-scoped rules, SPEC 6 `scope`), and each rule
 * introduction (first level using it) as a red rule labelled with the rule's
 * name; labels step down in four rows so neighbours do not overprint.
 *
 * @param data the report data (at least one level).
 */
export function overviewPlotSpec(data: HtmlReportData): TopLevelSpec {
  const first = Math.min(...data.chapters.map((c) => c.first));
  const last = Math.max(...data.chapters.map((c) => c.last));
  const domain = [first - 0.5, last + 0.5];
  const xOf = (field: string) =>
({ field, type: "quantitative" as const, title: "level", scale: { domain, nice: false, zero: false }, axis: { format: "d", tickMinStep: 1 } });
  const y = { field: "value", type: "quantitative" as const, title: metricTitle(data), scale: { zero: false } };
  const boundaries = data.chapters.map((c) => ({ x: c.first - 0.5, middle: (c.first + c.last) / 2, label: `ch ${c.chapter}${c.restart ? " ↺" : ""}` }));
  const intros = data.introductions.map((r, i) => ({ x: r.level, label: `${r.rule} (${r.level})`, row: i % 4 }));
  const pointSize = data.levels.length > 150 ? 12 : 30;
  const layer: unknown[] = [
    {
      data: { values: boundaries },
      mark: { type: "rule", color: "#999", strokeDash: [4, 4], aria: false },
      encoding: { x: xOf("x") },
    },
    {
      data: { values: boundaries },
      mark: { type: "text", fontSize: 10, color: "#666", baseline: "top", dy: 2, aria: false },
      encoding: { x: xOf("middle"), y: { value: 0 }, text: { field: "label" } },
    },
  ];
  if (intros.length) {
    layer.push(
      {
        data: { values: intros },
        mark: { type: "rule", color: "#c0392b", strokeWidth: 1.5, aria: false },
        encoding: { x: xOf("x") },
      },
      ...[0, 1, 2, 3].map((row) => ({
        data: { values: intros.filter((r) => r.row === row) },
        mark: { type: "text", fontSize: 11, color: "#c0392b", align: "left", baseline: "top", dx: 3, dy: 16 + 13 * row, fontWeight: "bold", aria: false },
        encoding: { x: xOf("x"), y: { value: 0 }, text: { field: "label" } },
      })).filter((l) => l.data.values.length > 0),
    );
  }
  layer.push(
    {
      data: { values: curveRows(data, first, last) },
      mark: { type: "line", strokeWidth: 2, aria: false },
      encoding: { x: xOf("number"), y: { ...y, field: "target" }, color: rampColour(data, data.ramps.length > 1) },
    },
    {
      transform: [{ filter: "datum.primary" }],
      mark: { type: "point", filled: true, size: pointSize, color: "#222", opacity: 0.8, cursor: "pointer" },
      encoding: { x: xOf("number"), y, description: { field: "label" }, href: { field: "href" } },
    },
  );
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    ...OVERVIEW_PLOT_SIZE,
    config: PLOT_CONFIG,
    data: { values: plotRows(data) },
    layer,
  } as TopLevelSpec;
}
