import { DedupIndex } from "../dedup/dedup-index.ts";
import type { DedupComparison } from "../dedup/dedup-types.ts";
import { LevelrampError } from "../io/errors.ts";
import { roundMetric } from "../io/round-metric.ts";
import type { LevelsFile } from "../io/schemas/levels.ts";
import type { Constraint } from "../io/schemas/model.ts";
import { findBreaks } from "../select/find-breaks.ts";
import { rampTarget } from "../select/ramp-target.ts";
import { recheckStatus, type StatusCheck } from "../select/recheck-status.ts";
import type { GameBackend } from "../game/game-backend.ts";
import { findGame } from "../game/registry.ts";
import type { PipelineEvents } from "./pipeline-events.ts";

/** One reason a level fails verification. */
export interface LevelFailure {
  /** Global level number. */
  level: number;
  id: string;
  /**
   * Short reason: a back-end check (`goal`, `replay`, `solution`, `fair-gap`,
   * `rule-needed`, ...), `metrics` (stored metrics differ from a fresh
   * measure), `target` (target or deviation differ from the embedded ramp),
   * a model constraint (`nonDecreasing(bits)`, `maxRun(reads)`, `unique`, ...),
   * `duplicate` (the same level as an earlier one, SPEC 7), `no-body`,
   * `no-solution`, `status` (the file says optimal, but a better order of its
   * levels exists), or `check-error` (a check could not run).
   */
  reason: string;
  message: string;
}

/** The answer of {@link verifyLevels}. */
export interface VerifyResult {
  ok: boolean;
  game: string;
  /** Levels in the file. */
  levels: number;
  failures: LevelFailure[];
  /** The file's status, re-derived where possible (SPEC 6 status). */
  status: StatusCheck;
}

function constraintName(c: Constraint | { type: "unique" }): string {
  return "key" in c ? `${c.type}(${c.key})` : c.type;
}

/**
 * Verifies a levels file again (SPEC 1 job 5, SPEC 2 `verify`): for every
 * game level, the back end's checks (goal exact, the stored solution replays
 * through the game's rules, fair to read, marks/rules needed), the stored
 * metrics against a fresh measure, and the target/deviation against the
 * embedded ramp; across the file, the embedded model's constraints (the
 * order never gets easier, runs, rises, drops, pins, conflicts, each id once,
 * via findBreaks) and no two levels the same (SPEC 7, each level against
 * every earlier one); and its status (a file that says optimal is re-solved
 * over its own levels with the dp, {@link recheckStatus}). A generic file gets
 * the model constraints, targets and status only.
 *
 * @returns every failure, by level then in check order; `ok` when there is none.
 */
export function verifyLevels(file: LevelsFile, events?: PipelineEvents): VerifyResult {
  const failures: LevelFailure[] = [];
  const fail = (level: number, id: string, reason: string, message: string) => failures.push({ level, id, reason, message });
  const target = rampTarget(file.ramp);
  const metric = file.ramp.metric;
  const backend = findGame(file.game) ?? null;
  const index = backend ? new DedupIndex<unknown, unknown, DedupComparison<unknown>>(backend.dedup) : null;
  events?.total?.("verification", file.levels.length);

  for (const l of file.levels) {
    const t = target(l.number);
    if (Math.abs(l.target - t) > 1e-6) fail(l.number, l.id, "target", `the stored target ${l.target} is not the ramp's ${t} at level ${l.number}`);
    const value = l.metrics[metric];
    if (value !== undefined && Math.abs(l.deviation - roundMetric(value - l.target)) > 1e-6) {
      fail(l.number, l.id, "target", `the stored deviation ${l.deviation} is not value − target = ${roundMetric(value - l.target)}`);
    }
    if (backend && index) verifyGameLevel(backend, index, l, fail);
    events?.advance?.("verification", 1);
  }

  for (const b of findBreaks(file.levels, file.model.constraints)) {
    const at = file.levels.find((l) => l.number === b.level);
    fail(b.level, at?.id ?? "?", constraintName(b.constraint), b.message);
  }
  const status = recheckStatus(file);
  if (!status.ok) {
    const at = status.better ? file.levels.find((l) => l.number === status.better!.level) : file.levels[0];
    fail(at?.number ?? 0, at?.id ?? "?", "status", status.message);
  }
  failures.sort((a, b) => a.level - b.level);
  return { ok: failures.length === 0, game: file.game, levels: file.levels.length, failures, status };
}

function verifyGameLevel(
  backend: GameBackend,
  index: DedupIndex<unknown, unknown, DedupComparison<unknown>>,
  l: LevelsFile["levels"][number],
  fail: (level: number, id: string, reason: string, message: string) => void,
): void {
  if (l.level === undefined) {
    fail(l.number, l.id, "no-body", "the level has no body to check");
    return;
  }
  const guard = (what: string, work: () => void) => {
    try {
      work();
    } catch (err) {
      if (!(err instanceof LevelrampError)) throw err;
      fail(l.number, l.id, "check-error", `${what} could not run: ${err.message}`);
    }
  };
  const body = l.level;
  if (l.solution === undefined) fail(l.number, l.id, "no-solution", "the level has no stored solution");
  else {
    guard("the level checks", () => {
      for (const p of backend.validate(body, l.solution, l.rules ?? [])) fail(l.number, l.id, p.reason, p.message);
    });
  }
  guard("measuring", () => {
    const measured = backend.grade(body);
    for (const [k, v] of Object.entries(measured)) {
      const stored = l.metrics[k];
      if (stored !== undefined && stored !== v) fail(l.number, l.id, "metrics", `the stored ${k} is ${stored}, the level measures ${v}`);
    }
  });
  guard("the repeat check", () => {
    const verdict = index.addIfNew(`level ${l.number}`, body);
    if (verdict.same) fail(l.number, l.id, "duplicate", `the same level as ${verdict.id} (${verdict.comparison.reasons.join(", ")})`);
  });
}
