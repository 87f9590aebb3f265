import { createHash } from "node:crypto";
import { z } from "zod";
import { dedupThresholdsFile, dedupThresholdsShape } from "../dedup/dedup-thresholds.ts";
import type { DedupComparison, DedupReason } from "../dedup/dedup-types.ts";
import type { BackendDedup } from "../game/game-backend.ts";
import { canonicalJson } from "../io/canonical-json.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import { graphCertificate } from "./graph-certificate.ts";
import { SIMILAR_MANY_LEVELS } from "./wire-results.ts";
import type { ProgramProcess } from "./program-process.ts";

/** A level of an outside game prepared for de-duplication: its body, and what the program's key and graph made of it. */
export interface ProgramDedupRecord {
  body: unknown;
  /** SHA-256 of the body's canonical JSON: equal bodies are the same level. */
  bodyHash: string;
  /** Characters of the body's canonical JSON (to size a `similarMany` request). */
  characters: number;
  /** The program's `key`, when it offers one (and the game file does not switch it off). */
  key?: string;
  /** The certificate of the program's `graph` under levelramp's canonical labelling, when offered. */
  graph?: string;
}

/** Which of the program's de-duplication methods to use (each only when the program offers it). */
export interface ProgramDedupUse {
  key: boolean;
  graph: boolean;
  similar: boolean;
}

let searchNodes: number | undefined;
/** The canonical labelling's work limit, `canonicalSearchNodes` of `models/dedup/thresholds.json` (read once). */
function canonicalSearchNodes(): number {
  searchNodes ??= readJsonFile(z.looseObject(dedupThresholdsShape), dedupThresholdsFile).canonicalSearchNodes;
  return searchNodes;
}

/** Most answers of `similar` kept per thread (about 80 bytes each); past it, pairs are asked again. */
const MAX_KEPT_ANSWERS = 1_000_000;
/** Most characters of levels one `similarMany` request carries (its line stays far below the 64 MiB limit). */
const SIMILAR_MANY_CHARACTERS = 8 * 1024 * 1024;

/** What the program said of a pair: near copies or not, and why. */
type Similar = { same: boolean; why?: string };

/**
 * The de-duplication hooks of an outside game (SPEC 7, 10) over its
 * program's optional methods:
 * - equal bodies, or equal `key`s, are the same level: `identical` (an exact
 *   key of the index: a Map lookup);
 * - isomorphic `graph`s under levelramp's own canonical labelling (node and
 *   edge labels kept) are `same-puzzle` (the same puzzle redrawn; also an exact key);
 * - the game's near-copy test is asked of each pair that no exact key
 *   settles: a candidate against every level already chosen and the earlier
 *   candidates of its pool (`near-copy`, with the program's `why`). With
 *   `similarMany` a candidate's pairs go in one call (`compareMany`; split
 *   only past 8 MiB of levels or 10,000 levels), else one `similar` call per
 *   pair; either way a pair is asked once per thread (its answer kept by the
 *   two bodies' hashes, in either order: `similar` is symmetric), so
 *   `verify` and a build's own checks do not ask again.
 * Every level sits in one bucket; without a near-copy test only the exact
 * keys can find a repeat (`mayBeSame` is false).
 *
 * @param client the calling thread's client of the program (hello is asked first).
 */
export function programDedup(client: () => ProgramProcess, use: ProgramDedupUse): BackendDedup<unknown, ProgramDedupRecord, null> {
  const offers = (m: "key" | "graph" | "similar" | "similarMany") => use[m === "similarMany" ? "similar" : m] && client().offers(m);
  const asksSimilar = () => offers("similar") || offers("similarMany");
  const answers = new PairAnswers();
  const prepare = (body: unknown): ProgramDedupRecord => {
    const json = canonicalJson(body);
    const record: ProgramDedupRecord = { body, bodyHash: createHash("sha256").update(json).digest("hex"), characters: json.length };
    if (offers("key")) record.key = client().call("key", { level: body }).key;
    if (offers("graph")) record.graph = graphCertificate(client().call("graph", { level: body }), canonicalSearchNodes());
    return record;
  };
  /** The program's answers for `a` against each of `others`: kept ones, the rest asked (together when it offers similarMany). */
  const similar = (a: ProgramDedupRecord, others: readonly ProgramDedupRecord[]): Similar[] => {
    const got = others.map((b) => answers.get(a, b));
    const missing = others.flatMap((b, i) => (got[i] === undefined ? [i] : []));
    if (!offers("similarMany")) {
      for (const i of missing) got[i] = answers.set(a, others[i], client().call("similar", { a: a.body, b: others[i].body }));
      return got as Similar[];
    }
    for (const batch of batches(missing, (i) => others[i].characters)) {
      const found = new Map(client().call("similarMany", { a: a.body, b: batch.map((i) => others[i].body) }).same.map((s) => [s.index, s.why] as const));
      batch.forEach((i, k) => (got[i] = answers.set(a, others[i], found.has(k) ? { same: true, ...(found.get(k) !== undefined ? { why: found.get(k) } : {}) } : { same: false })));
    }
    return got as Similar[];
  };
  const comparison = (a: ProgramDedupRecord, b: ProgramDedupRecord, near: Similar | undefined): DedupComparison<null> & { why?: string } => {
    const reasons: DedupReason[] = [];
    if (a.bodyHash === b.bodyHash || (a.key !== undefined && a.key === b.key)) reasons.push("identical");
    if (near?.same) reasons.push("near-copy");
    if (a.graph !== undefined && a.graph === b.graph) reasons.push("same-puzzle");
    const basis = reasons[0] === "identical" ? "identical" : reasons[0] === "near-copy" ? "near-copy" : reasons[0] === "same-puzzle" ? "puzzle" : null;
    const why = near?.same ? near.why : undefined;
    return { same: reasons.length > 0, reasons, transform: null, matched: [], basis, share: reasons.length > 0 ? 1 : 0, ...(why !== undefined ? { why } : {}) };
  };
  const compare = (a: ProgramDedupRecord, b: ProgramDedupRecord) => comparison(a, b, asksSimilar() ? similar(a, [b])[0] : undefined);
  const dedup: BackendDedup<unknown, ProgramDedupRecord, null> = {
    prepare,
    bucketKey: () => "",
    exactKeys: (p) => [`body:${p.bodyHash}`, ...(p.key !== undefined ? [`key:${p.key}`] : []), ...(p.graph !== undefined ? [`graph:${p.graph}`] : [])],
    mayBeSame: () => asksSimilar(),
    compare,
    compareLevels: (a, b) => compare(prepare(a), prepare(b)),
    describeTransform: () => "no turn",
    describeComparison: (c) => {
      if (!c.same) {
        const asked = (["key", "graph"] as const).filter((m) => offers(m));
        if (asked.length === 0 && !asksSimilar()) return "not the same: the bodies differ (the program offers no key, graph or similar)";
        return `not the same: no equal body${asked.includes("key") ? " or key" : ""}${asked.includes("graph") ? ", no isomorphic graph" : ""}${asksSimilar() ? ", and the program's similar says no" : ""}`;
      }
      const words: Record<string, string> = { identical: "the same level (equal bodies or keys)", "near-copy": `a near copy${c.why ? `: ${c.why}` : ""}`, "same-puzzle": "the same puzzle redrawn (isomorphic graphs)" };
      return `same (${c.reasons.join(", ")}): ${c.reasons.map((r) => words[r] ?? r).join("; ")}`;
    },
  };
  // With similarMany a candidate's pairs go to the program together (the index and the pool's conflict check call it).
  if (client().offers("similarMany") && use.similar) {
    dedup.compareMany = (a, others) => {
      const near = similar(a, others);
      return others.map((b, i) => comparison(a, b, near[i]));
    };
  }
  return dedup;
}

/**
 * The near-copy answers of one thread, by the unordered pair of bodies
 * (`similar` is symmetric): each body's hash gets a small number, a pair the
 * number `lower × 2^26 + higher`. At most {@link MAX_KEPT_ANSWERS} are kept.
 */
class PairAnswers {
  private readonly numbers = new Map<string, number>();
  private readonly answers = new Map<number, Similar>();

  get(a: ProgramDedupRecord, b: ProgramDedupRecord): Similar | undefined {
    return this.answers.get(this.pair(a, b));
  }

  set(a: ProgramDedupRecord, b: ProgramDedupRecord, answer: Similar): Similar {
    if (this.answers.size < MAX_KEPT_ANSWERS) this.answers.set(this.pair(a, b), answer);
    return answer;
  }

  private number(hash: string): number {
    let n = this.numbers.get(hash);
    if (n === undefined) this.numbers.set(hash, (n = this.numbers.size));
    return n;
  }

  private pair(a: ProgramDedupRecord, b: ProgramDedupRecord): number {
    const [x, y] = [this.number(a.bodyHash), this.number(b.bodyHash)];
    return Math.min(x, y) * 2 ** 26 + Math.max(x, y);
  }
}

/** Indices split into `similarMany` requests: at most {@link SIMILAR_MANY_LEVELS} levels and about {@link SIMILAR_MANY_CHARACTERS} characters of them each. */
function batches(indices: readonly number[], characters: (i: number) => number): number[][] {
  const out: number[][] = [];
  let batch: number[] = [];
  let total = 0;
  for (const i of indices) {
    const size = characters(i);
    if (batch.length > 0 && (batch.length >= SIMILAR_MANY_LEVELS || total + size > SIMILAR_MANY_CHARACTERS)) (out.push(batch), (batch = []), (total = 0));
    batch.push(i);
    total += size;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}
