import { z } from "zod";

const levelValue = z.tuple([z.number().int().min(1), z.number()]);
const sizeWeights = z.strictObject({ small: z.number().min(0), normal: z.number().min(0), big: z.number().min(0) });

const countRange = z.tuple([z.number().int().min(0), z.number().int().min(0)]);

/** How many marks of each kind a dressing draws, `[min, max]` (SPEC 4.4, 4.5). */
export const markCountsSchema = z.strictObject({
  bell: countRange.optional().describe("heavy bells drawn on non-root dots besides the built-in ones"),
  echo: countRange.optional(),
  horn: countRange.optional(),
  duet: countRange.optional().describe("duet pairs"),
  drifter: countRange.optional(),
  home: countRange.optional(),
  round: countRange.optional().describe("round bells (orders 1..n)"),
});

/** Mark counts by kind. */
export type MarkCounts = z.infer<typeof markCountsSchema>;

/**
 * `models/carillon/generator.json` (SPEC 4.3): the growth defaults — root
 * spacing by root count, core sizes, milestones, thin starts, size draws and
 * the bounded tries.
 */
export const carillonGeneratorModelSchema = z.strictObject({
  format: z.literal("levelramp/carillon-generator@1"),
  rootSpacing: z
    .array(levelValue)
    .min(1)
    .describe("[rootCount, distance]: from that many roots on, roots are at least `distance` units apart (centre to centre)"),
  coreSize: z.tuple([z.number().int().min(1), z.number().int().min(1)]).describe("dots per core, root included [min, max]"),
  milestones: z.strictObject({
    minGoal: z.array(levelValue).min(1).describe("[level, goal]: from that level on, fields need at least `goal` taps"),
    bigDotsFromLevel: z.number().int().min(1),
    smallDotsFromLevel: z.number().int().min(1),
    guardFromLevel: z.number().int().min(1),
    thinStartsFromChapter: z.number().int().min(1),
  }),
  thinStartTouches: z.number().int().min(1).describe("dots a root's own ring may touch once starts are thin"),
  rootSizeWeights: z.strictObject({ normal: z.number().min(0), big: z.number().min(0) }),
  sizeWeights: sizeWeights.describe("draw weights of the sizes of grown dots (sizes not yet allowed by the milestones are skipped)"),
  edgeMargin: z.number().min(0).describe("field units between a dot's edge and the field's border, at least"),
  coordinateDecimals: z.number().int().min(0).max(6).describe("grown centres are rounded to this many decimals before any check"),
  dressing: z
    .strictObject({
      draws: z.number().int().min(1).describe("independent dressings drawn per grown field (SPEC 4.5: four)"),
      marks: markCountsSchema.describe("marks per dressing by kind, [min, max]"),
      builtInBells: countRange.describe("roots built in as heavy bells while the field grows, [min, max]"),
      driftStep: z.tuple([z.number().positive(), z.number().positive()]).describe("length of a drifter's step, field units [min, max]"),
      placement: z
        .strictObject({
          duetOnRoot: z.number().min(0).max(1).describe("chance a duet pair's first dot is a root (a duet reaching a root joins two chains)"),
          roundOnRoot: z.number().min(0).max(1).describe("chance a round bell is drawn on a root (round bells on roots fix the order chains start in)"),
          homeAtChainEnd: z
            .number()
            .min(0)
            .max(1)
            .describe("chance the home note is drawn on the dot that pops last when a root is tapped (elsewhere it often needs extra taps)"),
        })
        .describe("where marks are drawn, beyond uniformly"),
      driftGrid: z
        .strictObject({
          directions: z.number().int().min(1).describe("step directions tried per drifter, evenly spaced from a random offset"),
          lengths: z.number().int().min(1).describe("step lengths tried per direction, evenly spaced over driftStep"),
        })
        .describe("the steps a drifter draw weighs: every fair one is a candidate"),
      maxStates: z
        .number()
        .int()
        .min(1)
        .describe("states each solve of a dressing's checks may expand before the dressing is dropped (search-limit)"),
      maxExtraTaps: z
        .number()
        .int()
        .min(0)
        .describe("a dressing may raise the goal this many taps above the roots at most (the solver tries no more)"),
    })
    .describe("dressing a grown field with its chapter's marks (SPEC 4.4, 4.5)"),
  tries: z.strictObject({
    rootPlacement: z.number().int().min(1).describe("positions drawn per root"),
    dotPlacement: z.number().int().min(1).describe("positions drawn per dot and size"),
    fields: z.number().int().min(1).describe("fields grown per generate call before it gives up"),
    disguiseParents: z.number().int().min(1).describe("dots of other trees nearest a bell root tried as the disguising dot's parent"),
  }),
});

/** Generator defaults of Carillon (SPEC 4.3). */
export type CarillonGeneratorModel = z.infer<typeof carillonGeneratorModelSchema>;

/** A size-weight table. */
export type SizeWeights = z.infer<typeof sizeWeights>;

/**
 * The value of a `[from, value]` step table at `at`: the value of the last row
 * whose `from` is ≤ `at` (rows in any order); the first row's value below it.
 */
export function stepValue(table: ReadonlyArray<readonly [number, number]>, at: number): number {
  const rows = [...table].sort((a, b) => a[0] - b[0]);
  let value = rows[0][1];
  for (const [from, v] of rows) if (from <= at) value = v;
  return value;
}
