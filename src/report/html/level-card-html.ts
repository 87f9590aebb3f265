import { escapeHtml, formatNumber, formatSigned } from "./html-escape.ts";
import type { HtmlReportData } from "./html-report-data.ts";

/**
 * One level's card: `<figure class="level" id="level-N">` with the picture
 * (an `<img>` of the game's SVG, `pictureImage`; none for generic levels, which carry metrics only) and a caption
 * of its number, id, part, rules, concepts, metrics and, per ramp, target and
 * deviation. The card's `title` holds the same numbers unrounded, shown on hover.
 *
 * @param data the report data (its ramps give the targets).
 * @param index the level's index in `data.levels`.
 * @param picture the level's picture as the page shows it (`pictureImage`: an `<img>`), or `null`.
 */
export function levelCardHtml(data: HtmlReportData, index: number, picture: string | null): string {
  const level = data.levels[index];
  const metrics = Object.entries(level.metrics);
  const targets = data.ramps.map((r) => ({ name: r.name, metric: r.metric, row: r.levels[index] }));
  const title = [
    `level ${level.number} (chapter ${level.chapter}, part ${level.part})`,
    level.id,
    ...(level.rules.length ? [`rules: ${level.rules.join(", ")}`] : []),
    ...(level.concepts?.length ? [`concepts: ${level.concepts.join(", ")}`] : []),
    ...metrics.map(([k, v]) => `${k} = ${v}`),
    ...targets.map((t) => `${t.name}: ${t.metric} target ${t.row.target}, deviation ${t.row.deviation}`),
  ].join("\n");
  const out: string[] = [];
  out.push(`<figure class="level" id="level-${level.number}" data-level="${level.number}" title="${escapeHtml(title)}">`);
  if (picture) out.push(`<div class="picture">${picture}</div>`);
  out.push(`<figcaption><div class="head"><b>#${level.number}</b> <code>${escapeHtml(level.id)}</code></div>`);
  if (level.rules.length) out.push(`<div class="rules">${level.rules.map((r) => `<span>${escapeHtml(r)}</span>`).join(" ")}</div>`);
  if (level.concepts?.length) out.push(`<div class="concepts">${level.concepts.map((c) => `<span>${escapeHtml(c)}</span>`).join(" ")}</div>`);
  out.push(`<div class="metrics">${metrics.map(([k, v]) => `${escapeHtml(k)} <b>${formatNumber(v)}</b>`).join(" · ")}</div>`);
  for (const t of targets) {
    const label = data.ramps.length > 1 ? `${escapeHtml(t.name)}: ` : "";
    out.push(`<div class="target">${label}target <b>${formatNumber(t.row.target)}</b> <span class="dev">(${formatSigned(t.row.deviation)})</span></div>`);
  }
  out.push(`</figcaption></figure>`);
  return out.join("");
}
