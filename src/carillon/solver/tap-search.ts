import { NoAnswerError } from "../../io/errors.ts";
import { isCleared, stateKey, type CarillonState } from "../level/carillon-state.ts";
import type { TapModel, TapResult } from "./tap-model.ts";

/** Work limits of a state search: states expanded, and an optional wall-clock abort. */
export interface SearchLimits {
  /** States the search may expand before it fails (models/carillon/solver.json `maxStates`). */
  maxStates: number;
  /** Abort with an error after this many milliseconds (never changes an answer, only stops the work). */
  deadlineMs?: number;
  /**
   * Solver only: the most taps tried (default: the number of dots). A field
   * needing more fails with a `goal-over-limit` NoAnswerError — the
   * generator's way to drop a dressing whose goal has run away without
   * searching every depth.
   */
  maxGoal?: number;
}

/** A filter on taps: only taps it accepts may be part of a path (the fair-to-read pop rule). */
export type TapFilter = (state: CarillonState, dot: number, result: TapResult) => boolean;

/**
 * Depth-bounded search over states with an admissible lower bound and a
 * transposition table of bounds already proven too small (IDA*-style,
 * SPEC 4.5). `path(state, k)` is the lexicographically smallest tap sequence
 * of at most `k` taps that clears `state` (taps tried in ascending dot
 * order), or null. One instance keeps its table across calls, so asking for
 * every first tap after the goal costs little. Taps leading to the same next
 * state as an earlier tap, or back to the same state, are skipped.
 */
export class TapSearch {
  /** States expanded so far (their taps generated). */
  states = 0;
  private readonly failed = new Map<string, number>();
  private readonly started = Date.now();

  constructor(
    private readonly model: TapModel,
    private readonly limits: SearchLimits,
    private readonly filter?: TapFilter,
    private readonly module = "carillon/solver",
  ) {}

  /**
   * The lexicographically smallest sequence of at most `k` taps (accepted by
   * the filter) that clears `state`, or null when there is none.
   *
   * @throws NoAnswerError (exit 1) when more than `maxStates` states are
   *   expanded or the deadline passes.
   */
  path(state: CarillonState, k: number): number[] | null {
    if (isCleared(state)) return [];
    if (k <= 0 || state.lost) return null;
    const key = stateKey(state);
    const known = this.failed.get(key);
    if (known !== undefined && known >= k) return null;
    if (this.model.lowerBound(state, k) > k) {
      this.failed.set(key, k);
      return null;
    }
    this.expand();
    const seen = new Set<string>();
    // A tap that changes nothing (a round bell tapped out of turn while nothing moves) never shortens a path.
    seen.add(key);
    for (const dot of this.model.tapsFrom(state)) {
      const result = this.model.tap(state, dot);
      if (this.filter && !this.filter(state, dot, result)) continue;
      const nextKey = stateKey(result.next);
      if (seen.has(nextKey)) continue;
      seen.add(nextKey);
      const rest = this.path(result.next, k - 1);
      if (rest) return [dot, ...rest];
    }
    this.failed.set(key, k);
    return null;
  }

  private expand(): void {
    this.states++;
    if (this.states > this.limits.maxStates) {
      throw new NoAnswerError(
        this.module,
        `gave up after expanding ${this.limits.maxStates} states without an answer (limit maxStates in models/carillon/solver.json)`,
        { states: this.states },
      );
    }
    if (this.limits.deadlineMs !== undefined && (this.states & 255) === 1 && Date.now() - this.started > this.limits.deadlineMs) {
      throw new NoAnswerError(this.module, `aborted after ${this.limits.deadlineMs} ms (wall-clock limit) and ${this.states} states`, {
        states: this.states,
      });
    }
  }
}
