import type { PartReuse, ReuseSummary } from "./reuse-runner.ts";

/** `c3p2`. */
const name = (p: PartReuse) => `c${p.chapter}p${p.part}`;

/** Consecutive parts (in run order) as ranges: `c1p1–c4p4, c6p2`. */
function ranges(parts: PartReuse[], all: PartReuse[]): string {
  const out: string[] = [];
  let run: PartReuse[] = [];
  const flush = () => {
    if (run.length) out.push(run.length === 1 ? name(run[0]) : `${name(run[0])}–${name(run[run.length - 1])}`);
    run = [];
  };
  for (const p of all) {
    if (parts.includes(p)) run.push(p);
    else flush();
  }
  flush();
  return out.join(", ");
}

/**
 * What a run with `--reuse` reused and grew, for the designer (stderr; docs/pipeline.md
 * "Pools reused"): batches reused of all, composing, and which parts were
 * answered whole from the earlier pool, which were grown whole and which partly;
 * when batches were grown only because their aim moved (a ramp or model change),
 * how many, and the command that chooses from the pool as it is instead.
 *
 * @param otherwise what became of a batch the pool did not hold (default `grown`; `merge`: `from the shards or grown here`).
 */
export function reuseLines(summary: ReuseSummary, otherwise = "grown"): string[] {
  const { parts, compose, file, refusal } = summary;
  if (refusal) return [`reuse: nothing reused from ${file}: ${refusal}`];
  const reused = parts.reduce((n, p) => n + p.reused, 0);
  const total = parts.reduce((n, p) => n + p.reused + p.grown, 0);
  const composing = compose.reused + compose.grown === 0 ? "" : compose.grown === 0 ? "; composing reused" : `; composing ${otherwise}`;
  const reaimed = parts.reduce((n, p) => n + p.reaimed, 0);
  const why = reaimed === 0 ? "" : ` (${reaimed} of them only because the ramp or the chain moved their aim)`;
  const lines = [`reuse: ${reused} of ${total} batches answered from ${file}, ${total - reused} ${otherwise}${why}${composing}`];
  const whole = parts.filter((p) => p.grown === 0);
  const grown = parts.filter((p) => p.reused === 0 && p.grown > 0);
  const partly = parts.filter((p) => p.reused > 0 && p.grown > 0);
  if (whole.length) lines.push(`  reused whole: ${ranges(whole, parts)}`);
  if (grown.length) lines.push(`  ${otherwise} whole: ${ranges(grown, parts)}`);
  if (partly.length) lines.push(`  ${otherwise} in part: ${partly.map((p) => `${name(p)} (${p.grown} of ${p.reused + p.grown} batches)`).join(", ")}`);
  if (reaimed > 0) lines.push(`  to choose from ${file} as it is, growing nothing: levelramp select --pools ${file} --incremental with this run's --plan, --model and --ramp (without --incremental if the pool runs out part by part; the levels only, not a whole build's set)`);
  return lines;
}
