import { DedupIndex } from "../../dedup/dedup-index.ts";
import type { DedupComparison } from "../../dedup/dedup-types.ts";
import type { GameDedup } from "../../game/game.ts";
import { pairsSame } from "../../dedup/pair-same.ts";

/** A conflict pair of one pool (SPEC 6 `conflicts`): near-duplicates never both shipped. */
export interface PoolConflict {
  ids: [string, string];
  reason: string;
}

/** Counters of the de-duplication checks, per reason (SPEC 7 reasons). */
export interface DedupCounts {
  /** Candidates dropped as too close to a level already chosen, by the strongest reason. */
  dropped: Record<string, number>;
  /** Conflict pairs marked inside pools, by the strongest reason. */
  conflicts: Record<string, number>;
  /** Candidates checked. */
  checked: number;
}

/** What the check decided for one candidate. */
export interface CandidateVerdict {
  id: string;
  /** `"<reason> <other id>"` when the candidate repeats a chosen level. */
  dropped?: string;
  /** Conflict pairs with earlier candidates of the same pool. */
  conflicts: PoolConflict[];
}

const bump = (counts: Record<string, number>, key: string) => (counts[key] = (counts[key] ?? 0) + 1);

/**
 * De-duplication while pools grow (SPEC 6, 7): the levels already chosen
 * (composed levels, earlier parts/tiers/chapters) in a {@link DedupIndex},
 * and the surviving candidates of the pool being grown. A candidate that
 * repeats a chosen level is dropped; one that repeats an earlier surviving
 * candidate of its pool forms a conflict pair with it. Each level is
 * prepared once, through the game (asynchronously: an outside game asks its
 * program), and before a candidate is compared the game is asked what the
 * comparisons need (`GameDedup.ask`); the comparisons themselves are the
 * index's, synchronous. Chosen levels are taken in the order they are given
 * ({@link addChosen} queues them; the next {@link check} waits for them).
 */
export class PoolDeduper {
  readonly counts: DedupCounts;
  private readonly dedup: GameDedup;
  private readonly chosen: DedupIndex<unknown, unknown, DedupComparison<unknown>>;
  private readonly prepared = new Map<string, Promise<unknown>>();
  private readonly chosenIds = new Set<string>();
  private poolKey = "";
  private survivors: Array<{ id: string; prepared: unknown }> = [];
  private adding: Promise<void> = Promise.resolve();

  /**
   * @param dedup the game's de-duplication (`game.dedup`).
   * @param counts the counters to continue from (`build --from`: those of the kept parts); default none.
   */
  constructor(dedup: GameDedup, counts: DedupCounts = { dropped: {}, conflicts: {}, checked: 0 }) {
    this.dedup = dedup;
    this.chosen = new DedupIndex(dedup.hooks);
    this.counts = counts;
  }

  /** Number of chosen levels held (those added so far and taken in). */
  get chosenCount(): number {
    return this.chosen.size;
  }

  private prepare(id: string, body: unknown): Promise<unknown> {
    let p = this.prepared.get(id);
    if (p === undefined) {
      p = this.dedup.prepare(body);
      this.prepared.set(id, p);
    }
    return p;
  }

  /** Adds a chosen level (a composed level, or a level the selection picked); a level already held is skipped. Taken in the order given, before the next {@link check}. */
  addChosen(id: string, body: unknown): void {
    if (this.chosenIds.has(id)) return;
    this.chosenIds.add(id);
    const prepared = this.prepare(id, body);
    this.adding = this.adding.then(async () => this.chosen.addPrepared(id, await prepared));
  }

  /** Waits until every chosen level given is taken in (an error preparing one is thrown here). */
  settled(): Promise<void> {
    return this.adding;
  }

  /**
   * Checks a candidate of pool `poolKey` (e.g. `"3/2"`): against every chosen
   * level (dropped when the same), then against the pool's earlier survivors
   * (conflict pairs). A survivor joins the pool's list. A new `poolKey`
   * starts an empty list.
   */
  async check(poolKey: string, id: string, body: unknown): Promise<CandidateVerdict> {
    await this.adding;
    if (poolKey !== this.poolKey) {
      this.poolKey = poolKey;
      this.survivors = [];
    }
    this.counts.checked++;
    const prepared = await this.prepare(id, body);
    await this.dedup.ask?.(prepared, this.chosen.bucketOf(prepared), true);
    const verdict = this.chosen.checkPrepared(prepared);
    if (verdict.same) {
      const reason = verdict.comparison.reasons[0];
      bump(this.counts.dropped, reason);
      return { id, dropped: `${reason} ${verdict.id}`, conflicts: [] };
    }
    const conflicts: PoolConflict[] = [];
    await this.dedup.ask?.(prepared, this.survivors.map((s) => s.prepared));
    pairsSame(this.dedup.hooks, prepared, this.survivors.map((s) => s.prepared)).forEach((same, k) => {
      if (!same) return;
      bump(this.counts.conflicts, same.reasons[0]);
      conflicts.push({ ids: [this.survivors[k].id, id], reason: same.reasons[0] });
    });
    this.survivors.push({ id, prepared });
    return { id, conflicts };
  }
}
