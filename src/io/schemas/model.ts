import { z } from "zod";
import { MAX_PLAN_LEVELS, MIN_RUN_PRECISION } from "../input-limits.ts";
import { boundedInt, boundedNumber } from "./bounded-number.ts";
import { conceptNameSchema } from "./shared.ts";
import { thousands } from "../thousands.ts";
import { CONCEPTS_KEY } from "../concepts/concepts-key.ts";

export { CONCEPTS_KEY };

const RESERVED = `expected a metric name other than "${CONCEPTS_KEY}" (it names the levels' concept sets, SPEC 12; only maxRun reads them)`;

const key = z.string().min(1).refine((k) => k !== CONCEPTS_KEY, { error: RESERVED }).describe("a metric name the pools carry");
const runKey = z.string().min(1).describe(`a metric name the pools carry, or "${CONCEPTS_KEY}": the set of concepts each level carries (SPEC 12)`);

/**
 * Where a chain constraint holds (SPEC 6, SPEC 12): `game` (the default, and
 * what an absent `scope` means) — between every two consecutive levels,
 * across part, tier and chapter boundaries; `chapter` — only between
 * consecutive levels of one chapter: at a chapter's first level the rule does
 * not look back, and a `maxRun` run starts afresh (a climb that restarts
 * where a new idea arrives); `introduction` — the same at every level that
 * introduces a concept (one no earlier level carries).
 */
const scope = z
  .enum(["game", "chapter", "introduction"])
  .optional()
  .describe("game (default): the rule holds across chapter boundaries; chapter: only between consecutive levels of one chapter; introduction: it does not look back from a level that introduces a concept");

/** A count of levels (quota bounds, practice): a whole number from 0 up to the most levels a plan holds. */
const levelCount = () =>
  boundedInt()
    .min(0)
    .max(MAX_PLAN_LEVELS, { error: `expected at most ${thousands(MAX_PLAN_LEVELS)} (the most levels a plan holds)` });

/** One constraint of the selection model (SPEC 6). */
export const constraintSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("nonDecreasing"), key, scope }),
  z.strictObject({ type: z.literal("maxRise"), key, by: boundedNumber().min(0), scope }),
  z.strictObject({ type: z.literal("maxDrop"), key, by: boundedNumber().min(0), scope }),
  z
    .strictObject({
      type: z.literal("maxRun"),
      key: runKey,
      length: boundedInt()
        .min(1)
        .max(MAX_PLAN_LEVELS, { error: `expected at most ${thousands(MAX_PLAN_LEVELS)} (the most levels a plan holds; a run cannot be longer)` }),
      precision: boundedNumber()
        .min(MIN_RUN_PRECISION, { error: `expected a precision of at least ${MIN_RUN_PRECISION} (metrics are stored to 6 decimals)` })
        .optional()
        .describe(`required for a metric; absent for "${CONCEPTS_KEY}" (concept sets are compared whole)`),
      scope,
    })
    .superRefine((c, ctx) => {
      if (c.key === CONCEPTS_KEY && c.precision !== undefined) {
        ctx.addIssue({ code: "custom", path: ["precision"], message: `expected no precision for key "${CONCEPTS_KEY}": levels share a run when they carry the same set of concepts, compared whole (leave precision out)` });
      }
      if (c.key !== CONCEPTS_KEY && c.precision === undefined) {
        ctx.addIssue({ code: "custom", path: ["precision"], message: `expected a precision (the bucket width values are rounded to, e.g. 0.01); only key "${CONCEPTS_KEY}" goes without` });
      }
    }),
  z.strictObject({ type: z.literal("pin"), level: boundedInt().min(1), id: z.string().min(1) }),
  z
    .strictObject({ type: z.literal("conflict"), ids: z.array(z.string().min(1)).min(2) })
    .superRefine((c, ctx) => {
      c.ids.forEach((id, j) => {
        const first = c.ids.indexOf(id);
        if (first < j) ctx.addIssue({ code: "custom", path: ["ids", j], message: `expected distinct ids (a conflict says "never two of these ship"); "${id}" is also ids[${first}]` });
      });
    }),
  z.strictObject({ type: z.literal("exclude"), id: z.string().min(1) }),
  z
    .strictObject({
      type: z.literal("bounds"),
      key,
      from: boundedInt().min(1).optional().describe("first level the bounds hold for (default 1)"),
      to: boundedInt().min(1).optional().describe("last level the bounds hold for (default: the last)"),
      min: boundedNumber().optional(),
      max: boundedNumber().optional(),
    })
    .refine((c) => c.min !== undefined || c.max !== undefined, { message: "expected min or max (or both)" })
    .refine((c) => c.from === undefined || c.to === undefined || c.from <= c.to, { message: "expected from ≤ to (the first level the bounds hold for, then the last)", path: ["to"] })
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: "expected min ≤ max", path: ["max"] })
    .describe("levelramp extension: a milestone, e.g. goal ≥ 3 from level 14"),
  z
    .strictObject({ type: z.literal("introduce"), order: z.array(conceptNameSchema).min(1) })
    .superRefine((c, ctx) => {
      c.order.forEach((name, j) => {
        const first = c.order.indexOf(name);
        if (first < j) ctx.addIssue({ code: "custom", path: ["order", j], message: `expected each concept once in an introduce order; "${name}" is also order[${first}] (a concept cannot come both before and after another)` });
      });
    })
    .describe("SPEC 12: a level may carry order[k] only once order[0..k-1] are introduced (earlier, or by the same level); concepts not listed are free"),
  z
    .strictObject({
      type: z.literal("introduceAt"),
      concept: conceptNameSchema,
      from: boundedInt().min(1).optional().describe("no level numbered below it carries the concept"),
      to: boundedInt().min(1).optional().describe("the concept is introduced by this level number"),
    })
    .refine((c) => c.from !== undefined || c.to !== undefined, { message: "expected from or to (or both): the window of level numbers the concept is introduced in" })
    .refine((c) => c.from === undefined || c.to === undefined || c.from <= c.to, { message: "expected from ≤ to (the first level the concept may come at, then the last)", path: ["to"] })
    .describe("SPEC 12: the concept is introduced at a level numbered within [from, to]"),
  z
    .strictObject({ type: z.literal("maxNew"), by: boundedInt().min(1, { error: "expected at least 1 (0 would forbid every concept)" }) })
    .describe("SPEC 12: at most `by` new concepts in one level"),
  z
    .strictObject({ type: z.literal("practice"), levels: levelCount().min(1, { error: "expected at least 1 (0 asks for nothing)" }) })
    .describe("SPEC 12: between two levels that introduce concepts, at least `levels` levels that introduce none"),
  z
    .strictObject({
      type: z.literal("quota"),
      concept: conceptNameSchema,
      min: levelCount().optional(),
      max: levelCount().optional(),
      scope: z.enum(["game", "chapter"]).optional().describe("game (default): levels of the whole selection; chapter: levels of each chapter"),
    })
    .refine((c) => c.min !== undefined || c.max !== undefined, { message: "expected min or max (or both)" })
    .refine((c) => c.min === undefined || c.max === undefined || c.min <= c.max, { message: "expected min ≤ max", path: ["max"] })
    .describe("SPEC 12: how many levels carry the concept, in the game or in each chapter"),
]);

/** The selection model file `levelramp/model@1` (SPEC 6). */
export const modelSchema = z
  .strictObject({
    format: z.literal("levelramp/model@1"),
    metric: key,
    eligibility: z.enum(["part", "any"]).default("part"),
    constraints: z.array(constraintSchema).default([]),
    objective: z
      .strictObject({
        norm: z.enum(["L1", "L2", "Linf"]).default("L1"),
        evenness: boundedNumber().min(0).default(0),
      })
      .default({ norm: "L1", evenness: 0 }),
  })
  .superRefine((model, ctx) => {
    if (model.objective.norm === "Linf" && model.objective.evenness > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["objective", "evenness"],
        message: "expected 0: evenness is not combined with the Linf norm",
      });
    }
    contradictions(model.constraints, ctx);
    conceptContradictions(model.constraints, ctx);
  });

/**
 * Constraints that contradict each other (SPEC 6), named as such rather than
 * left for the solver to find infeasible: an `exclude` vetoes a candidate, so
 * a pin of an excluded id can never hold; a candidate ships at most once, so
 * one id pinned at two levels cannot either.
 */
function contradictions(constraints: ReadonlyArray<z.infer<typeof constraintSchema>>, ctx: z.RefinementCtx): void {
  const excluded = new Map<string, number>();
  const pinned = new Map<string, number>();
  constraints.forEach((c, i) => {
    if (c.type === "exclude" && !excluded.has(c.id)) excluded.set(c.id, i);
  });
  constraints.forEach((c, i) => {
    if (c.type !== "pin") return;
    const veto = excluded.get(c.id);
    if (veto !== undefined) {
      ctx.addIssue({ code: "custom", path: ["constraints", i, "id"], message: `expected a pin of a candidate the model does not exclude; constraints[${veto}] excludes "${c.id}" (an exclude vetoes a candidate, so this pin can never hold: remove one of the two)` });
    }
    const first = pinned.get(c.id);
    if (first !== undefined) {
      ctx.addIssue({ code: "custom", path: ["constraints", i, "id"], message: `expected each id pinned once (a candidate ships at most once); constraints[${first}] pins "${c.id}" too` });
    } else pinned.set(c.id, i);
  });
}

/**
 * Concept constraints that contradict each other (SPEC 12), named at read:
 * two `introduceAt` windows of one concept that do not meet (its one
 * introduction cannot lie in both); an `introduce` order that puts a concept
 * after another whose window starts later than its own ends (it needs the
 * other introduced first); two `quota` bounds of one concept and scope that
 * leave no count between them.
 */
function conceptContradictions(constraints: ReadonlyArray<z.infer<typeof constraintSchema>>, ctx: z.RefinementCtx): void {
  const windows = new Map<string, { from: number; to: number; at: number }>();
  constraints.forEach((c, i) => {
    if (c.type !== "introduceAt") return;
    const w = windows.get(c.concept);
    const from = Math.max(w?.from ?? 1, c.from ?? 1);
    const to = Math.min(w?.to ?? Infinity, c.to ?? Infinity);
    if (w && from > to) {
      ctx.addIssue({ code: "custom", path: ["constraints", i], message: `expected introduceAt windows of "${c.concept}" that meet; constraints[${w.at}] leaves levels ${w.from}..${w.to === Infinity ? "" : w.to} and this one ${c.from ?? 1}..${c.to ?? ""} (a concept is introduced once)` });
      return;
    }
    windows.set(c.concept, { from, to, at: w?.at ?? i });
  });
  constraints.forEach((c, i) => {
    if (c.type !== "introduce") return;
    // Each concept needs every concept before it introduced at or before its own introduction.
    let latestStart = { from: 1, name: "" };
    c.order.forEach((name, j) => {
      const w = windows.get(name);
      if (w && latestStart.from > w.to) {
        ctx.addIssue({ code: "custom", path: ["constraints", i, "order", j], message: `expected an order its introduceAt windows allow; "${name}" must come by level ${w.to} (constraints[${w.at}]), but "${latestStart.name}" before it in this order comes at level ${latestStart.from} or later` });
      }
      if (w && w.from > latestStart.from) latestStart = { from: w.from, name };
    });
  });
  const quotas = new Map<string, { min: number; max: number; at: number }>();
  constraints.forEach((c, i) => {
    if (c.type !== "quota") return;
    const k = `${c.scope ?? "game"}\u0000${c.concept}`;
    const q = quotas.get(k);
    const min = Math.max(q?.min ?? 0, c.min ?? 0);
    const max = Math.min(q?.max ?? Infinity, c.max ?? Infinity);
    if (q && min > max) {
      ctx.addIssue({ code: "custom", path: ["constraints", i], message: `expected quotas of "${c.concept}" (${c.scope ?? "game"}) that leave a count; with constraints[${q.at}] it would need at least ${min} and at most ${max} levels` });
      return;
    }
    quotas.set(k, { min, max, at: q?.at ?? i });
  });
}

/** One rule of a selection model (SPEC 6): nonDecreasing, maxRun, maxDrop, bounds, conflict, pin, exclude, or a concept rule (SPEC 12). */
export type Constraint = z.infer<typeof constraintSchema>;
/** A constraint about concepts that is not a chain rule (SPEC 12): introduce, introduceAt, maxNew, practice, quota. */
export type ConceptConstraint = Extract<Constraint, { type: "introduce" | "introduceAt" | "maxNew" | "practice" | "quota" }>;

/** A selection model `levelramp/model@1` (SPEC 6): the metric, the eligibility, the rules and the objective (norm, evenness). */
export type Model = z.infer<typeof modelSchema>;
