/** The phases a long run reports progress for (SPEC 9: a progress bar on stderr). */
export type PipelinePhase = "pools" | "dedup" | "selection" | "verification";

/**
 * Progress and messages of a pipeline run. Every member is optional; the
 * library never writes to a stream itself (the CLI draws the bars).
 */
export interface PipelineEvents {
  /** A line for the designer (what the chain starts from, extra rounds, ...). */
  log?(line: string): void;
  /** The phase's total work grew to `total` units (batches, candidates, parts, levels). */
  total?(phase: PipelinePhase, total: number): void;
  /** `by` more units of the phase are done. */
  advance?(phase: PipelinePhase, by: number): void;
}
