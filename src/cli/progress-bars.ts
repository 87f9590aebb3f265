import cliProgress from "cli-progress";
import { onInterrupt } from "../io/interrupt/on-interrupt.ts";
import type { PipelineEvents, PipelinePhase } from "../pipeline/inputs/pipeline-events.ts";
import type { CliIo } from "./cli-io.ts";

/** Pipeline events drawn as progress bars, plus a way to stop drawing. */
export interface ProgressBars extends PipelineEvents {
  /** Stops the bars (leaves the last state on screen). */
  stop(): void;
}

const LABELS: Record<PipelinePhase, string> = { pools: "pools", dedup: "dedup", selection: "selection", verification: "verification" };

/**
 * cli-progress bars on a terminal stream (SPEC 2, 9): one bar per phase
 * (pools: batches, dedup: candidates, selection: parts, verification:
 * levels) with counts and an ETA, created when the phase first reports.
 * With `enabled` false (stderr not a terminal, or `--quiet`) nothing is
 * drawn; `log` lines still go to `writeLine` unless `quiet`. The bars hide
 * the cursor and turn line wrap off while they draw: `stop()` gives both
 * back, and so does Ctrl-C (SIGINT/SIGTERM, through {@link onInterrupt}:
 * the bars stop, then the process exits 130).
 *
 * @param stream the terminal stream (process.stderr).
 * @param writeLine where log lines go when no bar is drawn.
 */
export function createProgressBars(options: { enabled: boolean; quiet: boolean; stream: NodeJS.WritableStream; writeLine: (text: string) => void }): ProgressBars {
  if (!options.enabled) {
    return { log: (line) => (options.quiet ? undefined : options.writeLine(`${line}\n`)), stop: () => {} };
  }
  const multi = new cliProgress.MultiBar(
    {
      stream: options.stream,
      format: "{phase} |{bar}| {value}/{total} {unit} · ETA {eta_formatted}",
      barsize: 30,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 50,
      autopadding: true,
    },
    cliProgress.Presets.shades_classic,
  );
  // Ctrl-C while the bars draw: stop them (cursor and line wrap back), end the line, then exit.
  const release = onInterrupt(
    () => {
      multi.stop();
      options.stream.write("\n");
    },
    { terminal: true },
  );
  const bars = new Map<PipelinePhase, cliProgress.SingleBar>();
  const units: Record<PipelinePhase, string> = { pools: "batches", dedup: "candidates", selection: "parts", verification: "levels" };
  const bar = (phase: PipelinePhase, total: number) => {
    let b = bars.get(phase);
    if (!b) {
      b = multi.create(Math.max(total, 0), 0, { phase: LABELS[phase].padEnd(12), unit: units[phase] });
      bars.set(phase, b);
    }
    return b;
  };
  return {
    log: (line) => multi.log(`${line}\n`),
    total: (phase, total) => bar(phase, total).setTotal(total),
    advance: (phase, by) => bar(phase, 0).increment(by),
    stop: () => {
      release();
      multi.stop();
    },
  };
}

/** A command's bars: drawn on stderr when it is a terminal and `--quiet` is not given; with `--quiet`, no log lines either. */
export function commandProgressBars(io: CliIo, quiet: boolean | undefined): ProgressBars {
  return createProgressBars({ enabled: io.stderrIsTTY && !quiet, quiet: Boolean(quiet), stream: process.stderr, writeLine: io.stderr });
}
