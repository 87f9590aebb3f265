import type { CarillonDot } from "../../level/carillon-body.ts";
import type { Rng } from "../../../random/index.ts";
import type { CarillonField } from "../../level/compile-field.ts";
import type { CarillonModels } from "../../model/load-models.ts";

/** A dressing in progress: the dots being marked and what the draws may read. */
export interface DressContext {
  /** The dots, copied from the grown field; draws set `mark` on them. */
  readonly dots: CarillonDot[];
  /** The grown field as compiled before this dressing (built-in bells marked). */
  readonly field: CarillonField;
  /** In-neighbours of every dot on the grown field (whose own rings reach it), ascending. */
  readonly inn: readonly number[][];
  /** Root dot indices (the chains the field was grown around). */
  readonly roots: readonly number[];
  /** For each root, the dot that pops last when that root is tapped on the grown field (the end of its chain). */
  readonly chainEnds: readonly number[];
  /** Length of a drifter's step, field units [min, max]. */
  readonly driftStep: readonly [number, number];
  /** Taps the field is expected to need (its roots): how far ahead a drifter's positions are checked while drawing. */
  readonly expectedGoal: number;
  readonly rng: Rng;
  readonly models: CarillonModels;
  /** Rejections by reason, incremented in place. */
  readonly stats: Record<string, number>;
}

/** Dots without a mark yet, ascending. */
export function unmarkedDots(ctx: DressContext): number[] {
  const out: number[] = [];
  ctx.dots.forEach((d, i) => {
    if (!d.mark) out.push(i);
  });
  return out;
}

/** Counts one rejection reason. */
export function countReason(ctx: DressContext, reason: string): void {
  ctx.stats[reason] = (ctx.stats[reason] ?? 0) + 1;
}
