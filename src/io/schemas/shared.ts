import { z } from "zod";
import { apsisBodySchema } from "./apsis-body.ts";
import { carillonBodySchema } from "./carillon-body.ts";

/** Games levelramp knows; `generic` pools carry metrics only. */
export const gameSchema = z.enum(["carillon", "apsis", "generic"]);
export type Game = z.infer<typeof gameSchema>;

/** Measured metrics by name (bits, goal, reads, ...), finite numbers. */
export const metricsSchema = z.record(z.string().min(1), z.number().finite());

/**
 * Checks `body` against the body schema of `game`, adding issues under `path`.
 * Generic levels carry no body, so any body there is an error.
 */
export function checkBody(game: Game, body: unknown, path: PropertyKey[], ctx: z.RefinementCtx): void {
  if (game === "generic") {
    ctx.addIssue({ code: "custom", path, message: "expected no level body in a generic file" });
    return;
  }
  const schema = game === "carillon" ? carillonBodySchema : apsisBodySchema;
  const result = schema.safeParse(body);
  if (result.success) return;
  for (const issue of result.error.issues) {
    ctx.addIssue({ code: "custom", path: [...path, ...issue.path], message: issue.message });
  }
}
