import { rampTarget } from "../../select/ramp/ramp-target.ts";
import { formatNumber, formatSigned } from "./html-escape.ts";
import type { HtmlReportData } from "./html-report-data.ts";

/** One (ramp, level) point of a plot. */
export interface PlotRow {
  ramp: string;
  metric: string;
  number: number;
  chapter: number;
  id: string;
  /** The level's value of the ramp's metric. */
  value: number;
  /** The ramp's target at the level. */
  target: number;
  /** value − target. */
  deviation: number;
  /** True on the first ramp of each metric: the row that draws the level's point. */
  primary: boolean;
  /** What hovering the point shows: level, id, value, targets and deviations. */
  label: string;
  /** Link to the level's card in the page. */
  href: string;
}

/**
 * The plot data of a report: one row per ramp and level (of one chapter, or
 * of all), ramps in the order given (names are unique), levels by number. A level's hover
 * label lists its value and, for every ramp about the same metric, the
 * target and deviation, e.g. `level 12 (chapter 1) · generic-c1-p2-005 ·
 * difficulty 5.4 · target 5.2 (embedded), deviation +0.2`.
 *
 * @param data the report data.
 * @param chapter only this chapter's levels (default: every level).
 */
export function plotRows(data: HtmlReportData, chapter?: number): PlotRow[] {
  const rows: PlotRow[] = [];
  const firstOfMetric = new Map<string, string>();
  for (const r of data.ramps) if (!firstOfMetric.has(r.metric)) firstOfMetric.set(r.metric, r.name);
  for (const r of data.ramps) {
    const same = data.ramps.filter((o) => o.metric === r.metric);
    r.levels.forEach((l, i) => {
      if (chapter !== undefined && l.chapter !== chapter) return;
      const targets = same.map((o) => `target ${formatNumber(o.levels[i].target)} (${o.name}), deviation ${formatSigned(o.levels[i].deviation)}`);
      const label = `level ${l.number} (chapter ${l.chapter}) · ${l.id} · ${r.metric} ${formatNumber(l.value)} · ${targets.join(" · ")}`;
      rows.push({
        ramp: r.name,
        metric: r.metric,
        number: l.number,
        chapter: l.chapter,
        id: l.id,
        value: l.value,
        target: l.target,
        deviation: l.deviation,
        primary: firstOfMetric.get(r.metric) === r.name,
        label,
        href: `#level-${l.number}`,
      });
    });
  }
  return rows;
}

/** One sample of a ramp's curve. */
export interface CurveRow {
  ramp: string;
  number: number;
  target: number;
}

/**
 * Each ramp's curve sampled at every whole level number from `from` to `to`
 * (SPEC 3: a ramp is a function of the global level number), so the line
 * runs on through levels the file does not ship (a partial build).
 *
 * @param data the report data (its `curves`).
 * @param from first level number; @param to last level number.
 */
export function curveRows(data: HtmlReportData, from: number, to: number): CurveRow[] {
  const rows: CurveRow[] = [];
  for (const c of data.curves) {
    const target = rampTarget(c.ramp);
    for (let n = from; n <= to; n++) rows.push({ ramp: c.name, number: n, target: target(n) });
  }
  return rows;
}

/** Colours of the ramps, in order (Tableau 10). */
export const RAMP_COLOURS = ["#4c78a8", "#f58518", "#54a24b", "#e45756", "#72b7b2", "#eeca3b", "#b279a2", "#ff9da6", "#9d755d", "#bab0ac"] as const;

/** The vega-lite colour channel of the ramps: a fixed domain (ramp names in order) and palette. */
export function rampColour(data: HtmlReportData, legend: boolean): Record<string, unknown> {
  const names = data.ramps.map((r) => r.name);
  return {
    field: "ramp",
    type: "nominal",
    title: "ramp",
    scale: { domain: names, range: names.map((_, i) => RAMP_COLOURS[i % RAMP_COLOURS.length]) },
    legend: legend ? { orient: "top", direction: "horizontal", symbolType: "stroke", symbolStrokeWidth: 3 } : null,
  };
}

/** The y-axis title: the metric names, joined. */
export function metricTitle(data: HtmlReportData): string {
  return [...new Set(data.ramps.map((r) => r.metric))].join(" / ");
}
