import { z } from "zod";

const sizeSchema = z.strictObject({
  radius: z.number().positive().describe("field units"),
  reach: z.number().positive().describe("largest ring radius from the dot's centre, field units"),
});

/**
 * `models/carillon/physics.json` (SPEC 4.1): field size, dot radii and ring
 * reaches per size, ring speed, and the tolerances every decision uses.
 */
export const carillonPhysicsSchema = z.strictObject({
  format: z.literal("levelramp/carillon-physics@1"),
  field: z.strictObject({ width: z.number().positive(), height: z.number().positive() }),
  sizes: z.strictObject({ small: sizeSchema, normal: sizeSchema, big: sizeSchema }),
  ringSpeed: z.number().positive().describe("field units per beat"),
  timeTolerance: z.number().min(0).describe("beats: two hits closer than this are at the same moment"),
  distanceTolerance: z.number().min(0).describe("field units added to a reach before deciding reach/no-reach"),
});

/** Physics defaults of Carillon (SPEC 4.1). */
export type CarillonPhysics = z.infer<typeof carillonPhysicsSchema>;

/** The three dot sizes, from smallest to largest (the size fallback walks this list down). */
export const DOT_SIZES = ["small", "normal", "big"] as const;

/** A dot size name. */
export type DotSize = (typeof DOT_SIZES)[number];
