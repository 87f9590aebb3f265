import { z } from "zod";
import { boundedInt, boundedNumber } from "../../io/schemas/bounded-number.ts";
import { markCountsSchema } from "./generator-model.ts";

/**
 * A part's steering calibration (plan.json `generator.steer`, written by
 * `npm run steer -- --write`, tools/carillon-steer.ts): what the part's
 * settings give, so the generator can aim a candidate's fields at a value.
 */
export const dotSteerSchema = z.strictObject({
  plainBits: z
    .tuple([boundedNumber().min(0), boundedNumber().min(0)])
    .describe("median bits of grown fields (built-in bells marked, no dressing) at the low and the high end of `dots`"),
  dressBits: boundedNumber().describe("median of (kept dressing's bits − the grown field's bits); 0 on a plain chapter"),
  window: z
    .number()
    .positive()
    .optional()
    .describe("bits: a grown field is dressed only when its bits plus the dressing estimate lie this close to the aim (default 1; widens by 25% every 8 fields turned away)"),
});

export type DotSteerSettings = z.infer<typeof dotSteerSchema>;

const range = z.tuple([boundedInt().min(1), boundedInt().min(1)]);

/**
 * A plan part's `generator` settings for Carillon (SPEC 3): dot and root
 * counts drawn per field (inclusive ranges), optional size draw weights that
 * replace models/carillon/generator.json's, and `aim`: fields grown per
 * candidate, the one whose bits are nearest the level's ramp target kept
 * (default 1); `guard: true` guards growth before level 14 (unguarded fields
 * knot into a few large starts and measure near 0 bits, too easy for the
 * default ramp's levels 6–13). Chapters with rules (SPEC 4.4) add `bells`
 * (roots built in as heavy bells) and `marks` (marks per dressing by kind);
 * `goal` keeps the proven goal in a window (rules can raise or lower it, and
 * the selection model wants goals that never fall).
 */
export const carillonGeneratorSettingsSchema = z
  .strictObject({
    dots: range.describe("[min, max] dots on the field"),
    roots: range.describe("[min, max] roots (chains); the milestones may raise the minimum"),
    sizeWeights: z.strictObject({ small: boundedNumber().min(0), normal: boundedNumber().min(0), big: boundedNumber().min(0) }).optional(),
    aim: boundedInt().min(1).max(16).optional(),
    close: boundedNumber()
      .positive()
      .optional()
      .describe("bits: with a target, stop growing a candidate's fields as soon as a passing one lies this close to it (a miss below counting double when steering); `aim` is then the most passing fields tried"),
    guard: z
      .boolean()
      .optional()
      .describe("true: guard growth before the guard's milestone level (from the milestone on it is always on)"),
    bells: z
      .tuple([boundedInt().min(0), boundedInt().min(0)])
      .optional()
      .describe("[min, max] roots built in as heavy bells (chapters with the bell rule); default generator.json dressing.builtInBells"),
    marks: markCountsSchema.optional().describe("marks per dressing by kind, [min, max]; replaces generator.json dressing.marks kind by kind"),
    driftStep: z
      .tuple([boundedNumber().positive(), boundedNumber().positive()])
      .optional()
      .describe("[min, max] length of a drifter's step, field units; replaces generator.json dressing.driftStep (crowded fields need short steps)"),
    draws: boundedInt()
      .min(1)
      .optional()
      .describe("dressings drawn per grown field, the one nearest the target kept (with `close`, the first that near); replaces generator.json dressing.draws (parts whose dressings spread widely land nearer with more)"),
    fieldTries: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("fields grown per candidate before giving up; replaces generator.json tries.fields (parts whose dressings rarely pass need more)"),
    steer: dotSteerSchema.optional().describe("calibration that aims a candidate's fields at its target (tools/carillon-steer.ts writes it)"),
    thinStartTouches: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("dots a root's own ring may touch once starts are thin (SPEC 4.3 item 6); replaces generator.json thinStartTouches (1 gives longer relays and more bits)"),
    coreSize: range.optional().describe("[min, max] dots per core, root included; replaces generator.json coreSize (fields with many roots grow better with small cores)"),
    goal: range
      .optional()
      .describe("[min, max] proven goal a field may have (fields outside are dropped); the milestones may raise the minimum"),
  })
  .superRefine((s, ctx) => {
    if (s.dots[0] > s.dots[1]) ctx.addIssue({ code: "custom", path: ["dots"], message: "expected [min, max] with min ≤ max" });
    if (s.roots[0] > s.roots[1]) ctx.addIssue({ code: "custom", path: ["roots"], message: "expected [min, max] with min ≤ max" });
    if (s.roots[1] > 30) ctx.addIssue({ code: "custom", path: ["roots", 1], message: "expected at most 30 roots" });
    if (s.dots[1] < s.roots[1]) ctx.addIssue({ code: "custom", path: ["dots", 1], message: "expected at least one dot per root" });
    if (s.driftStep && s.driftStep[0] > s.driftStep[1]) ctx.addIssue({ code: "custom", path: ["driftStep"], message: "expected [min, max] with min ≤ max" });
    if (s.coreSize && s.coreSize[0] > s.coreSize[1]) ctx.addIssue({ code: "custom", path: ["coreSize"], message: "expected [min, max] with min ≤ max" });
    if (s.goal && s.goal[0] > s.goal[1]) ctx.addIssue({ code: "custom", path: ["goal"], message: "expected [min, max] with min ≤ max" });
    if (s.bells && s.bells[0] > s.bells[1]) ctx.addIssue({ code: "custom", path: ["bells"], message: "expected [min, max] with min ≤ max" });
    for (const [kind, range] of Object.entries(s.marks ?? {})) {
      if (range && range[0] > range[1]) ctx.addIssue({ code: "custom", path: ["marks", kind], message: "expected [min, max] with min ≤ max" });
    }
  });

/** Carillon generator settings of one plan part. */
export type CarillonGeneratorSettings = z.infer<typeof carillonGeneratorSettingsSchema>;
