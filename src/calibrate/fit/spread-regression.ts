import { brentMaximise } from "../numeric/brent-maximise.ts";
import { invertPositiveDefinite } from "../numeric/newton-maximise.ts";
import { symmetricEigen } from "../numeric/symmetric-eigen.ts";
import type { LevelPosterior } from "./level-posterior.ts";

/** How τ is estimated: restricted (REML) or plain maximum likelihood. */
export type SpreadMethod = "reml" | "ml";

/** Largest level spread τ searched (logits). */
export const MAX_TAU = 20;
/** χ²₁'s 95% point over 2: a profile-likelihood interval's drop. */
const HALF_CHI2_95 = 1.920729410347062;

/** One fit of the level regression: β, its covariance, τ. */
export interface SpreadFit {
  /** Coefficients of the design's columns (difficulty = β₀ + β₁·m). */
  beta: number[];
  /** Their covariance (Xᵀ Σ⁻¹ X)⁻¹ at τ. */
  cov: number[][];
  /** The level spread τ ≥ 0 (logits). */
  tau: number;
  /** The profile log-likelihood there (nats, up to a constant). */
  logLik: number;
}

/** The prediction of a left-out level's difficulty: a mixture of normals over the level spread τ. */
export interface Prediction {
  /** Per component: weight (summing to 1), center x_lᵀβ₋ₗ(τ) and spread √(τ² + x_lᵀ·Cov(β₋ₗ(τ))·x_l). */
  weight: Float64Array;
  center: Float64Array;
  spread: Float64Array;
}

/** The level regression on a posterior, with what its intervals and leave-one-out tests need. */
export interface SpreadRegression extends SpreadFit {
  /**
   * Per coefficient, Satterthwaite's degrees of freedom of β̂_j / SE_j when τ
   * is estimated: 2·V_j² / (V_j'² / I_ττ), V_j(τ²) = [(XᵀΣ⁻¹X)⁻¹]_jj, V_j' its
   * derivative in τ², I_ττ the expected (restricted) information about τ²;
   * ∞ in effect when the plays pin every level down (τ's uncertainty does
   * not matter), about L − p when τ dominates.
   */
  df: number[];
  /** The profile log-likelihood of τ, β at its best for that τ. */
  profile(tau: number): SpreadFit;
  /** 95% profile-likelihood interval of τ (low 0 when τ = 0 is inside). */
  tauInterval: [number, number];
  /** The same fit without slot s (τ estimated again): the leave-one-out prediction of level s. */
  without(s: number): SpreadFit;
  /**
   * Level s's difficulty predicted by the fit without it, τ's uncertainty
   * included: ∫ N(x_sᵀβ₋ₛ(τ), τ² + x_sᵀ·Cov·x_s) π(τ) dτ with π the
   * restricted likelihood of τ without the level (a flat prior on τ),
   * on 40 points of [τ₁, τ₂] where it is within e⁻¹² of its top.
   */
  predict(s: number): Prediction;
  /** Every slot's prediction without it, on a grid of τ shared by all (the same mixture, cheaper: `predictAll`). */
  predictAll(): Prediction[];
}

/**
 * The regression of the levels' difficulties on the metric, with the level
 * spread τ (SPEC 11): the difficulties d are seen through their working
 * response ỹ = d* + I⁻¹·g (d* the posterior mode, I and g Q's information
 * and gradient there: `levelPosterior`), ỹ ~ N(Xβ, I⁻¹ + τ²·Id) — the
 * Gaussian that has the same log-likelihood as Q to second order at d*, the
 * level effects integrated out (a Laplace approximation; Breslow & Clayton's
 * penalised quasi-likelihood when iterated with `levelPosterior`). In the
 * eigenbasis of I (eigenvalues λ_k) the components are independent with
 * variances 1/λ_k + τ², so every value of τ costs O(L·p²) and every level
 * left out O(L·p²) more — with I dense (players couple levels) as well as
 * diagonal (per level). τ maximises the profile likelihood (REML: the
 * restricted likelihood, which does not lose the degrees of freedom β
 * uses: ML's τ² is low by about p/L) by Brent's method on [0, 20].
 *
 * Numerically, everything is written with b = I·ỹ = I·d* + g (no inverse of
 * I): ỹᵀΣ⁻¹ỹ = Σ b'²/λ − τ²·Σ b'²/(1 + τ²λ), whose first sum does not depend
 * on β or τ and is left out, so a direction the plays barely inform (λ → 0)
 * loses no precision.
 *
 * @param X per slot, its design row (1, m) or (1) for the baseline.
 */
export function spreadRegression(post: LevelPosterior, X: number[][], method: SpreadMethod): SpreadRegression {
  const basis = eigenbasis(post, X, method);
  const fit = bestFit(basis);
  return {
    ...fit,
    df: satterthwaite(basis, fit),
    profile: (tau) => fitAt(basis, tau),
    tauInterval: profileInterval((tau) => fitAt(basis, tau).logLik, fit.tau, fit.logLik),
    without: (s) => bestFit(basis, s),
    predict: (s) => predict(basis, s),
    predictAll: () => predictAll(basis, fit),
  };
}

/** The regression in the eigenbasis of the levels' information: what every τ and every left-out level is computed from. */
interface Eigenbasis {
  S: number;
  p: number;
  method: SpreadMethod;
  X: number[][];
  /** Eigenvalues λ_k (floored at 1e-12 of the largest). */
  lambda: Float64Array;
  /** b' = Qᵀb, b = I·d* + g, and the design's columns X' = QᵀX. */
  rb: Float64Array;
  rx: Float64Array[];
  /** Slot s's component k in the eigenbasis (Q's row s; the identity per level). */
  rowOf(s: number, k: number): number;
}

/** The eigenbasis of the posterior's information (the identity when it is diagonal), b and X rotated into it. */
function eigenbasis(post: LevelPosterior, X: number[][], method: SpreadMethod): Eigenbasis {
  const S = post.levels.length;
  const p = X[0]?.length ?? 0;
  const b = new Float64Array(S);
  let lambda: Float64Array;
  let vectors: Float64Array | undefined;
  if (post.diagonal) {
    lambda = Float64Array.from(post.information);
    for (let s = 0; s < S; s++) b[s] = post.information[s] * post.difficulty[s] + post.gradient[s];
  } else {
    for (let s = 0; s < S; s++) {
      let v = post.gradient[s];
      for (let t = 0; t < S; t++) v += post.information[s * S + t] * post.difficulty[t];
      b[s] = v;
    }
    ({ values: lambda, vectors } = symmetricEigen(post.information, S));
  }
  const top = Math.max(0, ...lambda);
  for (let k = 0; k < S; k++) lambda[k] = Math.max(lambda[k], 1e-12 * top, 1e-300);
  const column = (c: number) => Float64Array.from(X, (row) => row[c]);
  return {
    S,
    p,
    method,
    X,
    lambda,
    rb: vectors ? rotate(vectors, S, b) : b,
    rx: Array.from({ length: p }, (_, c) => (vectors ? rotate(vectors, S, column(c)) : column(c))),
    rowOf: (s, k) => (vectors ? vectors[s * S + k] : k === s ? 1 : 0),
  };
}

/** The sums every τ needs: Σ log(1 + τ²λ), A = X'ᵀWX', r = X'ᵀWỹ' (= Σ b'·x'/(1 + τ²λ)), Σ b'²/(1 + τ²λ). */
function totals(e: Eigenbasis, tau: number) {
  const { S, p, lambda, rb, rx } = e;
  const t2 = tau * tau;
  let logDet = 0;
  let bb = 0;
  const A = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const r = new Array<number>(p).fill(0);
  for (let k = 0; k < S; k++) {
    const c = 1 / (1 + t2 * lambda[k]);
    logDet += Math.log1p(t2 * lambda[k]);
    bb += c * rb[k] * rb[k];
    for (let i = 0; i < p; i++) {
      r[i] += c * rb[k] * rx[i][k];
      for (let j = 0; j < p; j++) A[i][j] += lambda[k] * c * rx[i][k] * rx[j][k];
    }
  }
  return { t2, logDet, bb, A, r };
}

/** β̂, its covariance and the profile log-likelihood at τ, without slot `leave` when given (Σ⁻¹'s row of it removed); `sums` τ's totals when known. */
function fitAt(e: Eigenbasis, tau: number, leave?: number, sums?: ReturnType<typeof totals>): SpreadFit {
  const { S, p, lambda, rb, rx } = e;
  const given = sums ?? totals(e, tau);
  const { t2, logDet, bb } = given;
  const A = given.A.map((row) => row.slice());
  const r = given.r.slice();
  let det = logDet;
  let extra = 0;
  if (leave !== undefined) {
    // Σ⁻¹'s row of the left-out slot: S_ss, (Σ⁻¹X)_s, (Σ⁻¹ỹ)_s; Σ₋ₛ⁻¹ is Σ⁻¹ less their outer product over S_ss.
    let sss = 0;
    let uy = 0;
    const ux = new Array<number>(p).fill(0);
    for (let k = 0; k < S; k++) {
      const q = e.rowOf(leave, k);
      if (q === 0) continue;
      const c = 1 / (1 + t2 * lambda[k]);
      sss += q * q * lambda[k] * c;
      uy += q * c * rb[k];
      for (let i = 0; i < p; i++) ux[i] += q * lambda[k] * c * rx[i][k];
    }
    for (let i = 0; i < p; i++) {
      r[i] -= (ux[i] * uy) / sss;
      for (let j = 0; j < p; j++) A[i][j] -= (ux[i] * ux[j]) / sss;
    }
    det += Math.log(sss);
    extra = (uy * uy) / sss;
  }
  const cov = invertPositiveDefinite(A);
  if (!cov) return { beta: new Array<number>(p).fill(NaN), cov: A, tau, logLik: -Infinity };
  const beta = cov.map((row) => row.reduce((s, v, j) => s + v * r[j], 0));
  // q(β̂) = −τ²·Σ b'²/(1 + τ²λ) − rᵀβ̂ (the left-out slot's term is in r and `extra`).
  const q = -t2 * bb - beta.reduce((s, v, i) => s + v * r[i], 0) - extra;
  let logLik = -0.5 * det - 0.5 * q;
  if (e.method === "reml") logLik -= 0.5 * logDetPd(A);
  return { beta, cov, tau, logLik };
}

/** τ by Brent's method on [0, 20], and the fit there (without slot `leave` when given). */
function bestFit(e: Eigenbasis, leave?: number): SpreadFit {
  const found = brentMaximise((tau) => fitAt(e, tau, leave).logLik, 0, MAX_TAU, { tolerance: 1e-9 });
  return fitAt(e, found.x, leave);
}

/** Level s's prediction without it: 40 values of τ over its likelihood's range (e⁻¹²), weights by the restricted likelihood (trapezoid). */
function predict(e: Eigenbasis, leave: number): Prediction {
  const top = bestFit(e, leave);
  const [lo, hi] = likelihoodRange((tau) => fitAt(e, tau, leave).logLik, top.tau, top.logLik, 12);
  const G = 40;
  const x = e.X[leave];
  const weight = new Float64Array(G);
  const center = new Float64Array(G);
  const spread = new Float64Array(G);
  let total = 0;
  for (let g = 0; g < G; g++) {
    const tau = lo + ((hi - lo) * g) / (G - 1);
    const at = fitAt(e, tau, leave);
    const trapezoid = g === 0 || g === G - 1 ? 0.5 : 1;
    total += weight[g] = trapezoid * Math.exp(at.logLik - top.logLik);
    center[g] = x.reduce((sum, v, i) => sum + v * at.beta[i], 0);
    spread[g] = Math.sqrt(tau * tau + Math.max(0, quadratic(at.cov, x)));
  }
  for (let g = 0; g < G; g++) weight[g] /= total;
  return { weight, center, spread };
}

/**
 * Every slot's prediction without it (`predict`), on one grid of τ shared by
 * all: 64 values over [0, τ₂] (τ₂ where the restricted likelihood of every
 * level is 16 nats below its top), the sums of each computed once, each
 * slot's own terms O(L) — the leave-one-out likelihoods of a slot are close
 * to the whole one. A slot whose weights sit on too few grid values (an
 * effective count below 6: its τ is pinned down more narrowly than the grid
 * resolves) gets its own grid (`predict`).
 */
function predictAll(e: Eigenbasis, fit: SpreadFit): Prediction[] {
  const [, hi] = likelihoodRange((tau) => fitAt(e, tau).logLik, fit.tau, fit.logLik, 16);
  const G = 64;
  const taus = Array.from({ length: G }, (_, g) => (hi * g) / (G - 1));
  const sums = taus.map((tau) => totals(e, tau));
  return Array.from({ length: e.S }, (_, leave) => {
    const x = e.X[leave];
    const at = taus.map((tau, g) => fitAt(e, tau, leave, sums[g]));
    const top = Math.max(...at.map((a) => a.logLik));
    const weight = Float64Array.from(at, (a, g) => (g === 0 || g === G - 1 ? 0.5 : 1) * Math.exp(a.logLik - top));
    const total = weight.reduce((a, w) => a + w, 0);
    weight.forEach((w, g) => (weight[g] = w / total));
    if (1 / weight.reduce((a, w) => a + w * w, 0) < 6) return predict(e, leave);
    const center = Float64Array.from(at, (a) => x.reduce((sum, v, i) => sum + v * a.beta[i], 0));
    const spread = Float64Array.from(at, (a, g) => Math.sqrt(taus[g] * taus[g] + Math.max(0, quadratic(a.cov, x))));
    return { weight, center, spread };
  });
}

/**
 * Satterthwaite's df per coefficient at the fit: in the eigenbasis w_k =
 * λ_k/(1 + τ²λ_k), A = X'ᵀWX', B = X'ᵀW²X', C = X'ᵀW³X'; the expected
 * information about τ² is ½·tr(P²) = ½·(Σw² − 2·tr(A⁻¹C) + tr((A⁻¹B)²))
 * (REML; ½·Σw² for ML), and d(A⁻¹)/dτ² = A⁻¹BA⁻¹.
 */
function satterthwaite(e: Eigenbasis, fit: SpreadFit): number[] {
  const { S, p, lambda, rx } = e;
  const t2 = fit.tau * fit.tau;
  let ww = 0;
  const B = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  const C = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (let k = 0; k < S; k++) {
    const w = lambda[k] / (1 + t2 * lambda[k]);
    ww += w * w;
    for (let i = 0; i < p; i++) {
      for (let j = 0; j < p; j++) {
        B[i][j] += w * w * rx[i][k] * rx[j][k];
        C[i][j] += w * w * w * rx[i][k] * rx[j][k];
      }
    }
  }
  const Ai = fit.cov;
  const AiB = multiply(Ai, B);
  const info = 0.5 * (e.method === "reml" ? ww - 2 * trace(multiply(Ai, C)) + trace(multiply(AiB, AiB)) : ww);
  const dV = multiply(AiB, Ai);
  return Ai.map((row, j) => (dV[j][j] > 0 && info > 0 ? Math.max(1, (2 * row[j] * row[j] * info) / (dV[j][j] * dV[j][j])) : Infinity));
}

/** Small dense matrix product, trace, and the quadratic form xᵀMx. */
function multiply(x: number[][], y: number[][]): number[][] {
  return x.map((row) => y[0].map((_, j) => row.reduce((s, v, k) => s + v * y[k][j], 0)));
}
function trace(x: number[][]): number {
  return x.reduce((s, row, i) => s + row[i], 0);
}
function quadratic(m: number[][], x: number[]): number {
  return x.reduce((sum, xi, i) => sum + xi * x.reduce((t, xj, j) => t + m[i][j] * xj, 0), 0);
}

/** Qᵀv for the eigenvectors Q (column k of the row-major S×S matrix). */
function rotate(vectors: Float64Array, S: number, v: ArrayLike<number>): Float64Array {
  const out = new Float64Array(S);
  for (let i = 0; i < S; i++) {
    const vi = v[i];
    if (vi === 0) continue;
    for (let k = 0; k < S; k++) out[k] += vectors[i * S + k] * vi;
  }
  return out;
}

/** log det of a small positive definite matrix (Cholesky). */
function logDetPd(a: number[][]): number {
  const n = a.length;
  const l = a.map((row) => row.slice());
  let sum = 0;
  for (let j = 0; j < n; j++) {
    let d = l[j][j];
    for (let k = 0; k < j; k++) d -= l[j][k] * l[j][k];
    if (!(d > 0)) return Infinity;
    const root = Math.sqrt(d);
    l[j][j] = root;
    sum += 2 * Math.log(root);
    for (let i = j + 1; i < n; i++) {
      let s = l[i][j];
      for (let k = 0; k < j; k++) s -= l[i][k] * l[j][k];
      l[i][j] = s / root;
    }
  }
  return sum;
}

/** {τ : ℓ(τ) ≥ ℓ(τ̂) − χ²₁(95%)/2} by bisection on each side (the low end 0 when ℓ(0) is above the line). */
function profileInterval(logLik: (tau: number) => number, tau: number, top: number): [number, number] {
  return likelihoodRange(logLik, tau, top, HALF_CHI2_95);
}

/** {τ : ℓ(τ) ≥ ℓ(τ̂) − drop} (ℓ unimodal), by bisection on each side; the low end 0 when ℓ(0) is above the line. */
function likelihoodRange(logLik: (tau: number) => number, tau: number, top: number, drop: number): [number, number] {
  const line = top - drop;
  const bisect = (inside: number, outside: number) => {
    for (let i = 0; i < 100 && Math.abs(outside - inside) > 1e-9 * Math.max(1, inside); i++) {
      const mid = (inside + outside) / 2;
      if (logLik(mid) >= line) inside = mid;
      else outside = mid;
    }
    return (inside + outside) / 2;
  };
  const low = tau === 0 || logLik(0) >= line ? 0 : bisect(tau, 0);
  let far = Math.max(2 * tau, 0.1);
  while (far < 1e3 && logLik(far) >= line) far *= 2;
  return [low, bisect(tau, far)];
}
