import type { TopLevelSpec } from "vega-lite";
import type { HtmlReportData } from "./html-report-data.ts";
import { PLOT_CONFIG } from "./plot-config.ts";
import { curveRows, metricTitle, plotRows, rampColour } from "./plot-rows.ts";

/** Size of a chapter plot's data area, in pixels. */
export const CHAPTER_PLOT_SIZE = { width: 560, height: 220 } as const;

/**
 * The vega-lite spec of one chapter's plot: each ramp as a line over the
 * chapter's level numbers, the shipped levels' values as points, and the
 * deviation (between value and target) shaded in the ramp's colour. With
 * several ramps they overlay on the one plot (the "try a new ramp" view).
 * Points carry a hover description and link to the level's card; the
 * ramp legend shows when there are several ramps.
 *
 * @param data the report data.
 * @param chapter the chapter to draw (must be one of `data.chapters`).
 * @throws Error `report/html-plot: ...` for a chapter the data lack.
 */
export function chapterPlotSpec(data: HtmlReportData, chapter: number): TopLevelSpec {
  const ch = data.chapters.find((c) => c.chapter === chapter);
  if (!ch) throw new Error(`report/html-plot: no chapter ${chapter} in the report`);
  const metrics = new Set(data.ramps.map((r) => r.metric));
  const x = {
    field: "number",
    type: "quantitative" as const,
    title: "level",
    scale: { domain: [ch.first - 0.5, ch.last + 0.5], nice: false, zero: false },
    axis: { format: "d", tickMinStep: 1 },
  };
  const y = { field: "value", type: "quantitative" as const, title: metricTitle(data), scale: { zero: false } };
  const legend = data.ramps.length > 1;
  return {
    $schema: "https://vega.github.io/schema/vega-lite/v6.json",
    ...CHAPTER_PLOT_SIZE,
    config: PLOT_CONFIG,
    data: { values: plotRows(data, chapter) },
    layer: [
      {
        mark: { type: "area", opacity: 0.2, aria: false },
        encoding: { x, y, y2: { field: "target" }, color: rampColour(data, legend) },
      },
      {
        data: { values: curveRows(data, ch.first, ch.last) },
        mark: { type: "line", strokeWidth: 2, aria: false },
        encoding: { x, y: { ...y, field: "target" }, color: rampColour(data, legend) },
      },
      {
        transform: [{ filter: "datum.primary" }],
        mark: { type: "point", filled: true, size: 45, color: "#222", opacity: 0.9, cursor: "pointer" },
        encoding: {
          x,
          y,
          ...(metrics.size > 1 ? { shape: { field: "metric", type: "nominal", title: "metric", legend: { orient: "top" } } } : {}),
          description: { field: "label" },
          href: { field: "href" },
        },
      },
    ],
  } as TopLevelSpec;
}
