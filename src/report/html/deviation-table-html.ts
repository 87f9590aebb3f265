import type { DeviationStats, RampDeviation } from "../deviation-report.ts";
import { deviationBand } from "../deviation-band.ts";
import { escapeHtml } from "./html-escape.ts";

/**
 * The per-chapter deviation table of the text report (SPEC 1 job 4) as an
 * HTML `<table class="deviation">`: one row per chapter (and an `all` row
 * when asked), one column group per ramp side by side (mean |deviation|,
 * RMS, max |deviation| @level, bias, pool-limited; 3 decimals as in the terminal table),
 * then the constraint breaks. The mean
 * |deviation| cell carries the colour band of the terminal table
 * ({@link deviationBand}) as class `good`, `fair` or `poor`.
 *
 * @param reports one deviation report per ramp (same levels file), at least one.
 * @param chapters chapters to list (default: all of the first report's).
 * @param withAll add the `all` row (default true).
 */
export function deviationTableHtml(reports: RampDeviation[], chapters?: number[], withAll = true): string {
  const list = chapters ?? reports[0].chapters.map((c) => c.chapter);
  const out: string[] = [];
  out.push(`<table class="deviation" data-ramps="${reports.length}">`);
  out.push(`<thead><tr><th rowspan="2">chapter</th><th rowspan="2">levels</th>`);
  for (const r of reports) out.push(`<th colspan="5" class="ramp" scope="colgroup">${escapeHtml(r.name)} <span class="metric">(${escapeHtml(r.metric)})</span></th>`);
  out.push(`<th rowspan="2">breaks</th></tr><tr>`);
  for (let i = 0; i < reports.length; i++) out.push(`<th>mean |dev|</th><th>RMS</th><th>max |dev| @level</th><th>bias</th><th title="levels off the ramp with no eligible candidate closer / levels off the ramp">pool-limited</th>`);
  out.push(`</tr></thead><tbody>`);
  const row = (label: string, pick: (r: RampDeviation) => DeviationStats | undefined, cls: string) => {
    const first = pick(reports[0]);
    if (!first) return;
    out.push(`<tr class="${cls}"><th scope="row">${escapeHtml(label)}</th><td>${first.levels}</td>`);
    for (const r of reports) {
      const s = pick(r)!;
      out.push(
        `<td class="band-${deviationBand(s)}">${s.meanAbs.toFixed(3)}</td><td>${s.rms.toFixed(3)}</td>` +
          `<td>${s.maxAbs.toFixed(3)} @${s.maxAt ?? "-"}</td><td>${(s.bias >= 0 ? "+" : "") + s.bias.toFixed(3)}</td>` +
          `<td>${s.poolLimited !== null && s.constraintLimited !== null ? `${s.poolLimited}/${s.poolLimited + s.constraintLimited}` : "-"}</td>`,
      );
    }
    out.push(`<td class="${first.breaks > 0 ? "breaks" : ""}">${first.breaks}</td></tr>`);
  };
  for (const ch of list) row(String(ch), (r) => r.chapters.find((c) => c.chapter === ch), `chapter-row`);
  if (withAll) row("all", (r) => r.all, "all-row");
  out.push(`</tbody></table>`);
  return out.join("");
}
