import { csvCell } from "../io/hostile/csv-cell.ts";
import type { RampDeviation } from "./deviation-report.ts";

/**
 * One CSV field (RFC 4180), safe for spreadsheets: a text starting with `=`,
 * `+`, `-`, `@`, a tab or CR gets a leading `'` (not a plain number such as
 * `-0.5`), then a field with a comma, quote or line break is quoted
 * ({@link csvCell}, the OWASP rule against CSV injection).
 */
export function csvField(value: string | number | null): string {
  return csvCell(value);
}

/**
 * The per-chapter deviation table as CSV (one row per ramp and chapter, then
 * an `all` row per ramp), for spreadsheets.
 */
export function deviationCsv(reports: RampDeviation[]): string {
  const rows = [["ramp", "metric", "chapter", "levels", "meanAbs", "rms", "maxAbs", "maxAt", "bias", "breaks", "poolLimited", "constraintLimited"]];
  for (const r of reports) {
    for (const c of [...r.chapters, { chapter: "all" as const, ...r.all }]) {
      rows.push([r.name, r.metric, String(c.chapter), String(c.levels), String(c.meanAbs), String(c.rms), String(c.maxAbs), String(c.maxAt ?? ""), String(c.bias), String(c.breaks), c.poolLimited === null ? "" : String(c.poolLimited), c.constraintLimited === null ? "" : String(c.constraintLimited)]);
    }
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\n") + "\n";
}

/**
 * The per-level table as CSV: one row per ramp and level — number, chapter,
 * part, id, value, target, deviation and pool coverage (`bestDeviation`,
 * empty when unknown).
 */
export function levelDeviationCsv(reports: RampDeviation[]): string {
  const rows = [["ramp", "metric", "number", "chapter", "part", "id", "value", "target", "deviation", "bestDeviation"]];
  for (const r of reports) {
    for (const l of r.levels) {
      rows.push([r.name, r.metric, String(l.number), String(l.chapter), String(l.part), l.id, String(l.value), String(l.target), String(l.deviation), l.bestDeviation === null ? "" : String(l.bestDeviation)]);
    }
  }
  return rows.map((r) => r.map(csvField).join(",")).join("\n") + "\n";
}
