import type { NewtonResult } from "../numeric/newton-maximise.ts";

/** Why a fit whose logits run off to ±∞ has no maximum. */
export const SEPARATION = "an estimate runs off to infinity (the plays separate perfectly by the metric: the levels below some value were won every time, those above it lost every time)";

/** A maximum-likelihood fit of one of SPEC 11's models. */
export interface ModelFit {
  /** `levels`: pass = σ(a − b·m); `rasch`: pass = σ(θ − (a + b·m)), θ ~ N(0, σ²). */
  kind: "levels" | "rasch";
  /** Parameters: [a, b] (levels) or [a, b, log σ] (rasch); [a] or [a, log σ] when b is held at 0. */
  params: number[];
  /** Whether b was held at 0 (the constant baseline). */
  fixedB: boolean;
  /** Observed information −H at the estimate (same order as `params`). */
  information: number[][];
  /** Log-likelihood at the estimate (nats; binomial coefficients left out). */
  logLik: number;
  /** The Newton run. */
  newton: Pick<NewtonResult, "converged" | "iterations" | "reason">;
}
