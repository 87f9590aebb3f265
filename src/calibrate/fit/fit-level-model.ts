import { logit } from "../numeric/logistic.ts";
import { solvePositiveDefinite } from "../numeric/newton-maximise.ts";
import type { Plays } from "../plays.ts";
import { fitLevelsModel } from "./fit-levels.ts";
import { SEPARATION } from "./model-fit.ts";
import { levelPosterior, type LevelPosterior } from "./level-posterior.ts";
import { spreadRegression, type SpreadMethod, type SpreadRegression } from "./spread-regression.ts";

/** Rounds of the alternation before a fit that has not settled is given up. */
export const MAX_ROUNDS = 200;

/** SPEC 11's model with the level spread, fitted: the curve, τ, σ and the levels' difficulties. */
export interface LevelModelFit {
  kind: "levels" | "rasch";
  /** Whether the metric is in the curve (false: the baseline, d = β₀ + u). */
  withMetric: boolean;
  /** Per level index of the plays: its slot among the fitted levels, or −1 (left out, or no attempt). */
  slot: Int32Array;
  /** Per slot, its design row (1, m) or (1). */
  X: number[][];
  /** The levels' posterior at the fit (difficulties d*, σ, Q's information). */
  posterior: LevelPosterior;
  /** The regression of the difficulties on the metric: β, its covariance, τ, leave-one-out. */
  regression: SpreadRegression;
  /** Rasch: log σ and its variance (the marginal information of (log σ, β) at τ; absent when not asked for). */
  logSigma?: number;
  logSigmaVariance?: number;
  /** Per player, the ability modes of the last posterior (starts of later searches). */
  modes?: Float64Array;
  rounds: number;
  converged: true;
}

/** A fit that did not converge, and why (perfect separation, σ → 0, a singular information, no settling). */
export interface NoLevelModel {
  converged: false;
  reason: string;
  rounds: number;
}

/** Options of {@link fitLevelModel}. */
export interface LevelModelOptions {
  /** Per level index: 1 to fit it (default: every level with an attempt). */
  include?: Uint8Array;
  /** False for the baseline without the metric (default true). */
  withMetric?: boolean;
  /** REML (default) or ML for τ. */
  method?: SpreadMethod;
  /** A fit to start from (warm start: its β, τ, σ, difficulties). */
  start?: LevelModelFit;
  /** Rounds stop when β and τ move less than this (default 1e-7; the held-out folds' predictions need less). */
  tolerance?: number;
  /** Compute σ's variance (default true; the held-out folds do not need it). */
  sigmaVariance?: boolean;
}

/**
 * Fits SPEC 11's model with the level spread: every level's difficulty is
 * d_l = β₀ + β₁·m_l + u_l, u_l ~ N(0, τ²) — the part of difficulty the metric
 * does not explain — and the plays are binomial at pass = σ(−d_l) per level,
 * or σ(θ − d_l) with θ ~ N(0, σ²) per player (Rasch). The level effects are
 * integrated out by a Laplace approximation, alternating until nothing moves
 * (penalised quasi-likelihood, Breslow & Clayton 1993): (1) the levels'
 * posterior mode d* given the curve and τ (`levelPosterior`; σ maximised
 * there), (2) the regression of the working response on the metric, τ by
 * REML (`spreadRegression`). So b's interval carries the level spread with
 * the right weight — each level counts for 1 / (1/I_l + τ²), not for its
 * attempts — and, per player, the players' abilities absorb what they should.
 * Each round takes at most two Newton steps of the posterior (the alternation
 * reaches the same point without solving it exactly every round); rounds stop
 * when β and τ move less than 1e-7 and the posterior has converged; after 200
 * rounds the fit is reported as not converged (a bounded loop).
 *
 * @returns the fit, or `converged` false with the `reason` it has none
 *   (perfect separation, σ → 0, a singular information, no settling).
 */
export function fitLevelModel(plays: Plays, options: LevelModelOptions = {}): LevelModelFit | NoLevelModel {
  const withMetric = options.withMetric ?? true;
  const method = options.method ?? "reml";
  const { slot } = slotsOf(plays, options.include);
  const S = Math.max(-1, ...slot) + 1;
  const X: number[][] = [];
  slot.forEach((s, l) => {
    if (s >= 0) X[s] = withMetric ? [1, plays.levels[l].metric] : [1];
  });
  // Start: the start fit's difficulties, or each level's own pooled logit −logit((w + ½)/(n + 1)), regressed on
  // this design by least squares, τ their residual spread.
  const startFit = options.start;
  let difficulty = startFit ? carry(plays, startFit, slot, S) : pooledLogits(plays, slot, S);
  let { beta, tau } = leastSquares(X, difficulty);
  let logSigma = startFit?.logSigma ?? 0;
  const modes = startFit?.modes?.slice() ?? (plays.kind === "rasch" ? new Float64Array(plays.players.length) : undefined);
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const mu = Float64Array.from(X, (x) => x.reduce((s, v, i) => s + v * beta[i], 0));
    // Two Newton steps of the posterior per round: the alternation converges to the same point, without solving each round exactly.
    const post = levelPosterior(plays, slot, mu, tau, { difficulty, logSigma, modes, maxSteps: 2 });
    if (!post.converged) return { converged: false, rounds: round, reason: post.reason ?? "the levels' posterior has no mode" };
    const reg = spreadRegression(post, X, method);
    if (!reg.beta.every(Number.isFinite)) return { converged: false, rounds: round, reason: "the fit's information is singular: the plays do not pin down a and b (too few levels or metric values)" };
    if (reg.beta.some((v) => Math.abs(v) > 1e4)) return { converged: false, rounds: round, reason: SEPARATION };
    const moved = Math.max(Math.abs(reg.tau - tau), ...reg.beta.map((v, i) => Math.abs(v - beta[i]) / Math.max(1, Math.abs(v))));
    beta = reg.beta;
    tau = reg.tau;
    difficulty = post.difficulty;
    logSigma = post.logSigma ?? 0;
    if (moved < (options.tolerance ?? 1e-7) && post.settled) {
      const fit: LevelModelFit = { kind: plays.kind, withMetric, slot, X, posterior: post, regression: reg, modes, rounds: round, converged: true };
      if (plays.kind === "rasch") {
        fit.logSigma = post.logSigma;
        if (options.sigmaVariance !== false) fit.logSigmaVariance = logSigmaVariance(post, tau, X);
      }
      return fit;
    }
  }
  // Not settled: name separation when the pooled plays separate perfectly by the metric (the usual cause).
  const pooled = fitLevelsModel(plays, options.include);
  return { converged: false, rounds: MAX_ROUNDS, reason: pooled.newton.reason === SEPARATION ? SEPARATION : `the level spread and the curve did not settle in ${MAX_ROUNDS} rounds` };
}

/** Per slot, the level's pooled logit turned to a difficulty, −logit((w + ½)/(n + 1)) (a start). */
function pooledLogits(plays: Plays, slot: Int32Array, S: number): Float64Array {
  const n = new Float64Array(S);
  const w = new Float64Array(S);
  for (const r of plays.rows) {
    const s = slot[r.level];
    if (s < 0) continue;
    n[s] += r.attempts;
    w[s] += r.wins;
  }
  return Float64Array.from(n, (ns, s) => -logit((w[s] + 0.5) / (ns + 1)));
}

/** The slot of every level the fit uses (included and with an attempt), and the attempts and wins over them. */
function slotsOf(plays: Plays, include?: Uint8Array): { slot: Int32Array; attempts: number; wins: number } {
  const n = new Float64Array(plays.levels.length);
  let attempts = 0;
  let wins = 0;
  for (const r of plays.rows) {
    if (include && !include[r.level]) continue;
    n[r.level] += r.attempts;
    attempts += r.attempts;
    wins += r.wins;
  }
  let next = 0;
  const slot = Int32Array.from(n, (a, l) => (a > 0 && (!include || include[l]) ? next++ : -1));
  return { slot, attempts, wins };
}

/** β of y on X by least squares, and the residuals' spread (at least 0.05, at most 5) as a starting τ. */
function leastSquares(X: number[][], y: Float64Array): { beta: number[]; tau: number } {
  const p = X[0].length;
  const A = Array.from({ length: p }, (_, i) => Array.from({ length: p }, (_, j) => X.reduce((s, x) => s + x[i] * x[j], 0)));
  const r = Array.from({ length: p }, (_, i) => X.reduce((s, x, k) => s + x[i] * y[k], 0));
  const beta = solvePositiveDefinite(A, r) ?? [y.reduce((s, v) => s + v, 0) / y.length, ...new Array<number>(p - 1).fill(0)];
  const residual = X.reduce((s, x, k) => s + (y[k] - x.reduce((t, v, i) => t + v * beta[i], 0)) ** 2, 0);
  const tau = Math.min(5, Math.max(0.05, Math.sqrt(residual / Math.max(1, X.length - p))));
  return { beta, tau };
}

/** A start fit's difficulties moved to these slots (levels it did not fit start on its curve). */
function carry(plays: Plays, start: LevelModelFit, slot: Int32Array, S: number): Float64Array {
  const out = new Float64Array(S);
  const beta = start.regression.beta;
  slot.forEach((s, l) => {
    if (s < 0) return;
    const t = start.slot[l];
    out[s] = t >= 0 ? start.posterior.difficulty[t] : beta[0] + (beta[1] ?? 0) * plays.levels[l].metric;
  });
  return out;
}

/**
 * The variance of log σ from the marginal information of (log σ, β) at τ
 * (SPEC 11 intervals): with d = Xβ + τv, v ~ N(0, I), the joint information
 * J of (v, log σ, β) under Q — J_vv = τ²·I_dd + Id, J_vσ = τ·I_dσ, J_vβ =
 * τ·I_dd·X, J_σσ = I_σσ, J_σβ = I_σdᵀ·X, J_ββ = Xᵀ·I_dd·X — and v integrated
 * out (the Schur complement of J_vv). Well conditioned as τ → 0, where it is
 * the plain Rasch model's information.
 */
function logSigmaVariance(post: LevelPosterior, tau: number, X: number[][]): number {
  const S = post.levels.length;
  const P = S + 1;
  const I = post.full!;
  const p = X[0].length;
  const q = 1 + p; // (log σ, β)
  // Columns of [J_vσ, J_vβ] (S × q) and the (log σ, β) block.
  const cols: number[][] = Array.from({ length: q }, () => new Array<number>(S).fill(0));
  const block = Array.from({ length: q }, () => new Array<number>(q).fill(0));
  const idX = (s: number, c: number) => {
    let v = 0;
    for (let t = 0; t < S; t++) v += I[s * P + t] * X[t][c];
    return v;
  };
  const IX = Array.from({ length: S }, (_, s) => Array.from({ length: p }, (_, c) => idX(s, c)));
  for (let s = 0; s < S; s++) {
    cols[0][s] = tau * I[s * P + S];
    for (let c = 0; c < p; c++) cols[1 + c][s] = tau * IX[s][c];
  }
  block[0][0] = I[S * P + S];
  for (let c = 0; c < p; c++) {
    let v = 0;
    for (let s = 0; s < S; s++) v += I[s * P + S] * X[s][c];
    block[0][1 + c] = block[1 + c][0] = v;
    for (let e = 0; e < p; e++) {
      let w = 0;
      for (let s = 0; s < S; s++) w += X[s][c] * IX[s][e];
      block[1 + c][1 + e] = w;
    }
  }
  if (tau > 0) {
    const Jvv = Array.from({ length: S }, (_, a) => Array.from({ length: S }, (_, b) => tau * tau * I[a * P + b] + (a === b ? 1 : 0)));
    const solved = cols.map((c) => solvePositiveDefinite(Jvv, c));
    if (solved.some((x) => !x)) return NaN;
    for (let i = 0; i < q; i++) for (let j = 0; j < q; j++) block[i][j] -= cols[i].reduce((s, v, t) => s + v * solved[j]![t], 0);
  }
  // Var(log σ) = [block⁻¹]₀₀.
  const e0 = new Array<number>(q).fill(0);
  e0[0] = 1;
  const x = solvePositiveDefinite(block, e0);
  return x ? x[0] : NaN;
}
