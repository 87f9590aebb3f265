import type { RampDeviation } from "./deviation-report.ts";

/** Quotes a CSV field when it holds a comma, quote or line break (RFC 4180). */
export function csvField(value: string | number | null): string {
  const s = value === null ? "" : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * The per-chapter deviation table as CSV (one row per ramp and chapter, then
 * an `all` row per ramp), for spreadsheets.
 */
export function deviationCsv(reports: RampDeviation[]): string {
  const rows = [["ramp", "metric", "chapter", "levels", "meanAbs", "rms", "maxAbs", "maxAt", "bias", "breaks"]];
  for (const r of reports) {
    for (const c of [...r.chapters, { chapter: "all" as const, ...r.all }]) {
      rows.push([r.name, r.metric, String(c.chapter), String(c.levels), String(c.meanAbs), String(c.rms), String(c.maxAbs), String(c.maxAt ?? ""), String(c.bias), String(c.breaks)]);
    }
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\n") + "\n";
}
