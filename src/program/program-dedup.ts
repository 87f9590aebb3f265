import { createHash } from "node:crypto";
import { z } from "zod";
import { dedupThresholdsFile, dedupThresholdsShape } from "../dedup/dedup-thresholds.ts";
import type { DedupComparison, DedupReason } from "../dedup/dedup-types.ts";
import type { GameDedup } from "../game/game.ts";
import { canonicalJson } from "../io/canonical-json.ts";
import { oneLine } from "../io/hostile/terminal-text.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import { graphCertificate } from "./graph-certificate.ts";
import type { ProgramClient, ProgramInfo } from "./program-client.ts";
import { SIMILAR_MANY_LEVELS } from "./wire-results.ts";

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

/** Answers of `similar` kept (about 80 bytes each) before the oldest are let go, at the start of the next {@link GameDedup.ask}. */
const MAX_KEPT_ANSWERS = 1_000_000;
/** Most characters of levels one `similarMany` request carries (its line stays far below the 64 MiB limit). */
const SIMILAR_MANY_CHARACTERS = 8 * 1024 * 1024;

/** What the program said of a pair: near copies or not, and why. */
type Similar = { same: boolean; why?: string };

/**
 * The de-duplication of an outside game (SPEC 7, 10) over its program's
 * optional methods, asynchronous where the program is asked:
 * - `prepare` asks `key` and `graph` once per level (when offered and not
 *   switched off in the game file);
 * - equal bodies, or equal `key`s, are the same level: `identical` (an exact
 *   key of the index: a Map lookup);
 * - isomorphic `graph`s under levelramp's own canonical labelling (node and
 *   edge labels kept) are `same-puzzle` (the same puzzle redrawn; also an exact key);
 * - the game's near-copy test (`near-copy`, with the program's `why`) is
 *   asked in {@link GameDedup.ask}, before the synchronous comparisons
 *   (`hooks`) read its answers: with `stopAtSame` (what a de-duplication
 *   index compares) only the earliest level sharing an exact key with the
 *   candidate when there is one, else the levels in order up to the first
 *   near copy; without it every pair (a pool's conflict check). With
 *   `similarMany` the missing pairs of one ask go in one call (split only
 *   past 8 MiB of levels or 10,000 levels), else one `similar` call per pair.
 *   A pair is asked once per game value (its answer kept by the two bodies'
 *   hashes, in either order: `similar` is symmetric), so `verify` and a
 *   build's own checks do not ask again.
 * So a build asks `key` and `graph` once per candidate and chosen level, and
 * `similarMany` at most twice per candidate (its chosen levels, then its
 * pool's earlier candidates) — or `similar` at most once per such pair.
 * Every level sits in one bucket; without a near-copy test only the exact
 * keys can find a repeat (`mayBeSame` is false).
 *
 * @param client the client of the game's program (its `hello` answered: `info`).
 * @param use which methods the game file lets levelramp use.
 */
export function programDedup(client: ProgramClient, info: ProgramInfo, use: ProgramDedupUse): GameDedup<unknown, ProgramDedupRecord, null> {
  const offers = (m: "key" | "graph" | "similar" | "similarMany") => use[m === "similarMany" ? "similar" : m] && info.methods.has(m);
  const asksSimilar = offers("similar") || offers("similarMany");
  const answers = new PairAnswers();

  const prepare = async (body: unknown): Promise<ProgramDedupRecord> => {
    const json = canonicalJson(body);
    const record: ProgramDedupRecord = { body, bodyHash: createHash("sha256").update(json).digest("hex"), characters: json.length };
    if (offers("key")) record.key = (await client.call("key", { level: body })).key;
    if (offers("graph")) record.graph = graphCertificate(await client.call("graph", { level: body }), canonicalSearchNodes());
    return record;
  };

  /** Asks the program about `a` and each of `others` it has not answered yet: one `similar` per pair, or `similarMany` in batches. */
  const askPairs = async (a: ProgramDedupRecord, others: readonly ProgramDedupRecord[], stopAtSame: boolean): Promise<void> => {
    const missing = others.filter((b) => answers.get(a, b) === undefined);
    if (!offers("similarMany")) {
      for (const b of missing) {
        const answer = await client.call("similar", { a: a.body, b: b.body });
        answers.set(a, b, answer.same ? { same: true, ...(answer.why !== undefined ? { why: answer.why } : {}) } : { same: false });
        if (stopAtSame && answer.same) return;
      }
      return;
    }
    for (const batch of batches(missing)) {
      const found = new Map((await client.call("similarMany", { a: a.body, b: batch.map((b) => b.body) })).same.map((s) => [s.index, s.why] as const));
      batch.forEach((b, k) => answers.set(a, b, found.has(k) ? { same: true, ...(found.get(k) !== undefined ? { why: found.get(k) } : {}) } : { same: false }));
    }
  };

  const ask = async (candidate: ProgramDedupRecord, others: readonly ProgramDedupRecord[], stopAtSame = false): Promise<void> => {
    if (!asksSimilar || others.length === 0) return;
    answers.bound();
    if (stopAtSame) {
      // A de-duplication index compares only the earliest level sharing an exact key, when there is one.
      const keys = new Set(exactKeys(candidate));
      const exact = others.find((b) => exactKeys(b).some((k) => keys.has(k)));
      if (exact) return askPairs(candidate, [exact], true);
      // The index stops at the first near copy: nothing past a pair already answered so is asked.
      const known = others.findIndex((b) => answers.get(candidate, b)?.same === true);
      return askPairs(candidate, known < 0 ? others : others.slice(0, known), true);
    }
    return askPairs(candidate, others, false);
  };

  const compare = (a: ProgramDedupRecord, b: ProgramDedupRecord) => {
    if (!asksSimilar) return comparison(a, b, undefined);
    const near = answers.get(a, b);
    if (near === undefined) throw new Error("program/dedup: a pair compared before the program was asked about it (GameDedup.ask first)");
    return comparison(a, b, near);
  };
  const exactKeys = (p: ProgramDedupRecord) => [`body:${p.bodyHash}`, ...(p.key !== undefined ? [`key:${p.key}`] : []), ...(p.graph !== undefined ? [`graph:${p.graph}`] : [])];

  return {
    prepare,
    ask,
    hooks: {
      bucketKey: () => "",
      exactKeys,
      mayBeSame: () => asksSimilar,
      compare,
    },
    async compareLevels(a, b) {
      const [pa, pb] = [await prepare(a), await prepare(b)];
      await ask(pa, [pb]);
      return compare(pa, pb);
    },
    describeTransform: () => "no turn",
    describeComparison: (c) => describeComparison(c, (["key", "graph"] as const).filter((m) => offers(m)), asksSimilar),
  };
}

/** The comparison of two prepared levels: equal bodies or keys, the program's near-copy answer (when asked), isomorphic graphs. */
function comparison(a: ProgramDedupRecord, b: ProgramDedupRecord, near: Similar | undefined): DedupComparison<null> & { why?: string } {
  const reasons: DedupReason[] = [];
  if (a.bodyHash === b.bodyHash || (a.key !== undefined && a.key === b.key)) reasons.push("identical");
  if (near?.same) reasons.push("near-copy");
  if (a.graph !== undefined && a.graph === b.graph) reasons.push("same-puzzle");
  const basis = reasons[0] === "identical" ? "identical" : reasons[0] === "near-copy" ? "near-copy" : reasons[0] === "same-puzzle" ? "puzzle" : null;
  const why = near?.same ? near.why : undefined;
  return { same: reasons.length > 0, reasons, transform: null, matched: [], basis, share: reasons.length > 0 ? 1 : 0, ...(why !== undefined ? { why } : {}) };
}

/** A comparison in words for `levelramp compare`: the reasons, the program's why on one line, or what was looked at. */
function describeComparison(c: DedupComparison<null>, asked: ReadonlyArray<"key" | "graph">, asksSimilar: boolean): string {
  if (!c.same) {
    if (asked.length === 0 && !asksSimilar) return "not the same: the bodies differ (the program offers no key, graph or similar)";
    return `not the same: no equal body${asked.includes("key") ? " or key" : ""}${asked.includes("graph") ? ", no isomorphic graph" : ""}${asksSimilar ? ", and the program's similar says no" : ""}`;
  }
  const why = (c as { why?: string }).why;
  const words: Record<string, string> = { identical: "the same level (equal bodies or keys)", "near-copy": `a near copy${why ? `: ${oneLine(why)}` : ""}`, "same-puzzle": "the same puzzle redrawn (isomorphic graphs)" };
  return `same (${c.reasons.join(", ")}): ${c.reasons.map((r) => words[r] ?? r).join("; ")}`;
}

/**
 * The near-copy answers of one game value, by the unordered pair of bodies
 * (`similar` is symmetric): each body's hash gets a small number, a pair the
 * number `lower × 2^26 + higher`. Past {@link MAX_KEPT_ANSWERS}, {@link bound}
 * lets them all go (pairs are then asked again).
 */
class PairAnswers {
  private readonly numbers = new Map<string, number>();
  private readonly answers = new Map<number, Similar>();

  get(a: ProgramDedupRecord, b: ProgramDedupRecord): Similar | undefined {
    return this.answers.get(this.pair(a, b));
  }

  set(a: ProgramDedupRecord, b: ProgramDedupRecord, answer: Similar): void {
    this.answers.set(this.pair(a, b), answer);
  }

  /** Keeps memory bounded: past {@link MAX_KEPT_ANSWERS} answers, forgets them all (called before an ask, never between an ask and its comparisons). */
  bound(): void {
    if (this.answers.size < MAX_KEPT_ANSWERS) return;
    this.answers.clear();
    this.numbers.clear();
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

/** Levels split into `similarMany` requests: at most {@link SIMILAR_MANY_LEVELS} levels and about {@link SIMILAR_MANY_CHARACTERS} characters of them each. */
function batches(levels: readonly ProgramDedupRecord[]): ProgramDedupRecord[][] {
  const out: ProgramDedupRecord[][] = [];
  let batch: ProgramDedupRecord[] = [];
  let total = 0;
  for (const level of levels) {
    if (batch.length > 0 && (batch.length >= SIMILAR_MANY_LEVELS || total + level.characters > SIMILAR_MANY_CHARACTERS)) (out.push(batch), (batch = []), (total = 0));
    batch.push(level);
    total += level.characters;
  }
  if (batch.length > 0) out.push(batch);
  return out;
}
