import { z } from "zod";
import { MAX_PLAN_LEVELS, MAX_POOL_PER_LEVEL } from "../input-limits.ts";
import { boundedInt } from "./bounded-number.ts";
import { planGameSchema } from "./shared.ts";
import { thousands } from "../thousands.ts";

/** One part (Carillon) or tier (Apsis) of a chapter: its level count, pool size per level and generator settings. */
export const planPartSchema = z.strictObject({
  part: boundedInt().min(1),
  levels: boundedInt().min(1),
  poolPerLevel: boundedInt().min(1).max(MAX_POOL_PER_LEVEL, { error: `expected at most ${thousands(MAX_POOL_PER_LEVEL)} candidates per level` }).optional(),
  generator: z.record(z.string(), z.unknown()).optional().describe("settings checked by the game's own schema"),
});

/** The plan file `levelramp/plan@1` (SPEC 3, 6): chapters in order, each with its parts. */
export const planSchema = z
  .strictObject({
    format: z.literal("levelramp/plan@1"),
    game: planGameSchema,
    composed: boundedInt().min(0).default(0).describe("levels at the start that are composed, not selected"),
    chapters: z
      .array(
        z.strictObject({
          chapter: boundedInt().min(1),
          rule: z.string().optional(),
          rules: z.array(z.string()).default([]),
          parts: z.array(planPartSchema).min(1),
        }),
      )
      .min(1),
  })
  .superRefine((plan, ctx) => {
    let levels = 0;
    plan.chapters.forEach((ch, i) => {
      if (i > 0 && ch.chapter <= plan.chapters[i - 1].chapter) {
        ctx.addIssue({ code: "custom", path: ["chapters", i, "chapter"], message: "expected chapters in increasing order" });
      }
      ch.parts.forEach((p, j) => {
        if (levels <= MAX_PLAN_LEVELS && (levels += p.levels) > MAX_PLAN_LEVELS) {
          ctx.addIssue({ code: "custom", path: ["chapters", i, "parts", j, "levels"], message: `expected at most ${thousands(MAX_PLAN_LEVELS)} levels in the whole plan; this part brings it to ${thousands(levels)}` });
        }
        if (j > 0 && p.part <= ch.parts[j - 1].part) {
          ctx.addIssue({ code: "custom", path: ["chapters", i, "parts", j, "part"], message: "expected parts in increasing order" });
        }
      });
    });
  });

export type PlanPart = z.infer<typeof planPartSchema>;
/** A plan `levelramp/plan@1` (SPEC 3): chapters of parts, each part's level count and generator settings, the composed opening levels. */
export type Plan = z.infer<typeof planSchema>;
