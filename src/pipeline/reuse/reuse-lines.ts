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
 * answered whole from the earlier pool, which were grown whole and which partly.
 *
 * @param otherwise what became of a batch the pool did not hold (default `grown`; `merge`: `from the shards or grown here`).
 */
export function reuseLines(summary: ReuseSummary, otherwise = "grown"): string[] {
  const { parts, compose, file, refusal } = summary;
  if (refusal) return [`reuse: nothing reused from ${file}: ${refusal}`];
  const reused = parts.reduce((n, p) => n + p.reused, 0);
  const total = parts.reduce((n, p) => n + p.reused + p.grown, 0);
  const composing = compose.reused + compose.grown === 0 ? "" : compose.grown === 0 ? "; composing reused" : `; composing ${otherwise}`;
  const lines = [`reuse: ${reused} of ${total} batches answered from ${file}, ${total - reused} ${otherwise}${composing}`];
  const whole = parts.filter((p) => p.grown === 0);
  const grown = parts.filter((p) => p.reused === 0 && p.grown > 0);
  const partly = parts.filter((p) => p.reused > 0 && p.grown > 0);
  if (whole.length) lines.push(`  reused whole: ${ranges(whole, parts)}`);
  if (grown.length) lines.push(`  ${otherwise} whole: ${ranges(grown, parts)}`);
  if (partly.length) lines.push(`  ${otherwise} in part: ${partly.map((p) => `${name(p)} (${p.grown} of ${p.reused + p.grown} batches)`).join(", ")}`);
  return lines;
}
