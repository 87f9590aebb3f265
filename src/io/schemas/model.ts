import { z } from "zod";

const key = z.string().min(1).describe("a metric name the pools carry");

/** One constraint of the selection model (SPEC 6). */
export const constraintSchema = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("nonDecreasing"), key }),
  z.strictObject({ type: z.literal("maxRise"), key, by: z.number().finite().min(0) }),
  z.strictObject({ type: z.literal("maxDrop"), key, by: z.number().finite().min(0) }),
  z.strictObject({
    type: z.literal("maxRun"),
    key,
    length: z.number().int().min(1),
    precision: z.number().finite().positive(),
  }),
  z.strictObject({ type: z.literal("pin"), level: z.number().int().min(1), id: z.string().min(1) }),
  z.strictObject({ type: z.literal("conflict"), ids: z.array(z.string().min(1)).min(2) }),
  z.strictObject({ type: z.literal("exclude"), id: z.string().min(1) }),
  z
    .strictObject({
      type: z.literal("bounds"),
      key,
      from: z.number().int().min(1).optional().describe("first level the bounds hold for (default 1)"),
      to: z.number().int().min(1).optional().describe("last level the bounds hold for (default: the last)"),
      min: z.number().finite().optional(),
      max: z.number().finite().optional(),
    })
    .refine((c) => c.min !== undefined || c.max !== undefined, { message: "expected min or max (or both)" })
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
        evenness: z.number().finite().min(0).default(0),
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
  });

export type Constraint = z.infer<typeof constraintSchema>;
export type Model = z.infer<typeof modelSchema>;
