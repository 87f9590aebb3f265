import { Chalk } from "chalk";
import { oneLine, terminalText } from "../io/hostile/terminal-text.ts";
import { breakLine, type ConstraintBreak } from "../select/rules/find-breaks.ts";
import { deviationBand } from "./deviation-band.ts";
import type { DeviationStats, RampDeviation } from "./deviation-report.ts";

function fmt(x: number, digits = 3): string {
  return x.toFixed(digits);
}

/**
 * The per-chapter deviation table for the terminal (SPEC 1 job 4): aligned
 * columns, one column group per ramp side by side, chalk colour bands on
 * mean |deviation| and on breaks. Honours NO_COLOR / non-TTY through `color`.
 * Ramp names, the metric and break messages are shown with their control
 * characters escaped ({@link terminalText}), so only the table's own colours
 * reach a colour terminal.
 *
 * @param reports one report per ramp (same levels file).
 * @param breaks the file's constraint breaks, listed under the table.
 * @param color colour level: 0 none (default), 1 basic.
 * @param names how the caller names its inputs in the text: `pools`, the
 *   pool that makes pool-limited known (default `the pool`; `report` passes
 *   `--pools`).
 */
export function deviationTable(reports: RampDeviation[], breaks: ConstraintBreak[], color: 0 | 1 = 0, names: { pools?: string } = {}): string {
  const chalk = new Chalk({ level: color });
  const paint = (s: DeviationStats, text: string) => {
    const band = deviationBand(s);
    return band === "good" ? chalk.green(text) : band === "fair" ? chalk.yellow(text) : chalk.red(text);
  };
  // Two heading lines: each ramp's name over its five columns, then the column names.
  // Names and messages come from files: shown escaped before the table adds its own colours.
  const label = (r: RampDeviation) => `ramp: ${terminalText(oneLine(r.name))}`;
  const sub = ["chapter", "levels"];
  for (const _ of reports) sub.push(`mean|dev|`, "RMS", "max|dev| @level", "bias", "pool-limited");
  sub.push("breaks");
  type Cell = { text: string; paint?: (t: string) => string };
  const rows: Cell[][] = [];
  const chapters = reports[0]?.chapters.map((c) => c.chapter) ?? [];
  const line = (label: string, pick: (r: RampDeviation) => DeviationStats) => {
    const first = pick(reports[0]);
    const row: Cell[] = [{ text: label }, { text: String(first.levels) }];
    for (const r of reports) {
      const s = pick(r);
      row.push(
        { text: fmt(s.meanAbs), paint: (t) => paint(s, t) },
        { text: fmt(s.rms) },
        { text: `${fmt(s.maxAbs)} @${s.maxAt ?? "-"}` },
        { text: (s.bias >= 0 ? "+" : "") + fmt(s.bias) },
        { text: s.poolLimited !== null && s.constraintLimited !== null ? `${s.poolLimited}/${s.poolLimited + s.constraintLimited}` : "-" },
      );
    }
    row.push({ text: String(first.breaks), paint: first.breaks > 0 ? (t) => chalk.red(t) : undefined });
    rows.push(row);
  };
  for (const ch of chapters) line(String(ch), (r) => r.chapters.find((c) => c.chapter === ch)!);
  if (reports.length) line("all", (r) => r.all);
  // Column widths come from the sub-heading and the rows; a ramp's name spans its
  // five columns, and a name longer than them widens the group's last column.
  const body: Cell[][] = [sub.map((t) => ({ text: t })), ...rows];
  const widths = sub.map((_, i) => Math.max(...body.map((r) => r[i]?.text.length ?? 0)));
  const GROUP = 5;
  const groupWidth = (g: number) => widths.slice(2 + g * GROUP, 2 + (g + 1) * GROUP).reduce((a, b) => a + b, 0) + 2 * (GROUP - 1);
  reports.forEach((r, g) => {
    const excess = label(r).length - groupWidth(g);
    if (excess > 0) widths[2 + g * GROUP + GROUP - 1] += excess;
  });
  const headLine = ["".padEnd(widths[0]), "".padEnd(widths[1]), ...reports.map((r, g) => chalk.bold(label(r).padEnd(groupWidth(g))))].join("  ").trimEnd();
  const out = [
    headLine,
    ...body.map((r, k) =>
      r
        .map((cell, i) => {
          const padded = i === 0 || k === 0 ? cell.text.padEnd(widths[i]) : cell.text.padStart(widths[i]);
          return cell.paint ? cell.paint(padded) : padded;
        })
        .join("  ")
        .trimEnd(),
    ),
  ];
  const metric = terminalText(oneLine(reports[0]?.metric ?? ""));
  const title = `Ramp deviation per chapter (${metric}; deviation = value − target)`;
  const lines = [title, ...out];
  const known = reports.some((r) => r.all.poolLimited !== null);
  const unknown = reports.some((r) => r.all.poolLimited === null || r.chapters.some((c) => c.poolLimited === null));
  if (known || unknown) {
    lines.push(
      "pool-limited: of the levels off the ramp, how many had no eligible candidate closer (the pool, not the constraints, is the limit)" +
        (unknown ? `; - unknown (give ${names.pools ?? "the pool"})` : ""),
    );
  }
  if (breaks.length) {
    lines.push("", chalk.red(`${breaks.length} constraint break(s):`));
    for (const b of breaks) lines.push(`  ${terminalText(oneLine(breakLine(b)))}`);
  }
  return lines.join("\n") + "\n";
}
