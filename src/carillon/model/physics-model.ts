import { z } from "zod";

const sizeSchema = z.strictObject({
  radius: z.number().positive().describe("field units"),
  reach: z.number().positive().describe("largest ring radius from the dot's centre, field units"),
});

/**
 * `models/carillon/physics.json` (SPEC 4.1, 4.4): field size, dot radii and ring
 * reaches per size, ring speed, the tolerances every decision uses, and the
 * horn's doubled reach and 90° cone (±45°).
 */
export const carillonPhysicsSchema = z.strictObject({
  format: z.literal("levelramp/carillon-physics@1"),
  field: z.strictObject({ width: z.number().positive(), height: z.number().positive() }),
  sizes: z.strictObject({ small: sizeSchema, normal: sizeSchema, big: sizeSchema }),
  ringSpeed: z.number().positive().describe("field units per beat"),
  timeTolerance: z.number().min(0).describe("beats: two hits closer than this are at the same moment"),
  distanceTolerance: z.number().min(0).describe("field units added to a reach before deciding reach/no-reach"),
  horn: z
    .strictObject({
      reachFactor: z.number().positive().describe("a horn's ring reaches this many times its size's reach"),
      coneHalfAngle: z.number().positive().max(180).describe("degrees either side of the facing: dots whose centres lie inside are reached"),
      angleTolerance: z.number().min(0).describe("degrees added to the half-angle before deciding inside/outside the cone"),
    })
    .describe("the horn rule (SPEC 4.4)"),
});

/** Physics defaults of Carillon (SPEC 4.1). */
export type CarillonPhysics = z.infer<typeof carillonPhysicsSchema>;

/** The three dot sizes, from smallest to largest (the size fallback walks this list down). */
export const DOT_SIZES = ["small", "normal", "big"] as const;

/** A dot size name. */
export type DotSize = (typeof DOT_SIZES)[number];
