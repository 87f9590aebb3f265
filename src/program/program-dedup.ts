import { createHash } from "node:crypto";
import { z } from "zod";
import { dedupThresholdsFile, dedupThresholdsShape } from "../dedup/dedup-thresholds.ts";
import type { DedupComparison, DedupReason } from "../dedup/dedup-types.ts";
import type { GameDedup } from "../game/game-backend.ts";
import { canonicalJson } from "../io/canonical-json.ts";
import { readJsonFile } from "../io/read-json-file.ts";
import { graphCertificate } from "./graph-certificate.ts";
import type { ProgramClient } from "./program-client.ts";
import { graphResultSchema, keyResultSchema, similarResultSchema } from "./wire-results.ts";

/** A level of an outside game prepared for de-duplication: its body, and what the program's key and graph made of it. */
export interface ProgramDedupRecord {
  body: unknown;
  /** SHA-256 of the body's canonical JSON: equal bodies are the same level. */
  bodyHash: string;
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

/**
 * The de-duplication hooks of an outside game (SPEC 7, 10) over its
 * program's optional methods:
 * - equal bodies, or equal `key`s, are the same level: `identical` (an exact
 *   key of the index: a Map lookup);
 * - isomorphic `graph`s under levelramp's own canonical labelling (node and
 *   edge labels kept) are `same-puzzle` (the same puzzle redrawn; also an exact key);
 * - `similar` — the game's near-copy test — is asked of each pair that no
 *   exact key settles: a candidate against every level already chosen
 *   (`near-copy`, with the program's `why`).
 * Every level sits in one bucket; without `similar` only the exact keys can
 * find a repeat (`mayBeSame` is false).
 *
 * @param client the calling thread's client of the program (hello is asked first).
 */
export function programDedup(client: () => ProgramClient, use: ProgramDedupUse): GameDedup<unknown, ProgramDedupRecord, null> {
  const offers = (m: "key" | "graph" | "similar") => use[m] && client().offers(m);
  const prepare = (body: unknown): ProgramDedupRecord => {
    const record: ProgramDedupRecord = { body, bodyHash: createHash("sha256").update(canonicalJson(body)).digest("hex") };
    if (offers("key")) record.key = client().call("key", { level: body }, keyResultSchema).key;
    if (offers("graph")) record.graph = graphCertificate(client().call("graph", { level: body }, graphResultSchema), canonicalSearchNodes());
    return record;
  };
  const compare = (a: ProgramDedupRecord, b: ProgramDedupRecord): DedupComparison<null> & { why?: string } => {
    const reasons: DedupReason[] = [];
    let why: string | undefined;
    if (a.bodyHash === b.bodyHash || (a.key !== undefined && a.key === b.key)) reasons.push("identical");
    if (offers("similar")) {
      const answer = client().call("similar", { a: a.body, b: b.body }, similarResultSchema);
      if (answer.same) {
        reasons.push("near-copy");
        why = answer.why;
      }
    }
    if (a.graph !== undefined && a.graph === b.graph) reasons.push("same-puzzle");
    const basis = reasons[0] === "identical" ? "identical" : reasons[0] === "near-copy" ? "near-copy" : reasons[0] === "same-puzzle" ? "puzzle" : null;
    return { same: reasons.length > 0, reasons, transform: null, matched: [], basis, share: reasons.length > 0 ? 1 : 0, ...(why !== undefined ? { why } : {}) };
  };
  return {
    prepare,
    bucketKey: () => "",
    exactKeys: (p) => [`body:${p.bodyHash}`, ...(p.key !== undefined ? [`key:${p.key}`] : []), ...(p.graph !== undefined ? [`graph:${p.graph}`] : [])],
    mayBeSame: () => offers("similar"),
    compare,
    compareLevels: (a, b) => compare(prepare(a), prepare(b)),
    describeTransform: () => "no turn",
    describeComparison: (c) => {
      if (!c.same) {
        const asked = (["key", "graph", "similar"] as const).filter((m) => offers(m));
        if (asked.length === 0) return "not the same: the bodies differ (the program offers no key, graph or similar)";
        return `not the same: no equal body${asked.includes("key") ? " or key" : ""}${asked.includes("graph") ? ", no isomorphic graph" : ""}${asked.includes("similar") ? ", and the program's similar says no" : ""}`;
      }
      const words: Record<string, string> = { identical: "the same level (equal bodies or keys)", "near-copy": `a near copy${c.why ? `: ${c.why}` : ""}`, "same-puzzle": "the same puzzle redrawn (isomorphic graphs)" };
      return `same (${c.reasons.join(", ")}): ${c.reasons.map((r) => words[r] ?? r).join("; ")}`;
    },
  };
}
