import { createHash } from "node:crypto";
import { canonicalLabelLists, type LabelledLists } from "../dedup/canonical-label.ts";
import type { GraphResult } from "./wire-results.ts";

/**
 * The exact certificate of a program's level graph (SPEC 10 `graph`): two
 * graphs get the same certificate if and only if some one-to-one map of
 * their nodes keeps every node label, every edge and every edge label — what
 * levelramp calls "the same puzzle redrawn", found by its own canonical
 * labelling (`canonicalLabelLists`, the code behind Carillon's same-chains and
 * Apsis's same-puzzle checks).
 *
 * Edges are directed and a set: a repeated `[from, to]` (or `[from, to,
 * label]`) counts once. A labelled edge `[a, b, L]` is a node of its own
 * labelled `L` with arcs a → it → b (node and edge labels are kept apart), so
 * the labelling of node graphs serves labelled edges exactly.
 *
 * @param maxSearchNodes the canonical labelling's work limit (`canonicalSearchNodes`).
 * @returns the SHA-256 (hex) of the canonical form: equal strings ⇔ isomorphic graphs.
 * @throws NoAnswerError (exit 1) when the labelling needs more search nodes than allowed.
 */
export function graphCertificate(graph: GraphResult, maxSearchNodes?: number): string {
  const labels = graph.nodes.map((l) => `node:${l}`);
  const arcs = new Set<string>();
  const edgeNodes = new Map<string, number>();
  for (const [from, to, label] of graph.edges) {
    if (label === undefined) {
      arcs.add(`${from} ${to}`);
      continue;
    }
    const key = `${from} ${to} ${label}`;
    if (edgeNodes.has(key)) continue;
    const middle = labels.length;
    labels.push(`edge:${label}`);
    edgeNodes.set(key, middle);
    arcs.add(`${from} ${middle}`);
    arcs.add(`${middle} ${to}`);
  }
  const n = labels.length;
  const out: number[][] = Array.from({ length: n }, () => []);
  const inn: number[][] = Array.from({ length: n }, () => []);
  for (const arc of arcs) {
    const [a, b] = arc.split(" ").map(Number);
    out[a].push(b);
    inn[b].push(a);
  }
  for (const list of [...out, ...inn]) list.sort((x, y) => x - y);
  const lists: LabelledLists = { n, out, inn, labels };
  const form = canonicalLabelLists(lists, maxSearchNodes);
  return createHash("sha256").update(form.certificate).digest("hex");
}
