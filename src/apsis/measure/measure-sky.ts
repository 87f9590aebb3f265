import type { ApsisBody } from "../level/apsis-body.ts";
import { roundMetric } from "../../io/round-metric.ts";
import { rulesInEffect } from "../level/apsis-rules.ts";
import type { SkyRounds } from "../solver/sky-rounds.ts";

/** `measure --json` output for Apsis (SPEC 3). */
export interface SkyMeasure {
  arrows: number;
  depth: number;
  reads: number;
  freeAtStart: number;
  /** Round of each arrow, by index. */
  rounds: number[];
}

/** The metric names Apsis pools carry. */
export const APSIS_METRICS = ["reads", "depth", "arrows", "freeAtStart", "rules"] as const;

/** `measure` output from a solved sky (SPEC 3). */
export function skyMeasure(solved: SkyRounds): SkyMeasure {
  return { arrows: solved.arrows, depth: solved.depth, reads: solved.reads, freeAtStart: solved.freeAtStart, rounds: solved.rounds.slice() };
}

/** Pool metrics (rounded to 6 decimals, SPEC 2): reads, depth, arrows, freeAtStart, and rules = how many rules are in effect. */
export function skyMetrics(body: ApsisBody, solved: SkyRounds): Record<string, number> {
  return {
    reads: roundMetric(solved.reads),
    depth: roundMetric(solved.depth),
    arrows: roundMetric(solved.arrows),
    freeAtStart: roundMetric(solved.freeAtStart),
    rules: rulesInEffect(body).length,
  };
}
