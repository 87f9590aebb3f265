import { binomialLogKernel, logistic, logit } from "../numeric/logistic.ts";
import { SEPARATION, type ModelFit } from "./model-fit.ts";
import { newtonMaximise } from "../numeric/newton-maximise.ts";
import type { Plays } from "../plays.ts";

/**
 * Fits the per-level model of SPEC 11, pass = σ(a − b·m), by maximum
 * likelihood over all attempts: the attempts and wins of every included level
 * (summed over players when the plays have a player column: the pooled fit)
 * are binomial at logit a − b·m. Newton's method with the exact gradient
 * (Σ(w − n·p)·(1, −m)) and Hessian (−Σ n·p(1 − p)·(1, −m)(1, −m)ᵀ).
 *
 * @param plays the plays (rows of a player column are pooled per level).
 * @param include per level (index of `plays.levels`): 1 to use it, 0 to leave
 *   it out (outliers, held-out folds); default all.
 * With a level spread τ > 0 see `fitLevelsWithSpread`.
 *
 * @param fixB hold b at 0 (the constant-pass-rate baseline).
 * @returns the fit; `newton.converged` false when the likelihood has no
 *   maximum (perfect separation) or Newton failed — the caller says so.
 */
export function fitLevelsModel(plays: Plays, include?: Uint8Array, fixB = false): ModelFit {
  const L = plays.levels.length;
  const n = new Float64Array(L);
  const w = new Float64Array(L);
  for (const r of plays.rows) {
    if (include && !include[r.level]) continue;
    n[r.level] += r.attempts;
    w[r.level] += r.wins;
  }
  const m = plays.levels.map((l) => l.metric);
  let totalN = 0;
  let totalW = 0;
  for (let l = 0; l < L; l++) {
    totalN += n[l];
    totalW += w[l];
  }
  const eta = (x: number[], l: number) => x[0] - (fixB ? 0 : x[1]) * m[l];
  const value = (x: number[]) => {
    let s = 0;
    for (let l = 0; l < L; l++) if (n[l] > 0) s += binomialLogKernel(w[l], n[l], eta(x, l));
    return s;
  };
  const evaluate = (x: number[]) => {
    let s = 0;
    let ga = 0;
    let gb = 0;
    let haa = 0;
    let hab = 0;
    let hbb = 0;
    for (let l = 0; l < L; l++) {
      if (n[l] === 0) continue;
      const e = eta(x, l);
      const p = logistic(e);
      const d = w[l] - n[l] * p;
      const v = n[l] * p * (1 - p);
      s += binomialLogKernel(w[l], n[l], e);
      ga += d;
      gb -= d * m[l];
      haa -= v;
      hab += v * m[l];
      hbb -= v * m[l] * m[l];
    }
    return fixB ? { value: s, gradient: [ga], hessian: [[haa]] } : { value: s, gradient: [ga, gb], hessian: [[haa, hab], [hab, hbb]] };
  };
  const start = logit(Math.min(Math.max(totalW / totalN, 1e-6), 1 - 1e-6));
  const r = newtonMaximise(evaluate, value, fixB ? [start] : [start, 0], { bound: 1e4 });
  let largest = 0;
  for (let l = 0; l < L; l++) if (n[l] > 0) largest = Math.max(largest, Math.abs(eta(r.x, l)));
  if (!r.converged && largest > 25) r.reason = SEPARATION;
  return {
    kind: "levels",
    params: r.x,
    fixedB: fixB,
    information: r.at.hessian.map((row) => row.map((h) => -h)),
    logLik: r.at.value,
    newton: { converged: r.converged, iterations: r.iterations, reason: r.reason },
  };
}

