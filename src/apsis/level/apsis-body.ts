import { z } from "zod";
import { boundedInt, boundedNumber } from "../../io/schemas/bounded-number.ts";

/** An Apsis arrow (SPEC 3, 5.1): ring 1..5 (1 innermost), midpoint angle and direction in integer degrees (counter-clockwise). */
export const apsisArrowSchema = z.strictObject({
  ring: boundedInt().min(1).max(5),
  angle: boundedInt().describe("degrees, counter-clockwise, of the midpoint on its ring"),
  length: boundedNumber().positive().describe("centre-segment length in sky units"),
  direction: boundedInt().describe("degrees, counter-clockwise, the way it slides out"),
  key: z.string().min(1).optional(),
  lock: z.string().min(1).optional(),
  number: boundedInt().min(1).optional(),
});

/** An Apsis level body (SPEC 3): hearts, falling rings, arrows (referred to by index). */
export const apsisBodySchema = z.strictObject({
  hearts: boundedInt().min(0),
  fallingRings: z.array(boundedInt().min(1).max(5)).optional(),
  arrows: z.array(apsisArrowSchema).min(1),
});

export type ApsisArrow = z.infer<typeof apsisArrowSchema>;
export type ApsisBody = z.infer<typeof apsisBodySchema>;
