import { z } from "zod";
import { boundedInt, boundedNumber } from "../../io/schemas/bounded-number.ts";

/** A Carillon dot's mark (SPEC 3, 4.4): at most one per dot. */
export const carillonMarkSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("bell") }),
  z.strictObject({ kind: z.literal("echo") }),
  z.strictObject({ kind: z.literal("horn"), facing: boundedNumber().describe("degrees from +x towards +y") }),
  z.strictObject({ kind: z.literal("duet"), partner: boundedInt().min(0).describe("index of the partner dot") }),
  z.strictObject({
    kind: z.literal("drifter"),
    step: z.tuple([boundedNumber(), boundedNumber()]).describe("units moved after every tap [dx, dy]"),
  }),
  z.strictObject({ kind: z.literal("home") }),
  z.strictObject({ kind: z.literal("round"), order: boundedInt().min(1) }),
]);

/** A Carillon dot (SPEC 3): centre in field units, size, note 0..6 (degree of a major scale). */
export const carillonDotSchema = z.strictObject({
  x: boundedNumber(),
  y: boundedNumber(),
  size: z.enum(["small", "normal", "big"]),
  note: boundedInt().min(0).max(6),
  mark: carillonMarkSchema.optional(),
});

/** A Carillon level body (SPEC 3): a 640 × 900 field of dots; `goal` = fewest taps when stored. */
export const carillonBodySchema = z
  .strictObject({
    width: boundedNumber().positive(),
    height: boundedNumber().positive(),
    dots: z.array(carillonDotSchema).min(1),
    goal: boundedInt().min(1).optional(),
  })
  .superRefine((body, ctx) => {
    body.dots.forEach((dot, i) => {
      if (dot.mark?.kind !== "duet") return;
      const p = dot.mark.partner;
      const partner = body.dots[p];
      if (p === i || partner === undefined || partner.mark?.kind !== "duet" || partner.mark.partner !== i) {
        ctx.addIssue({
          code: "custom",
          path: ["dots", i, "mark", "partner"],
          message: "expected the index of another duet dot whose partner is this dot",
        });
      }
    });
  });

export type CarillonMark = z.infer<typeof carillonMarkSchema>;
export type CarillonDot = z.infer<typeof carillonDotSchema>;
export type CarillonBody = z.infer<typeof carillonBodySchema>;
