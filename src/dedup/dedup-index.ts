/**
 * How a {@link DedupIndex} compares prepared levels (SPEC 7). Two levels in
 * different buckets are never the same; two levels sharing an exact key
 * always are; `mayBeSame` is a cheap bound that returns false only when no
 * reason other than an exact key can hold.
 */
export interface DedupHooks<Prepared, Comparison extends { same: boolean }> {
  /** Key that any two same levels share (mark multiset, ...). */
  bucketKey(prepared: Prepared): string;
  /** Keys whose equality alone makes two levels the same (certificates, canonical forms). */
  exactKeys(prepared: Prepared): string[];
  /** False only when `compare` cannot find a reason that the exact keys do not already cover. */
  mayBeSame(candidate: Prepared, chosen: Prepared): boolean;
  /** The full, unfiltered comparison. */
  compare(candidate: Prepared, chosen: Prepared): Comparison;
  /**
   * The full comparison of `candidate` with each of `others`, in their order,
   * in one go — for a game whose comparisons cost less together than one by
   * one (an outside game's program answers them in one call, SPEC 10).
   * Optional: without it each pair is `compare`d.
   */
  compareMany?(candidate: Prepared, others: readonly Prepared[]): Comparison[];
}

/** What a {@link DedupIndex} needs of a game whose levels are prepared in this thread, at once: the hooks and `prepare`. */
export interface DedupGame<Level, Prepared, Comparison extends { same: boolean }> extends DedupHooks<Prepared, Comparison> {
  /** Computes a level's invariants once. */
  prepare(level: Level): Prepared;
}

/** The answer of {@link DedupIndex.check}: the earliest chosen level the candidate repeats, if any. */
export type DedupVerdict<Comparison> =
  | { same: false }
  | {
      same: true;
      /** Id the repeated level was added under. */
      id: string;
      /** Its position in the order levels were added (0-based). */
      position: number;
      /** Full comparison of the candidate (first) with that level. */
      comparison: Comparison;
    };

/** Work counters of a {@link DedupIndex}, cumulative. */
export interface DedupIndexStats {
  /** Candidates checked. */
  checks: number;
  /** Chosen levels skipped because they sit in another bucket. */
  pairsOtherBucket: number;
  /** Chosen levels skipped by `mayBeSame`. */
  pairsPrefiltered: number;
  /** Full comparisons run. */
  pairsCompared: number;
  /** Checks answered by an exact key (no other chosen level looked at). */
  exactHits: number;
}

interface Entry<Prepared> {
  id: string;
  position: number;
  prepared: Prepared;
}

/**
 * The levels chosen so far, with their invariants, so that a candidate is
 * checked against all of them cheaply (SPEC 7: "compared with every level
 * already chosen"). A check finds exact repeats by key (a Map lookup), then
 * looks only at the candidate's bucket, prefilters it with `mayBeSame`, and
 * runs the full comparison on what is left.
 */
export class DedupIndex<Level, Prepared, Comparison extends { same: boolean }> {
  readonly stats: DedupIndexStats = { checks: 0, pairsOtherBucket: 0, pairsPrefiltered: 0, pairsCompared: 0, exactHits: 0 };
  private readonly game: DedupHooks<Prepared, Comparison> & { prepare?(level: Level): Prepared };
  private readonly entries: Entry<Prepared>[] = [];
  private readonly buckets = new Map<string, Entry<Prepared>[]>();
  private readonly exact = new Map<string, Entry<Prepared>>();

  /** @param game the comparison hooks; with `prepare` (a {@link DedupGame}), the index also takes levels as they are ({@link check}, {@link add}, {@link addIfNew}). */
  constructor(game: DedupHooks<Prepared, Comparison> & { prepare?(level: Level): Prepared }) {
    this.game = game;
  }

  /** Number of chosen levels held. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * Computes a level's invariants (to pass to {@link checkPrepared} and {@link addPrepared} without doing it twice).
   *
   * @throws Error (a bug) for an index made from hooks alone, whose levels are prepared elsewhere.
   */
  prepare(level: Level): Prepared {
    if (!this.game.prepare) throw new Error("dedup: this index compares prepared levels only (prepare them first, then checkPrepared / addPrepared)");
    return this.game.prepare(level);
  }

  /** Is `level` the same as a chosen level? See {@link checkPrepared}. */
  check(level: Level): DedupVerdict<Comparison> {
    return this.checkPrepared(this.prepare(level));
  }

  /**
   * The chosen level `candidate` repeats, with the full comparison, or
   * `{same: false}`. Exact repeats come first: the earliest-added level
   * sharing an exact key (a Map lookup); else the earliest-added level the
   * full comparison finds the same. The same answer as that rule applied by
   * comparing with every chosen level in order (pinned by the differential
   * tests); the prefilter only skips levels that cannot be the same.
   */
  checkPrepared(candidate: Prepared): DedupVerdict<Comparison> {
    this.stats.checks++;
    let exactHit: Entry<Prepared> | undefined;
    for (const key of this.game.exactKeys(candidate)) {
      const hit = this.exact.get(key);
      if (hit && (!exactHit || hit.position < exactHit.position)) exactHit = hit;
    }
    if (exactHit) {
      this.stats.exactHits++;
      return { same: true, id: exactHit.id, position: exactHit.position, comparison: this.game.compare(candidate, exactHit.prepared) };
    }
    const bucket = this.buckets.get(this.game.bucketKey(candidate)) ?? [];
    this.stats.pairsOtherBucket += this.entries.length - bucket.length;
    if (this.game.compareMany) return this.checkTogether(candidate, bucket);
    for (const entry of bucket) {
      if (!this.game.mayBeSame(candidate, entry.prepared)) {
        this.stats.pairsPrefiltered++;
        continue;
      }
      this.stats.pairsCompared++;
      const comparison = this.game.compare(candidate, entry.prepared);
      if (comparison.same) return { same: true, id: entry.id, position: entry.position, comparison };
    }
    return { same: false };
  }

  /** {@link checkPrepared}'s comparisons in one `compareMany`: every prefiltered level of the bucket, the earliest same one answering. */
  private checkTogether(candidate: Prepared, bucket: readonly Entry<Prepared>[]): DedupVerdict<Comparison> {
    const asked = bucket.filter((entry) => this.game.mayBeSame(candidate, entry.prepared));
    this.stats.pairsPrefiltered += bucket.length - asked.length;
    this.stats.pairsCompared += asked.length;
    const comparisons = asked.length > 0 ? this.game.compareMany!(candidate, asked.map((e) => e.prepared)) : [];
    const first = comparisons.findIndex((c) => c.same);
    return first < 0 ? { same: false } : { same: true, id: asked[first].id, position: asked[first].position, comparison: comparisons[first] };
  }

  /** The chosen levels `candidate` may be compared with (its bucket's), in the order they were added: what a game whose comparisons need answers from outside asks about first. */
  bucketOf(candidate: Prepared): Prepared[] {
    return (this.buckets.get(this.game.bucketKey(candidate)) ?? []).map((e) => e.prepared);
  }

  /** Adds a chosen level. */
  add(id: string, level: Level): void {
    this.addPrepared(id, this.prepare(level));
  }

  /** Adds a chosen level already prepared by {@link prepare}. */
  addPrepared(id: string, prepared: Prepared): void {
    const entry: Entry<Prepared> = { id, position: this.entries.length, prepared };
    this.entries.push(entry);
    const key = this.game.bucketKey(prepared);
    const bucket = this.buckets.get(key);
    if (bucket) bucket.push(entry);
    else this.buckets.set(key, [entry]);
    for (const k of this.game.exactKeys(prepared)) if (!this.exact.has(k)) this.exact.set(k, entry);
  }

  /**
   * Checks a candidate and adds it when it repeats no chosen level (the greedy
   * "drop near-duplicates" step). Returns the verdict of the check.
   */
  addIfNew(id: string, level: Level): DedupVerdict<Comparison> {
    const prepared = this.prepare(level);
    const verdict = this.checkPrepared(prepared);
    if (!verdict.same) this.addPrepared(id, prepared);
    return verdict;
  }
}

