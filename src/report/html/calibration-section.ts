import type { TopLevelSpec } from "vega-lite";
import type { Calibration } from "../../io/schemas/calibration.ts";
import type { CalibratedLevel } from "../calibrated-levels.ts";
import { escapeHtml, formatNumber } from "./html-escape.ts";
import { PLOT_CONFIG } from "./plot-config.ts";
import { renderVegaLite } from "./render-vega-lite.ts";

/**
 * The vega-lite spec of the calibration plot (SPEC 11 `report
 * --calibration`): pass rate against level number — each played level's
 * observed pass rate as a point with its band at the outlier threshold, the
 * level spread included (the prediction lies outside the band exactly when
 * the level is an outlier: red),
 * the fit's prediction for the players who played it as an orange line, and
 * the curve's pass rate at every level's metric (Rasch: the average player)
 * as a dashed grey line.
 */
export function calibrationPlotSpec(cal: Calibration, levels: CalibratedLevel[]): TopLevelSpec {
  const rows = levels.map((l) => {
    const p = l.played;
    const label = p
      ? `level ${l.level} · ${l.id} · ${cal.metric} ${l.metric} · observed ${formatNumber(p.observed, 3)} (${p.wins}/${p.attempts}) · predicted ${formatNumber(p.predicted, 3)} · z ${formatNumber(p.z, 2)}${p.outlier ? " · outlier" : ""}`
      : `level ${l.level} · ${l.id} · ${cal.metric} ${l.metric} · pass rate ${formatNumber(l.passRate, 3)} (not played)`;
    return { level: l.level, passRate: l.passRate, played: p ? 1 : 0, observed: p?.observed ?? null, low: p?.low ?? null, high: p?.high ?? null, predicted: p?.predicted ?? null, kind: p?.outlier ? "outlier" : "level", label, href: `#level-${l.level}` };
  });
  const x = { field: "level", type: "quantitative" as const, title: "level", scale: { zero: false, nice: false }, axis: { format: "d", tickMinStep: 1 } };
  const y = { type: "quantitative" as const, title: "pass rate", scale: { domain: [0, 1] } };
  const played = { filter: "datum.played" };
  const curveLine = { mark: { type: "line", color: "#888", strokeDash: [5, 4], strokeWidth: 1.5, aria: false }, encoding: { x, y: { ...y, field: "passRate" } } };
  // Another order of levels (no level played): the curve and a point per level on it, each with its title.
  if (!levels.some((l) => l.played)) {
    const point = { mark: { type: "point", filled: true, size: 24, color: "#888", cursor: "pointer" }, encoding: { x, y: { ...y, field: "passRate" }, description: { field: "label" }, href: { field: "href" } } };
    return { $schema: "https://vega.github.io/schema/vega-lite/v6.json", width: 900, height: 260, config: PLOT_CONFIG, data: { values: rows }, layer: [curveLine, point] } as TopLevelSpec;
  }
  const layer: unknown[] = [
    { transform: [played], mark: { type: "rule", color: "#bbb", aria: false }, encoding: { x, y: { ...y, field: "low" }, y2: { field: "high" } } },
    curveLine,
    { transform: [played], mark: { type: "line", color: "#e67e22", strokeWidth: 2, aria: false }, encoding: { x, y: { ...y, field: "predicted" } } },
  ];
  layer.push({
    transform: [played],
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
 * observed-vs-predicted plot, the outliers table (linked to the level cards
 * when the level is in the file), and every level's predicted pass rate
 * (folded).
 */
export async function calibrationSectionHtml(cal: Calibration, levels: CalibratedLevel[], fileName: string): Promise<string> {
  const n = (x: number, d = 3) => formatNumber(x, d);
  const est = (e: { value: number; low: number; high: number }) => `${n(e.value)} <span class="interval">[${n(e.low)}, ${n(e.high)}]</span>`;
  const { a, b, sigma } = cal.params;
  const model = cal.model === "rasch" ? `Rasch: pass = σ(θ − (a + b·${escapeHtml(cal.metric)})), θ ~ N(0, σ²)` : `per level: pass = σ(a − b·${escapeHtml(cal.metric)})`;
  const gain = cal.fit?.gain;
  const fit = cal.fit
    ? `held-out log loss ${n(cal.fit.logLoss, 4)} (without the metric ${n(cal.fit.baselineLogLoss, 4)}), Brier ${n(cal.fit.brier, 4)} (${n(cal.fit.baselineBrier, 4)})` +
      (gain ? `, gain ${est(gain)} nats per attempt${gain.low > 0 ? "" : " — <strong>the metric does not predict pass rates better than a constant</strong>"}` : "")
    : "held-out fit not computed (too few levels for the folds)";
  const slope = cal.params.b.low > 0 ? "" : ` — <strong>b's interval ${cal.params.b.high < 0 ? "points the wrong way" : "includes 0"}: the plays do not show that ${escapeHtml(cal.metric)} makes levels harder</strong>`;
  const shipped = new Map(levels.map((l) => [l.id, l.level]));
  const outliers = cal.outliers.length
    ? `<table class="calibration-outliers"><thead><tr><th>level</th><th>id</th><th>attempts</th><th>wins</th><th>observed</th><th>predicted</th><th>z</th></tr></thead><tbody>${cal.outliers
        .map((o) => `<tr><td>${shipped.has(o.id) ? `<a href="#level-${shipped.get(o.id)}">${o.level}</a>` : o.level}</td><td>${escapeHtml(o.id)}</td><td>${o.attempts}</td><td>${o.wins}</td><td>${n(o.observed)}</td><td>${n(o.predicted)}</td><td>${o.z >= 0 ? "+" : ""}${n(o.z, 2)}</td></tr>`)
        .join("")}</tbody></table>`
    : "<p>No level disagrees with the measure beyond chance (after correcting for testing every level).</p>";
  const all = `<details class="calibration-levels"><summary>every level's predicted pass rate (${levels.length})</summary><table><thead><tr><th>level</th><th>id</th><th>${escapeHtml(cal.metric)}</th><th>pass rate${cal.model === "rasch" ? " (average player)" : ""}</th><th>attempts</th><th>observed</th><th>predicted for who played</th><th>z</th></tr></thead><tbody>${levels
    .map((l) => `<tr${l.played?.outlier ? ' class="outlier"' : ""}><td>${l.level}</td><td>${escapeHtml(l.id)}</td><td>${l.metric}</td><td>${n(l.passRate)}</td>${l.played ? `<td>${l.played.attempts}</td><td>${n(l.played.observed)}</td><td>${n(l.played.predicted)}</td><td>${n(l.played.z, 2)}</td>` : `<td colspan="4">not played</td>`}</tr>`)
    .join("")}</tbody></table></details>`;
  const bands = cal.outlierThreshold !== undefined;
  const caption = !levels.some((l) => l.played)
    ? "The calibration's plays are of another order of levels (its levelsDigest is not this file's): each level's pass rate from the curve only"
    : bands
      ? `Observed pass rate per level with its band at the outlier threshold |z| = ${n(cal.outlierThreshold!, 2)}, level spread included: a level whose band misses its prediction is an outlier (red)`
      : "Observed pass rate per level with its 95% Wilson interval (red: outliers)";
  const legend = `orange: predicted for the players who played it, by the fit without the level; dashed grey: the curve at each level's ${escapeHtml(cal.metric)}${cal.model === "rasch" ? " (the average player)" : ""}`;
  return (
    `<section class="calibration" id="calibration"><h2>Calibration against players (${escapeHtml(fileName)})</h2>` +
    `<p class="meta">${model} · a ${est(a)} · b ${est(b)}${slope}${sigma ? ` · σ ${est(sigma)}` : ""} · level spread τ ${cal.params.tau ? est(cal.params.tau) : n(cal.levelSpread)} · ${fit}</p>` +
    `<figure class="plot calibration-plot">${await renderVegaLite(calibrationPlotSpec(cal, levels), "plot-cal-")}<figcaption>${caption}${levels.some((l) => l.played) ? `; ${legend}` : ""}.</figcaption></figure>` +
    `<h3>Outliers</h3>${outliers}${all}</section>`
  );
}
