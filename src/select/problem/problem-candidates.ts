import type { CandidateTable } from "../../io/csv/candidate-table.ts";
import type { ShippedLevel } from "../../io/schemas/levels.ts";
import type { Pool } from "../../io/schemas/pool.ts";
import { CONCEPTS_KEY } from "../../io/concepts/concepts-key.ts";
import type { CandidateColumns } from "./candidate-columns.ts";
import { internConceptSets, type ConceptSets } from "./concept-sets.ts";
import type { SelectionCandidate } from "./selection-problem.ts";

/** Where a problem candidate came from: a pool candidate, or a level kept from `--from`. */
export type CandidateSource = { kind: "pool"; index: number } | { kind: "kept"; level: ShippedLevel };

/**
 * The candidates of a problem being built: the pool's, by index, then the
 * levels kept from `--from`. Over a CSV pool read as a table it reads the
 * columns and makes no object per candidate unless a caller asks for
 * `candidates` (the MILP, brute force and diagnosis do; the dp does not).
 */
export class ProblemCandidates {
  /** Pool candidates are indices `0 .. poolSize`; kept levels follow. */
  readonly poolSize: number;
  private readonly keptLevels: ShippedLevel[] = [];
  private ownIds: string[] | undefined;
  private made: SelectionCandidate[] | undefined;
  private index: Map<string, number> | undefined;
  private readonly cache = new Map<string, Float64Array>();
  private concepts: ConceptSets | undefined;

  constructor(
    private readonly pool: Pool,
    private readonly table: CandidateTable | undefined,
  ) {
    this.poolSize = table ? table.size : pool.candidates.length;
  }

  /** Candidates in all (pool and kept). */
  get size(): number {
    return this.poolSize + this.keptLevels.length;
  }

  /** Every candidate's id, by index. */
  get ids(): readonly string[] {
    if (!this.ownIds) {
      if (this.table && this.keptLevels.length === 0) return this.table.ids;
      this.ownIds = this.table ? this.table.ids.slice() : this.pool.candidates.map((c) => c.id);
      for (const l of this.keptLevels) this.ownIds.push(l.id);
    }
    return this.ownIds;
  }

  chapter(k: number): number {
    if (k >= this.poolSize) return this.keptLevels[k - this.poolSize].chapter;
    return this.table ? this.table.chapter[k] : this.pool.candidates[k].chapter;
  }

  part(k: number): number {
    if (k >= this.poolSize) return this.keptLevels[k - this.poolSize].part;
    return this.table ? this.table.part[k] : this.pool.candidates[k].part;
  }

  /** Candidate k's concepts (SPEC 12), as read; undefined or empty: none. */
  conceptsOf(k: number): readonly string[] | undefined {
    if (k >= this.poolSize) return this.keptLevels[k - this.poolSize].concepts;
    return this.table ? this.table.concepts?.[k] : this.pool.candidates[k].concepts;
  }

  /** Every candidate's concepts, interned (made once; a kept level makes them again). */
  conceptSets(): ConceptSets {
    return (this.concepts ??= internConceptSets(this.size, (k) => this.conceptsOf(k)));
  }

  /** Every candidate's value of a metric, made once per key; for `concepts`, its concept set id. */
  values(key: string): Float64Array {
    let out = this.cache.get(key);
    if (out) return out;
    if (key === CONCEPTS_KEY) {
      out = Float64Array.from(this.conceptSets().setOf);
      this.cache.set(key, out);
      return out;
    }
    const j = this.table ? this.table.metricNames.indexOf(key) : -1;
    if (this.table && j >= 0 && this.keptLevels.length === 0) out = this.table.columns[j];
    else {
      out = new Float64Array(this.size);
      if (this.table) {
        if (j >= 0) out.set(this.table.columns[j]);
        else out.fill(NaN, 0, this.poolSize);
      } else for (let k = 0; k < this.poolSize; k++) out[k] = this.pool.candidates[k].metrics[key];
      for (let k = this.poolSize; k < this.size; k++) out[k] = this.keptLevels[k - this.poolSize].metrics[key];
    }
    this.cache.set(key, out);
    return out;
  }

  /** The columns, as the solvers read them. */
  get columns(): CandidateColumns {
    return { ids: this.ids, values: (key) => this.values(key), conceptSets: () => this.conceptSets() };
  }

  /** Pool id → candidate index (made on first use: pins, excludes, conflicts and keeps need it). */
  get poolIndex(): ReadonlyMap<string, number> {
    if (!this.index) {
      this.index = new Map();
      const ids = this.ids;
      for (let k = 0; k < this.poolSize; k++) this.index.set(ids[k], k);
    }
    return this.index;
  }

  /** Appends a kept level; returns its candidate index. */
  addKept(level: ShippedLevel): number {
    this.keptLevels.push(level);
    this.ownIds?.push(level.id);
    this.made?.push(keptCandidate(level));
    this.cache.clear();
    this.concepts = undefined;
    return this.size - 1;
  }

  /** The candidates as objects (made once, on first use, for a table pool). */
  get candidates(): SelectionCandidate[] {
    if (!this.made) {
      const t = this.table;
      this.made = t
        ? Array.from({ length: t.size }, (_, k) => rowCandidate(t, k))
        : this.pool.candidates.map(poolCandidate);
      for (const l of this.keptLevels) this.made.push(keptCandidate(l));
    }
    return this.made;
  }

  /** Candidate `k` as an object, without making the others. */
  candidate(k: number): SelectionCandidate {
    if (this.made) return this.made[k];
    if (k >= this.poolSize) return keptCandidate(this.keptLevels[k - this.poolSize]);
    return this.table ? rowCandidate(this.table, k) : poolCandidate(this.pool.candidates[k]);
  }

  /** Where each candidate came from. */
  get sources(): CandidateSource[] {
    const out: CandidateSource[] = [];
    for (let k = 0; k < this.poolSize; k++) out.push({ kind: "pool", index: k });
    for (const level of this.keptLevels) out.push({ kind: "kept", level });
    return out;
  }
}

function keptCandidate(l: ShippedLevel): SelectionCandidate {
  return withConcepts({ id: l.id, chapter: l.chapter, part: l.part, metrics: l.metrics }, l.concepts);
}

function poolCandidate(c: Pool["candidates"][number]): SelectionCandidate {
  return withConcepts({ id: c.id, chapter: c.chapter, part: c.part, metrics: c.metrics }, c.concepts);
}

function rowCandidate(t: CandidateTable, k: number): SelectionCandidate {
  return withConcepts({ id: t.ids[k], chapter: t.chapter[k], part: t.part[k], metrics: metricsOfRow(t, k) }, t.concepts?.[k]);
}

/** The candidate with its concepts when it carries any (no empty list, so a pool without concepts gives the objects it gave before). */
function withConcepts(c: SelectionCandidate, concepts: readonly string[] | undefined): SelectionCandidate {
  if (concepts && concepts.length > 0) c.concepts = concepts;
  return c;
}

/** Row k's metrics as an object with no prototype keys to trip over (a column may be named `__proto__`). */
function metricsOfRow(t: CandidateTable, k: number): Record<string, number> {
  const metrics: Record<string, number> = {};
  t.metricNames.forEach((m, j) => Object.defineProperty(metrics, m, { value: t.columns[j][k], enumerable: true, writable: true, configurable: true }));
  return metrics;
}
