import { reuseTotals, type PartReuse, type ReuseSummary } from "./reuse-runner.ts";

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

/** The library's words for {@link reuseLines}' `names`: a selection over the pool as it is. */
export const REUSE_LINES_NAMES = {
  /** Reusing an earlier pool. */
  reuse: "reuse",
  /** Selecting from a pool file (followed by the file). */
  select: "selectLevels over",
  /** Selecting part by part. */
  incremental: "incremental",
  /** The run's inputs the selection takes again. */
  inputs: "plan, model and ramp",
};

/**
 * What a run with `--reuse` reused and grew, for the designer (stderr; docs/pipeline.md
 * "Pools reused"): batches reused of all, composing, and which parts were
 * answered whole from the earlier pool, which were grown whole and which partly;
 * when batches were grown only because their aim moved (a ramp or model change),
 * how many, and the ways to grow none of them. With `keepAims` ("Keeping the
 * recorded aims"): how many reused batches were aimed elsewhere, why each
 * grown batch was grown, and that the set may differ from a whole build's.
 *
 * @param otherwise what became of a batch the pool did not hold (default `grown`; `merge`: `from the shards or grown here`).
 * @param keepAims how the caller names the keepAims option (the CLI: `--keep-aims`); absent: a caller without it (merge), and no line offers it.
 * @param names how the caller names its other options: the reuse option and
 *   the selection that grows nothing (default {@link REUSE_LINES_NAMES}, the
 *   library's words: reuse, selectLevels and its options; the CLI passes
 *   `--reuse`, `levelramp select --pools`, `--incremental` and `--plan,
 *   --model and --ramp`).
 */
export function reuseLines(summary: ReuseSummary, otherwise = "grown", keepAims?: string, names: Partial<typeof REUSE_LINES_NAMES> = {}): string[] {
  const said = { ...REUSE_LINES_NAMES, ...names };
  const { parts, compose, file, refusal } = summary;
  if (refusal) return [`reuse: nothing reused from ${file}: ${refusal}`];
  const { reused, grown: grownBatches, reaimed, aimedElsewhere: elsewhere } = reuseTotals(summary);
  const total = reused + grownBatches;
  const composing = compose.reused + compose.grown === 0 ? "" : compose.grown === 0 ? "; composing reused" : `; composing ${otherwise}`;
  const why = reaimed === 0 ? "" : ` (${reaimed} of them only because the ramp or the chain moved their aim)`;
  const asGrown = summary.keepAims ? ` as grown (${elsewhere} of them aimed at another ramp or chain than this run's)` : "";
  const lines = [`reuse: ${reused} of ${total} batches answered from ${file}${asGrown}, ${total - reused} ${otherwise}${why}${composing}`];
  const whole = parts.filter((p) => p.grown === 0);
  const grown = parts.filter((p) => p.reused === 0 && p.grown > 0);
  const partly = parts.filter((p) => p.reused > 0 && p.grown > 0);
  if (whole.length) lines.push(`  reused whole: ${ranges(whole, parts)}`);
  if (grown.length) lines.push(`  ${otherwise} whole: ${ranges(grown, parts)}`);
  if (partly.length) lines.push(`  ${otherwise} in part: ${partly.map((p) => `${name(p)} (${p.grown} of ${p.reused + p.grown} batches)`).join(", ")}`);
  if (summary.keepAims) lines.push(...keptAimsLines(parts, elsewhere, keepAims ?? "keepAims", said.reuse));
  if (reaimed > 0 && keepAims !== undefined) lines.push(`  to reuse them as grown for their earlier aims, growing none of them again: the same command with ${keepAims} (the whole set, which may then differ from a whole build's; a round is grown only where the earlier pool's candidates cannot continue the chain)`);
  if (reaimed > 0) lines.push(`  to choose from ${file} as it is, growing nothing: ${said.select} ${file} ${said.incremental} with this run's ${said.inputs} (without ${said.incremental} if the pool runs out part by part; the levels only, not a whole build's set)`);
  return lines;
}

/** With keepAims: why batches were grown (new generator inputs, or rounds the earlier run never took), and what the set is. */
function keptAimsLines(parts: PartReuse[], elsewhere: number, flag: string, reuse: string): string[] {
  const lines: string[] = [];
  const unrecorded = parts.filter((p) => (p.unrecorded ?? 0) > 0);
  const changed = parts.filter((p) => p.grown - (p.unrecorded ?? 0) > 0);
  const sum = (ps: PartReuse[], f: (p: PartReuse) => number) => ps.reduce((n, p) => n + f(p), 0);
  if (changed.length) lines.push(`  grown for their generator inputs (changed, or a part the pool does not hold): ${sum(changed, (p) => p.grown - (p.unrecorded ?? 0))} batch(es) of ${ranges(changed, parts)}`);
  if (unrecorded.length) lines.push(`  grown because the earlier run never grew them (this run needed more extra rounds, or refine rounds for a chain above the ramp that the later parts' recorded candidates could not continue): ${sum(unrecorded, (p) => p.unrecorded ?? 0)} batch(es) of ${unrecorded.map((p) => `${name(p)} (${p.unrecorded})`).join(", ")}`);
  const unrefined = parts.filter((p) => (p.refineNotGrown ?? 0) > 0);
  if (unrefined.length) lines.push(`  not grown: refine rounds the earlier pool does not hold, for chains that end below this ramp or that the later parts' recorded candidates continue (each part keeps the continuation found; a whole build grows them): ${unrefined.map((p) => `${name(p)} (${p.refineNotGrown})`).join(", ")}`);
  const capped = parts.filter((p) => p.ceiling !== undefined);
  if (capped.length) lines.push(`  kept under a ceiling (their own best levels would have ended where the later parts' recorded candidates cannot continue the chain; no round grown for it): ${capped.map((p) => name(p)).join(", ")}`);
  if (elsewhere > 0) lines.push(`  ${flag}: ${elsewhere} batch(es) were grown for the earlier ramp or chain, so this set may differ from a whole build's with these inputs (without ${flag}, ${reuse} grows them again and writes a whole build's bytes)`);
  else lines.push(`  ${flag}: every batch reused was aimed where this run aims it: the set is a whole build's with these inputs`);
  return lines;
}
