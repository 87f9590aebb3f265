import { z } from "zod";

/** An Apsis arrow (SPEC 3, 5.1): ring 1..5 (1 innermost), midpoint angle and direction in integer degrees (counter-clockwise). */
export const apsisArrowSchema = z.strictObject({
  ring: z.number().int().min(1).max(5),
  angle: z.number().int().describe("degrees, counter-clockwise, of the midpoint on its ring"),
  length: z.number().positive().describe("centre-segment length in sky units"),
  direction: z.number().int().describe("degrees, counter-clockwise, the way it slides out"),
  key: z.string().min(1).optional(),
  lock: z.string().min(1).optional(),
  number: z.number().int().min(1).optional(),
});

/** An Apsis level body (SPEC 3): hearts, falling rings, arrows (referred to by index). */
export const apsisBodySchema = z.strictObject({
  hearts: z.number().int().min(0),
  fallingRings: z.array(z.number().int().min(1).max(5)).optional(),
  arrows: z.array(apsisArrowSchema).min(1),
});

export type ApsisArrow = z.infer<typeof apsisArrowSchema>;
export type ApsisBody = z.infer<typeof apsisBodySchema>;
