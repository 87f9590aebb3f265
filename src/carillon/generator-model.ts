import { z } from "zod";

const levelValue = z.tuple([z.number().int().min(1), z.number()]);
const sizeWeights = z.strictObject({ small: z.number().min(0), normal: z.number().min(0), big: z.number().min(0) });

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
  tries: z.strictObject({
    rootPlacement: z.number().int().min(1).describe("positions drawn per root"),
    dotPlacement: z.number().int().min(1).describe("positions drawn per dot and size"),
    fields: z.number().int().min(1).describe("fields grown per generate call before it gives up"),
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
