import { z } from "zod";
import { MAX_PLAN_LEVELS, MIN_RUN_PRECISION } from "../input-limits.ts";
import { boundedInt, boundedNumber } from "./bounded-number.ts";
import { thousands } from "../thousands.ts";

const key = z.string().min(1).describe("a metric name the pools carry");

/**
 * Where a chain constraint holds (SPEC 6): `game` (the default, and what an
 * absent `scope` means) — between every two consecutive levels, across part,
 * tier and chapter boundaries; `chapter` — only between consecutive levels of
 * one chapter: at a chapter's first level the rule does not look back, and a
 * `maxRun` run starts afresh (a climb that restarts where a new idea arrives).
 */
const scope = z.enum(["game", "chapter"]).optional().describe("game (default): the rule holds across chapter boundaries; chapter: only between consecutive levels of one chapter");

/** One constraint of the selection model (SPEC 6). */
export const constraintSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("nonDecreasing"), key, scope }),
  z.strictObject({ type: z.literal("maxRise"), key, by: boundedNumber().min(0), scope }),
  z.strictObject({ type: z.literal("maxDrop"), key, by: boundedNumber().min(0), scope }),
  z.strictObject({
    type: z.literal("maxRun"),
    key,
    length: boundedInt()
      .min(1)
      .max(MAX_PLAN_LEVELS, { error: `expected at most ${thousands(MAX_PLAN_LEVELS)} (the most levels a plan holds; a run cannot be longer)` }),
    precision: boundedNumber().min(MIN_RUN_PRECISION, { error: `expected a precision of at least ${MIN_RUN_PRECISION} (metrics are stored to 6 decimals)` }),
    scope,
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

export type Constraint = z.infer<typeof constraintSchema>;
export type Model = z.infer<typeof modelSchema>;
