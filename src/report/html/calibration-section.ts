import type { TopLevelSpec } from "vega-lite";
import type { Calibration } from "../../calibrate/calibration-file.ts";
import { wilsonInterval } from "../wilson-interval.ts";
import { escapeHtml, formatNumber } from "./html-escape.ts";
import { PLOT_CONFIG } from "./plot-config.ts";
import { renderVegaLite } from "./render-vega-lite.ts";

/**
 * The vega-lite spec of the calibration plot (SPEC 11 `report
 * --calibration`): pass rate against level number — each level's observed
 * pass rate as a point with its 95% Wilson interval (outliers red), the fit's
 * prediction for the players who played it as an orange line, and (Rasch)
 * the average player's pass rate at the level's metric as a dashed grey line.
 */
export function calibrationPlotSpec(cal: Calibration): TopLevelSpec {
  const rows = cal.levels.map((l) => {
    const [low, high] = wilsonInterval(l.wins, l.attempts);
    const label = `level ${l.level} · ${l.id} · ${cal.metric} ${l.metric} · observed ${formatNumber(l.observed, 3)} (${l.wins}/${l.attempts}) · predicted ${formatNumber(l.predicted, 3)} · z ${formatNumber(l.z, 2)}${l.outlier ? " · outlier" : ""}`;
    return { level: l.level, observed: l.observed, low, high, predicted: l.predicted, passRate: l.passRate, kind: l.outlier ? "outlier" : "level", label, href: `#level-${l.level}` };
  });
  const x = { field: "level", type: "quantitative" as const, title: "level", scale: { zero: false, nice: false }, axis: { format: "d", tickMinStep: 1 } };
  const y = { type: "quantitative" as const, title: "pass rate", scale: { domain: [0, 1] } };
  const layer: unknown[] = [
    { mark: { type: "rule", color: "#bbb", aria: false }, encoding: { x, y: { ...y, field: "low" }, y2: { field: "high" } } },
    { mark: { type: "line", color: "#e67e22", strokeWidth: 2, aria: false }, encoding: { x, y: { ...y, field: "predicted" } } },
  ];
  if (cal.model === "rasch") layer.push({ mark: { type: "line", color: "#888", strokeDash: [5, 4], strokeWidth: 1.5, aria: false }, encoding: { x, y: { ...y, field: "passRate" } } });
  layer.push({
    mark: { type: "point", filled: true, size: 30, cursor: "pointer" },
    encoding: {
      x,
      y: { ...y, field: "observed" },
      color: { field: "kind", type: "nominal", scale: { domain: ["level", "outlier"], range: ["#222", "#c0392b"] }, legend: { title: null, orient: "bottom" } },
      description: { field: "label" },
      href: { field: "href" },
    },
  });
  return { $schema: "https://vega.github.io/schema/vega-lite/v6.json", width: 900, height: 260, config: PLOT_CONFIG, data: { values: rows }, layer } as TopLevelSpec;
}

/**
 * The report page's calibration section (SPEC 11): the fit (parameters with
 * 95% intervals, held-out fit against the baseline without the metric), the
 * observed-vs-predicted plot, the outliers table, and every level's predicted
 * pass rate (folded).
 */
export async function calibrationSectionHtml(cal: Calibration, fileName: string): Promise<string> {
  const n = (x: number, d = 3) => formatNumber(x, d);
  const est = (e: { value: number; low: number; high: number }) => `${n(e.value)} <span class="interval">[${n(e.low)}, ${n(e.high)}]</span>`;
  const { a, b, sigma } = cal.params;
  const model = cal.model === "rasch" ? `Rasch: pass = σ(θ − (a + b·${escapeHtml(cal.metric)})), θ ~ N(0, σ²)` : `per level: pass = σ(a − b·${escapeHtml(cal.metric)})`;
  const fit = cal.fit
    ? `held-out log loss ${n(cal.fit.logLoss, 4)} (without the metric ${n(cal.fit.baselineLogLoss, 4)}), Brier ${n(cal.fit.brier, 4)} (${n(cal.fit.baselineBrier, 4)})`
    : "held-out fit not computed (too few levels for the folds)";
  const outliers = cal.outliers.length
    ? `<table class="calibration-outliers"><thead><tr><th>level</th><th>id</th><th>attempts</th><th>wins</th><th>observed</th><th>predicted</th><th>z</th></tr></thead><tbody>${cal.outliers
        .map((o) => `<tr><td><a href="#level-${o.level}">${o.level}</a></td><td>${escapeHtml(o.id)}</td><td>${o.attempts}</td><td>${o.wins}</td><td>${n(o.observed)}</td><td>${n(o.predicted)}</td><td>${o.z >= 0 ? "+" : ""}${n(o.z, 2)}</td></tr>`)
        .join("")}</tbody></table>`
    : "<p>No level disagrees with the measure beyond chance (after correcting for testing every level).</p>";
  const all = `<details class="calibration-levels"><summary>every level's pass rate (${cal.levels.length})</summary><table><thead><tr><th>level</th><th>id</th><th>${escapeHtml(cal.metric)}</th><th>attempts</th><th>observed</th><th>predicted</th>${cal.model === "rasch" ? "<th>average player</th>" : ""}<th>z</th></tr></thead><tbody>${cal.levels
    .map((l) => `<tr${l.outlier ? ' class="outlier"' : ""}><td>${l.level}</td><td>${escapeHtml(l.id)}</td><td>${l.metric}</td><td>${l.attempts}</td><td>${n(l.observed)}</td><td>${n(l.predicted)}</td>${cal.model === "rasch" ? `<td>${n(l.passRate)}</td>` : ""}<td>${n(l.z, 2)}</td></tr>`)
    .join("")}</tbody></table></details>`;
  const legend = cal.model === "rasch" ? "orange: predicted for the players who played it; dashed grey: the average player" : "orange: predicted";
  return (
    `<section class="calibration" id="calibration"><h2>Calibration against players (${escapeHtml(fileName)})</h2>` +
    `<p class="meta">${model} · a ${est(a)} · b ${est(b)}${sigma ? ` · σ ${est(sigma)}` : ""} · level spread τ ${n(cal.levelSpread)} · ${fit}</p>` +
    `<figure class="plot calibration-plot">${await renderVegaLite(calibrationPlotSpec(cal), "plot-cal-")}<figcaption>Observed pass rate per level with its 95% interval (red: outliers); ${legend}.</figcaption></figure>` +
    `<h3>Outliers</h3>${outliers}${all}</section>`
  );
}
