import { z } from "zod";
import { boundedInt, boundedNumber } from "./bounded-number.ts";

/** The ramp file `levelramp/ramp@1` (SPEC 3): points by global level number. */
export const rampSchema = z
  .strictObject({
    format: z.literal("levelramp/ramp@1"),
    metric: z.string().min(1),
    points: z.array(z.tuple([boundedInt().min(1), boundedNumber()])).min(1),
    interpolation: z.enum(["linear", "monotone-cubic"]).default("linear"),
  })
  .superRefine((ramp, ctx) => {
    for (let i = 1; i < ramp.points.length; i++) {
      if (ramp.points[i][0] <= ramp.points[i - 1][0]) {
        ctx.addIssue({
          code: "custom",
          path: ["points", i, 0],
          message: `expected a level number above ${ramp.points[i - 1][0]} (points in increasing level order)`,
        });
      }
    }
  });

/** A ramp `levelramp/ramp@1` (SPEC 3): the target of a metric at global level numbers, interpolated linearly or by a monotone cubic. */
export type Ramp = z.infer<typeof rampSchema>;
