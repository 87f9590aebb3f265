import { z } from "zod";
import { boundedJson } from "../io/schemas/bounded-json.ts";
import { boundedNumber } from "../io/schemas/bounded-number.ts";
import { conceptsSchema } from "../io/schemas/shared.ts";
import { ownRecord } from "../io/hostile/own-key.ts";

// The results of the protocol's methods (SPEC 10, docs/protocol.md), as
// levelramp checks them. Objects are loose: a program may add members of its
// own, which levelramp ignores.

/** The optional methods a program may offer (it lists them in `hello`). */
export const OPTIONAL_METHODS = ["key", "graph", "similar", "similarMany", "picture"] as const;
export type OptionalMethod = (typeof OPTIONAL_METHODS)[number];

/** The protocol version levelramp speaks (`hello` params `{protocol: 1}`; the answer must say the same). */
export const PROTOCOL_VERSION = 1;

/** `hello` → `{name, version, protocol, methods}`; `protocol` is any JSON value here, compared with {@link PROTOCOL_VERSION} by the client (a mismatch names both numbers). */
export const helloResultSchema = z.looseObject({
  name: z.string().min(1, { error: "expected the game's name" }),
  protocol: z.unknown().optional(),
  version: z.string().min(1, { error: "expected the program's version as a string, e.g. \"1.0\"" }).max(200),
  methods: z.array(z.string()).max(100).describe("the optional methods it offers"),
});
export type HelloResult = z.infer<typeof helloResultSchema>;

/** `generate` → `{level}` or `{level: null, reason}`. */
export const generateResultSchema = z.looseObject({
  level: boundedJson("a level body (any JSON value) or null", true),
  reason: z.string().max(200, { error: "expected a short reason (at most 200 characters)" }).optional(),
});

/** Metrics by name: finite numbers within ±1e9; the record has no prototype (a program's metric `toString` is a name, never a method). */
const metricsSchema = z.record(z.string().min(1).max(200), boundedNumber()).overwrite(ownRecord);

/** `solve` → `{status, solution?, metrics, concepts?}`; a `solved` answer must carry metrics; concepts (SPEC 12) are distinct names, absent: none. */
export const solveResultSchema = z
  .looseObject({
    status: z.enum(["solved", "unsolvable", "unknown"]),
    solution: boundedJson("a solution (any JSON value)", true).optional(),
    metrics: metricsSchema.optional(),
    concepts: conceptsSchema.max(1000, { error: "expected at most 1,000 concepts" }).optional(),
  })
  .refine((r) => r.status !== "solved" || (r.metrics !== undefined && Object.keys(r.metrics).length > 0), { error: "expected metrics {name: number} with at least one metric for a solved level", path: ["metrics"] });
export type SolveResult = z.infer<typeof solveResultSchema>;

/** `key` → `{key}`. */
export const keyResultSchema = z.looseObject({ key: z.string().max(1_000_000, { error: "expected a key of at most 1,000,000 characters" }) });

const label = z.union([z.string().max(1000), z.number()]).transform(String);
/** Most nodes of a level graph, counting each labelled edge as a node (the canonical labelling holds an n × n matrix). */
export const MAX_GRAPH_NODES = 1000;

/** `graph` → `{nodes: [label], edges: [[from, to, label?]]}`; node numbers are checked against `nodes`; at most {@link MAX_GRAPH_NODES} nodes and labelled edges together. */
export const graphResultSchema = z
  .looseObject({
    nodes: z.array(label).max(MAX_GRAPH_NODES, { error: `expected at most ${MAX_GRAPH_NODES} nodes` }),
    edges: z
      .array(z.union([z.tuple([z.number().int().min(0), z.number().int().min(0)]), z.tuple([z.number().int().min(0), z.number().int().min(0), label])]))
      .max(100_000, { error: "expected at most 100,000 edges" }),
  })
  .superRefine((g, ctx) => {
    const labelled = g.edges.filter((e) => e.length === 3).length;
    if (g.nodes.length + labelled > MAX_GRAPH_NODES) ctx.addIssue({ code: "custom", path: ["edges"], message: `expected at most ${MAX_GRAPH_NODES} nodes and labelled edges together; got ${g.nodes.length} nodes and ${labelled} labelled edges` });
    g.edges.forEach((e, i) => {
      for (const end of [0, 1] as const) if (e[end] >= g.nodes.length) ctx.addIssue({ code: "custom", path: ["edges", i, end], message: `expected a node number from 0 to ${g.nodes.length - 1} (an index into nodes)` });
    });
  });
export type GraphResult = z.infer<typeof graphResultSchema>;

/** `similar` → `{same, why?}`. */
export const similarResultSchema = z.looseObject({ same: z.boolean(), why: z.string().max(1000).optional() });

/** Most levels one `similarMany` call carries in `b`. */
export const SIMILAR_MANY_LEVELS = 10_000;

/**
 * `similarMany` `{a, b: [levels]}` → `{same: [{index, why?}]}`: the levels of
 * `b` that are near copies of `a`, by their index in `b`, each once, in
 * ascending order (the client checks the indices against the request).
 */
export const similarManyResultSchema = z.looseObject({
  same: z
    .array(z.looseObject({ index: z.number().int().min(0).max(SIMILAR_MANY_LEVELS - 1), why: z.string().max(1000).optional() }))
    .max(SIMILAR_MANY_LEVELS)
    .superRefine((same, ctx) => {
      same.forEach((s, i) => {
        if (i > 0 && s.index <= same[i - 1].index) ctx.addIssue({ code: "custom", path: [i, "index"], message: `expected indices in ascending order, each once; ${s.index} comes after ${same[i - 1].index}` });
      });
    }),
});

/** `picture` → `{svg}`: one `<svg>` element (an XML declaration or comments before it are allowed), at most 8 MiB. */
export const pictureResultSchema = z.looseObject({
  svg: z
    .string()
    .max(8 * 1024 * 1024, { error: "expected an SVG of at most 8 MiB" })
    .regex(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/, { error: "expected an SVG picture starting with <svg" }),
});

/** Each method's result schema, by the method's name: what the client checks an answer against. */
export const RESULT_SCHEMAS = {
  hello: helloResultSchema,
  generate: generateResultSchema,
  solve: solveResultSchema,
  key: keyResultSchema,
  graph: graphResultSchema,
  similar: similarResultSchema,
  similarMany: similarManyResultSchema,
  picture: pictureResultSchema,
} as const;

/** A method of the protocol. */
export type Method = keyof typeof RESULT_SCHEMAS;

/** The checked result of a method. */
export type MethodResult<M extends Method> = z.output<(typeof RESULT_SCHEMAS)[M]>;

/**
 * What a result's schema cannot see because it depends on the request: a
 * `similarMany` index past the levels asked about. Null when there is nothing.
 */
export function resultAgainstRequest(method: Method, params: unknown, result: unknown): { path: PropertyKey[]; message: string } | null {
  if (method !== "similarMany") return null;
  const asked = (params as { b: unknown[] }).b.length;
  const same = (result as z.output<typeof similarManyResultSchema>).same;
  const k = same.findIndex((s) => s.index >= asked);
  return k < 0 ? null : { path: ["same", k, "index"], message: `expected an index into b (0 to ${asked - 1}); got ${same[k].index}` };
}
